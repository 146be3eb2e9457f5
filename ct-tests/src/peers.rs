//! dudect targets for the peer libraries and the naive reference: each
//! secret-input operation through the library's native entry point, with
//! the native secret (scalar or key) built before timing, so no byte
//! decoding is timed; where the API takes bytes (goldilocks-crypto's
//! signer, blst's multiplication) both classes pass the same length.
//!
//! Classes, as for twinmul's own targets: the scalar (or key) 1 against
//! uniform random ones; 1 is the special value a variable-time ladder
//! finishes fastest on (a single set bit, all high limbs zero). The classes
//! differ in secret data only: where a library branches on public data
//! derived from the key, the random class keeps that public value equal to
//! the fixed class's (see `peer_libsecp256k1_sign`), and BIP340 signers get
//! a random aux_rand in both classes: a fixed key with a fixed aux_rand
//! would give the same nonce, hence the same public R, every time, and
//! libsecp256k1 branches on R's parity (public by design).
//!
//! Names are `peer_<implementation>_<operation>`; `twinmul ct` maps them to
//! the side-by-side table and knows which operations each library claims
//! constant time for (cli/src/ct_catalogue.rs).
#![allow(unsafe_code)] // blst is called through its C API

use super::{classes_n, prepare};
use dudect_bencher::rand::RngExt;
use dudect_bencher::{BenchRng, CtRunner};
use std::hint::black_box;

fn random32(rng: &mut BenchRng) -> [u8; 32] {
    let mut b = [0u8; 32];
    rng.fill(&mut b[..]);
    b[0] &= 0x3f; // uniform below 2²⁵⁴: below every group order here
    b
}

fn one32() -> [u8; 32] {
    let mut b = [0u8; 32];
    b[31] = 1;
    b
}

/// Big-endian 32 bytes: 1 (left) or uniform random (right).
fn secret32(right: bool, rng: &mut BenchRng) -> [u8; 32] {
    if right {
        random32(rng)
    } else {
        one32()
    }
}

// ---- k256 -----------------------------------------------------------------

fn k256_scalar(b: &[u8; 32]) -> k256::Scalar {
    use k256::elliptic_curve::PrimeField;
    Option::from(k256::Scalar::from_repr((*b).into())).expect("below n")
}

pub fn peer_k256_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        k256_scalar(&secret32(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || {
            <k256::ProjectivePoint as k256::elliptic_curve::ops::MulByGenerator>::mul_by_generator(
                black_box(&k),
            )
        });
    }
}

pub fn peer_k256_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    let p = k256::ProjectivePoint::GENERATOR * k256_scalar(&random32(rng));
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        k256_scalar(&secret32(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || black_box(p) * black_box(k));
    }
}

pub fn peer_k256_sign(r: &mut CtRunner, rng: &mut BenchRng) {
    let inputs = prepare(rng, classes_n(50), |right, rng| {
        let key = k256::schnorr::SigningKey::from_bytes(&secret32(right, rng)).expect("valid key");
        (key, random32(rng))
    });
    for (c, (key, aux)) in inputs {
        r.run_one(c, || key.sign_raw(b"message", black_box(&aux)));
    }
}

// ---- libsecp256k1 (the secp256k1 crate) ------------------------------------

pub fn peer_libsecp256k1_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    let ctx = secp256k1::Secp256k1::new();
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        secp256k1::SecretKey::from_byte_array(secret32(right, rng)).expect("valid key")
    });
    for (c, sk) in inputs {
        r.run_one(c, || {
            secp256k1::PublicKey::from_secret_key(&ctx, black_box(&sk))
        });
    }
}

pub fn peer_libsecp256k1_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    let ctx = secp256k1::Secp256k1::new();
    let p = secp256k1::SecretKey::from_byte_array(random32(rng))
        .expect("valid key")
        .public_key(&ctx);
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        secp256k1::SecretKey::from_byte_array(secret32(right, rng)).expect("valid key")
    });
    for (c, sk) in inputs {
        r.run_one(c, || {
            secp256k1::ecdh::shared_secret_point(black_box(&p), black_box(&sk))
        });
    }
}

