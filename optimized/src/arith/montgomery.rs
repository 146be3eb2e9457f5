//! One generic constant-time Montgomery prime field, `Fp<P, N>`, over
//! `[u64; N]`.
//!
//! Representation invariant: `limbs` holds a representative of `a·R mod p`
//! with `R = 2^(64N)`: fully reduced (`< p`), except for moduli with two
//! spare top bits (`LAZY`: the BN254 and BLS12-381 base fields, BN254's
//! scalar field, the toy curve), where it is any value `< 2p`, so that
//! products skip their final subtraction. Whatever looks at the value
//! (equality, bytes, parity, inversion) reduces first.
//!
//! The derived constants (R, R², −p⁻¹ mod 2⁶⁴, the exponents for inversion
//! and square roots) are computed by `const fn` from the modulus alone.
//! Products take one of three paths, chosen by constants of the modulus:
//! no-carry CIOS for moduli with a spare top bit, a REDC that folds
//! R ≡ c for p = 2^(64N) − c (secp256k1), and otherwise a schoolbook product
//! followed by REDC (Montgomery 1985) with one extra carry bit, correct for
//! every odd modulus below 2^(64N).
//!
//! secp256k1's curve arithmetic runs on `fe52.rs` instead (5 × 52-bit limbs,
//! lazy sums); `Fp` over its modulus serves that field's inversion and is
//! the product it is tested against.
//!
//! Constant time: every operation except the `_vartime` ones runs the same
//! instructions for every value; exponents are public constants.

use super::field::{Field, FieldParams};
use super::limbs::{self, adc, mac, sbb};
use super::secp256k1_sqrt;
use super::vartime::Vartime;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// An element of GF(p) in Montgomery form.
#[derive(Clone, Copy)]
pub struct Fp<P: FieldParams<N>, const N: usize> {
    limbs: [u64; N],
    _p: PhantomData<P>,
}

/// The planted bug of the products (only with `--cfg twinmul_planted_bug`,
/// for proving that the fuzz targets find bugs): the top carry dropped on
/// a rare limb pattern.
#[cfg(twinmul_planted_bug)]
const fn planted_bug_drop_carry(low: u64, top: u64) -> u64 {
    if low & 0xffff == 0xbeef {
        0
    } else {
        top
    }
}

impl<P: FieldParams<N>, const N: usize> fmt::Debug for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp(0x")?;
        for l in self.to_canonical_limbs().iter().rev() {
            write!(f, "{l:016x}")?;
        }
        write!(f, ")")
    }
}

impl<P: FieldParams<N>, const N: usize> Default for Fp<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FieldParams<N>, const N: usize> Fp<P, N> {
    /// −p⁻¹ mod 2⁶⁴.
    pub const INV: u64 = limbs::neg_inv64(P::MODULUS[0]);
    /// R mod p (the Montgomery form of 1).
    pub const R: [u64; N] = limbs::pow2_mod(64 * N, &P::MODULUS);
    /// R² mod p (converts into Montgomery form).
    pub const R2: [u64; N] = limbs::pow2_mod(128 * N, &P::MODULUS);
    /// R³ mod p: turns (a·R)⁻¹ into a⁻¹·R.
    const R3: [u64; N] = Self::mont_mul_const(&Self::R2, &Self::R2);
    /// The modulus as safegcd uses it.
    const SAFEGCD: super::safegcd::Modulus<N> =
        super::safegcd::Modulus::new(&P::MODULUS, Self::INV);
    /// (p + 1)/4, the square-root exponent for p ≡ 3 (mod 4).
    const SQRT_EXP: [u64; N] = limbs::shr1(&limbs::shr1(&limbs::add_small(&P::MODULUS, 1), 0), 0);
    /// (p − 1)/2.
    const HALF: [u64; N] = limbs::shr1(&limbs::sub_small(&P::MODULUS, 1), 0);

    const fn from_raw(limbs: [u64; N]) -> Self {
        Fp {
            limbs,
            _p: PhantomData,
        }
    }

    /// The Montgomery-form limbs, fully reduced (for tests and table
    /// generators).
    pub fn montgomery_limbs(&self) -> [u64; N] {
        self.reduced_limbs()
    }

    /// Whether elements live in [0, 2p) rather than [0, p): for moduli with
    /// 4p < R and the no-carry CIOS (BN254, BLS12-381 base fields). Then a
    /// product of inputs < 2p is (a·b + m·p)/R < (4p² + R·p)/R < 2p with no
    /// final subtraction (which is on the critical path of every product),
    /// and the no-carry bound needs only a + p < R. Sums and differences
    /// reduce modulo 2p instead of p at the same cost.
    const LAZY: bool = Self::NO_CARRY && P::MODULUS[N - 1] >> 62 == 0;

    /// The bound of the representation: 2p when [`Self::LAZY`], else p.
    const BOUND: [u64; N] = if Self::LAZY {
        limbs::add(&P::MODULUS, &P::MODULUS).0
    } else {
        P::MODULUS
    };

    /// The limbs reduced below p: one masked subtraction when lazy.
    #[inline(always)]
    fn reduced_limbs(&self) -> [u64; N] {
        if !Self::LAZY {
            return self.limbs;
        }
        let (d, borrow) = limbs::sub(&self.limbs, &P::MODULUS);
        limbs::select(borrow.wrapping_neg(), &self.limbs, &d)
    }

