//! Fuzz-target inputs and their checks. Each libFuzzer target in `fuzz/` is
//! a one-liner calling one `check_*` here; the corpus-replay test and the
//! property tests call the same functions through [`run_bytes`].
//!
//! Inputs are biased toward the edges (cryptofuzz's tricks): a modifier byte
//! maps a scalar to n − 1 − x, to low or high Hamming weight, to a small
//! value, to an edge scalar or to a GLV rounding boundary, or spreads it
//! over the whole range (x·c mod n); points come from a small pool of
//! earlier results or from k·G.

use crate::check::assert_agree;
use crate::edge::{decode_scalar, edge_scalars, encode_scalar, order};
use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input};
use crate::registry::implementations_with_env_drivers;
use arbitrary::{Arbitrary, Unstructured};
use num_bigint::BigUint;
use std::cell::RefCell;
use std::sync::OnceLock;

fn impls() -> &'static [Box<dyn Implementation>] {
    static I: OnceLock<Vec<Box<dyn Implementation>>> = OnceLock::new();
    I.get_or_init(implementations_with_env_drivers)
}

/// Decodes raw fuzzer bytes into `T` as libfuzzer-sys does for typed
/// targets, then runs `check`. Returns false when the bytes are too short.
pub fn run_bytes<T: for<'a> Arbitrary<'a>>(data: &[u8], check: impl Fn(&T)) -> bool {
    if data.len() < T::size_hint(0).0 {
        return false; // libfuzzer-sys skips these too
    }
    match T::arbitrary_take_rest(Unstructured::new(data)) {
        Ok(v) => {
            check(&v);
            true
        }
        Err(_) => false,
    }
}

fn curve(b: u8) -> Curve {
    Curve::ALL[(b % 4) as usize]
}

/// Applies the edge modifier to raw scalar bytes, giving a scalar of the
/// curve's length (see the module doc).
pub fn modify_scalar(c: Curve, modifier: u8, raw: &[u8]) -> Vec<u8> {
    let len = c.scalar_len();
    let mut s = raw.to_vec();
    s.resize(len, 0);
    let n = order(c);
    let x = decode_scalar(c, &s);
    let v = match modifier % 8 {
        1 => (&n - 1u32 + &n - (&x % &n)) % &n,
        2 => {
            // low Hamming weight: keep a few bits
            let mut y = BigUint::from(0u32);
            for b in raw.iter().take(6) {
                y.set_bit(u64::from(*b) % (8 * len as u64), true);
            }
            y
        }
        3 => {
            let mut y = (BigUint::from(1u32) << (8 * len)) - 1u32;
            for b in raw.iter().take(6) {
                y.set_bit(u64::from(*b) % (8 * len as u64), false);
            }
            y
        }
        4 => x % 65536u32,
        5 => {
            let e = edge_scalars(c);
            decode_scalar(
                c,
                &e[raw.first().copied().unwrap_or(0) as usize % e.len()].1,
            )
        }
        6 => glv_boundary(c, &x),
        // Uniform-looking scalars: libFuzzer's byte mutations leave most bits
        // of a 256-bit value as they were, so patterns that only a random
        // scalar hits (1 in 2^12, say) take ~10⁵ executions to reach raw;
        // multiplying by c ≈ n·(φ − 1) (Fibonacci hashing) spreads any
        // one-byte change over every bit.
        7 => x * mix_constant(&n) % &n,
        _ => x,
    };
    encode_scalar(c, &v).unwrap_or(s)
}

/// ⌊n·(φ − 1)⌋: nonzero and below the prime n, so x ↦ x·c mod n is a
/// bijection of the scalars.
fn mix_constant(n: &BigUint) -> BigUint {
    (n * 0x9e37_79b9_7f4a_7c15u64) >> 64u32
}

/// A scalar next to a rounding boundary of the GLV split: ⌊(2j + 1)·2^(m−1)/g⌋.
fn glv_boundary(c: Curve, x: &BigUint) -> BigUint {
    use crate::lowlevel::glv;
    let (g, m) = match c {
        Curve::Secp256k1 => (glv::<twinmul::curves::secp256k1::Secp256k1>().g1, 384),
        Curve::Bn254 => (glv::<twinmul::curves::bn254::Bn254>().g1, 382),
        Curve::Bls12_381 => (glv::<twinmul::curves::bls12_381::Bls12_381>().g2, 383),
        Curve::Ecgfp5 => return x.clone(),
    };
    let g = crate::lowlevel::big(&g);
    let j = x % 1_000_000u32;
    (((j * 2u32 + 1u32) << (m - 1)) / g) % order(c)
}

