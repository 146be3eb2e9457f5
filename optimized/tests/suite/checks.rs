//! Lower-layer checks of the optimized crate against big integers and the
//! reference: field arithmetic, GLV decomposition and recoding, the lookup
//! table, and every multiplication path. Shared by this crate's tests
//! (`tests/suite/internals.rs`, `tests/suite/fixed_base.rs`) and the fuzz targets
//! (`twinmul-adapters` includes this file as its `lowlevel` module), so no
//! check lives only in one. Each function panics with a message on the
//! first disagreement.
#![allow(dead_code)] // the fuzz targets use the rest

use num_bigint::BigUint;
use twinmul::arith::field::FieldParams;
use twinmul::arith::montgomery::Fp;
use twinmul::curves::{bls12_381, bn254, secp256k1, toy};
use twinmul::mul::comb::GeneratorTable;
use twinmul::mul::glv::decompose;
use twinmul::mul::glv::split_odd;
use twinmul::mul::recode::digits_for;
use twinmul::mul::recode::odd_digits_for;
use twinmul::mul::recode::recode;
use twinmul::mul::recode::wnaf_vartime;
use twinmul::point::params::CurveParams;
use twinmul::point::projective::ProjectivePoint;
use twinmul::{mul, Field, LookupTable, ScalarField};
use twinmul_reference::weierstrass::{self as rw, Curve as RefCurve};

/// The GLV constants of a curve that has an endomorphism (panics otherwise:
/// a test asking for them on another curve is a bug of the test).
pub fn glv<C: CurveParams>() -> twinmul::point::params::GlvParams<C::Scalar> {
    C::ENDOMORPHISM
        .expect("a curve with a GLV endomorphism")
        .glv
}

/// A little-endian limb array as a big integer.
pub fn big<const N: usize>(l: &[u64; N]) -> BigUint {
    let mut b = Vec::with_capacity(8 * N);
    for x in l {
        b.extend_from_slice(&x.to_le_bytes());
    }
    BigUint::from_bytes_le(&b)
}

/// A big integer (< 2^(64N)) as little-endian limbs.
pub fn limbs<const N: usize>(v: &BigUint) -> [u64; N] {
    let mut b = v.to_bytes_le();
    b.resize(8 * N, 0);
    std::array::from_fn(|i| {
        u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("checked above"))
    })
}