    /// Montgomery multiplication `a·b·R⁻¹ mod p` of two elements in the
    /// field's representation (below 2p when lazy, else below p): lazy or
    /// reducing no-carry CIOS, secp256k1's folding REDC, or the schoolbook
    /// product and REDC with a carry bit for other moduli.
    #[inline(always)]
    fn mont_mul(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if Self::LAZY {
            return Self::mont_mul_lazy(a, b);
        }
        if Self::NO_CARRY {
            return Self::mont_mul_cios(a, b);
        }
        if Self::SPECIAL_C != 0 {
            return Self::mont_mul_special(a, b);
        }
        Self::mont_mul_wide(a, b)
    }

    /// c when the modulus is 2^(64N) − c with c < 2⁶³ (secp256k1's base
    /// field: c = 2³² + 977), else 0.
    const SPECIAL_C: u64 = {
        let mut special = P::MODULUS[0] >> 63 == 1;
        let mut i = 1;
        while i < N {
            special &= P::MODULUS[i] == u64::MAX;
            i += 1;
        }
        if special {
            P::MODULUS[0].wrapping_neg()
        } else {
            0
        }
    };

    /// [`Self::mont_mul`] for p = 2^(64N) − c: the schoolbook product, then
    /// REDC rounds in which m·p·2^(64i) = m·2^(64(N+i)) − m·c·2^(64i) costs
    /// one multiplication (m·c) instead of N. The low word of m·c equals
    /// the limb being cleared (that is how m is chosen), so its high word is
    /// subtracted one limb up, the borrow runs to limb i + N where m is
    /// added (that sum cannot go negative: m = 0 leaves no borrow), and the
    /// carry runs to the top. Needs a, b < p; the result is < 2p before the
    /// final subtraction, as in generic REDC. About a third fewer
    /// multiplications for secp256k1 (`benches/field.rs`).
    #[inline(always)]
    fn mont_mul_special(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let (hi, top) = Self::mont_mul_special_unreduced(a, b);
        // hi + top·R < 2p, and R ≡ c: subtracting p is adding c mod R. It is
        // due when top = 1 (then hi < p − c, no carry out) or when hi ≥ p,
        // i.e. limbs 1… all ones and limb 0 ≥ p₀ (then the carry out of
        // hi + c is the −R). The two cases exclude each other. Borrow and
        // carry bits, no branch: one carry chain instead of a borrow chain
        // and a select, off the critical path of every product.
        let mut all = u64::MAX;
        for &h in &hi[1..] {
            all &= h;
        }
        let (_, all_ones) = adc(all, 1, 0);
        let (_, below) = sbb(hi[0], P::MODULUS[0], 0);
        let due = top | (all_ones & (below ^ 1));
        let mut c = [0u64; N];
        c[0] = due.wrapping_neg() & Self::SPECIAL_C;
        limbs::add(&hi, &c).0
    }

    /// [`Self::mont_mul_special`] for public inputs. R ≡ c (mod p), so the
    /// carry `top` folds back as + c: with top = 1, hi < 2p − R = p − c and
    /// hi + c < p exactly; with top = 0, hi ≥ p needs hi's top limb to be
    /// all ones (probability about 2⁻⁶⁴), and only then does a branch run
    /// the subtraction. One short carry chain instead of a borrow chain and
    /// a select.
    #[inline(always)]
    fn mont_mul_special_vartime(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let (hi, top) = Self::mont_mul_special_unreduced(a, b);
        let mut c = [0u64; N];
        c[0] = top.wrapping_neg() & Self::SPECIAL_C;
        let (r, _) = limbs::add(&hi, &c);
        if r[N - 1] != u64::MAX {
            return r;
        }
        let (s, borrow) = limbs::sub(&r, &P::MODULUS);
        limbs::select(borrow.wrapping_neg(), &r, &s)
    }

    /// The schoolbook product and REDC rounds of
    /// [`Self::mont_mul_special`]: (hi, top) with hi + top·R < 2p.
    #[inline(always)]
    fn mont_mul_special_unreduced(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
        let c = Self::SPECIAL_C;
        let mut lo = [0u64; N];
        let mut hi = [0u64; N];
        for (i, &ai) in a.iter().enumerate() {
            let mut carry = 0;
            for (j, &bj) in b.iter().enumerate() {
                let k = i + j;
                if k < N {
                    (lo[k], carry) = mac(lo[k], ai, bj, carry);
                } else {
                    (hi[k - N], carry) = mac(hi[k - N], ai, bj, carry);
                }
            }
            hi[i] = carry;
        }
        let mut top = 0u64;
        for i in 0..N {
            let m = lo[i].wrapping_mul(Self::INV);
            let mc = m as u128 * c as u128;
            debug_assert_eq!(mc as u64, lo[i]);
            // Limbs i+1 … i+N−1 lose (m·c) >> 64 and the borrow.
            let mut borrow = (mc >> 64) as u64;
            for k in i + 1..i + N {
                let l = if k < N { &mut lo[k] } else { &mut hi[k - N] };
                let (v, o) = l.overflowing_sub(borrow);
                *l = v;
                borrow = o as u64;
            }
            // Limb i+N gains m − borrow (≥ 0 overall); the carry runs up.
            let s = hi[i] as u128 + m as u128 - borrow as u128;
            hi[i] = s as u64;
            let mut carry = (s >> 64) as u64;
            for h in hi.iter_mut().skip(i + 1) {
                let (v, o) = h.overflowing_add(carry);
                *h = v;
                carry = o as u64;
            }
            top += carry;
        }
        // The planted bug of `mont_mul_parts`, here too (fuzzing proofs).
        #[cfg(twinmul_planted_bug)]
        let top = planted_bug_drop_carry(hi[0], top);
        (hi, top)
    }