thread_local! {
    static POOL: RefCell<Vec<(Curve, Vec<u8>)>> = const { RefCell::new(Vec::new()) };
}

fn remember(c: Curve, p: &[u8]) {
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        if pool.len() >= 64 {
            pool.remove(0);
        }
        pool.push((c, p.to_vec()));
    });
}

/// Where a point comes from.
#[derive(Arbitrary, Debug, Clone)]
pub enum PointSource {
    /// k·G for this scalar (computed by the reference).
    Multiple(Vec<u8>),
    /// An earlier result of the same curve.
    Pool(u8),
    /// These bytes as they are.
    Raw(Vec<u8>),
}

fn point(c: Curve, src: &PointSource) -> Vec<u8> {
    let from_scalar = |k: &[u8]| {
        let s = modify_scalar(c, 0, k);
        match run(impls()[0].as_ref(), c, &Input::MulG { scalar: s }) {
            Answer::Bytes(b) => b,
            _ => Vec::new(),
        }
    };
    match src {
        PointSource::Multiple(k) => from_scalar(k),
        PointSource::Pool(i) => POOL
            .with(|p| {
                let p = p.borrow();
                let same: Vec<&Vec<u8>> = p
                    .iter()
                    .filter(|(pc, _)| *pc == c)
                    .map(|(_, b)| b)
                    .collect();
                (!same.is_empty()).then(|| same[*i as usize % same.len()].clone())
            })
            .unwrap_or_else(|| from_scalar(&[*i])),
        PointSource::Raw(b) => b.clone(),
    }
}

/// k·G on every implementation.
#[derive(Arbitrary, Debug, Clone)]
pub struct MulGInput {
    /// Curve selector (mod 4).
    pub curve: u8,
    /// Edge modifier.
    pub modifier: u8,
    /// Scalar bytes.
    pub scalar: Vec<u8>,
}

/// Checks one k·G: all implementations agree (reference + at least one more).
pub fn check_mul_g(i: &MulGInput) {
    let c = curve(i.curve);
    let input = Input::MulG {
        scalar: modify_scalar(c, i.modifier, &i.scalar),
    };
    let cmp = assert_agree(c, &input, impls(), 2);
    if let Some((_, Answer::Bytes(b))) = cmp.answers.first() {
        remember(c, b);
    }
}

/// k·P on every implementation.
#[derive(Arbitrary, Debug, Clone)]
pub struct MulInput {
    /// Curve selector.
    pub curve: u8,
    /// Edge modifier.
    pub modifier: u8,
    /// The point.
    pub point: PointSource,
    /// Scalar bytes.
    pub scalar: Vec<u8>,
}

/// Checks one k·P.
pub fn check_mul(i: &MulInput) {
    let c = curve(i.curve);
    let input = Input::Mul {
        point: point(c, &i.point),
        scalar: modify_scalar(c, i.modifier, &i.scalar),
    };
    // Raw points may be of a class only the strict implementations answer.
    let min = if matches!(i.point, PointSource::Raw(_)) {
        1
    } else {
        2
    };
    let cmp = assert_agree(c, &input, impls(), min);
    if let Some((_, Answer::Bytes(b))) = cmp.answers.first() {
        remember(c, b);
    }
}

/// Decoding of (mostly mutated) encodings.
#[derive(Arbitrary, Debug, Clone)]
pub struct DecodeInput {
    /// Curve selector.
    pub curve: u8,
    /// The starting encoding.
    pub point: PointSource,
    /// (position, xor) byte edits.
    pub edits: Vec<(u8, u8)>,
    /// Truncate to this length (when smaller).
    pub truncate: Option<u8>,
}

/// Checks one decode: every implementation agrees on accept/reject and on
/// the re-encoded point. (Implementations that decline a lax input class are
/// not compared, so one answer suffices here.)
pub fn check_decode(i: &DecodeInput) {
    let c = curve(i.curve);
    let mut p = point(c, &i.point);
    for (pos, x) in &i.edits {
        if !p.is_empty() {
            let k = *pos as usize % p.len();
            p[k] ^= x;
        }
    }
    if let Some(t) = i.truncate {
        p.truncate(t as usize);
    }
    assert_agree(c, &Input::Decode { point: p }, impls(), 1);
}

