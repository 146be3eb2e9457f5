//! Fixed-base multiplication and BIP340 on the optimized crate: the blinded
//! comb equals mul(G, k), the variable-time comb and the reference for edge
//! and random scalars under several blindings; SHA-256 against `sha2`; and
//! BIP340's bad inputs give `false` or a typed error, the parsed-key path
//! agrees with the byte path on the official vectors, and their signing
//! cases (keys and signatures) are reproduced byte for byte.

use crate::checks::{big, to_ref};
use proptest::prelude::*;
use twinmul::arith::field::FieldParams;
use twinmul::curves::{bls12_381, bn254, secp256k1};
use twinmul::mul::comb::mul_g_vartime;
use twinmul::mul::comb::GeneratorContext;
use twinmul::mul::comb::GeneratorTable;
use twinmul::point::projective::ProjectivePoint;
use twinmul::{bip340, mul, ScalarField};
use twinmul_harness::edge::edge_scalars;
use twinmul_harness::Curve;

fn check<C: GeneratorTable>(
    ctxs: &[GeneratorContext<C>],
    r: &twinmul_reference::weierstrass::Curve,
    k: &[u8],
) {
    let s = C::Scalar::from_bytes_reduced(k).unwrap();
    let want = r.mul_g(&big(&s.to_le_limbs()));
    let g = ProjectivePoint::<C>::generator();
    assert_eq!(to_ref(&mul::mul(&g, &s)), want, "mul(G, k)");
    assert_eq!(to_ref(&mul_g_vartime::<C>(&s)), want, "comb vartime");
    for ctx in ctxs {
        assert_eq!(to_ref(&ctx.mul_g(&s)), want, "blinded comb");
        assert_eq!(
            to_ref(&ctx.mul_g_portable(&s)),
            want,
            "blinded comb, portable"
        );
    }
}

fn contexts<C: GeneratorTable>() -> Vec<GeneratorContext<C>> {
    let mut v = vec![GeneratorContext::<C>::new().unwrap()];
    // [0; 64] gives b = 0: the fallback path; the last seed's z factors
    // are 1 and 1 before their `| 1`, which must keep z ≠ 0.
    let mut ones = [0u8; 64];
    for limb in 4..8 {
        ones[8 * limb] = 1;
    }
    for seed in [[0u8; 64], [0xff; 64], [7; 64], ones] {
        let mut c = GeneratorContext::<C>::new().unwrap();
        c.rerandomize_with(&seed);
        v.push(c);
    }
    v
}