    /// [`Self::mont_mul`] for any `a < R` and `b < p` (schoolbook + REDC).
    #[inline(always)]
    fn mont_mul_wide(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let (s, hi, keep_hi) = Self::mont_mul_parts(a, b);
        limbs::select(keep_hi, &hi, &s)
    }

    /// Whether the modulus leaves the top bit free and is not 2^(64N−1) − 1-like:
    /// then CIOS needs no carry word (gnark's "no-carry" optimisation).
    const NO_CARRY: bool = {
        let top = P::MODULUS[N - 1];
        let mut all_ones = top == u64::MAX >> 1;
        let mut i = 0;
        while i + 1 < N {
            all_ones &= P::MODULUS[i] == u64::MAX;
            i += 1;
        }
        top >> 63 == 0 && !all_ones
    };

    /// CIOS Montgomery multiplication without the carry word, for moduli
    /// with a spare top bit (BN254, BLS12-381, most scalar fields): one
    /// product row and one reduction row interleaved per limb of b, then one
    /// conditional subtraction by mask. Needs a + p < R (so a < p, or a < 2p
    /// when 4p < R): otherwise the running sum can overflow N limbs. Faster
    /// than the schoolbook + REDC path (BENCHMARKS.md, decisions).
    #[inline(always)]
    fn mont_mul_cios(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let r = Self::mont_mul_cios_unreduced(a, b);
        let (s, borrow) = limbs::sub(&r, &P::MODULUS);
        limbs::select(borrow.wrapping_neg(), &r, &s)
    }

    /// [`Self::mont_mul_cios`] for public inputs: the final subtraction is
    /// skipped by a branch when the top limb already shows r < p (with
    /// r < p²/R + p that is nearly always: p/R is 0.19 for BN254 and 0.10
    /// for BLS12-381, so the branch is predictable). In a dependent chain
    /// this takes the borrow chain and the select off the critical path.
    #[inline(always)]
    fn mont_mul_cios_vartime(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let r = Self::mont_mul_cios_unreduced(a, b);
        if r[N - 1] < P::MODULUS[N - 1] {
            return r;
        }
        let (s, borrow) = limbs::sub(&r, &P::MODULUS);
        limbs::select(borrow.wrapping_neg(), &r, &s)
    }

    /// p's six limbs, then −p⁻¹ mod 2⁶⁴: the constants of the assembly
    /// product, which only six-limb fields take (zeros for the others).
    #[cfg(target_arch = "x86_64")]
    const P_INV: [u64; 7] = {
        let mut out = [0u64; 7];
        if N == 6 {
            let mut i = 0;
            while i < N {
                out[i] = P::MODULUS[i];
                i += 1;
            }
            out[N] = Self::INV;
        }
        out
    };

    /// The lazy fields' product, < 2p: the MULX/ADX assembly for six limbs
    /// where the CPU has it (`montgomery_adx.rs`; the same limbs), else the
    /// CIOS rows.
    #[inline(always)]
    fn mont_mul_lazy(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        // Six limbs (a compile-time fact) and a CPU with ADX.
        #[cfg(target_arch = "x86_64")]
        if let (Ok(a6), Ok(b6)) = (<&[u64; 6]>::try_from(&a[..]), <&[u64; 6]>::try_from(&b[..])) {
            if let Some(adx) = super::montgomery_adx::Adx::detect() {
                return Self::from_six(super::montgomery_adx::mul6(adx, a6, b6, &Self::P_INV));
            }
        }
        Self::mont_mul_cios_unreduced(a, b)
    }

