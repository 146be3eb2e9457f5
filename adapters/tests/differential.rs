//! Property tests: the reference against every peer on random inputs, through
//! the shared check functions. `PROPTEST_CASES` (default 256) sets the number
//! of cases per property; each property covers one op on one curve.
//!
//! Every comparison requires at least two implementations to have answered
//! (the reference and a peer), so a decline can never pass as agreement.
//!
//! The `classes` properties draw from the catalogue of input classes
//! (docs/classes.md), as the audit's campaign does: a class of the pair, a
//! seed and a stratum chosen by proptest, every implementation compared.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use proptest::prelude::*;
use twinmul_adapters::implementations_with_env_drivers;
use twinmul_harness::check::assert_agree;
use twinmul_harness::edge::{edge_scalars, encode_scalar, order};
use twinmul_harness::implementation::{run, Implementation};
use twinmul_harness::{Answer, Curve, Input};

const P_GOLDILOCKS: u64 = 0xFFFF_FFFF_0000_0001;

fn impls() -> &'static [Box<dyn Implementation>] {
    static I: std::sync::OnceLock<Vec<Box<dyn Implementation>>> = std::sync::OnceLock::new();
    I.get_or_init(implementations_with_env_drivers)
}

fn reference() -> &'static dyn Implementation {
    impls()
        .iter()
        .find(|i| i.name() == "reference")
        .expect("reference")
        .as_ref()
}

/// A scalar: an edge value, uniform bytes, or a value below n.
fn scalar(curve: Curve) -> impl Strategy<Value = Vec<u8>> {
    let edges: Vec<Vec<u8>> = edge_scalars(curve).into_iter().map(|(_, s)| s).collect();
    let len = curve.scalar_len();
    prop_oneof![
        1 => proptest::sample::select(edges),
        3 => proptest::collection::vec(any::<u8>(), len),
    ]
}

/// The reference's encoding of k·G for a random k: a valid point.
fn point(curve: Curve) -> impl Strategy<Value = Vec<u8>> {
    scalar(curve).prop_map(
        move |k| match run(reference(), curve, &Input::MulG { scalar: k }) {
            Answer::Bytes(b) => b,
            other => panic!("reference mul_g failed: {other}"),
        },
    )
}

/// Bytes that are sometimes a valid encoding: a valid point, with a few bytes
/// changed, a different length, or random bytes of a plausible length.
fn encoding(curve: Curve) -> impl Strategy<Value = Vec<u8>> {
    (point(curve), any::<u64>(), 0u8..4).prop_map(move |(mut p, r, mode)| {
        let i = (r as usize) % p.len();
        match mode {
            0 => p,
            1 => {
                p[i] ^= (r >> 32) as u8 | 1;
                p
            }
            2 => {
                p.truncate(i);
                p
            }
            _ => {
                // ECgFp5: keep limbs canonical (goldilocks-crypto declines others).
                if curve == Curve::Ecgfp5 {
                    let l = (r % P_GOLDILOCKS).to_le_bytes();
                    p[8 * (i / 8)..8 * (i / 8) + 8].copy_from_slice(&l);
                } else {
                    p[i] = p[i].wrapping_add(1);
                }
                p
            }
        }
    })
}

fn check(curve: Curve, input: Input) {
    assert_agree(curve, &input, impls(), 2);
}

macro_rules! curve_props {
    ($modname:ident, $curve:expr) => {
        mod $modname {
            use super::*;
            proptest! {
                #[test]
                fn mul_g(k in scalar($curve)) {
                    check($curve, Input::MulG { scalar: k });
                }

                #[test]
                fn mul(p in point($curve), k in scalar($curve)) {
                    check($curve, Input::Mul { point: p, scalar: k });
                }

                #[test]
                fn decode(p in encoding($curve)) {
                    check($curve, Input::Decode { point: p });
                }
            }
        }
    };
}

/// Every implementation on one input drawn from the catalogue: `class`
/// indexes the pair's classes, `seed` and `index` choose the draw.
fn check_class(curve: Curve, op: twinmul_harness::Op, class: usize, seed: u64, index: usize) {
    let classes = twinmul_harness::classes::classes_for(curve, op);
    let c = classes[class % classes.len()];
    let mut rng = twinmul_harness::campaign::class_rng(seed, curve, op, c.name);
    let input = c.draw(curve, op, index, &mut rng);
    let cmp = twinmul_harness::check::compare(curve, &input, impls());
    assert!(
        cmp.consistent(),
        "{}: implementations disagree\n{}",
        c.name,
        cmp.report()
    );
    assert!(
        cmp.answered_count() >= 2,
        "{}: fewer than two answers\n{}",
        c.name,
        cmp.report()
    );
}

macro_rules! class_props {
    ($($name:ident: $curve:expr, $op:expr;)*) => {
        mod classes {
            use super::*;
            use twinmul_harness::Op;
            proptest! {
                $(
                    #[test]
                    fn $name(class in 0usize..64, seed in any::<u64>(), index in 0usize..17) {
                        check_class($curve, $op, class, seed, index);
                    }
                )*
            }
        }
    };
}