/// Signing (BIP340 on secp256k1, Lighter on ECgFp5).
#[derive(Arbitrary, Debug, Clone)]
pub struct SignInput {
    /// ECgFp5 instead of secp256k1.
    pub lighter: bool,
    /// Secret-key modifier and bytes.
    pub sk_modifier: u8,
    /// Secret key bytes.
    pub sk: Vec<u8>,
    /// Message (BIP340: any length; Lighter: 40 bytes, limbs reduced mod p).
    pub msg: Vec<u8>,
    /// aux_rand or nonce.
    pub nonce: Vec<u8>,
}

fn lighter_message(m: &[u8]) -> Vec<u8> {
    let mut m = m.to_vec();
    m.resize(40, 0);
    m.chunks(8)
        .flat_map(|c| {
            (u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) % 0xFFFF_FFFF_0000_0001)
                .to_le_bytes()
        })
        .collect()
}

fn sign_input(i: &SignInput) -> (Curve, Input) {
    let c = if i.lighter {
        Curve::Ecgfp5
    } else {
        Curve::Secp256k1
    };
    let sk = modify_scalar(c, i.sk_modifier, &i.sk);
    let (msg, nonce) = if i.lighter {
        (lighter_message(&i.msg), modify_scalar(c, 0, &i.nonce))
    } else {
        let mut aux = i.nonce.clone();
        aux.resize(32, 0);
        (i.msg.clone(), aux)
    };
    (
        c,
        Input::Sign {
            secret_key: sk,
            message: msg,
            nonce,
        },
    )
}

/// Checks one signature: identical bytes (or identical refusal) everywhere.
pub fn check_sign(i: &SignInput) {
    let (c, input) = sign_input(i);
    assert_agree(c, &input, impls(), 1);
}

/// Verification of a signature made by the reference, then mutated.
#[derive(Arbitrary, Debug, Clone)]
pub struct VerifyInput {
    /// How the signature is made.
    pub sign: SignInput,
    /// (position, xor) edits of the signature.
    pub sig_edits: Vec<(u8, u8)>,
    /// (position, xor) edits of the message.
    pub msg_edits: Vec<(u8, u8)>,
    /// Replace the key by the key of this other secret.
    pub other_key: Option<Vec<u8>>,
}

/// Checks one verification: the same verdict everywhere.
pub fn check_verify(i: &VerifyInput) {
    let (c, input) = sign_input(&i.sign);
    let Input::Sign {
        secret_key,
        mut message,
        nonce,
    } = input
    else {
        return;
    };
    let Answer::Bytes(mut sig) = run(
        impls()[0].as_ref(),
        c,
        &Input::Sign {
            secret_key: secret_key.clone(),
            message: message.clone(),
            nonce,
        },
    ) else {
        return;
    };
    let key_of = |sk: &[u8]| match run(
        impls()[0].as_ref(),
        c,
        &Input::MulG {
            scalar: sk.to_vec(),
        },
    ) {
        Answer::Bytes(b) if c == Curve::Secp256k1 && b.len() == 33 => b[1..].to_vec(),
        Answer::Bytes(b) => b,
        _ => Vec::new(),
    };
    let pk = match &i.other_key {
        Some(o) => key_of(&modify_scalar(c, 0, o)),
        None => key_of(&secret_key),
    };
    for (pos, x) in &i.sig_edits {
        let k = *pos as usize % sig.len();
        sig[k] ^= x;
    }
    for (pos, x) in &i.msg_edits {
        if !message.is_empty() {
            let k = *pos as usize % message.len();
            message[k] ^= x;
        }
    }
    assert_agree(
        c,
        &Input::Verify {
            public_key: pk,
            message,
            signature: sig,
        },
        impls(),
        1,
    );
}

/// Field arithmetic of the optimized crate on arbitrary values.
#[derive(Arbitrary, Debug, Clone)]
pub struct FieldInput {
    /// a (reduced mod each modulus).
    pub a: [u64; 6],
    /// b.
    pub b: [u64; 6],
}

/// Checks every field of the optimized crate on (a, b) against big integers.
pub fn check_field(i: &FieldInput) {
    crate::lowlevel::all_fields(&crate::lowlevel::big(&i.a), &crate::lowlevel::big(&i.b));
}

/// The GLV split, recoding and every multiplication path on one scalar.
#[derive(Arbitrary, Debug, Clone)]
pub struct GlvInput {
    /// Curve selector (the three GLV curves).
    pub curve: u8,
    /// Edge modifier.
    pub modifier: u8,
    /// Scalar bytes.
    pub scalar: [u8; 32],
    /// The point's scalar j (P = j·G).
    pub point: [u64; 4],
    /// A digit for the lookup check.
    pub digit: i8,
}