/// The variable-time view (`Vartime<F>`, the field the vartime point
/// paths run on) gives what `F` gives, operation by operation (square
/// roots only where `has_sqrt`: p ≡ 3 mod 4).
pub fn vartime_view_case<F: Field>(a: F, b: F, has_sqrt: bool) {
    use subtle::{ConditionallySelectable, ConstantTimeEq};
    use twinmul::arith::vartime::Vartime;
    let same =
        |x: Vartime<F>, y: F, what: &str| assert!(bool::from(x.0.ct_eq(&y)), "Vartime {what}");
    let (va, vb) = (Vartime(a), Vartime(b));
    same(va + vb, a + b, "add");
    same(va - vb, a - b, "sub");
    same(va * vb, a * b, "mul");
    same(-va, -a, "neg");
    same(va.square(), a.square(), "square");
    same(va.square_vartime(), a.square(), "square_vartime");
    same(va.mul_vartime(&vb), a * b, "mul_vartime");
    same(va.double(), a.double(), "double");
    same(va.half(), a.half(), "half");
    same(va.sub_mag::<1>(&vb), a - b, "sub_mag");
    let inv = |x: Option<Vartime<F>>, y: Option<F>, what: &str| match (x, y) {
        (Some(x), Some(y)) => same(x, y, what),
        (None, None) => {}
        _ => panic!("Vartime {what}: existence differs"),
    };
    inv(va.invert().into(), a.invert().into(), "invert");
    inv(va.invert_vartime(), a.invert_vartime(), "invert_vartime");
    if has_sqrt {
        inv(va.sqrt().into(), a.sqrt().into(), "sqrt");
        inv(va.sqrt_vartime(), a.sqrt_vartime(), "sqrt_vartime");
    }
    assert_eq!(
        bool::from(va.is_zero()),
        bool::from(a.is_zero()),
        "Vartime is_zero"
    );
    assert_eq!(
        va.is_zero_vartime(),
        bool::from(a.is_zero()),
        "Vartime is_zero_vartime"
    );
    assert_eq!(
        bool::from(va.is_odd()),
        bool::from(a.is_odd()),
        "Vartime is_odd"
    );
    assert_eq!(
        bool::from(va.is_lexicographically_largest()),
        bool::from(a.is_lexicographically_largest()),
        "Vartime is_lexicographically_largest"
    );
    let mut bytes = vec![0u8; F::NUM_BYTES];
    va.write_be_bytes(&mut bytes);
    inv(Vartime::<F>::from_be_bytes(&bytes).into(), Some(a), "bytes");
    same(Vartime::<F>::from_u64(7), F::from_u64(7), "from_u64");
    for c in [0u8, 1] {
        let choice = subtle::Choice::from(c);
        same(
            Vartime::conditional_select(&va, &vb, choice),
            F::conditional_select(&a, &b, choice),
            "conditional_select",
        );
    }
    assert_eq!(
        bool::from(va.ct_eq(&vb)),
        bool::from(a.ct_eq(&b)),
        "Vartime ct_eq"
    );
    let (mut x, mut y) = (va, a);
    x.or_masked(&vb, u64::MAX);
    y.or_masked(&b, u64::MAX);
    same(x, y, "or_masked");
    let mut z = va;
    zeroize::Zeroize::zeroize(&mut z);
    same(z, F::ZERO, "zeroize");
}

/// Field checks for one `Fp<P, N>` against modular big-integer arithmetic.
pub fn field_case<P: FieldParams<N>, const N: usize>(a: &BigUint, b: &BigUint) {
    let p = big(&P::MODULUS);
    let (a, b) = (a % &p, b % &p);
    let fa = Fp::<P, N>::from_canonical_limbs(&limbs(&a)).expect("checked above");
    let fb = Fp::<P, N>::from_canonical_limbs(&limbs(&b)).expect("checked above");
    let val = |f: Fp<P, N>| big(&f.to_canonical_limbs());
    assert_eq!(val(fa + fb), (&a + &b) % &p, "add");
    assert_eq!(val(fa - fb), (&a + &p - &b) % &p, "sub");
    assert_eq!(val(fa * fb), (&a * &b) % &p, "mul");
    assert_eq!(val(fa.square()), (&a * &a) % &p, "square");
    // The variable-time product: the same canonical Montgomery limbs.
    for (x, y) in [(fa, fb), (fa, fa), (-fa, fb), (-fa, -fb)] {
        assert_eq!(
            x.mul_vartime(&y).montgomery_limbs(),
            (x * y).montgomery_limbs(),
            "mul_vartime"
        );
    }
    assert_eq!(val(-fa), (&p - &a) % &p, "neg");
    assert_eq!(val(fa.double()), (&a * 2u32) % &p, "double");
    // a/2 = a·(p + 1)/2: checked as 2·half = a and against the big integer.
    assert_eq!(val(fa.half()), (&a * ((&p + 1u32) >> 1)) % &p, "half");
    assert_eq!(fa.half().double(), fa, "half doubles back");
    let inv = Option::<Fp<P, N>>::from(fa.invert());
    let inv_v = fa.invert_vartime();
    if a == BigUint::from(0u32) {
        assert!(inv.is_none() && inv_v.is_none(), "0 has no inverse");
    } else {
        let want = a.modpow(&(&p - 2u32), &p);
        assert_eq!(val(inv.expect("checked above")), want, "invert");
        assert_eq!(val(inv_v.expect("checked above")), want, "invert_vartime");
    }
    if &p % 4u32 == BigUint::from(3u32) {
        let r = a.modpow(&((&p + 1u32) >> 2), &p);
        let is_sq = (&r * &r) % &p == a;
        let s = Option::<Fp<P, N>>::from(fa.sqrt());
        assert_eq!(s.is_some(), is_sq, "sqrt existence");
        if let Some(s) = s {
            assert_eq!((val(s) * val(s)) % &p, a, "sqrt squares back");
        }
        let sv = fa.sqrt_vartime();
        assert_eq!(sv.is_some(), is_sq, "sqrt_vartime existence");
        if let Some(sv) = sv {
            assert_eq!((val(sv) * val(sv)) % &p, a, "sqrt_vartime squares back");
        }
    }
    assert_eq!(bool::from(fa.is_odd()), a.bit(0), "is_odd");
    let mut bytes = vec![0u8; 8 * N];
    fa.write_be_bytes(&mut bytes);
    assert_eq!(BigUint::from_bytes_be(&bytes), a, "to bytes");
    assert_eq!(
        Option::<Fp<P, N>>::from(Fp::from_be_bytes(&bytes)),
        Some(fa),
        "from bytes"
    );
    vartime_view_case(fa, fb, &p % 4u32 == BigUint::from(3u32));
}

