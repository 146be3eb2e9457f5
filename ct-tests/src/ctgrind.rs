//! Valgrind secret-taint checks (the approach of libsecp256k1's
//! `ctime_tests`): mark secret inputs *undefined* with memcheck client
//! requests, run the secret API, and let memcheck report any conditional
//! jump or memory address that depends on them. Run under
//! `valgrind --error-exitcode=42 target/release/twinmul-ctgrind TARGET` (a
//! release build: debug builds branch where release builds do not). Outputs
//! are marked defined again before they are used.
//!
//! Constant-time targets must run clean; the `*_control` targets must be
//! reported (exit 42): `twinmul ct --valgrind` checks both. The binary is
//! built with the crate's `ctgrind` feature, which turns on its
//! `ct::declassify` points (key validity, BIP340's k′ = 0).
#![allow(missing_docs, unsafe_code)] // the client requests are inline asm

use std::hint::black_box;
use twinmul::curves::secp256k1::{Point, Scalar, Secp256k1};
use twinmul::ecgfp5::{mul as ecmul, point as ec, scalar as esc};
use twinmul::mul::comb::GeneratorContext;
use twinmul::mul::lookup;
use twinmul::{mul, Field, LookupTable, ScalarField};

const MAKE_MEM_UNDEFINED: u64 = 0x4D43_0001;
const MAKE_MEM_DEFINED: u64 = 0x4D43_0002;

/// A memcheck client request: the magic preamble valgrind recognises
/// (four rotations of rdi summing to 128 bits, then `xchg rbx, rbx`); a
/// no-op returning `default` outside valgrind.
fn client_request(req: u64, addr: u64, len: u64) -> u64 {
    let args = [req, addr, len, 0, 0, 0];
    let mut result: u64 = 0;
    // SAFETY: the instruction sequence leaves every register as it found it
    // (rdi is rotated by 3 + 13 + 61 + 51 = 128 bits; xchg rbx, rbx is a
    // no-op); valgrind reads `args` through rax and writes rdx.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51", "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            inout("rdi") 0u64 => _,
            options(nostack),
        );
    }
    result
}

