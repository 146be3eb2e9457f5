//! Field-operation counts of the scalar multiplications, measured: every
//! curve runs again over `Counted<F>`, a field that forwards to the real
//! one and counts each product, square, linear operation (add, sub,
//! negation, doubling, halving) and masked select/OR of a table scan. The
//! tests pin the counts of `mul` (constant time) to the schedule that
//! `mul.rs` and `jacobian.rs` document, and those of `mul_vartime` to the
//! same formulas applied to the wNAF digits of the scalar; `cargo test
//! --test op_counts -- --nocapture` prints the table the performance notes
//! quote ("number of field products per scalar multiplication").

// The counting operator impls add to a counter beside the operation.
#![allow(clippy::suspicious_arithmetic_impl)]

use std::cell::Cell;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use twinmul::curves::{bls12_381, bn254, secp256k1};
use twinmul::mul::glv::decompose;
use twinmul::mul::recode::wnaf_vartime;
use twinmul::point::params::{CurveParams, Endomorphism, GlvParams};
use twinmul::point::projective::ProjectivePoint;
use twinmul::{Field, ScalarField};

/// Products, squares, linear operations, masked selects/ORs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    m: u64,
    s: u64,
    lin: u64,
    sel: u64,
}

thread_local! {
    static COUNTS: Cell<Counts> = Cell::new(Counts::default());
}

fn bump(f: impl Fn(&mut Counts)) {
    COUNTS.with(|c| {
        let mut v = c.get();
        f(&mut v);
        c.set(v);
    });
}

/// The counts of `run`, measured on this thread.
fn count<T>(run: impl FnOnce() -> T) -> (T, Counts) {
    COUNTS.with(|c| c.set(Counts::default()));
    let out = run();
    (out, COUNTS.with(|c| c.get()))
}

/// A field element of `F` whose operations are counted.
#[derive(Clone, Copy, Default)]
struct Counted<F>(F);

impl<F: fmt::Debug> fmt::Debug for Counted<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
impl<F: Field> Add for Counted<F> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        bump(|c| c.lin += 1);
        Counted(self.0 + o.0)
    }
}
impl<F: Field> Sub for Counted<F> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        bump(|c| c.lin += 1);
        Counted(self.0 - o.0)
    }
}
impl<F: Field> Mul for Counted<F> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        bump(|c| c.m += 1);
        Counted(self.0 * o.0)
    }
}
impl<F: Field> Neg for Counted<F> {
    type Output = Self;
    fn neg(self) -> Self {
        bump(|c| c.lin += 1);
        Counted(-self.0)
    }
}
impl<F: Field> ConditionallySelectable for Counted<F> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        bump(|c| c.sel += 1);
        Counted(F::conditional_select(&a.0, &b.0, choice))
    }
}
impl<F: Field> ConstantTimeEq for Counted<F> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}
impl<F: Field> zeroize::Zeroize for Counted<F> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<F: Field> Field for Counted<F> {
    const ZERO: Self = Counted(F::ZERO);
    const ONE: Self = Counted(F::ONE);
    const NUM_BYTES: usize = F::NUM_BYTES;
    fn square(&self) -> Self {
        bump(|c| c.s += 1);
        Counted(self.0.square())
    }
    fn double(&self) -> Self {
        bump(|c| c.lin += 1);
        Counted(self.0.double())
    }
    fn half(&self) -> Self {
        bump(|c| c.lin += 1);
        Counted(self.0.half())
    }
    fn invert(&self) -> CtOption<Self> {
        self.0.invert().map(Counted)
    }
    fn invert_vartime(&self) -> Option<Self> {
        self.0.invert_vartime().map(Counted)
    }
    fn sqrt(&self) -> CtOption<Self> {
        self.0.sqrt().map(Counted)
    }
    fn sqrt_vartime(&self) -> Option<Self> {
        self.0.sqrt_vartime().map(Counted)
    }
    fn is_zero(&self) -> Choice {
        self.0.is_zero()
    }
    fn is_odd(&self) -> Choice {
        self.0.is_odd()
    }
    fn is_lexicographically_largest(&self) -> Choice {
        self.0.is_lexicographically_largest()
    }
    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self> {
        F::from_be_bytes(bytes).map(Counted)
    }
    fn write_be_bytes(&self, out: &mut [u8]) {
        self.0.write_be_bytes(out)
    }
    fn from_u64(v: u64) -> Self {
        Counted(F::from_u64(v))
    }
    fn or_masked(&mut self, other: &Self, mask: u64) {
        bump(|c| c.sel += 1);
        self.0.or_masked(&other.0, mask)
    }
    fn is_zero_vartime(&self) -> bool {
        self.0.is_zero_vartime()
    }
    fn square_vartime(&self) -> Self {
        bump(|c| c.s += 1);
        Counted(self.0.square_vartime())
    }
    fn sub_mag<const M: u32>(&self, rhs: &Self) -> Self {
        bump(|c| c.lin += 1);
        Counted(self.0.sub_mag::<M>(&rhs.0))
    }
    fn mul_vartime(&self, rhs: &Self) -> Self {
        bump(|c| c.m += 1);
        Counted(self.0.mul_vartime(&rhs.0))
    }
}