/// One `fe52_case`: two values as big integers mod p and as field elements.
struct Fe52Case {
    p: BigUint,
    a: BigUint,
    b: BigUint,
    fa: secp256k1::Fe,
    fb: secp256k1::Fe,
}

type Fe52 = secp256k1::Fe;

fn fe52_val(f: Fe52) -> BigUint {
    big(&f.to_canonical_limbs())
}

/// x + x + … + x, k terms: a lazy sum of magnitude k.
fn fe52_sum(x: Fe52, k: u32) -> Fe52 {
    (1..k).fold(x, |acc, _| acc + x)
}

/// Field checks for secp256k1's 5 × 52-bit field (`Fe52`, lazy sums)
/// against modular big-integer arithmetic: every operation, and chains that
/// take each one to the magnitude its bound allows (eight-term sums into a
/// product, a sixteen-term sum into a difference, a halved sum), so that the
/// unreduced representatives are checked too.
pub fn fe52_case(a: &BigUint, b: &BigUint) {
    let p = big(&secp256k1::BaseParams::MODULUS);
    let (a, b) = (a % &p, b % &p);
    let c = Fe52Case {
        fa: Fe52::from_canonical_limbs(&limbs(&a)).expect("reduced above"),
        fb: Fe52::from_canonical_limbs(&limbs(&b)).expect("reduced above"),
        p,
        a,
        b,
    };
    fe52_operations(&c);
    vartime_view_case(c.fa, c.fb, true);
    fe52_lazy_chains(&c);
    fe52_zero_tests(&c);
    fe52_inverse_and_root(&c);
    fe52_predicates_and_bytes(&c);
}

/// Each operation once, on canonical inputs.
fn fe52_operations(c: &Fe52Case) {
    let (p, a, b, fa, fb) = (&c.p, &c.a, &c.b, c.fa, c.fb);
    assert_eq!(fe52_val(fa + fb), (a + b) % p, "add");
    assert_eq!(fe52_val(fa - fb), (a + p - b) % p, "sub");
    assert_eq!(fe52_val(fa * fb), (a * b) % p, "mul");
    assert_eq!(fe52_val(fa.square()), (a * a) % p, "square");
    assert_eq!(fe52_val(fa.mul_vartime(&fb)), (a * b) % p, "mul_vartime");
    assert_eq!(fe52_val(-fa), (p - a) % p, "neg");
    assert_eq!(fe52_val(fa.double()), (a * 2u32) % p, "double");
    assert_eq!(fe52_val(fa.half()), (a * ((p + 1u32) >> 1)) % p, "half");
}