/// Checks decomposition invariants (against big integers), recoding, the
/// lookup table, and that every multiplication path equals the optimized
/// crate's plain double-and-add. No reference multiplication here: at ~10 ms
/// each it held this target to ~8 executions per second, too few to reach
/// rare split bugs (the planted one hits 1 scalar in 4096); the `mul` target
/// and the `mul_paths_match_reference` proptest hold the paths to the
/// reference.
pub fn check_glv(i: &GlvInput) {
    use twinmul::curves::{bls12_381, bn254, secp256k1};
    use twinmul::ScalarField;
    let c = Curve::ALL[(i.curve % 3) as usize];
    let k = modify_scalar(c, i.modifier, &i.scalar);
    let kl: [u64; 4] = twinmul::arith::limbs::from_be_bytes(&k);
    match c {
        Curve::Secp256k1 => {
            crate::lowlevel::check_split::<secp256k1::Secp256k1>(
                &secp256k1::Scalar::from_le_limbs_reduced(&kl),
            );
            crate::lowlevel::mul_paths::<secp256k1::Secp256k1>(
                crate::lowlevel::Oracle::Ladder,
                &kl,
                &i.point,
            );
        }
        Curve::Bn254 => {
            crate::lowlevel::check_split::<bn254::Bn254>(&bn254::Scalar::from_le_limbs_reduced(
                &kl,
            ));
            crate::lowlevel::mul_paths::<bn254::Bn254>(
                crate::lowlevel::Oracle::Ladder,
                &kl,
                &i.point,
            );
        }
        _ => {
            crate::lowlevel::check_split::<bls12_381::Bls12_381>(
                &bls12_381::Scalar::from_le_limbs_reduced(&kl),
            );
            crate::lowlevel::mul_paths::<bls12_381::Bls12_381>(
                crate::lowlevel::Oracle::Ladder,
                &kl,
                &i.point,
            );
        }
    }
    crate::lowlevel::lookup_case(&kl, i.digit);
    split_sweep(c, &k);
}

/// How many further scalars each `glv` execution puts through the split
/// check alone.
const SWEEP: usize = 16;

/// The split check on k·c, k·c², …, k·c^SWEEP mod n (c from [`mix_constant`]):
/// the decomposition costs microseconds against the milliseconds of the
/// point multiplications, so each execution also covers SWEEP scattered
/// scalars, and a split bug that only 1 scalar in 4096 triggers is reached
/// in a few hundred executions instead of thousands.
fn split_sweep(c: Curve, k: &[u8]) {
    use twinmul::curves::{bls12_381, bn254, secp256k1};
    use twinmul::ScalarField;
    let n = order(c);
    let m = mix_constant(&n);
    let mut x = decode_scalar(c, k) % &n;
    for _ in 0..SWEEP {
        x = x * &m % &n;
        let mut le = x.to_u64_digits();
        le.resize(4, 0);
        let kl: [u64; 4] = le.try_into().expect("four limbs");
        match c {
            Curve::Secp256k1 => crate::lowlevel::check_split::<secp256k1::Secp256k1>(
                &secp256k1::Scalar::from_le_limbs_reduced(&kl),
            ),
            Curve::Bn254 => crate::lowlevel::check_split::<bn254::Bn254>(
                &bn254::Scalar::from_le_limbs_reduced(&kl),
            ),
            _ => crate::lowlevel::check_split::<bls12_381::Bls12_381>(
                &bls12_381::Scalar::from_le_limbs_reduced(&kl),
            ),
        }
    }
}

/// Runs one fuzz target's check on raw bytes, by target name (the names of
/// `fuzz/fuzz_targets/*.rs`). `None` for an unknown name.
pub fn run_target(name: &str, data: &[u8]) -> Option<bool> {
    Some(match name {
        "mul_g" => run_bytes(data, check_mul_g),
        "mul" => run_bytes(data, check_mul),
        "decode" => run_bytes(data, check_decode),
        "sign" => run_bytes(data, check_sign),
        "verify" => run_bytes(data, check_verify),
        "field" => run_bytes(data, check_field),
        "glv" => run_bytes(data, check_glv),
        _ => return None,
    })
}

/// The fuzz targets, by name.
pub const TARGETS: [&str; 7] = ["mul_g", "mul", "decode", "sign", "verify", "field", "glv"];
