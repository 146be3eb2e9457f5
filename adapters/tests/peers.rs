//! The peers vendored under `peers/`: each an unedited upstream copy (its
//! PROVENANCE.md and SHA256SUMS), and each answering what its adapter says it
//! offers, in agreement with the reference.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::Path;
use twinmul_adapters::implementations;
use twinmul_harness::edge::edge_scalars;
use twinmul_harness::implementation::run;
use twinmul_harness::official::verify_checksums;
use twinmul_harness::{Answer, Curve, Input, Op};

/// Every file of Pornin's crate is the one SHA256SUMS records, and no file
/// sits beside them unlisted (the negative controls of `verify_checksums`
/// are in `official.rs`).
#[test]
fn pornin_ecgfp5_is_the_upstream_copy() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../peers/ecgfp5-pornin");
    assert_eq!(verify_checksums(&dir).unwrap(), 10);
}

/// An edge scalar's name and bytes, and its k·G and k·(3G) inputs with the
/// reference's answers.
type EdgeCase = (String, Vec<u8>, [(Input, Answer); 2]);

/// The reference's encoding of 3G on ECgFp5, and for every ECgFp5 edge
/// scalar k (0, n − 1, n, 2³²⁰ − 1, …) its name, the inputs k·G and k·(3G),
/// and the reference's bytes for each: what both copies of Pornin's code
/// are held to.
fn reference_edge_cases() -> (Vec<u8>, Vec<EdgeCase>) {
    let impls = implementations();
    let reference = impls.iter().find(|i| i.name() == "reference").unwrap();
    let answer = |input: Input| {
        let want = run(reference.as_ref(), Curve::Ecgfp5, &input);
        assert!(matches!(want, Answer::Bytes(_)), "{input:?}: {want}");
        (input, want)
    };
    let mut k3 = vec![0u8; 40];
    k3[0] = 3;
    let three = match answer(Input::MulG { scalar: k3 }).1 {
        Answer::Bytes(b) => b,
        other => panic!("reference 3G: {other}"),
    };
    let edges = edge_scalars(Curve::Ecgfp5);
    assert!(edges.len() > 10);
    let cases = edges
        .into_iter()
        .map(|(name, k)| {
            let kg = answer(Input::MulG { scalar: k.clone() });
            let kp = answer(Input::Mul {
                point: three.clone(),
                scalar: k.clone(),
            });
            (name, k, [kg, kp])
        })
        .collect();
    (three, cases)
}

/// The adapter offers k·G, k·P and decoding on ECgFp5 and nothing else, and
/// on every edge scalar its k·G and k·(3G) are the reference's bytes.
#[test]
fn pornin_ecgfp5_answers_what_it_offers_as_the_reference_does() {
    let impls = implementations();
    let pornin = impls.iter().find(|i| i.name() == "ecgfp5-pornin").unwrap();
    for op in [Op::MulG, Op::Mul, Op::Decode] {
        assert!(pornin.supports(Curve::Ecgfp5, op), "{op}");
    }
    for op in [Op::Sign, Op::Verify] {
        assert!(!pornin.supports(Curve::Ecgfp5, op), "{op}");
    }
    assert!(!pornin.supports(Curve::Secp256k1, Op::MulG));
    let (three, cases) = reference_edge_cases();
    for (name, _, inputs) in cases {
        for (input, want) in inputs {
            assert_eq!(run(pornin.as_ref(), Curve::Ecgfp5, &input), want, "{name}");
        }
    }
    // A limb equal to p is rejected, as the contract says.
    let mut bad = three;
    bad[..8].copy_from_slice(&0xFFFF_FFFF_0000_0001u64.to_le_bytes());
    let got = run(
        pornin.as_ref(),
        Curve::Ecgfp5,
        &Input::Decode { point: bad },
    );
    assert!(matches!(got, Answer::Rejected(_)), "{got}");
}

/// The mended copy (`peers/ecgfp5-pornin-mended`: the same files, one line
/// added to the window lookup) answers as the reference does: on every edge
/// scalar, its k·G by `mulgen` and its k·(3G) by the constant-time window
/// are the reference's bytes. The mend changes the code's timing, never its
/// results.
#[test]
fn mended_pornin_ecgfp5_answers_as_the_reference_does() {
    use ecgfp5_pornin_mended::curve::Point;
    use ecgfp5_pornin_mended::scalar::Scalar;
    let bytes = |p: Point| Answer::Bytes(p.encode().encode().to_vec());
    let (three, cases) = reference_edge_cases();
    let mut k3 = [0u8; 40];
    k3[0] = 3;
    let p3 = Point::mulgen(Scalar::decode_reduce(&k3));
    assert_eq!(bytes(p3), Answer::Bytes(three));
    for (name, k, [(_, kg), (_, kp)]) in cases {
        let s = Scalar::decode_reduce(&k);
        assert_eq!(bytes(Point::mulgen(s)), kg, "{name}: k·G");
        assert_eq!(bytes(p3 * s), kp, "{name}: k·P");
    }
}
