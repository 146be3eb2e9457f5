//! Fuzz-target inputs and their checks. Each libFuzzer target in `fuzz/` is
//! a one-liner calling one `check_*` here; the corpus-replay test and the
//! property tests call the same functions through [`run_bytes`].
//!
//! **Who is compared.** Every execution of a differential target runs one
//! flavour of the optimized crate (the code under test), every outside
//! driver named in `TWINMUL_DRIVERS`, and one independent oracle. Both are
//! chosen by a hash of the whole input ([`selector`], FNV-1a over its
//! `Debug` form, so that any mutated byte reselects): the constant-time
//! flavour when the hash's bit 7 is clear, the variable-time one otherwise,
//! and beside either `optimized-portable` where it has the pair (secp256k1
//! k·G, k·P and verification without the vector backend); the naive reference when the hash is 0 mod 16 ([`REFERENCE_SHARE`]),
//! otherwise one of the peer libraries that have the (curve, op) pair, in
//! turn. A peer that declines the input, or answers it under another policy
//! than the contract (docs/policies.md), is joined by the reference for
//! that input, so every execution has an independent implementation give
//! the optimized crate's answer. On ECgFp5, the hash 1 mod 16
//! ([`FLAVOUR_SHARE`]) also compares twinmul's two implementations of one
//! other policy (Go's verification, whose literal reference takes ~45 ms,
//! on the hash 1 only: 1 input in 256). [`compare_everything`] (the corpus replay in `cargo test`)
//! runs every implementation on every input instead.
//!
//! **Inputs replay alone.** A check depends on its input's bytes only: the
//! points a `mul` or `decode` input starts from are k·G or k₂·(k₁·G) for
//! scalars in the input (an earlier result chained inside the input, not
//! kept between executions), computed with the optimized crate's
//! variable-time paths; verification inputs are signed by its signer. Each
//! check returns a digest of what it compared, which the replay test
//! compares across two passes in different orders.
//!
//! Inputs are biased toward the edges (cryptofuzz's tricks): a modifier byte
//! maps a scalar to n − 1 − x, to low or high Hamming weight, to a small
//! value, to an edge scalar or to a GLV rounding boundary, or spreads it
//! over the whole range (x·c mod n). `TWINMUL_FUZZ_CURVE` (a curve id) pins
//! the curve-selecting targets to one curve, for per-curve measurements.
//!
//! The `classes` target draws its inputs from the catalogue of input
//! classes ([`twinmul_harness::classes`]), the same draws as the audit's campaign:
//! libFuzzer chooses the pair, the class, the stratum and the seed.

use crate::implementations_with_env_drivers;
use arbitrary::{Arbitrary, Unstructured};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use twinmul_harness::check::{compare_on, Comparison};
use twinmul_harness::edge::{decode_scalar, edge_scalars, encode_scalar, order};
use twinmul_harness::implementation::{run, Implementation};
use twinmul_harness::model::{Answer, Curve, Input, Op};
use twinmul_harness::policy::{Expectation, Policy};

/// One execution in this many compares with the naive reference (chosen by
/// the input's hash); the others with a peer library.
pub const REFERENCE_SHARE: u8 = 16;

/// The byte that chooses an input's comparison: FNV-1a over its `Debug`
/// form, folded to 8 bits. A hash of the whole input rather than one of its
/// bytes, because libFuzzer favours "interesting" byte values (0, 0x7f,
/// 0xff), which would skew any fixed rule on a single byte.
pub fn selector(input: &impl std::fmt::Debug) -> u8 {
    let h = format!("{input:?}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    (h ^ (h >> 32) ^ (h >> 16) ^ (h >> 8)) as u8
}

static EVERYTHING: AtomicBool = AtomicBool::new(false);

/// Makes every later check run every implementation on every input (the
/// corpus replay in `cargo test`), instead of one oracle per input.
pub fn compare_everything(on: bool) {
    EVERYTHING.store(on, Ordering::SeqCst);
}

fn impls() -> &'static [Box<dyn Implementation>] {
    static I: OnceLock<Vec<Box<dyn Implementation>>> = OnceLock::new();
    I.get_or_init(implementations_with_env_drivers)
}

fn named(name: &str) -> &'static dyn Implementation {
    impls()
        .iter()
        .find(|i| i.name() == name)
        .map(|b| b.as_ref())
        .unwrap_or_else(|| panic!("no implementation '{name}'"))
}