/// Lazy chains at the magnitude bounds, on unreduced products.
fn fe52_lazy_chains(c: &Fe52Case) {
    let p = &c.p;
    let (pa, pb) = (c.fa * c.fb, c.fb.square());
    let (ab, bb) = ((&c.a * &c.b) % p, (&c.b * &c.b) % p);
    let sum = fe52_sum;
    assert_eq!(
        fe52_val(sum(pa, 8) * sum(pb, 8)),
        (&ab * 8u32 * &bb * 8u32) % p,
        "8-term sums into a product"
    );
    assert_eq!(
        fe52_val(sum(pb, 8).square()),
        (&bb * &bb * 64u32) % p,
        "8-term sum squared"
    );
    assert_eq!(
        fe52_val(sum(pa, 16) - sum(pb, 16)),
        (&ab * 16u32 + p * 16u32 - &bb * 16u32) % p,
        "16-term sums into a difference"
    );
    assert_eq!(
        fe52_val(-sum(pa, 16)),
        (p * 16u32 - &ab * 16u32) % p,
        "16-term sum negated"
    );
    assert_eq!(
        fe52_val(sum(pa, 3).half() * pb),
        (&ab * 3u32 * ((p + 1u32) >> 1) % p * &bb) % p,
        "halved sum into a product"
    );
    assert!(sum(pa, 5) == sum(pa, 2) + sum(pa, 3), "ct_eq on sums");
    assert_eq!(
        sum(pa, 5) == sum(pa, 4),
        ab == BigUint::from(0u32),
        "ct_eq, unequal"
    );
    assert_eq!(
        fe52_val(sum(pa, 3).sub_mag::<8>(&sum(pb, 8))),
        (&ab * 3u32 + p * 8u32 - &bb * 8u32) % p,
        "sub_mag"
    );
}

/// Zero tests on representatives of 0 (a difference of equal sums, of
/// magnitude 4) and of a, both the constant-time and the vartime one.
fn fe52_zero_tests(c: &Fe52Case) {
    let pa = c.fa * c.fb;
    let sum = fe52_sum;
    let zero = sum(pa, 4).sub_mag::<4>(&sum(pa, 2).double());
    assert!(
        bool::from((sum(pa, 4) - sum(pa, 2).double()).is_zero()),
        "is_zero"
    );
    assert!(
        zero.is_zero_vartime() && bool::from(zero.is_zero()),
        "is_zero, lazy"
    );
    let a_is_zero = c.a == BigUint::from(0u32);
    assert_eq!(c.fa.is_zero_vartime(), a_is_zero, "is_zero_vartime");
    assert_eq!(bool::from(c.fa.is_zero()), a_is_zero, "is_zero of a");
}

/// Inversion (both) and square roots (both) against Fermat and Euler.
fn fe52_inverse_and_root(c: &Fe52Case) {
    let (p, a, fa) = (&c.p, &c.a, c.fa);
    let inv = Option::<Fe52>::from(fa.invert());
    let inv_v = fa.invert_vartime();
    if *a == BigUint::from(0u32) {
        assert!(inv.is_none() && inv_v.is_none(), "0 has no inverse");
    } else {
        let want = a.modpow(&(p - 2u32), p);
        assert_eq!(inv.map(fe52_val), Some(want.clone()), "invert");
        assert_eq!(inv_v.map(fe52_val), Some(want), "invert_vartime");
    }
    let r = a.modpow(&((p + 1u32) >> 2), p);
    let is_sq = (&r * &r) % p == *a;
    for (s, what) in [
        (Option::<Fe52>::from(fa.sqrt()), "sqrt"),
        (fa.sqrt_vartime(), "sqrt_vartime"),
    ] {
        assert_eq!(s.is_some(), is_sq, "{what} existence");
        if let Some(s) = s {
            assert_eq!((fe52_val(s) * fe52_val(s)) % p, *a, "{what} squares back");
        }
    }
}