    /// The assembly's six limbs as `[u64; N]` (called where N = 6).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn from_six(r: [u64; 6]) -> [u64; N] {
        let mut out = [0u64; N];
        for (o, v) in out.iter_mut().zip(r) {
            *o = v;
        }
        out
    }

    /// The lazy fields' square, < 2p: the MULX/ADX squaring for six limbs
    /// where the CPU has it (the product's very limbs, in fewer
    /// multiplications), else the product.
    #[inline(always)]
    fn mont_square_lazy(a: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if let Ok(a6) = <&[u64; 6]>::try_from(&a[..]) {
            if let Some(adx) = super::montgomery_adx::Adx::detect() {
                return Self::from_six(super::montgomery_adx::square6(adx, a6, &Self::P_INV));
            }
        }
        Self::mont_mul_lazy(a, a)
    }

    /// The CIOS rows of [`Self::mont_mul_cios`]: a·b·R⁻¹ + (0 or p), < 2p.
    #[inline(always)]
    fn mont_mul_cios_unreduced(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let mut r = [0u64; N];
        // The rows written out one by one (`i < N` is a constant): as a
        // loop over b, LLVM kept the outer loop for N = 6 and could not
        // interleave a product with its neighbours in the point formulas.
        macro_rules! rows {
            ($($i:literal)*) => {$(
                if $i < N {
                    Self::cios_row(&mut r, a, b[$i]);
                }
            )*};
        }
        rows!(0 1 2 3 4 5 6 7);
        for &bi in b.iter().skip(8) {
            Self::cios_row(&mut r, a, bi);
        }
        r
    }

    /// One CIOS row: r = (r + a·bᵢ + k·p)/2⁶⁴ with k clearing the low limb.
    #[inline(always)]
    fn cios_row(r: &mut [u64; N], a: &[u64; N], bi: u64) {
        let p = &P::MODULUS;
        let (r0, mut c1) = mac(r[0], a[0], bi, 0);
        let k = r0.wrapping_mul(Self::INV);
        let (_, mut c2) = mac(r0, k, p[0], 0);
        for j in 1..N {
            let t;
            (t, c1) = mac(r[j], a[j], bi, c1);
            (r[j - 1], c2) = mac(t, k, p[j], c2);
        }
        r[N - 1] = c1 + c2;
    }

    /// [`Self::mont_mul`] for compile-time constants.
    const fn mont_mul_const(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let (s, hi, keep_hi) = Self::mont_mul_parts(a, b);
        limbs::select_const(keep_hi, &hi, &s)
    }

    /// The product before the final conditional subtraction: (hi − p, hi,
    /// mask of all ones when hi must be kept).
    #[inline(always)]
    const fn mont_mul_parts(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N], u64) {
        let p = &P::MODULUS;
        // t = lo + hi·2^(64N)
        let mut lo = [0u64; N];
        let mut hi = [0u64; N];
        let mut i = 0;
        while i < N {
            let mut c = 0;
            let mut j = 0;
            while j < N {
                let k = i + j;
                if k < N {
                    (lo[k], c) = mac(lo[k], a[i], b[j], c);
                } else {
                    (hi[k - N], c) = mac(hi[k - N], a[i], b[j], c);
                }
                j += 1;
            }
            hi[i] = c;
            i += 1;
        }
        // REDC: clear lo limb by limb; `top` is the bit above hi.
        let mut top = 0;
        let mut i = 0;
        while i < N {
            let m = lo[i].wrapping_mul(Self::INV);
            let mut c = 0;
            let mut j = 0;
            while j < N {
                let k = i + j;
                if k < N {
                    (lo[k], c) = mac(lo[k], m, p[j], c);
                } else {
                    (hi[k - N], c) = mac(hi[k - N], m, p[j], c);
                }
                j += 1;
            }
            (hi[i], top) = adc(hi[i], c, top);
            i += 1;
        }
        #[cfg(twinmul_planted_bug)]
        let top = planted_bug_drop_carry(hi[0], top);
        // hi + top·R < 2p: subtract p once unless that goes negative.
        let (s, borrow) = limbs::sub(&hi, p);
        let (_, under) = sbb(top, 0, borrow);
        (s, hi, under.wrapping_neg())
    }

    /// A compile-time constant from its canonical limbs (must be < p).
    pub const fn from_canonical_const(v: [u64; N]) -> Self {
        Self::from_raw(Self::mont_mul_const(&v, &Self::R2))
    }

    /// Converts canonical limbs (any value < R) into Montgomery form, reduced mod p.
    /// `v` may exceed p, so this takes the carrying path, not CIOS.
    pub fn from_limbs_reduced(v: &[u64; N]) -> Self {
        Self::from_raw(Self::mont_mul_wide(v, &Self::R2))
    }

    /// Canonical limbs `v` (must be < p) into Montgomery form; none if `v ≥ p`.
    pub fn from_canonical_limbs(v: &[u64; N]) -> CtOption<Self> {
        let borrow = limbs::borrow_of_sub(v, &P::MODULUS);
        CtOption::new(Self::from_limbs_reduced(v), Choice::from(borrow as u8))
    }

    /// The canonical value as little-endian limbs.
    pub fn to_canonical_limbs(&self) -> [u64; N] {
        let mut one = [0u64; N];
        one[0] = 1;
        // With b = 1 REDC gives ≤ p (p exactly for the representative p of
        // zero); the CIOS final subtraction makes it canonical.
        if Self::NO_CARRY {
            Self::mont_mul_cios(&self.limbs, &one)
        } else {
            Self::mont_mul(&self.limbs, &one)
        }
    }

    /// `self^e` for a public exponent `e`: fixed 4-bit windows (16 powers
    /// precomputed, then 4 squarings and one multiplication per window).
    /// The schedule depends only on `e`, so it is constant time in `self`.
    pub fn pow_vartime_exp(&self, e: &[u64; N]) -> Self {
        let mut pows = [Self::ONE; 16];
        for i in 1..16 {
            pows[i] = pows[i - 1] * *self;
        }
        let mut acc = Self::ONE;
        for limb in e.iter().rev() {
            for w in (0..16).rev() {
                acc = acc.square().square().square().square();
                let nib = ((limb >> (4 * w)) & 15) as usize;
                // the window value is public (part of the exponent)
                acc = acc * pows[nib];
            }
        }
        acc
    }

    /// Whether the canonical value is > (p−1)/2, by a borrow chain.
    fn gt_half(&self) -> Choice {
        let borrow = limbs::borrow_of_sub(&Self::HALF, &self.to_canonical_limbs());
        Choice::from(borrow as u8)
    }
}