/// Where an implementation stands in the comparisons.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The optimized crate: the code under test.
    UnderTest,
    /// The naive reference.
    Reference,
    /// twinmul's implementations of other policies (`optimized@…`,
    /// `reference@…`), which check each other.
    Flavour,
    /// A peer library compiled in.
    Peer,
    /// An outside driver: always compared.
    Driver,
}

fn role(imp: &dyn Implementation) -> Role {
    static PEERS: OnceLock<(Vec<String>, Vec<String>)> = OnceLock::new();
    let (peers, flavours) = PEERS.get_or_init(|| {
        let peers = crate::peers();
        (
            peers.iter().map(|p| p.name().to_string()).collect(),
            Policy::ALL
                .iter()
                .filter(|&&p| p != Policy::Strict)
                .flat_map(|p| [p.fast_name().to_string(), p.naive_name().to_string()])
                .collect(),
        )
    });
    match imp.name() {
        "reference" => Role::Reference,
        "optimized" | "optimized-vartime" | "optimized-portable" => Role::UnderTest,
        n if peers.iter().any(|p| p == n) => Role::Peer,
        n if flavours.iter().any(|f| f == n) => Role::Flavour,
        _ => Role::Driver,
    }
}

/// One ECgFp5 input in this many also compares the two implementations of
/// one other policy (the optimized flavour against the reference one; the
/// policy chosen by the hash's bit 4).
pub const FLAVOUR_SHARE: u8 = 16;

/// Runs `input` on the implementations this execution compares (module
/// doc) and panics with the side-by-side report on any failing verdict, or
/// unless an independent implementation gave the optimized crate's answer.
/// Returns the comparison's report: a digest of what was checked.
pub fn check_input(curve: Curve, input: &Input, select: u8) -> String {
    let op = input.op();
    let all = impls();
    let have: Vec<&dyn Implementation> = all
        .iter()
        .map(|b| b.as_ref())
        .filter(|i| i.supports(curve, op))
        .collect();
    let everything = EVERYTHING.load(Ordering::SeqCst);
    let peers: Vec<&dyn Implementation> = have
        .iter()
        .copied()
        .filter(|i| role(*i) == Role::Peer)
        .collect();
    let use_reference = everything || select.is_multiple_of(REFERENCE_SHARE) || peers.is_empty();
    let peer = (!peers.is_empty() && !everything)
        .then(|| peers[((select % 128) / REFERENCE_SHARE) as usize % peers.len()]);
    let flavour = if select < 128 {
        "optimized"
    } else {
        "optimized-vartime"
    };
    let others: Vec<Policy> = Policy::ALL
        .into_iter()
        .filter(|&p| p != Policy::Strict)
        .collect();
    let flavour_policy = (select % FLAVOUR_SHARE == 1)
        .then(|| others[usize::from(select >> 4) % others.len()])
        // The literal Go verifier on the reference (affine additions, an
        // inversion each) takes ~45 ms: on 1 input in 256 only (hash 1).
        .filter(|&p| !(p == Policy::GoV0_0_15 && op == Op::Verify && select != 1));
    let mut chosen: Vec<&dyn Implementation> = have
        .iter()
        .copied()
        .filter(|i| match role(*i) {
            // The portable paths (secp256k1 k·P and verification only) run
            // beside either flavour: on a CPU with a vector backend they are
            // the code the flavours do not reach.
            Role::UnderTest => {
                everything || i.name() == flavour || i.name() == "optimized-portable"
            }
            Role::Driver => true,
            Role::Reference => use_reference,
            Role::Flavour => everything || flavour_policy == i.policy(),
            Role::Peer => {
                everything || (!use_reference && Some(i.name()) == peer.map(|p| p.name()))
            }
        })
        .collect();
    // Any disagreement fails the execution whoever is blamed: the judge
    // may take the oracle's answer from a participant (module doc).
    let expectation = Expectation {
        cheap_oracle: true,
        ..Expectation::default()
    };
    let mut c = compare_on(curve, input, &chosen, &expectation);
    if !confirmed(&c) && !use_reference {
        // The peer declined this input class or follows another policy
        // here: ask the reference, which follows the contract.
        chosen.push(named("reference"));
        c = compare_on(curve, input, &chosen, &expectation);
    }
    assert!(c.consistent(), "implementations disagree\n{}", c.report());
    assert!(
        confirmed(&c),
        "an independent implementation must give the optimized crate's answer\n{}",
        c.report()
    );
    c.report()
}