/// Parity, sign and the byte codec, with values ≥ p refused.
fn fe52_predicates_and_bytes(c: &Fe52Case) {
    let (p, a, fa) = (&c.p, &c.a, c.fa);
    let pa = c.fa * c.fb;
    let ab = (&c.a * &c.b) % p;
    assert_eq!(bool::from(fa.is_odd()), a.bit(0), "is_odd");
    assert_eq!(
        bool::from((pa + pa).is_odd()),
        ((&ab * 2u32) % p).bit(0),
        "is_odd of a sum"
    );
    assert_eq!(
        bool::from(fa.is_lexicographically_largest()),
        *a > (p - 1u32) >> 1,
        "lexicographically largest"
    );
    let mut bytes = vec![0u8; 32];
    fa.write_be_bytes(&mut bytes);
    assert_eq!(BigUint::from_bytes_be(&bytes), *a, "to bytes");
    assert_eq!(
        Option::<Fe52>::from(Fe52::from_be_bytes(&bytes)),
        Some(fa),
        "from bytes"
    );
    // Every value ≥ p is refused: p + a when that still fits 256 bits.
    let over = p + a;
    if over.bits() <= 256 {
        let mut bytes = over.to_bytes_be();
        bytes.splice(0..0, vec![0; 32 - bytes.len()]);
        assert!(
            bool::from(Fe52::from_be_bytes(&bytes).is_none()),
            "≥ p refused"
        );
    }
}

/// `field_case` on every base and scalar field of the crate, and
/// `fe52_case` on secp256k1's 5 × 52-bit base field.
pub fn all_fields(a: &BigUint, b: &BigUint) {
    fe52_case(a, b);
    field_case::<secp256k1::BaseParams, 4>(a, b);
    field_case::<secp256k1::ScalarParams, 4>(a, b);
    field_case::<bn254::BaseParams, 4>(a, b);
    field_case::<bn254::ScalarParams, 4>(a, b);
    field_case::<bls12_381::BaseParams, 6>(a, b);
    field_case::<bls12_381::ScalarParams, 4>(a, b);
    field_case::<toy::BaseParams, 1>(a, b);
}

/// The decomposition of k: k₁ + k₂λ ≡ k, both halves within the proven bound,
/// the recoding of each half reconstructs it, and the odd-digit split of
/// the constant-time `mul` spells k.
pub fn check_split<C: CurveParams>(k: &C::Scalar) {
    let n = big(&C::Scalar::ORDER);
    let lambda = big(&glv::<C>().lambda);
    let s = decompose(k, &glv::<C>());
    let signed = |v: &[u64; 4], neg: subtle::Choice| {
        if bool::from(neg) {
            (&n - big(v)) % &n
        } else {
            big(v) % &n
        }
    };
    let (k1, k2) = (signed(&s.k1, s.neg1), signed(&s.k2, s.neg2));
    assert_eq!(
        (k1 + k2 * &lambda) % &n,
        big(&k.to_le_limbs()),
        "k₁ + k₂λ ≡ k"
    );
    for (v, neg) in [(s.k1, s.neg1), (s.k2, s.neg2)] {
        assert!(
            big(&v).bits() <= glv::<C>().bound_bits as u64,
            "|half| < 2^bound: {:?}",
            big(&v)
        );
        let d = digits_for(glv::<C>().bound_bits, 4);
        let digits = recode(&v, 4, d);
        let mut acc = num_bigint::BigInt::from(0);
        for &x in digits[..d].iter().rev() {
            assert!((-8..=8).contains(&x), "digit range");
            acc = acc * 16 + x;
        }
        assert_eq!(
            acc,
            num_bigint::BigInt::from(big(&v)),
            "recoding reconstructs"
        );
        if !bool::from(neg) && big(&v) == BigUint::from(0u32) {
            assert!(digits.iter().all(|&x| x == 0));
        }
        let (naf, len) = wnaf_vartime(&v, 5);
        let mut acc = num_bigint::BigInt::from(0);
        for &x in naf[..len].iter().rev() {
            assert!(x == 0 || (x % 2 != 0 && x.abs() < 16), "wNAF digit");
            acc = acc * 2 + x;
        }
        assert_eq!(acc, num_bigint::BigInt::from(big(&v)), "wNAF reconstructs");
    }
    // The odd-digit split of the constant-time `mul`, at its width 5 and at
    // width 4: every digit odd and within ±(2^w − 1), and
    // Σ dᵢ2^(wi) + λ·Σ eᵢ2^(wi) ≡ k.
    for w in [4u32, 5] {
        let d = odd_digits_for(glv::<C>().bound_bits + 1, w);
        let (d1, d2) = split_odd(k, &glv::<C>(), w, d);
        let eval = |digits: &[i8]| {
            let mut acc = num_bigint::BigInt::from(0);
            for &x in digits[..d].iter().rev() {
                assert!(
                    x % 2 != 0 && (x as i32).abs() < 1 << w,
                    "odd digit range: {x} at w = {w}"
                );
                acc = (acc << w) + x;
            }
            assert!(digits[d..].iter().all(|&x| x == 0), "digits past the count");
            acc
        };
        let nn = num_bigint::BigInt::from(n.clone());
        let got = (eval(&d1) + eval(&d2) * num_bigint::BigInt::from(lambda.clone())) % &nn;
        let got = ((got + &nn) % &nn)
            .to_biguint()
            .expect("reduced mod n: non-negative");
        assert_eq!(got, big(&k.to_le_limbs()), "odd split ≡ k (w = {w})");
    }
}