impl<P: FieldParams<N>, const N: usize> Field for Fp<P, N> {
    const ZERO: Self = Self::from_raw([0; N]);
    const ONE: Self = Self::from_raw(Self::R);
    const NUM_BYTES: usize = 8 * N;

    /// A multiplication: a dedicated Montgomery squaring (10 instead of 16
    /// products for N = 4, then REDC) was no faster here. Inlined: an
    /// out-of-line call dominated the Jacobian `mul_vartime` profile.
    #[inline(always)]
    fn square(&self) -> Self {
        if Self::LAZY {
            return Self::from_raw(Self::mont_square_lazy(&self.limbs));
        }
        *self * *self
    }

    #[inline(always)]
    fn double(&self) -> Self {
        *self + *self
    }

    #[inline(always)]
    fn or_masked(&mut self, other: &Self, mask: u64) {
        for (l, o) in self.limbs.iter_mut().zip(other.limbs.iter()) {
            *l |= o & mask;
        }
    }

    /// The variable-time final reductions: none for lazy fields,
    /// `mont_mul_cios_vartime` where the modulus has a spare top bit, `mont_mul_special_vartime` for
    /// secp256k1's p = 2²⁵⁶ − c; other moduli keep the masked one.
    #[inline(always)]
    fn mul_vartime(&self, rhs: &Self) -> Self {
        if Self::LAZY {
            // No reduction to skip (a branchy one was slower).
            *self * *rhs
        } else if Self::NO_CARRY {
            Self::from_raw(Self::mont_mul_cios_vartime(&self.limbs, &rhs.limbs))
        } else if Self::SPECIAL_C != 0 {
            Self::from_raw(Self::mont_mul_special_vartime(&self.limbs, &rhs.limbs))
        } else {
            *self * *rhs
        }
    }

    /// (a + p·(a mod 2))/2, the odd case's p added by mask (p is odd, so the
    /// sum is even); the N + 1-bit sum's carry becomes the top bit. Works
    /// on the Montgomery form unchanged (halving is linear).
    #[inline(always)]
    fn half(&self) -> Self {
        let odd = (self.limbs[0] & 1).wrapping_neg();
        let pm = limbs::select(odd, &P::MODULUS, &[0; N]);
        let (s, carry) = limbs::add(&self.limbs, &pm);
        Self::from_raw(limbs::shr1(&s, carry))
    }

    /// Bernstein–Yang safegcd on the Montgomery limbs A = a·R: it gives
    /// A⁻¹ = a⁻¹·R⁻¹, and one Montgomery product by R³ makes it a⁻¹·R.
    /// Several times faster than Fermat's a^(p − 2) (BENCHMARKS.md, decisions).
    fn invert(&self) -> CtOption<Self> {
        let x = super::safegcd::invert(&self.reduced_limbs(), &Self::SAFEGCD);
        let r = Self::from_raw(Self::mont_mul(&x, &Self::R3));
        CtOption::new(r, !self.is_zero())
    }

    /// Kaliski's almost inverse on the canonical value a, with runs of
    /// halvings done as one shift: u, v start at p, a and r, s at 0, 1;
    /// u·s + v·r = p throughout (so r, s ≤ p never overflow), and
    /// r·a ≡ −u·2^k (mod p). Both u and v odd, the larger loses the smaller
    /// (r or s gaining the other); at u = v = 1, a⁻¹ = (p − r)·2⁻ᵏ.
    /// The factor 2⁻ᵏ (k ≤ 2·64N) costs a few multiplications: the element
    /// with Montgomery limbs [1, 0, …] is R⁻¹, and 2^j < R is exact.
    fn invert_vartime(&self) -> Option<Self> {
        let p = P::MODULUS;
        let a = self.to_canonical_limbs();
        if limbs::is_zero_vartime(&a) {
            return None;
        }
        let (mut u, mut v) = (p, a);
        let (mut r, mut s) = ([0u64; N], [0u64; N]);
        s[0] = 1;
        let mut k = 0usize;
        loop {
            // Strip the factors of two (u by s, v by r), at most 63 at a time.
            while u[0] & 1 == 0 {
                let t = u[0].trailing_zeros().min(63);
                u = limbs::shr_vartime(&u, t);
                s = limbs::shl_vartime(&s, t);
                k += t as usize;
            }
            while v[0] & 1 == 0 {
                let t = v[0].trailing_zeros().min(63);
                v = limbs::shr_vartime(&v, t);
                r = limbs::shl_vartime(&r, t);
                k += t as usize;
            }
            let (d, borrow) = limbs::sub(&u, &v);
            if limbs::is_zero_vartime(&d) {
                break; // u = v = gcd(p, a) = 1
            }
            if borrow == 0 {
                u = d;
                r = limbs::add(&r, &s).0;
            } else {
                v = limbs::sub(&v, &u).0;
                s = limbs::add(&s, &r).0;
            }
        }
        let x = Self::from_limbs_reduced(&limbs::sub(&p, &r).0); // a⁻¹·2ᵏ
        let mut one = [0u64; N];
        one[0] = 1;
        let r_inv = Self::from_raw(one);
        let bit = |j: usize| {
            let mut l = [0u64; N];
            l[j / 64] = 1 << (j % 64);
            Self::from_limbs_reduced(&l)
        };
        // 2⁻ʲ = 2^(64N − j)·R⁻¹ for 0 < j < 64N, in at most three steps.
        let mut y = x;
        while k > 0 {
            let j = k.min(64 * N - 1);
            y = y * bit(64 * N - 1 - j) * r_inv.double();
            k -= j;
        }
        Some(y)
    }