/// Whether the optimized crate answered and an independent implementation
/// (the reference or a peer) gave the same answer.
fn confirmed(c: &Comparison) -> bool {
    let under_test: Vec<&Answer> = c
        .answered()
        .filter(|(n, _)| role(named(n)) == Role::UnderTest)
        .map(|(_, a)| a)
        .collect();
    !under_test.is_empty()
        && c.answered().any(|(n, a)| {
            matches!(role(named(n)), Role::Reference | Role::Peer)
                && under_test.iter().all(|u| u.agrees_with(a) == Some(true))
        })
}

/// Decodes raw fuzzer bytes into `T` as libfuzzer-sys does for typed
/// targets, then runs `check`. `None` when the bytes are too short.
pub fn run_bytes<T: for<'a> Arbitrary<'a>>(
    data: &[u8],
    check: impl Fn(&T) -> String,
) -> Option<String> {
    if data.len() < T::size_hint(0).0 {
        return None; // libfuzzer-sys skips these too
    }
    T::arbitrary_take_rest(Unstructured::new(data))
        .ok()
        .map(|v| check(&v))
}

/// The curve of a curve-selecting input: `TWINMUL_FUZZ_CURVE` if set, else
/// the selector byte mod 4.
fn curve(b: u8) -> Curve {
    static PINNED: OnceLock<Option<Curve>> = OnceLock::new();
    let pinned = PINNED.get_or_init(|| {
        std::env::var("TWINMUL_FUZZ_CURVE").ok().map(|c| {
            Curve::from_id(&c).unwrap_or_else(|| panic!("TWINMUL_FUZZ_CURVE: unknown curve '{c}'"))
        })
    });
    pinned.unwrap_or(Curve::ALL[(b % 4) as usize])
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

/// Where a point comes from: computed from scalars in the input, or given.
#[derive(Arbitrary, Debug, Clone)]
pub enum PointSource {
    /// k·G.
    Multiple(Vec<u8>),
    /// k₂·(k₁·G): the result of an earlier multiplication, chained inside
    /// the input.
    Chain(Vec<u8>, Vec<u8>),
    /// These bytes as they are.
    Raw(Vec<u8>),
}

/// The bytes of an answer (empty when it is not a point).
fn bytes_of(a: Answer) -> Vec<u8> {
    match a {
        Answer::Bytes(b) => b,
        _ => Vec::new(),
    }
}

/// The encoded point a source stands for, computed with the optimized
/// crate's variable-time paths (inputs only: the checks compare elsewhere).
fn point(c: Curve, src: &PointSource) -> Vec<u8> {
    let fast = named("optimized-vartime");
    let k_g = |k: &[u8]| {
        let scalar = modify_scalar(c, 0, k);
        bytes_of(run(fast, c, &Input::MulG { scalar }))
    };
    match src {
        PointSource::Multiple(k) => k_g(k),
        PointSource::Chain(k1, k2) => {
            let point = k_g(k1);
            let scalar = modify_scalar(c, 0, k2);
            bytes_of(run(fast, c, &Input::Mul { point, scalar }))
        }
        PointSource::Raw(b) => b.clone(),
    }
}

/// k·G on every compared implementation.
#[derive(Arbitrary, Debug, Clone)]
pub struct MulGInput {
    /// Curve selector (mod 4).
    pub curve: u8,
    /// Edge modifier.
    pub modifier: u8,
    /// Scalar bytes.
    pub scalar: Vec<u8>,
}

/// Checks one k·G.
pub fn check_mul_g(i: &MulGInput) -> String {
    let c = curve(i.curve);
    let input = Input::MulG {
        scalar: modify_scalar(c, i.modifier, &i.scalar),
    };
    check_input(c, &input, selector(i))
}

/// k·P on every compared implementation.
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
pub fn check_mul(i: &MulInput) -> String {
    let c = curve(i.curve);
    let input = Input::Mul {
        point: point(c, &i.point),
        scalar: modify_scalar(c, i.modifier, &i.scalar),
    };
    check_input(c, &input, selector(i))
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

/// Checks one decode: the same verdict and re-encoding everywhere.
pub fn check_decode(i: &DecodeInput) -> String {
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
    check_input(c, &Input::Decode { point: p }, selector(i))
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

fn signature_curve(lighter: bool) -> Curve {
    if let Some(c) = std::env::var("TWINMUL_FUZZ_CURVE")
        .ok()
        .and_then(|c| Curve::from_id(&c))
    {
        if c.has_signatures() {
            return c;
        }
    }
    if lighter {
        Curve::Ecgfp5
    } else {
        Curve::Secp256k1
    }
}

fn sign_input(i: &SignInput) -> (Curve, Input) {
    let c = signature_curve(i.lighter);
    let sk = modify_scalar(c, i.sk_modifier, &i.sk);
    let (msg, nonce) = if c == Curve::Ecgfp5 {
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
pub fn check_sign(i: &SignInput) -> String {
    let (c, input) = sign_input(i);
    check_input(c, &input, selector(i))
}

/// Verification of a signature made by the optimized signer, then mutated.
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
pub fn check_verify(i: &VerifyInput) -> String {
    let (c, input) = sign_input(&i.sign);
    let Input::Sign {
        secret_key,
        mut message,
        nonce,
    } = input
    else {
        unreachable!("sign_input makes a signing input");
    };
    let signer = named("optimized");
    let sig = bytes_of(run(
        signer,
        c,
        &Input::Sign {
            secret_key: secret_key.clone(),
            message: message.clone(),
            nonce,
        },
    ));
    // An invalid key signs nothing: verify a zero signature under it then.
    let mut sig = if sig.is_empty() {
        vec![0; 2 * c.scalar_len()]
    } else {
        sig
    };
    let key_of = |sk: &[u8]| {
        let scalar = sk.to_vec();
        match run(named("optimized-vartime"), c, &Input::MulG { scalar }) {
            Answer::Bytes(b) if c == Curve::Secp256k1 && b.len() == 33 => b[1..].to_vec(),
            Answer::Bytes(b) => b,
            _ => Vec::new(),
        }
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
    let input = Input::Verify {
        public_key: pk,
        message,
        signature: sig,
    };
    check_input(c, &input, selector(i))
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
pub fn check_field(i: &FieldInput) -> String {
    crate::lowlevel::all_fields(&crate::lowlevel::big(&i.a), &crate::lowlevel::big(&i.b));
    format!("{i:?}")
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
pub fn check_glv(i: &GlvInput) -> String {
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
    format!("{c} {}", hex::encode(&k))
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
/// `fuzz/fuzz_targets/*.rs`): `None` for an unknown name, `Some(None)` when
/// the bytes are too short to be an input, else the check's digest.
pub fn run_target(name: &str, data: &[u8]) -> Option<Option<String>> {
    Some(match name {
        "mul_g" => run_bytes(data, check_mul_g),
        "mul" => run_bytes(data, check_mul),
        "decode" => run_bytes(data, check_decode),
        "sign" => run_bytes(data, check_sign),
        "verify" => run_bytes(data, check_verify),
        "field" => run_bytes(data, check_field),
        "glv" => run_bytes(data, check_glv),
        "classes" => run_bytes(data, check_class),
        _ => return None,
    })
}

/// The fuzz targets, by name.
pub const TARGETS: [&str; 8] = [
    "mul_g", "mul", "decode", "sign", "verify", "field", "glv", "classes",
];

/// An input of the `classes` target: one draw from the catalogue of input
/// classes (docs/classes.md), as the audit's campaign draws them.
#[derive(Arbitrary, Debug)]
pub struct ClassInput {
    /// The (curve, op) pair, an index into the contract's pairs (only the
    /// pinned curve's with `TWINMUL_FUZZ_CURVE`).
    pub pair: u8,
    /// The class, an index into the pair's classes.
    pub class: u8,
    /// The stratum (mod 17).
    pub index: u8,
    /// The seed of the class's stream.
    pub seed: u64,
}

/// The input a [`ClassInput`] draws, with its curve and class name.
pub fn class_input(i: &ClassInput) -> (Curve, &'static str, Input) {
    let pinned = std::env::var("TWINMUL_FUZZ_CURVE").ok();
    let pairs: Vec<(Curve, Op)> = twinmul_harness::campaign::pairs()
        .into_iter()
        .filter(|(c, _)| pinned.as_deref().is_none_or(|p| c.id() == p))
        .collect();
    let (c, op) = pairs[usize::from(i.pair) % pairs.len().max(1)];
    let classes = twinmul_harness::classes::classes_for(c, op);
    let class = classes[usize::from(i.class) % classes.len()];
    let mut rng = twinmul_harness::campaign::class_rng(i.seed, c, op, class.name);
    let input = class.draw(c, op, usize::from(i.index % 17), &mut rng);
    (c, class.name, input)
}

/// The `classes` target: one catalogue draw, the optimized crate against
/// an independent implementation as in every differential target.
pub fn check_class(i: &ClassInput) -> String {
    let (c, class, input) = class_input(i);
    format!("{class}: {}", check_input(c, &input, selector(&input)))
}