pub fn peer_libsecp256k1_sign(r: &mut CtRunner, rng: &mut BenchRng) {
    let ctx = secp256k1::Secp256k1::new();
    // The signer negates the key when the public key's y is odd: a branch on
    // public data, which the classes must not differ in. The key 1 (G) has
    // an even y; random keys are drawn among those with an even y too.
    let inputs = prepare(rng, classes_n(50), |right, rng| loop {
        let kp = secp256k1::Keypair::from_seckey_byte_array(&ctx, secret32(right, rng))
            .expect("valid key");
        if kp.x_only_public_key().1 == secp256k1::Parity::Even {
            break (kp, random32(rng));
        }
    });
    for (c, (kp, aux)) in inputs {
        r.run_one(c, || {
            ctx.sign_schnorr_with_aux_rand(b"message", black_box(&kp), black_box(&aux))
        });
    }
}

pub fn peer_libsecp256k1_parse_sk(r: &mut CtRunner, rng: &mut BenchRng) {
    let inputs = prepare(rng, classes_n(1), secret32);
    for (c, b) in inputs {
        r.run_one(c, || {
            secp256k1::SecretKey::from_byte_array(black_box(b)).is_ok()
        });
    }
}

// ---- blst ------------------------------------------------------------------

fn blst_mult(p: &blst::blst_p1, le: &[u8; 32]) -> blst::blst_p1 {
    let mut out = blst::blst_p1::default();
    // SAFETY: `le` holds 256 bits; `out` and `p` are valid owned values.
    unsafe { blst::blst_p1_mult(&mut out, p, le.as_ptr(), 256) };
    out
}

fn le(b: [u8; 32]) -> [u8; 32] {
    let mut b = b;
    b.reverse();
    b
}

pub fn peer_blst_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        let mut s = blst::blst_scalar::default();
        let b = le(secret32(right, rng));
        // SAFETY: `b` holds 32 bytes; `s` is a valid owned value.
        unsafe { blst::blst_scalar_from_lendian(&mut s, b.as_ptr()) };
        s
    });
    for (c, s) in inputs {
        r.run_one(c, || {
            let mut out = blst::blst_p1::default();
            // SAFETY: `out` and `s` are valid owned values.
            unsafe { blst::blst_sk_to_pk_in_g1(&mut out, black_box(&s)) };
            out
        });
    }
}

pub fn peer_blst_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    // SAFETY: blst returns a pointer to its static generator.
    let g = unsafe { *blst::blst_p1_generator() };
    let p = blst_mult(&g, &le(random32(rng)));
    let inputs = prepare(rng, classes_n(20), |right, rng| le(secret32(right, rng)));
    for (c, k) in inputs {
        r.run_one(c, || blst_mult(black_box(&p), black_box(&k)));
    }
}

// ---- bls12_381 (zkcrypto) ----------------------------------------------------

fn zk_scalar(b: &[u8; 32]) -> bls12_381::Scalar {
    Option::from(bls12_381::Scalar::from_bytes(&le(*b))).expect("below r")
}

pub fn peer_bls12_381_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    let g = bls12_381::G1Projective::generator();
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        zk_scalar(&secret32(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || black_box(g) * black_box(k));
    }
}

pub fn peer_bls12_381_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    let p = bls12_381::G1Projective::generator() * zk_scalar(&random32(rng));
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        zk_scalar(&secret32(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || black_box(p) * black_box(k));
    }
}

// ---- arkworks ----------------------------------------------------------------

fn ark_mul<G: ark_ec::CurveGroup>(r: &mut CtRunner, rng: &mut BenchRng, generator: bool) {
    use ark_ff::PrimeField;
    let base = if generator {
        G::generator()
    } else {
        G::generator() * G::ScalarField::from_be_bytes_mod_order(&random32(rng))
    };
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        G::ScalarField::from_be_bytes_mod_order(&secret32(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || black_box(base) * black_box(k));
    }
}

pub fn peer_ark_bn254_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    ark_mul::<ark_bn254::G1Projective>(r, rng, true);
}

pub fn peer_ark_bn254_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    ark_mul::<ark_bn254::G1Projective>(r, rng, false);
}

pub fn peer_ark_bls12_381_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    ark_mul::<ark_bls12_381::G1Projective>(r, rng, true);
}

pub fn peer_ark_bls12_381_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    ark_mul::<ark_bls12_381::G1Projective>(r, rng, false);
}