    fn sqrt(&self) -> CtOption<Self> {
        debug_assert!(P::MODULUS[0] & 3 == 3, "sqrt needs p ≡ 3 mod 4");
        let r = if Self::SPECIAL_C == secp256k1_sqrt::C && N == 4 {
            secp256k1_sqrt::sqrt(*self)
        } else {
            self.pow_vartime_exp(&Self::SQRT_EXP)
        };
        CtOption::new(r, r.square().ct_eq(self))
    }

    /// secp256k1's chain on variable-time products (BIP340 verification
    /// lifts public keys); other fields take the constant-time root.
    fn sqrt_vartime(&self) -> Option<Self> {
        if Self::SPECIAL_C == secp256k1_sqrt::C && N == 4 {
            let r = secp256k1_sqrt::sqrt(Vartime(*self)).0;
            return (r.square() == *self).then_some(r);
        }
        self.sqrt().into()
    }

    /// Zero's representatives are 0 and, when lazy, p.
    fn is_zero(&self) -> Choice {
        let zero = self.limbs.ct_eq(&[0; N]);
        if Self::LAZY {
            zero | self.limbs.ct_eq(&P::MODULUS)
        } else {
            zero
        }
    }

    fn is_odd(&self) -> Choice {
        Choice::from((self.to_canonical_limbs()[0] & 1) as u8)
    }

    fn is_lexicographically_largest(&self) -> Choice {
        self.gt_half()
    }

    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self> {
        if bytes.len() != Self::NUM_BYTES {
            return CtOption::new(Self::ZERO, Choice::from(0));
        }
        Self::from_canonical_limbs(&limbs::from_be_bytes(bytes))
    }

    fn write_be_bytes(&self, out: &mut [u8]) {
        limbs::to_be_bytes(&self.to_canonical_limbs(), out);
    }

    fn from_u64(v: u64) -> Self {
        let mut l = [0u64; N];
        l[0] = v;
        Self::from_limbs_reduced(&l)
    }
}

impl<P: FieldParams<N>, const N: usize> Add for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        let (s, carry) = limbs::add(&self.limbs, &o.limbs);
        let (d, borrow) = limbs::sub(&s, &Self::BOUND);
        // Use s − bound unless it went negative without a carry out of s.
        let (_, under) = sbb(carry, 0, borrow);
        Self::from_raw(limbs::select(under.wrapping_sub(1), &d, &s))
    }
}

impl<P: FieldParams<N>, const N: usize> Sub for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        let (d, borrow) = limbs::sub(&self.limbs, &o.limbs);
        // Add the bound back when the subtraction borrowed (mask = all ones).
        let pm = limbs::select(borrow.wrapping_neg(), &Self::BOUND, &[0; N]);
        Self::from_raw(limbs::add(&d, &pm).0)
    }
}

impl<P: FieldParams<N>, const N: usize> Neg for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::ZERO - self
    }
}

impl<P: FieldParams<N>, const N: usize> Mul for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Self::from_raw(Self::mont_mul(&self.limbs, &o.limbs))
    }
}

impl<P: FieldParams<N>, const N: usize> ConstantTimeEq for Fp<P, N> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.reduced_limbs().ct_eq(&o.reduced_limbs())
    }
}

impl<P: FieldParams<N>, const N: usize> PartialEq for Fp<P, N> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o).into()
    }
}
impl<P: FieldParams<N>, const N: usize> Eq for Fp<P, N> {}

impl<P: FieldParams<N>, const N: usize> zeroize::Zeroize for Fp<P, N> {
    fn zeroize(&mut self) {
        self.limbs.zeroize();
    }
}

impl<P: FieldParams<N>, const N: usize> ConditionallySelectable for Fp<P, N> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let mut r = [0u64; N];
        for (i, x) in r.iter_mut().enumerate() {
            *x = u64::conditional_select(&a.limbs[i], &b.limbs[i], choice);
        }
        Self::from_raw(r)
    }
}

#[cfg(test)]
mod tests {
    //! The lazy representation: every operation must give the same element
    //! whichever representative (v or v + p) its inputs carry, and keep the
    //! limbs below the bound. (The canonical results themselves are pinned
    //! to big integers in `optimized/tests/suite/internals.rs`.)
    use super::*;
    use crate::curves::{bls12_381, bn254, secp256k1, toy};
    use num_bigint::BigUint;

    /// Which fields are lazy, checked at compile time. The toy curve's
    /// fields are lazy too, so its exhaustive tests run the lazy
    /// representation through every path.
    const _: () = {
        assert!(Fp::<bn254::BaseParams, 4>::LAZY);
        assert!(Fp::<bls12_381::BaseParams, 6>::LAZY);
        assert!(Fp::<bn254::ScalarParams, 4>::LAZY);
        assert!(!Fp::<bls12_381::ScalarParams, 4>::LAZY, "n > R/4");
        assert!(!Fp::<secp256k1::BaseParams, 4>::LAZY);
        assert!(!Fp::<secp256k1::ScalarParams, 4>::LAZY);
        assert!(Fp::<toy::BaseParams, 1>::LAZY);
        assert!(Fp::<toy::ScalarParams, 4>::LAZY);
    };