/// An optimized point as a reference affine point.
pub fn to_ref<C: CurveParams>(p: &ProjectivePoint<C>) -> rw::Point {
    let a = p.to_affine();
    if bool::from(a.infinity) {
        return None;
    }
    let (mut x, mut y) = (vec![0u8; C::Fe::NUM_BYTES], vec![0u8; C::Fe::NUM_BYTES]);
    a.x.write_be_bytes(&mut x);
    a.y.write_be_bytes(&mut y);
    Some((BigUint::from_bytes_be(&x), BigUint::from_bytes_be(&y)))
}

/// Where `mul_paths` takes its expected values from.
#[derive(Clone, Copy)]
pub enum Oracle<'a> {
    /// The naive reference crate (big integers, affine points): the
    /// independent oracle, ~10 ms per multiplication.
    Reference(&'a RefCurve),
    /// The optimized crate's own double-and-add (no GLV, no window, no
    /// table): it shares only the field and point formulas with the paths
    /// under test, so it pins the GLV split, recodings and tables at ~100×
    /// the reference's throughput. The `glv` fuzz target uses it; the `mul`
    /// target and the proptests compare the same paths with the reference.
    Ladder,
}

/// mul, mul_complete, mul_vartime, mul2_vartime (vector where the CPU has
/// IFMA, portable and projective) and plain
/// double-and-add agree with the oracle on the scalar `k` and the point
/// P = j·G.
pub fn mul_paths<C: GeneratorTable>(oracle: Oracle, k: &[u64; 4], j: &[u64; 4]) {
    let k = C::Scalar::from_le_limbs_reduced(k);
    let j = C::Scalar::from_le_limbs_reduced(j);
    let g = ProjectivePoint::<C>::generator();
    let p = mul::mul_vartime(&g, &j);
    let (want, want2) = match oracle {
        Oracle::Reference(r) => {
            let (kb, jb) = (big(&k.to_le_limbs()), big(&j.to_le_limbs()));
            let pref = r.mul_g(&jb);
            assert_eq!(to_ref(&p), pref, "P = j·G");
            let want2 = r.add(&r.mul_g(&kb), &r.mul(&jb, &pref));
            (r.mul(&kb, &pref), want2)
        }
        Oracle::Ladder => {
            let want = mul::mul_double_and_add(&p, &k);
            let want2 = mul::mul_double_and_add(&g, &k).add(&mul::mul_double_and_add(&p, &j));
            (to_ref(&want), to_ref(&want2))
        }
    };
    assert_eq!(to_ref(&mul::mul(&p, &k)), want, "mul");
    assert_eq!(to_ref(&mul::mul_portable(&p, &k)), want, "mul portable");
    assert_eq!(to_ref(&mul::mul_complete(&p, &k)), want, "mul_complete");
    assert_eq!(to_ref(&mul::mul_vartime(&p, &k)), want, "mul_vartime");
    assert_eq!(
        to_ref(&mul::mul_vartime_portable(&p, &k)),
        want,
        "mul_vartime portable"
    );
    assert_eq!(
        to_ref(&mul::mul_double_and_add(&p, &k)),
        want,
        "double-and-add"
    );
    assert_eq!(to_ref(&mul::mul2_vartime(&k, &j, &p)), want2, "mul2");
    assert_eq!(
        to_ref(&mul::mul2_vartime_portable(&k, &j, &p)),
        want2,
        "mul2 portable"
    );
    assert_eq!(
        to_ref(&mul::mul2_vartime_projective(&k, &j, &p)),
        want2,
        "mul2 projective"
    );
    table_helpers(&p, &mul::mul_vartime(&g, &k));
}