/// Curve `C` over the counted field.
#[derive(Clone, Copy, Debug)]
struct On<C>(C);

impl<C: CurveParams> CurveParams for On<C> {
    type Fe = Counted<C::Fe>;
    type Scalar = C::Scalar;
    const B: Self::Fe = Counted(C::B);
    const B3: Self::Fe = Counted(C::B3);
    const GENERATOR: (Self::Fe, Self::Fe) = (Counted(C::GENERATOR.0), Counted(C::GENERATOR.1));
    const ENDOMORPHISM: Option<Endomorphism<Self::Fe, C::Scalar>> = match C::ENDOMORPHISM {
        Some(e) => Some(Endomorphism {
            beta: Counted(e.beta),
            glv: e.glv,
        }),
        None => None,
    };
}

/// The GLV constants of a curve with an endomorphism.
fn glv<C: CurveParams>() -> GlvParams<C::Scalar> {
    C::ENDOMORPHISM.expect("a GLV curve").glv
}

/// M and S of the schedules (module docs of `mul.rs` and `jacobian.rs`).
const fn ms(m: u64, s: u64) -> Counts {
    Counts {
        m,
        s,
        lin: 0,
        sel: 0,
    }
}
fn times(n: u64, c: Counts) -> Counts {
    ms(n * c.m, n * c.s)
}
fn sum(parts: &[Counts]) -> Counts {
    parts.iter().fold(ms(0, 0), |a, b| ms(a.m + b.m, a.s + b.s))
}
/// Projective (X : Y : Z) → Jacobian (X·Z, Y·Z², Z).
const FROM_PROJECTIVE: Counts = ms(2, 1);
/// The Jacobian doubling (3M + 4S).
const DOUBLE: Counts = ms(3, 4);
/// The constant-time mixed addition (7M + 5S).
const ADD_CT: Counts = ms(7, 5);
/// The variable-time mixed addition (8M + 3S).
const ADD_VAR: Counts = ms(8, 3);
/// Jacobian (X : Y : Z·g) → projective (X·Z′ : Y : Z′³).
const TO_PROJECTIVE: Counts = ms(3, 1);

/// The effective-affine table of `n` odd multiples: the co-Z doubling
/// (DBLU), n − 1 co-Z additions (4M + 2S, and 1M for the running Z), the
/// global-Z pass (one S and three M per entry but the last, whose Z it is,
/// and one M per ratio folded in), and φ's n products by β.
fn table(n: u64) -> Counts {
    sum(&[
        ms(3, 4),
        times(n - 1, ms(5, 2)),
        times(n - 1, ms(3, 1)),
        ms(n - 2, 0),
        ms(n, 0),
    ])
}

fn scalars<C: CurveParams>() -> Vec<C::Scalar> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut v = vec![
        C::Scalar::ONE,
        -C::Scalar::ONE,
        C::Scalar::from_le_limbs_reduced(&glv::<C>().lambda),
    ];
    v.extend((0..20).map(|_| C::Scalar::from_le_limbs_reduced(&[next(), next(), next(), next()])));
    v
}