// ---- goldilocks-crypto (ECgFp5) ------------------------------------------------

/// 40 LE bytes: 1 (left) or a uniform value below n (right: 2³¹⁸ > n/2).
fn secret40(right: bool, rng: &mut BenchRng) -> [u8; 40] {
    let mut b = [0u8; 40];
    if right {
        rng.fill(&mut b[..39]);
        b[39] = rng.random_range(0..0x3f);
    } else {
        b[0] = 1;
    }
    b
}

fn gc_scalar(b: &[u8; 40]) -> goldilocks_crypto::ScalarField {
    let limbs: [u64; 5] =
        std::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8")));
    goldilocks_crypto::ScalarField::from_non_canonical_limbs(limbs)
}

pub fn peer_goldilocks_crypto_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    let g = goldilocks_crypto::Point::generator();
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        gc_scalar(&secret40(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || black_box(&g).mul(black_box(&k)));
    }
}

pub fn peer_goldilocks_crypto_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    let p = goldilocks_crypto::Point::generator().mul(&gc_scalar(&secret40(true, rng)));
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        gc_scalar(&secret40(right, rng))
    });
    for (c, k) in inputs {
        r.run_one(c, || black_box(&p).mul(black_box(&k)));
    }
}

pub fn peer_goldilocks_crypto_sign(r: &mut CtRunner, rng: &mut BenchRng) {
    let hm = [1u8; 40];
    let k = secret40(true, rng);
    let inputs = prepare(rng, classes_n(20), secret40);
    for (c, sk) in inputs {
        r.run_one(c, || {
            goldilocks_crypto::sign_with_nonce(black_box(&sk), &hm, &k)
        });
    }
}

// ---- Pornin's ECgFp5 (vendored), unedited and mended ----------------------------
//
// The two copies share every line but the window lookup's mask (made opaque
// in the mended one), so their targets differ only in the crate they call:
// the unedited copy's leak is on record, the mended copy must pass.

/// Times `f(k)` over `count` classed scalars, each reduced by `scalar` from
/// 40 bytes before timing.
fn pornin_target<S: Copy, R>(
    r: &mut CtRunner,
    rng: &mut BenchRng,
    count: usize,
    scalar: impl Fn(&[u8]) -> S,
    f: impl Fn(S) -> R,
) {
    let inputs = prepare(rng, count, |right, rng| scalar(&secret40(right, rng)));
    for (c, k) in inputs {
        r.run_one(c, || f(black_box(k)));
    }
}

pub fn peer_ecgfp5_pornin_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    use ecgfp5_pornin::{curve::Point, scalar::Scalar};
    pornin_target(r, rng, classes_n(20), Scalar::decode_reduce, Point::mulgen);
}

pub fn peer_ecgfp5_pornin_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    use ecgfp5_pornin::{curve::Point, scalar::Scalar};
    let p = Point::mulgen(Scalar::decode_reduce(&secret40(true, rng)));
    pornin_target(r, rng, classes_n(20), Scalar::decode_reduce, |k| {
        black_box(p) * k
    });
}

pub fn peer_ecgfp5_pornin_mended_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    use ecgfp5_pornin_mended::{curve::Point, scalar::Scalar};
    pornin_target(r, rng, classes_n(20), Scalar::decode_reduce, Point::mulgen);
}

pub fn peer_ecgfp5_pornin_mended_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    use ecgfp5_pornin_mended::{curve::Point, scalar::Scalar};
    let p = Point::mulgen(Scalar::decode_reduce(&secret40(true, rng)));
    pornin_target(r, rng, classes_n(20), Scalar::decode_reduce, |k| {
        black_box(p) * k
    });
}

// ---- the naive reference ---------------------------------------------------------

pub fn peer_reference_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    use num_bigint::BigUint;
    let c = twinmul_reference::secp256k1::curve();
    let p = c.mul_g(&BigUint::from_bytes_be(&random32(rng)));
    let inputs = prepare(rng, classes_n(1000), |right, rng| {
        BigUint::from_bytes_be(&secret32(right, rng))
    });
    for (class, k) in inputs {
        r.run_one(class, || c.mul(black_box(&k), black_box(&p)));
    }
}