class_props! {
    secp256k1_mul_g: Curve::Secp256k1, Op::MulG;
    secp256k1_mul: Curve::Secp256k1, Op::Mul;
    secp256k1_decode: Curve::Secp256k1, Op::Decode;
    secp256k1_sign: Curve::Secp256k1, Op::Sign;
    secp256k1_verify: Curve::Secp256k1, Op::Verify;
    bn254_mul_g: Curve::Bn254, Op::MulG;
    bn254_mul: Curve::Bn254, Op::Mul;
    bn254_decode: Curve::Bn254, Op::Decode;
    bls12_381_mul_g: Curve::Bls12_381, Op::MulG;
    bls12_381_mul: Curve::Bls12_381, Op::Mul;
    bls12_381_decode: Curve::Bls12_381, Op::Decode;
    ecgfp5_mul_g: Curve::Ecgfp5, Op::MulG;
    ecgfp5_mul: Curve::Ecgfp5, Op::Mul;
    ecgfp5_decode: Curve::Ecgfp5, Op::Decode;
    ecgfp5_sign: Curve::Ecgfp5, Op::Sign;
    ecgfp5_verify: Curve::Ecgfp5, Op::Verify;
}

curve_props!(secp256k1, Curve::Secp256k1);
curve_props!(bn254, Curve::Bn254);
curve_props!(bls12_381, Curve::Bls12_381);
curve_props!(ecgfp5, Curve::Ecgfp5);

fn nonzero_below_n(curve: Curve, seed: [u8; 48]) -> Vec<u8> {
    let n = order(curve);
    let v = num_bigint::BigUint::from_bytes_le(&seed) % (&n - 1u32) + 1u32;
    encode_scalar(curve, &v).expect("fits")
}

fn bip340_message() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![Just(0usize), Just(1), Just(32), Just(100), 0usize..80]
        .prop_flat_map(|n| proptest::collection::vec(any::<u8>(), n))
}

fn lighter_message() -> impl Strategy<Value = Vec<u8>> {
    proptest::array::uniform5(0..P_GOLDILOCKS)
        .prop_map(|l| l.iter().flat_map(|x| x.to_le_bytes()).collect())
}

fn sign_with_reference(curve: Curve, sk: &[u8], msg: &[u8], nonce: &[u8]) -> Vec<u8> {
    let input = Input::Sign {
        secret_key: sk.to_vec(),
        message: msg.to_vec(),
        nonce: nonce.to_vec(),
    };
    match run(reference(), curve, &input) {
        Answer::Bytes(b) => b,
        other => panic!("reference sign failed: {other}"),
    }
}

fn public_key(curve: Curve, sk: &[u8]) -> Vec<u8> {
    match run(
        reference(),
        curve,
        &Input::MulG {
            scalar: sk.to_vec(),
        },
    ) {
        Answer::Bytes(b) if curve == Curve::Secp256k1 => b[1..].to_vec(),
        Answer::Bytes(b) => b,
        other => panic!("reference mul_g failed: {other}"),
    }
}

/// Mutations of a (key, message, signature) triple for verification:
/// none, a flipped signature bit, a changed message, or another key.
fn mutate(curve: Curve, mode: u8, bit: usize, pk: &mut Vec<u8>, msg: &mut Vec<u8>, sig: &mut [u8]) {
    match mode {
        0 => {}
        1 => {
            let i = (bit / 8) % sig.len();
            sig[i] ^= 1 << (bit % 8);
        }
        2 if !msg.is_empty() => {
            let i = (bit / 8) % msg.len();
            msg[i] ^= 1 << (bit % 8);
        }
        2 => msg.push(1),
        _ => *pk = public_key(curve, &nonzero_below_n(curve, [bit as u8; 48])),
    }
}

proptest! {
    #[test]
    fn bip340_sign(seed in any::<[u8; 48]>(), msg in bip340_message(), aux in any::<[u8; 32]>()) {
        let sk = nonzero_below_n(Curve::Secp256k1, seed);
        assert_agree(Curve::Secp256k1, &Input::Sign { secret_key: sk, message: msg, nonce: aux.to_vec() }, impls(), 3);
    }

    #[test]
    fn bip340_verify(seed in any::<[u8; 48]>(), mut msg in bip340_message(), aux in any::<[u8; 32]>(), mode in 0u8..4, bit in any::<usize>()) {
        let curve = Curve::Secp256k1;
        let sk = nonzero_below_n(curve, seed);
        let mut sig = sign_with_reference(curve, &sk, &msg, &aux);
        let mut pk = public_key(curve, &sk);
        mutate(curve, mode, bit, &mut pk, &mut msg, &mut sig);
        let c = assert_agree(curve, &Input::Verify { public_key: pk, message: msg, signature: sig }, impls(), 3);
        if mode == 0 {
            prop_assert!(c.answers.iter().any(|(_, a)| *a == Answer::Verdict(true)), "an untouched signature verifies");
        }
    }

    #[test]
    fn lighter_sign(seed in any::<[u8; 48]>(), nonce in any::<[u8; 48]>(), hm in lighter_message()) {
        let curve = Curve::Ecgfp5;
        let input = Input::Sign { secret_key: nonzero_below_n(curve, seed), message: hm, nonce: nonzero_below_n(curve, nonce) };
        assert_agree(curve, &input, impls(), 2);
    }

    #[test]
    fn lighter_verify(seed in any::<[u8; 48]>(), nonce in any::<[u8; 48]>(), mut hm in lighter_message(), mode in 0u8..4, bit in any::<usize>()) {
        let curve = Curve::Ecgfp5;
        let sk = nonzero_below_n(curve, seed);
        let mut sig = sign_with_reference(curve, &sk, &hm, &nonzero_below_n(curve, nonce));
        let mut pk = public_key(curve, &sk);
        // Flip only bits of s's low limbs, so s stays canonical and the crate answers.
        mutate(curve, mode, bit % 128, &mut pk, &mut hm, &mut sig);
        let c = assert_agree(curve, &Input::Verify { public_key: pk, message: hm, signature: sig }, impls(), 2);
        if mode == 0 {
            prop_assert!(c.answers.iter().any(|(_, a)| *a == Answer::Verdict(true)), "an untouched signature verifies");
        }
    }
}