    fn check<P: FieldParams<N>, const N: usize>() {
        type F<P, const N: usize> = Fp<P, N>;
        let p = P::MODULUS;
        let below = |x: &F<P, N>| limbs::borrow_of_sub(&x.limbs, &F::<P, N>::BOUND) == 1;
        // Elements whose Montgomery limbs are edge values: 0, 1, 2, p − 1,
        // p − 2, and a few products.
        let mut m: Vec<[u64; N]> = vec![[0; N], limbs::add_small(&[0; N], 1)];
        m.push(limbs::add_small(&[0; N], 2));
        m.push(limbs::sub_small(&p, 1));
        m.push(limbs::sub_small(&p, 2));
        let g = F::<P, N>::from_u64(0x9e37_79b9_7f4a_7c15);
        let mut x = g;
        for _ in 0..12 {
            x = x * g + F::ONE;
            m.push(x.reduced_limbs());
        }
        let reps: Vec<(F<P, N>, F<P, N>)> = m
            .iter()
            .map(|v| (F::from_raw(*v), F::from_raw(limbs::add(v, &p).0)))
            .collect();
        let mut high_products = 0;
        for (a, a2) in &reps {
            assert!(below(a2), "v + p < 2p");
            assert_eq!(a2.montgomery_limbs(), a.limbs);
            assert!(bool::from(a2.ct_eq(a)));
            assert_eq!(bool::from(a2.is_zero()), bool::from(a.is_zero()));
            assert_eq!(bool::from(a2.is_odd()), bool::from(a.is_odd()));
            assert_eq!(a2.to_canonical_limbs(), a.to_canonical_limbs());
            for (r, want) in [
                (-*a2, -*a),
                (a2.half(), a.half()),
                (a2.double(), a.double()),
                (a2.square(), a.square()),
                (
                    a2.invert().unwrap_or(F::ZERO),
                    a.invert().unwrap_or(F::ZERO),
                ),
            ] {
                assert!(below(&r) && bool::from(r.ct_eq(&want)), "{a:?}");
            }
            // The square root needs p ≡ 3 (mod 4) (not BN254's n).
            if p[0] & 3 == 3 {
                let (r, want) = (a2.sqrt().unwrap_or(F::ONE), a.sqrt().unwrap_or(F::ONE));
                assert!(below(&r) && bool::from(r.ct_eq(&want)), "{a:?}");
            }
            for (b, b2) in &reps {
                for (x, y) in [(a, b2), (a2, b), (a2, b2)] {
                    for (r, want) in [
                        (*x * *y, *a * *b),
                        (x.mul_vartime(y), *a * *b),
                        (*x + *y, *a + *b),
                        (*x - *y, *a - *b),
                    ] {
                        assert!(below(&r), "{x:?} {y:?}");
                        assert_eq!(r.reduced_limbs(), want.reduced_limbs(), "{x:?} {y:?}");
                    }
                    let prod = *x * *y;
                    high_products += (limbs::borrow_of_sub(&prod.limbs, &p) == 0) as u32;
                }
            }
        }
        // Not vacuous: some products are left in [p, 2p).
        assert!(high_products > 0);
    }

    /// 2¹²⁷ − 1, a prime whose top limb is 2⁶³ − 1 and every other limb all
    /// ones: the one shape below R/2 where the no-carry CIOS does not hold.
    #[derive(Clone, Copy, Debug)]
    struct Mersenne127;
    impl FieldParams<2> for Mersenne127 {
        const MODULUS: [u64; 2] = [u64::MAX, u64::MAX >> 1];
    }
    /// The same top limb with a lower limb that is not all ones (2¹²⁷ − 3, odd;
    /// only the criterion is read, not the arithmetic).
    #[derive(Clone, Copy, Debug)]
    struct TopLimbOnly;
    impl FieldParams<2> for TopLimbOnly {
        const MODULUS: [u64; 2] = [u64::MAX - 2, u64::MAX >> 1];
    }

    /// The no-carry criterion at its boundary, and the generic REDC it sends
    /// 2¹²⁷ − 1 to, against big integers (`num-bigint`). Every declared field is far from
    /// the boundary, so only these two moduli can tell the criterion's loop
    /// from a wrong one.
    #[test]
    fn the_no_carry_boundary() {
        // At run time, not in a const block: a mutant of the criterion must
        // fail a test, not the build.
        let no_carry = [
            Fp::<Mersenne127, 2>::NO_CARRY,
            Fp::<TopLimbOnly, 2>::NO_CARRY,
        ];
        assert_eq!(no_carry, [false, true]);
        type M = Fp<Mersenne127, 2>;
        let p = (1u128 << 127) - 1;
        for (a, b) in [
            (3u128, 5u128),
            (p - 1, p - 1),
            (p - 2, 7),
            (1 << 126, 1 << 126),
            (0x1234_5678_9abc_def0_1234_5678_9abc_def0 % p, p - 3),
        ] {
            let x = M::from_canonical_limbs(&[a as u64, (a >> 64) as u64]).unwrap();
            let y = M::from_canonical_limbs(&[b as u64, (b >> 64) as u64]).unwrap();
            let want = u128::try_from(BigUint::from(a) * BigUint::from(b) % BigUint::from(p))
                .expect("below p");
            let got = (x * y).to_canonical_limbs();
            assert_eq!(got, [want as u64, (want >> 64) as u64], "{a:#x}·{b:#x}");
            let got = x.mul_vartime(&y).to_canonical_limbs();
            assert_eq!(
                got,
                [want as u64, (want >> 64) as u64],
                "vartime {a:#x}·{b:#x}"
            );
        }
    }