/// The point of `On<C>` as one of `C`.
fn strip<C: CurveParams>(p: &ProjectivePoint<On<C>>) -> ProjectivePoint<C> {
    ProjectivePoint {
        x: p.x.0,
        y: p.y.0,
        z: p.z.0,
    }
}

/// Checks the counts of `mul` and `mul_vartime` on curve `C` for a point of
/// Z ≠ 1 and several scalars, and returns the constant-time count and the
/// mean variable-time count.
fn check<C: CurveParams>(name: &str) -> (Counts, Counts) {
    let g = ProjectivePoint::<On<C>>::generator();
    let p = g.double().add(&g);
    let plain = strip(&p);
    // The constant-time schedule: 26 odd digits of 5 bits per GLV half
    // (bound ≤ 129 bits, plus one), the first lookup free, then 25 × (5
    // doublings + 2 additions) and one more addition for the top digit of
    // the second half.
    let digits = twinmul::mul::recode::odd_digits_for(glv::<C>().bound_bits + 1, 5) as u64;
    let want_ct = sum(&[
        FROM_PROJECTIVE,
        table(16),
        times(2 * digits - 1, ADD_CT),
        times(5 * (digits - 1), DOUBLE),
        TO_PROJECTIVE,
    ]);
    let mut ct = None;
    let (mut vm, mut vs, mut vl, mut n) = (0u64, 0u64, 0u64, 0u64);
    for (i, k) in scalars::<C>().into_iter().enumerate() {
        let (r, got) = count(|| twinmul::mul::mul(&p, &k));
        assert!(
            bool::from(strip(&r).ct_eq(&twinmul::mul::mul(&plain, &k))),
            "{name}: counted mul differs"
        );
        assert_eq!(
            ms(got.m, got.s),
            want_ct,
            "{name}: constant-time mul, k = {k:?}"
        );
        // Constant time: not only the products, every operation counts the same.
        assert_eq!(
            *ct.get_or_insert(got),
            got,
            "{name}: constant-time counts vary with k"
        );

        // Variable time: len doublings (of ∞ too, which costs the same), one
        // addition per non-zero wNAF digit but the first (∞ + Q is free).
        let s = decompose(&k, &glv::<C>());
        let (n1, l1) = wnaf_vartime(&s.k1, 5);
        let (n2, l2) = wnaf_vartime(&s.k2, 5);
        let len = l1.max(l2) as u64;
        let nz = n1.iter().chain(n2.iter()).filter(|&&d| d != 0).count() as u64;
        let want_var = sum(&[
            FROM_PROJECTIVE,
            table(8),
            times(len, DOUBLE),
            times(nz - 1, ADD_VAR),
            TO_PROJECTIVE,
        ]);
        let (r, got) = count(|| twinmul::mul::mul_vartime(&p, &k));
        assert!(
            bool::from(strip(&r).ct_eq(&twinmul::mul::mul_vartime(&plain, &k))),
            "{name}: counted mul_vartime differs"
        );
        assert_eq!(ms(got.m, got.s), want_var, "{name}: mul_vartime, k = {k:?}");
        // The mean over the random scalars only (1, −1 and λ have halves
        // of a bit).
        if i >= 3 {
            vm += got.m;
            vs += got.s;
            vl += got.lin;
            n += 1;
        }
    }
    let ct = ct.expect("at least one scalar");
    let var = Counts {
        m: vm / n,
        s: vs / n,
        lin: vl / n,
        sel: 0,
    };
    println!(
        "{name}: mul {}M + {}S = {} products, {} linear, {} masked selects/ORs; mul_vartime (mean over {n} random k) {}M + {}S = {} products, {} linear; product ratio {:.3}",
        ct.m,
        ct.s,
        ct.m + ct.s,
        ct.lin,
        ct.sel,
        var.m,
        var.s,
        var.m + var.s,
        var.lin,
        (ct.m + ct.s) as f64 / (var.m + var.s) as f64
    );
    (ct, var)
}

#[test]
fn secp256k1_counts() {
    check::<secp256k1::Secp256k1>("secp256k1");
}

#[test]
fn bn254_counts() {
    check::<bn254::Bn254>("BN254");
}

#[test]
fn bls12_381_counts() {
    check::<bls12_381::Bls12_381>("BLS12-381");
}