#[test]
fn comb_edge_scalars() {
    let (cs, cb, cl) = (
        contexts::<secp256k1::Secp256k1>(),
        contexts::<bn254::Bn254>(),
        contexts::<bls12_381::Bls12_381>(),
    );
    for (_, k) in edge_scalars(Curve::Secp256k1) {
        check(&cs, twinmul_reference::secp256k1::curve(), &k);
    }
    for (_, k) in edge_scalars(Curve::Bn254) {
        check(&cb, twinmul_reference::bn254::curve(), &k);
    }
    for (_, k) in edge_scalars(Curve::Bls12_381) {
        check(&cl, twinmul_reference::bls12_381::curve(), &k);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn comb_random_scalars(k in any::<[u8; 32]>()) {
        check(&contexts::<secp256k1::Secp256k1>()[..1], twinmul_reference::secp256k1::curve(), &k);
        check(&contexts::<bn254::Bn254>()[..1], twinmul_reference::bn254::curve(), &k);
        check(&contexts::<bls12_381::Bls12_381>()[..1], twinmul_reference::bls12_381::curve(), &k);
    }

    #[test]
    fn sha256_matches_sha2(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        use sha2::Digest;
        let want: [u8; 32] = sha2::Sha256::digest(&data).into();
        prop_assert_eq!(twinmul::bip340::sha256::sha256(&data), want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// The compile-time midstates of BIP340's three tags (and the
    /// computed path of any other tag) against the reference's tagged hash.
    #[test]
    fn tagged_hash_midstates_match_reference(
        a in proptest::collection::vec(any::<u8>(), 0..130),
        b in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        for tag in ["BIP0340/aux", "BIP0340/nonce", "BIP0340/challenge", "BIP0340/other"] {
            prop_assert_eq!(
                bip340::tagged_hash(tag, &[&a, &b]),
                twinmul_reference::bip340::tagged_hash(tag, &[&a, &b]),
                "tag {}", tag
            );
        }
    }
}

#[test]
fn sha256_const_matches_sha2() {
    use sha2::Digest;
    for n in [0usize, 1, 13, 31, 55] {
        let data = vec![0x3cu8; n];
        let want: [u8; 32] = sha2::Sha256::digest(&data).into();
        assert_eq!(
            twinmul::bip340::sha256::sha256_const(&data),
            want,
            "length {n}"
        );
    }
}

#[test]
fn sha256_block_boundaries() {
    use sha2::Digest;
    for n in [0usize, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129] {
        let data = vec![0xa5u8; n];
        let want: [u8; 32] = sha2::Sha256::digest(&data).into();
        assert_eq!(twinmul::bip340::sha256::sha256(&data), want, "length {n}");
    }
}

#[test]
fn bip340_bad_inputs() {
    let ctx = GeneratorContext::<secp256k1::Secp256k1>::new().unwrap();
    let sk = [3u8; 32];
    let msg = b"twinmul";
    let sig = bip340::sign(&ctx, &sk, msg, &[0; 32]).unwrap();
    let pk = bip340::public_key(&ctx, &sk).unwrap();
    assert!(bip340::verify(&pk, msg, &sig));
    assert_eq!(
        bip340::sign(&ctx, &[0; 32], msg, &[0; 32]).err(),
        Some(twinmul::Error::InvalidScalar)
    );
    assert_eq!(
        bip340::sign(&ctx, &[0xff; 32], msg, &[0; 32]).err(),
        Some(twinmul::Error::InvalidScalar)
    );
    assert_eq!(
        bip340::sign(&ctx, &[1; 31], msg, &[0; 32]).err(),
        Some(twinmul::Error::Length)
    );
    assert_eq!(
        bip340::sign(&ctx, &sk, msg, &[0; 31]).err(),
        Some(twinmul::Error::Length)
    );
    assert!(!bip340::verify(&pk[..31], msg, &sig));
    assert!(!bip340::verify(&pk, msg, &sig[..63]));
    let mut s_n = sig;
    s_n[32..].copy_from_slice(&hex_n());
    assert!(!bip340::verify(&pk, msg, &s_n), "s = n");
    let mut r_p = sig;
    r_p[..32].copy_from_slice(&hex_p());
    assert!(!bip340::verify(&pk, msg, &r_p), "r = p");
    assert!(!bip340::verify(&hex_p(), msg, &sig), "pk x = p");
    // x = 5 has no point on secp256k1 (5³ + 7 = 132 is not a square mod p)
    let mut x5 = [0u8; 32];
    x5[31] = 5;
    assert!(!bip340::verify(&x5, msg, &sig), "pk not on the curve");
    // the same signature under a blinding change is byte-identical (deterministic nonce)
    let mut ctx2 = GeneratorContext::<secp256k1::Secp256k1>::new().unwrap();
    ctx2.rerandomize_with(&[9; 64]);
    assert_eq!(bip340::sign(&ctx2, &sk, msg, &[0; 32]).unwrap(), sig);
}

#[test]
fn bip340_public_key_parsing() {
    use twinmul::Error;
    let ctx = GeneratorContext::<secp256k1::Secp256k1>::new().unwrap();
    let pk = bip340::public_key(&ctx, &[3u8; 32]).unwrap();
    let k = bip340::PublicKey::from_bytes(&pk).unwrap();
    assert_eq!(k.to_bytes(), pk);
    assert_eq!(
        bip340::PublicKey::from_bytes(&pk[..31]).err(),
        Some(Error::Length)
    );
    assert_eq!(
        bip340::PublicKey::from_bytes(&[pk.as_slice(), &[0]].concat()).err(),
        Some(Error::Length)
    );
    assert_eq!(
        bip340::PublicKey::from_bytes(&hex_p()).err(),
        Some(Error::NonCanonical)
    );
    assert_eq!(
        bip340::PublicKey::from_bytes(&[0xff; 32]).err(),
        Some(Error::NonCanonical)
    );
    let mut x5 = [0u8; 32];
    x5[31] = 5;
    assert_eq!(
        bip340::PublicKey::from_bytes(&x5).err(),
        Some(Error::NotOnCurve)
    );
    let msg = b"twinmul";
    let sig = bip340::sign(&ctx, &[3u8; 32], msg, &[0; 32]).unwrap();
    assert!(k.verify(msg, &sig));
    assert!(!k.verify(b"twinmuL", &sig));
    assert!(!k.verify(msg, &sig[..63]));
}

/// The official BIP340 vectors through `PublicKey::from_bytes` +
/// `PublicKey::verify` (and `verify_portable`): every case the byte API accepts verifies the same,
/// and the two invalid keys (cases 5 and 14) are typed errors.
#[test]
fn bip340_parsed_key_on_official_vectors() {
    let (mut rows, mut rejected) = (0, Vec::<String>::new());
    for r in bip340_official_rows() {
        match bip340::PublicKey::from_bytes(&r.pk) {
            Ok(k) => {
                assert_eq!(k.verify(&r.msg, &r.sig), r.valid, "case {}", r.case);
                assert_eq!(
                    k.verify_portable(&r.msg, &r.sig),
                    r.valid,
                    "portable, case {}",
                    r.case
                );
            }
            Err(e) => {
                assert!(!r.valid, "case {} rejected the key: {e}", r.case);
                rejected.push(r.case.clone());
            }
        }
        assert_eq!(
            bip340::verify(&r.pk, &r.msg, &r.sig),
            r.valid,
            "case {}",
            r.case
        );
        rows += 1;
    }
    assert_eq!(rows, 19, "the BIP340 file has 19 cases");
    assert_eq!(
        rejected,
        ["5", "14"],
        "the key is invalid in cases 5 and 14 only"
    );
}

/// One row of the vendored BIP340 vectors (`sk` empty where the case has
/// no secret key).
struct Bip340Row {
    case: String,
    sk: Vec<u8>,
    pk: Vec<u8>,
    aux: Vec<u8>,
    msg: Vec<u8>,
    sig: Vec<u8>,
    valid: bool,
}

fn bip340_official_rows() -> Vec<Bip340Row> {
    let dir = twinmul_harness::official::vendored_dir();
    let csv = std::fs::read_to_string(dir.join("bip340/test-vectors.csv")).unwrap();
    csv.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            Bip340Row {
                case: f[0].to_string(),
                sk: hex::decode(f[1]).unwrap(),
                pk: hex::decode(f[2]).unwrap(),
                aux: hex::decode(f[3]).unwrap(),
                msg: hex::decode(f[4]).unwrap(),
                sig: hex::decode(f[5]).unwrap(),
                valid: f[6] == "TRUE",
            }
        })
        .collect()
}

fn hex_n() -> [u8; 32] {
    let mut n = [0u8; 32];
    twinmul::arith::limbs::to_be_bytes(&secp256k1::ScalarParams::MODULUS, &mut n);
    n
}

fn hex_p() -> [u8; 32] {
    let mut p = [0u8; 32];
    twinmul::arith::limbs::to_be_bytes(&secp256k1::BaseParams::MODULUS, &mut p);
    p
}

/// The official BIP340 vectors that carry a secret key: the public key
/// (`public_key` and `Keypair`) and the signature for the file's aux_rand
/// (`sign` and `sign_with_keypair`) are byte-for-byte the file's.
#[test]
fn bip340_signing_on_official_vectors() {
    let ctx = GeneratorContext::<secp256k1::Secp256k1>::new().unwrap();
    let mut signed = Vec::<String>::new();
    for r in bip340_official_rows()
        .into_iter()
        .filter(|r| !r.sk.is_empty())
    {
        let case = &r.case;
        assert_eq!(
            bip340::public_key(&ctx, &r.sk).unwrap().as_slice(),
            r.pk,
            "case {case}"
        );
        let kp = bip340::Keypair::new(&ctx, &r.sk).unwrap();
        assert_eq!(kp.public_key().as_slice(), r.pk, "case {case}");
        assert_eq!(
            bip340::sign(&ctx, &r.sk, &r.msg, &r.aux)
                .unwrap()
                .as_slice(),
            r.sig,
            "case {case}"
        );
        let aux: [u8; 32] = r.aux.clone().try_into().unwrap();
        let by_kp = bip340::sign_with_keypair(&ctx, &kp, &r.msg, &aux).unwrap();
        assert_eq!(by_kp.as_slice(), r.sig, "case {case}");
        signed.push(case.clone());
    }
    assert_eq!(signed, ["0", "1", "2", "3", "15", "16", "17", "18"]);
}