    /// The one-multiplication REDC is taken where the modulus is
    /// 2^(64N) − c (secp256k1's base field) and nowhere else: without it the
    /// products stay right and only get slower, which no other test sees.
    #[test]
    fn the_special_form_is_recognised() {
        assert_eq!(Fp::<secp256k1::BaseParams, 4>::SPECIAL_C, (1 << 32) + 977);
        // The field over secp256k1's p takes libsecp256k1's square-root
        // chain, which it recognises by this c.
        assert_eq!(secp256k1_sqrt::C, (1 << 32) + 977);
        assert_eq!(Fp::<secp256k1::ScalarParams, 4>::SPECIAL_C, 0);
        assert_eq!(Fp::<bn254::BaseParams, 4>::SPECIAL_C, 0);
        assert_eq!(Fp::<bn254::ScalarParams, 4>::SPECIAL_C, 0);
        assert_eq!(Fp::<bls12_381::BaseParams, 6>::SPECIAL_C, 0);
        assert_eq!(Fp::<bls12_381::ScalarParams, 4>::SPECIAL_C, 0);
        assert_eq!(Fp::<toy::BaseParams, 1>::SPECIAL_C, 0);
    }

    /// The lazy fields' product and square (BLS12-381's on the MULX/ADX
    /// assembly where this CPU has it, `montgomery_adx.rs`; BN254's on the
    /// CIOS rows): each result has the CIOS rows' very limbs, is below 2p,
    /// and equals a·b·R⁻¹ mod p by big integers.
    /// Inputs: every pair of edge values below 2p (0, 1, p − 1, p, p + 1,
    /// 2p − 2, 2p − 1, all-ones low limbs) and random values below 2p.
    #[test]
    fn lazy_products_match_big_integers() {
        lazy_products::<bls12_381::BaseParams, 6>();
        lazy_products::<bn254::BaseParams, 4>();
        lazy_products::<bn254::ScalarParams, 4>();
    }

    fn lazy_products<P: FieldParams<N>, const N: usize>() {
        type F<P, const N: usize> = Fp<P, N>;
        let p = P::MODULUS;
        let big = |v: &[u64; N]| {
            BigUint::from_bytes_le(&v.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>())
        };
        let limbs_of = |v: &BigUint| {
            let mut out = [0u64; N];
            for (i, d) in v.to_u64_digits().iter().enumerate() {
                out[i] = *d;
            }
            out
        };
        let pb = big(&p);
        let two_p = &pb + &pb;
        let r_inv = (BigUint::from(1u8) << (64 * N)).modpow(&(&pb - 2u32), &pb);
        let mut values: Vec<BigUint> = [0u32, 1].iter().map(|&v| BigUint::from(v)).collect();
        for v in [
            &pb - 1u32,
            pb.clone(),
            &pb + 1u32,
            &two_p - 2u32,
            &two_p - 1u32,
        ] {
            values.push(v);
        }
        let mut ones = [u64::MAX; N];
        ones[N - 1] = p[N - 1];
        values.push(big(&ones));
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..40 {
            let mut v = [0u64; N];
            for l in &mut v {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *l = state;
            }
            values.push(big(&v) % &two_p);
        }
        for x in &values {
            let a = limbs_of(x);
            let sq = F::<P, N>::mont_square_lazy(&a);
            assert_eq!(sq, F::<P, N>::mont_mul_cios_unreduced(&a, &a), "{x:#x}²");
            assert!(big(&sq) < two_p, "{x:#x}²");
            assert_eq!(big(&sq) % &pb, x * x * &r_inv % &pb, "{x:#x}²");
            for y in &values {
                let b = limbs_of(y);
                let r = F::<P, N>::mont_mul_lazy(&a, &b);
                assert_eq!(
                    r,
                    F::<P, N>::mont_mul_cios_unreduced(&a, &b),
                    "{x:#x}·{y:#x}"
                );
                assert!(big(&r) < two_p, "{x:#x}·{y:#x}");
                assert_eq!(big(&r) % &pb, x * y * &r_inv % &pb, "{x:#x}·{y:#x}");
            }
        }
    }

    /// `Adx::detect` against the CPUID bits themselves (leaf 7: EBX bit 8
    /// BMI2, bit 19 ADX): without the proof the assembly never runs, and
    /// only the benches would notice.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn adx_is_detected_where_the_cpu_has_it() {
        let ebx = core::arch::x86_64::__cpuid_count(7, 0).ebx;
        let has = ebx >> 8 & 1 == 1 && ebx >> 19 & 1 == 1;
        assert_eq!(super::super::montgomery_adx::Adx::detect().is_some(), has);
    }

    #[test]
    fn lazy_representatives_agree() {
        check::<bn254::BaseParams, 4>();
        check::<bls12_381::BaseParams, 6>();
        check::<bn254::ScalarParams, 4>();
        check::<toy::BaseParams, 1>();
    }
}