/// The formulas the table generator builds on: the mixed addition equals
/// the full one (on P, Q, the identity, and P + (−P)), and the batch
/// conversion to affine equals one conversion at a time.
fn table_helpers<C: CurveParams>(p: &ProjectivePoint<C>, q: &ProjectivePoint<C>) {
    use subtle::{ConditionallySelectable, ConstantTimeEq};
    use twinmul::point::affine::AffinePoint;
    let id = ProjectivePoint::<C>::identity();
    for (a, b) in [(p, q), (q, p), (&id, q), (p, &id), (p, &p.neg())] {
        assert_eq!(
            to_ref(&a.add_mixed(&b.to_affine())),
            to_ref(&a.add(b)),
            "add_mixed"
        );
    }
    let points = [*p, *q, id, p.add(q)];
    let mut batch = [AffinePoint::<C>::identity(); 4];
    twinmul::point::projective::batch_to_affine(&points, &mut batch);
    for (one, b) in points.iter().zip(&batch) {
        let single = one.to_affine();
        assert!(bool::from(single.ct_eq(b)), "batch_to_affine");
        let chosen = AffinePoint::conditional_select(&single, b, subtle::Choice::from(1));
        assert!(bool::from(chosen.ct_eq(b)), "affine select");
    }
}

/// The constant-time lookup equals the indexed read for digit `d` on the
/// multiples of k·G (secp256k1).
pub fn lookup_case(k: &[u64; 4], d: i8) {
    type P = secp256k1::Point;
    let g = mul::mul_vartime(
        &P::generator(),
        &secp256k1::Scalar::from_le_limbs_reduced(k),
    );
    let mut e = [g; 8];
    for i in 1..8 {
        e[i] = e[i - 1].add(&g);
    }
    let t = LookupTable::new(e);
    let id = P::identity();
    let d = d.clamp(-8, 8);
    let got = t.select(d, id);
    let want = match d {
        0 => id,
        d if d > 0 => t.get_vartime(d as usize - 1),
        d => t.get_vartime((-d) as usize - 1).neg(),
    };
    assert!(
        bool::from(subtle::ConstantTimeEq::ct_eq(&got, &want)),
        "lookup digit {d}"
    );
}

/// The toy curve's reference twin, for exhaustive comparisons.
pub fn ref_toy() -> RefCurve {
    RefCurve {
        p: 211u32.into(),
        n: 199u32.into(),
        a: 0u32.into(),
        b: 2u32.into(),
        g: Some((4u32.into(), 53u32.into())),
    }
}