fn poison<T>(x: &T) {
    client_request(
        MAKE_MEM_UNDEFINED,
        x as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
}

fn unpoison<T>(x: &T) {
    client_request(
        MAKE_MEM_DEFINED,
        x as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
}

/// The classic leak: return at the first differing byte.
#[inline(never)]
fn early_exit_eq(a: &[u8; 32], b: &[u8; 32]) -> bool {
    for i in 0..32 {
        if black_box(a[i]) != black_box(b[i]) {
            return false;
        }
    }
    true
}

/// Marks `secret` undefined, runs `f` on it, marks the result defined
/// again and consumes it: memcheck reports any branch or address inside
/// `f` that depends on the secret.
fn with_secret<S, R>(secret: S, f: impl FnOnce(&S) -> R) {
    poison(&secret);
    let r = f(black_box(&secret));
    unpoison(&r);
    black_box(r);
}

/// A secp256k1 scalar with no structure (the product of two constants).
fn secret_scalar() -> Scalar {
    Scalar::from_u64(0x1234_5678_9abc_def1) * Scalar::from_u64(0x0fed_cba9_8765_4321)
}

fn ct_lookup_glv() {
    let g = Point::generator();
    let mut e = [g; 8];
    for i in 1..8 {
        e[i] = e[i - 1].add(&g);
    }
    let t = LookupTable::new(e);
    with_secret(-5i8, |&d| t.select(d, Point::identity()));
}

fn ct_lookup_xy() {
    use twinmul::mul::comb::GeneratorTable;
    let e = 1 << (Secp256k1::SHAPE.teeth - 1);
    let row = &Secp256k1::table()[e..2 * e];
    with_secret(21u8, |&pos| lookup::scan_xy(row, pos));
}

fn ct_lookup_ecgfp5_table() {
    let row = &ecmul::generator_rows()[5];
    with_secret(13i8, |&d| {
        lookup::select_from(row, d, ec::AffinePoint::default())
    });
}

fn ct_lookup_ecgfp5_window() {
    let t = ecmul::multiples_table(&ecmul::mul_g(&esc::Scalar::from_u64(5)));
    with_secret(-11i8, |&d| t.select(d, ec::AffinePoint::default()));
}

fn ct_scalar_canonical() {
    with_secret([0x7fu8; 32], |b| Scalar::from_canonical_bytes(b).is_some());
}

fn ct_ecgfp5_is_canonical() {
    with_secret([0x33u8; 40], esc::is_canonical);
}

fn ct_field_invert() {
    let x = twinmul::curves::secp256k1::Fe::from_u64(123456789);
    with_secret(x, |x| x.invert().is_some());
}

fn ct_field_sqrt() {
    let x = twinmul::curves::secp256k1::Fe::from_u64(987654321);
    with_secret(x, |x| x.sqrt().is_some());
}

fn ct_glv_decompose() {
    use twinmul::point::params::CurveParams;
    let glv = Secp256k1::ENDOMORPHISM.map(|e| e.glv);
    let glv = glv.as_ref().expect("secp256k1 has its GLV endomorphism");
    with_secret(secret_scalar(), |k| {
        let s = twinmul::mul::glv::decompose(k, glv);
        twinmul::mul::recode::recode(&s.k1, 4, 33)
    });
}

fn ct_mul() {
    let p = mul::mul_vartime(&Point::generator(), &Scalar::from_u64(99));
    with_secret(secret_scalar(), |k| mul::mul(&p, k));
}

/// BN254 runs the lazy [0, 2p) field representation.
fn ct_mul_bn254() {
    use twinmul::curves::bn254 as c;
    let p = mul::mul_vartime(&c::Point::generator(), &c::Scalar::from_u64(99));
    let k = c::Scalar::from_u64(0x1234_5678_9abc_def1) * c::Scalar::from_u64(0x0fed_cba9_8765_4321);
    with_secret(k, |k| mul::mul(&p, k));
}

/// BLS12-381 runs the lazy [0, 2p) field representation on six limbs.
fn ct_mul_g_bls12_381() {
    use twinmul::curves::bls12_381 as c;
    let ctx = GeneratorContext::<c::Bls12_381>::new().expect("getrandom");
    let k = c::Scalar::from_u64(0x1234_5678_9abc_def1) * c::Scalar::from_u64(0x0fed_cba9_8765_4321);
    with_secret(k, |k| ctx.mul_g(k));
}

fn ct_mul_g() {
    let ctx = GeneratorContext::<Secp256k1>::new().expect("getrandom");
    with_secret(secret_scalar(), |k| ctx.mul_g(k));
}

fn ecgfp5_secret_scalar() -> esc::Scalar {
    esc::Scalar::from_u64(0x1234_5678_9abc_def1) * esc::Scalar::from_u64(0x0fed_cba9_8765_4321)
}

fn ct_ecgfp5_mul_g() {
    with_secret(ecgfp5_secret_scalar(), ecmul::mul_g);
}

fn ct_ecgfp5_mul() {
    let p = ecmul::mul_g(&esc::Scalar::from_u64(77));
    with_secret(ecgfp5_secret_scalar(), |k| ecmul::mul(&p, k));
}

fn ct_bip340_sign() {
    let ctx = GeneratorContext::<Secp256k1>::new().expect("getrandom");
    with_secret([0x3cu8; 32], |sk| {
        twinmul::bip340::sign(&ctx, sk, b"message", &[7u8; 32])
    });
}

fn ct_lighter_sign() {
    use twinmul::ecgfp5::schnorr::{sign_with_nonce, SecretKey};
    with_secret(([0x3cu8; 40], [0x21u8; 40]), |(sk, k)| {
        SecretKey::from_bytes(sk).map(|key| sign_with_nonce(&key, &[1u8; 40], k))
    });
}

/// Control: an early-exit comparison with a secret.
fn leaky_compare_control() {
    let guess = [0x5au8; 32];
    with_secret([0x5au8; 32], |secret| {
        early_exit_eq(secret, black_box(&guess))
    });
}

/// Control: a secret index into a table.
fn leaky_lookup_control() {
    let table: Vec<u64> = (0..4096).collect();
    with_secret(1234usize, |&i| table[i % 4096]);
}

/// Control: the variable-time multiplication on a secret scalar.
fn leaky_mul_vartime_control() {
    let p = mul::mul_vartime(&Point::generator(), &Scalar::from_u64(99));
    with_secret(Scalar::from_u64(0x1234_5678_9abc_def1), |k| {
        mul::mul_vartime(&p, k)
    });
}

/// Every target, by name: constant-time ones must run clean, `*_control`
/// ones must be reported.
const TARGETS: &[(&str, fn())] = &[
    ("ct_lookup_glv", ct_lookup_glv),
    ("ct_lookup_xy", ct_lookup_xy),
    ("ct_lookup_ecgfp5_table", ct_lookup_ecgfp5_table),
    ("ct_scalar_canonical", ct_scalar_canonical),
    ("ct_ecgfp5_is_canonical", ct_ecgfp5_is_canonical),
    ("ct_field_invert", ct_field_invert),
    ("ct_field_sqrt", ct_field_sqrt),
    ("ct_glv_decompose", ct_glv_decompose),
    ("ct_lookup_ecgfp5_window", ct_lookup_ecgfp5_window),
    ("ct_mul", ct_mul),
    ("ct_mul_bn254", ct_mul_bn254),
    ("ct_mul_g_bls12_381", ct_mul_g_bls12_381),
    ("ct_mul_g", ct_mul_g),
    ("ct_ecgfp5_mul_g", ct_ecgfp5_mul_g),
    ("ct_ecgfp5_mul", ct_ecgfp5_mul),
    ("ct_bip340_sign", ct_bip340_sign),
    ("ct_lighter_sign", ct_lighter_sign),
    ("leaky_compare_control", leaky_compare_control),
    ("leaky_lookup_control", leaky_lookup_control),
    ("leaky_mul_vartime_control", leaky_mul_vartime_control),
    ("peer_k256_mul_g", peer_k256_mul_g),
    ("peer_k256_mul", peer_k256_mul),
    ("peer_libsecp256k1_mul_g", peer_libsecp256k1_mul_g),
    ("peer_libsecp256k1_mul", peer_libsecp256k1_mul),
    ("peer_blst_mul", peer_blst_mul),
    ("peer_bls12_381_mul", peer_bls12_381_mul),
    ("peer_ark_bn254_mul", peer_ark_bn254_mul),
    ("peer_goldilocks_crypto_mul", peer_goldilocks_crypto_mul),
    ("peer_ecgfp5_pornin_mul", peer_ecgfp5_pornin_mul),
    (
        "peer_ecgfp5_pornin_mended_mul",
        peer_ecgfp5_pornin_mended_mul,
    ),
];

// ---- the peers: the secret scalar or key poisoned after it is built, then
// the library's native call; its result is marked defined again before it is
// encoded (the encoding of a public result may branch). Reported, never failed, by `twinmul ct
// --valgrind`: libraries branch on a secret's validity on purpose and
// declassify it in their own valgrind tests, which this cannot do.

/// A 32-byte big-endian secret with no structure, below every order here.
const SECRET32: [u8; 32] = [
    0x1d, 0x3a, 0x55, 0x07, 0x9c, 0xe2, 0x41, 0x6b, 0x8f, 0x20, 0x17, 0xd4, 0x5e, 0xa9, 0x33, 0xc8,
    0x72, 0x0b, 0xe6, 0x94, 0x2f, 0x58, 0xbd, 0x01, 0x6a, 0xcf, 0x84, 0x39, 0xf0, 0x15, 0x4e, 0xa7,
];

fn le32() -> [u8; 32] {
    let mut b = SECRET32;
    b.reverse();
    b
}

fn peer_k256_mul_g() {
    use k256::elliptic_curve::{ops::MulByGenerator, PrimeField};
    let k = Option::<k256::Scalar>::from(k256::Scalar::from_repr(SECRET32.into())).expect("< n");
    with_secret(k, k256::ProjectivePoint::mul_by_generator);
}

fn peer_k256_mul() {
    use k256::elliptic_curve::PrimeField;
    let k = Option::<k256::Scalar>::from(k256::Scalar::from_repr(SECRET32.into())).expect("< n");
    let p = k256::ProjectivePoint::GENERATOR.double();
    with_secret(k, |k| p * k);
}

fn peer_libsecp256k1_mul_g() {
    let ctx = secp256k1::Secp256k1::signing_only();
    let sk = secp256k1::SecretKey::from_byte_array(SECRET32).expect("valid key");
    with_secret(sk, |sk| secp256k1::PublicKey::from_secret_key(&ctx, sk));
}

fn peer_libsecp256k1_mul() {
    let ctx = secp256k1::Secp256k1::signing_only();
    let p = secp256k1::SecretKey::from_byte_array([7u8; 32])
        .expect("valid key")
        .public_key(&ctx);
    let sk = secp256k1::SecretKey::from_byte_array(SECRET32).expect("valid key");
    with_secret(sk, |sk| secp256k1::ecdh::shared_secret_point(&p, sk));
}

fn peer_blst_mul() {
    // SAFETY: blst returns a pointer to its static generator.
    let g = unsafe { *blst::blst_p1_generator() };
    with_secret(le32(), |k| {
        let mut out = blst::blst_p1::default();
        // SAFETY: `k` holds 256 bits; `out` and `g` are valid owned values.
        unsafe { blst::blst_p1_mult(&mut out, &g, k.as_ptr(), 256) };
        out
    });
}

fn peer_bls12_381_mul() {
    let k = Option::<bls12_381::Scalar>::from(bls12_381::Scalar::from_bytes(&le32())).expect("< r");
    with_secret(k, |k| bls12_381::G1Projective::generator() * k);
}

fn peer_ark_bn254_mul() {
    use ark_ec::PrimeGroup;
    use ark_ff::PrimeField;
    let k = ark_bn254::Fr::from_be_bytes_mod_order(&SECRET32);
    with_secret(k, |k| ark_bn254::G1Projective::generator() * k);
}

fn peer_goldilocks_crypto_mul() {
    let limbs: [u64; 5] = [
        0x1d3a_5507_9ce2_416b,
        0x8f20_17d4_5ea9_33c8,
        0x720b_e694,
        0x6acf_8439,
        0x15,
    ];
    let k = goldilocks_crypto::ScalarField::from_non_canonical_limbs(limbs);
    let g = goldilocks_crypto::Point::generator();
    with_secret(k, |k| g.mul(k));
}

/// The secret scalar's bytes for both copies of Pornin's crate.
fn pornin_scalar_bytes() -> Vec<u8> {
    (0..40u8).map(|i| i.wrapping_mul(0x9d) ^ 0x5a).collect()
}

fn peer_ecgfp5_pornin_mul() {
    let k = ecgfp5_pornin::scalar::Scalar::decode_reduce(&pornin_scalar_bytes());
    with_secret(k, |k| ecgfp5_pornin::curve::Point::GENERATOR * *k);
}

/// The mended copy: the same k·P with the lookup's mask opaque, which must
/// run clean where the unedited copy branches on the secret digit.
fn peer_ecgfp5_pornin_mended_mul() {
    let k = ecgfp5_pornin_mended::scalar::Scalar::decode_reduce(&pornin_scalar_bytes());
    with_secret(k, |k| ecgfp5_pornin_mended::curve::Point::GENERATOR * *k);
}

fn main() {
    let want = std::env::args().nth(1);
    if want.as_deref() == Some("--list") {
        for (name, _) in TARGETS {
            println!("{name}");
        }
        return;
    }
    for &(name, f) in TARGETS {
        if want.as_deref().is_none_or(|w| w == name) {
            f();
            println!("{name}: ran");
        }
    }
}
