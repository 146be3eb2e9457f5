//! GF(p), p = 2⁶⁴ − 2³² + 1 ("Goldilocks"), constant time.
//!
//! Representation invariant: the `u64` is canonical (< p). Products are
//! reduced from 128 bits with 2⁶⁴ ≡ 2³² − 1 and 2⁹⁶ ≡ −1 (mod p); every
//! conditional correction is a mask, never a branch.

use core::ops::{Add, Mul, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// The modulus.
pub const P: u64 = 0xFFFF_FFFF_0000_0001;
/// 2³² − 1 = 2⁶⁴ mod p.
const EPSILON: u64 = 0xFFFF_FFFF;

/// An element of GF(p), canonical.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gf(pub(crate) u64);

/// 2³² − 1 when `bit`, else 0 (a `black_box`ed mask, no branch).
#[inline(always)]
fn eps_if(bit: bool) -> u64 {
    EPSILON & crate::ct::barrier((bit as u64).wrapping_neg())
}

/// `x mod p` for any u64 (one conditional subtraction), for constants.
#[inline(always)]
pub const fn canon(x: u64) -> u64 {
    let (r, b) = x.overflowing_sub(P);
    // keep x when x < p (borrow)
    let m = (b as u64).wrapping_neg();
    (x & m) | (r & !m)
}

/// `x mod p` at run time: the mask goes through `black_box` so LLVM cannot
/// turn it back into a branch (RUSTSEC-2024-0344).
#[inline(always)]
pub fn canon_ct(x: u64) -> u64 {
    let (r, b) = x.overflowing_sub(P);
    let m = crate::ct::barrier((b as u64).wrapping_neg());
    (x & m) | (r & !m)
}

/// Reduces a 128-bit value mod p, canonical output. With x = l + (a + b·2³²)·2⁶⁴
/// (a, b on 32 bits), x ≡ l − b + a·(2³² − 1): a borrow of the subtraction
/// is undone by subtracting 2³² − 1 (adding p mod 2⁶⁴), a carry of the
/// addition by adding 2³² − 1, neither of which can wrap again; one masked
/// subtraction of p finishes.
#[inline(always)]
pub fn reduce128(x: u128) -> u64 {
    let (l, h) = (x as u64, (x >> 64) as u64);
    let (t0, b) = l.overflowing_sub(h >> 32);
    let t0 = t0.wrapping_sub(eps_if_u64(b as u64));
    let (r, c) = t0.overflowing_add((h & EPSILON) * EPSILON);
    canon_ct(r.wrapping_add(eps_if_u64(c as u64)))
}

/// Montgomery reduction (Pornin's `montyred`, R = 2⁶⁴): for x < p·2⁶⁴,
/// returns x/2⁶⁴ mod p, canonical. With x = x₀ + x₁·2³² + xₕ·2⁶⁴ (x₀, x₁
/// on 32 bits), x₀ + x₁·2³² ≡ −((x₀ + x₁)·2³² − x₁)·2⁶⁴ (mod p), so the
/// result is xₕ − ((x₀ + x₁)·2³² − x₁) mod p: the bracket is computed in
/// [0, p) by one wrapping addition whose carry e is folded back (subtracting
/// e·p), and the final subtraction adds p back on a borrow (a mask). For
/// any x < 2¹²⁸ the result is still < 2⁶⁴ and ≡ x/2⁶⁴ (mod p), just not
/// always canonical (xₕ ≥ p without a borrow): Poseidon2's S-box relies on it.
#[inline(always)]
pub fn montyred(x: u128) -> u64 {
    let xl = x as u64;
    let xh = (x >> 64) as u64;
    let (a, e) = xl.overflowing_add(xl << 32);
    let b = a.wrapping_sub(a >> 32).wrapping_sub(e as u64);
    let (r, c) = xh.overflowing_sub(b);
    r.wrapping_sub(eps_if_u64(c as u64))
}

/// v·2⁶⁴ mod p (into Montgomery form), for constants.
pub const fn to_mont(v: u64) -> u64 {
    (((v as u128) << 64) % P as u128) as u64
}

/// Reduces `a·k` mod p for a small constant `k < 2³²` (a product < 2⁹⁶).
#[inline(always)]
pub fn mul_small(a: u64, k: u64) -> u64 {
    debug_assert!(k < 1 << 32);
    reduce96(a as u128 * k as u128)
}

/// Reduces `x < 2⁹⁶` mod p: one fold of the high word (·(2³² − 1)), one
/// carry fold, one masked subtraction.
#[inline(always)]
pub fn reduce96(x: u128) -> u64 {
    debug_assert!(x >> 96 == 0);
    let (l0, l1) = (x as u64, (x >> 64) as u64); // l1 < 2³²
    let w = l0 as u128 + (l1 as u128) * EPSILON as u128; // < 2⁶⁵
    let w1 = (w >> 64) as u64;
    canon_ct((w as u64) + eps_if_u64(w1))
}

/// Reduces `x < 2⁹⁶` to a value < 2⁶⁴ congruent mod p, not necessarily
/// canonical ([`reduce96`] without the final subtraction): the Poseidon2
/// lanes after a linear layer, which only feed further products.
#[inline(always)]
pub fn reduce96_nc(x: u128) -> u64 {
    debug_assert!(x >> 96 == 0);
    let (l0, l1) = (x as u64, (x >> 64) as u64); // l1 < 2³²
    let w = l0 as u128 + (l1 as u128) * EPSILON as u128; // < 2⁶⁵

    // A carry leaves w mod 2⁶⁴ < 2⁶⁴ − 2³³, so adding 2³² − 1 cannot wrap.
    (w as u64) + eps_if_u64((w >> 64) as u64)
}

/// 2³² − 1 when `bit` = 1, else 0 (`bit` ∈ {0, 1}, masked through `black_box`).
#[inline(always)]
fn eps_if_u64(bit: u64) -> u64 {
    EPSILON & crate::ct::barrier(bit.wrapping_neg())
}

/// 7^q mod p (q = 2³² − 1, 7 a non-residue): a generator of the 2³²-torsion,
/// the starting c of [`Gf::sqrt`], computed at compile time.
const C0: u64 = {
    let (mut r, mut b, mut e) = (1u128, 7u128, 0xFFFF_FFFFu64);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % P as u128;
        }
        b = b * b % P as u128;
        e >>= 1;
    }
    r as u64
};

/// `C0_POW[i] = C0^(2^i)`, i < 32, for [`Gf::sqrt`], computed at compile time.
const C0_POW: [u64; 32] = {
    let mut t = [C0; 32];
    let mut i = 1;
    while i < 32 {
        t[i] = ((t[i - 1] as u128 * t[i - 1] as u128) % P as u128) as u64;
        i += 1;
    }
    t
};

/// `a·b mod p` at compile time.
const fn mulmod(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) % P as u128) as u64
}

/// `NEG_POW[k][j] = C0^(−j·2^(8k))`: the factors that strip the discrete-log
/// digits found so far in [`Gf::sqrt_and_inverse_vartime`] (compile time).
const NEG_POW: [[u64; 256]; 4] = {
    // C0⁻¹ = C0^(2³² − 1) = Π C0^(2^i), i < 32.
    let mut inv = 1u64;
    let mut i = 0;
    while i < 32 {
        inv = mulmod(inv, C0_POW[i]);
        i += 1;
    }
    let mut t = [[1u64; 256]; 4];
    let mut step = inv; // C0^(−2^(8k))
    let mut k = 0;
    while k < 4 {
        let mut j = 1;
        while j < 256 {
            t[k][j] = mulmod(t[k][j - 1], step);
            j += 1;
        }
        let mut s = 0;
        while s < 8 {
            step = mulmod(step, step);
            s += 1;
        }
        k += 1;
    }
    t
};

/// `HALF_POW[k][j] = C0^(−j·2^(8k−1))` for k ≥ 1 and `C0^(−⌊j/2⌋)` for k = 0:
/// the factors of C0^(−E/2) for an even discrete log E (compile time).
const HALF_POW: [[u64; 256]; 4] = {
    let mut t = [[1u64; 256]; 4];
    let mut j = 0;
    while j < 256 {
        t[0][j] = NEG_POW[0][j / 2];
        let mut k = 1;
        while k < 4 {
            // C0^(−j·2^(8k−1)) = NEG_POW[k − 1][j]^(2⁷).
            let mut v = NEG_POW[k - 1][j];
            let mut s = 0;
            while s < 7 {
                v = mulmod(v, v);
                s += 1;
            }
            t[k][j] = v;
            k += 1;
        }
        j += 1;
    }
    t
};

/// Slots of [`DLOG`] (a power of two, four times the 256 keys).
const DLOG_SLOTS: usize = 1024;

/// The slot where a lookup of `v` starts: a multiplicative hash.
const fn dlog_slot(v: u64) -> usize {
    (v.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize
}

/// The discrete logarithms of the 2⁸-th roots of unity h^j (h = C0^(2²⁴)),
/// as an open-addressing table of (h^j, j) with linear probing; 0 (never a
/// root of unity) marks an empty slot (compile time).
const DLOG: [(u64, u8); DLOG_SLOTS] = {
    let mut t = [(0u64, 0u8); DLOG_SLOTS];
    let mut v = 1u64;
    let mut j = 0;
    while j < 256 {
        let mut i = dlog_slot(v);
        while t[i].0 != 0 {
            i = (i + 1) % DLOG_SLOTS;
        }
        t[i] = (v, j as u8);
        v = mulmod(v, C0_POW[24]);
        j += 1;
    }
    t
};

/// The j with h^j = v (h = C0^(2²⁴)), for v a 2⁸-th root of unity;
/// variable time (the probe sequence depends on v).
fn dlog_vartime(v: u64) -> Option<usize> {
    let mut i = dlog_slot(v);
    loop {
        match DLOG[i] {
            (0, _) => return None,
            (w, j) if w == v => return Some(j as usize),
            _ => i = (i + 1) % DLOG_SLOTS,
        }
    }
}

impl Gf {
    /// Zero.
    pub const ZERO: Gf = Gf(0);
    /// One.
    pub const ONE: Gf = Gf(1);

    /// `v mod p`.
    pub const fn new(v: u64) -> Gf {
        Gf(canon(v))
    }
    /// The canonical value.
    pub const fn value(self) -> u64 {
        self.0
    }
    /// Square.
    #[inline(always)]
    pub fn square(self) -> Gf {
        self.mul(self)
    }
    /// `self^(2ⁿ)`.
    #[inline(always)]
    fn square_n(self, n: u32) -> Gf {
        let mut r = self;
        for _ in 0..n {
            r = r.square();
        }
        r
    }
    /// (x^(2³¹ − 1), x^(2³² − 1)) by the addition chain xⱼ = x^(2ʲ − 1):
    /// x₂, x₄, x₅, x₁₀, x₁₅, x₁₆, x₃₁, x₃₂ (31 squarings, 8 products).
    fn chain_x31_x32(self) -> (Gf, Gf) {
        let x = self;
        let x2 = x * x.square();
        let x4 = x2 * x2.square_n(2);
        let x5 = x * x4.square();
        let x10 = x5 * x5.square_n(5);
        let x15 = x5 * x10.square_n(5);
        let x16 = x * x15.square();
        let x31 = x15 * x16.square_n(15);
        (x31, x * x31.square())
    }
    /// `self⁻¹` (zero maps to zero), by Fermat: p − 2 = (2³¹ − 1)·2³³ + 2³² − 1.
    pub fn invert(self) -> Gf {
        let (x31, x32) = self.chain_x31_x32();
        x32 * x31.square_n(33)
    }
    /// Legendre symbol as (is_square_or_zero): (p − 1)/2 = (2³² − 1)·2³¹.
    pub fn is_square(self) -> Choice {
        let l = self.chain_x31_x32().1.square_n(31);
        l.ct_eq(&Gf::ONE) | self.ct_eq(&Gf::ZERO)
    }
    /// Square root, constant time (Tonelli–Shanks with a fixed schedule over
    /// the 2-adicity 32); `(root, is_square)`.
    pub fn sqrt(self) -> (Gf, Choice) {
        let (x, _, ok) = self.sqrt_and_inverse();
        (x, ok)
    }
    /// `(√self, 1/√self, is_square)` (zero gives zeros), constant time: the
    /// rounds track y = x/self, which ends as the inverse root for free, so
    /// a caller dividing by the root skips an inversion.
    pub fn sqrt_and_inverse(self) -> (Gf, Gf, Choice) {
        // p − 1 = 2³²·q, q = 2³² − 1; c = C0 = 7^q has order 2³².
        let (x31, x32) = self.chain_x31_x32();
        // y = self^((q − 1)/2) = self^(2³¹ − 1), x = self·y = self^((q+1)/2).
        let mut y = x31;
        // bp[j] = b^(2^j) for b = self^q: round m needs bp[m − 1], and
        // multiplying b by c² = C0^(2^(32−m)) multiplies bp[j] by the
        // constant C0^(2^(32−m+j)) (table C0_POW), so the rounds are
        // independent multiplications instead of a chain of m − 1 squarings.
        let mut bp = [x32; 31];
        for j in 1..31 {
            bp[j] = bp[j - 1].square();
        }
        // Invariants: x² = self·b (so y² = b/self); for a square,
        // b^(2^m) = 1 entering round m. Fixed rounds m = 31 … 1, every
        // round computing both outcomes.
        for m in (1..=31usize).rev() {
            // Is b already of order dividing 2^(m−1)?
            let is_one = bp[m - 1].ct_eq(&Gf::ONE);
            y = Gf::conditional_select(&y.mul(Gf(C0_POW[31 - m])), &y, is_one);
            for j in 0..m - 1 {
                let t = bp[j].mul(Gf(C0_POW[32 - m + j]));
                bp[j] = Gf::conditional_select(&t, &bp[j], is_one);
            }
        }
        let x = self * y;
        let ok = x.square().ct_eq(&self);
        (x, y, ok)
    }
}

impl Gf {
    /// `(√self, 1/√self, is_square)` like [`Gf::sqrt_and_inverse`], in
    /// variable time, for public inputs only (a verifier decoding a public
    /// key). With b = self^q = C0^E (q = 2³² − 1), the discrete log E is read
    /// in four 8-bit digits, each from b^(2^(24−8i)) with the digits found so
    /// far stripped (`NEG_POW`) and looked up in `DLOG` (Bernstein's
    /// table method, "Faster square roots in annoying finite fields"); then
    /// √self = self^(2³¹)·C0^(−E/2) (`HALF_POW`). 55 squarings and about 12
    /// products instead of the constant-time schedule's ~500 products.
    pub fn sqrt_and_inverse_vartime(self) -> (Gf, Gf, Choice) {
        if self.0 == 0 {
            return (Gf::ZERO, Gf::ZERO, Choice::from(1));
        }
        let (x31, b) = self.chain_x31_x32();
        let b8 = b.square_n(8);
        let b16 = b8.square_n(8);
        let b24 = b16.square_n(8);
        // `None` cannot happen for a nonzero input (every value looked up is
        // a 2⁸-th root of unity); it answers "not a square" all the same.
        let digit = |v: Gf| dlog_vartime(v.0);
        let no = (Gf::ZERO, Gf::ZERO, Choice::from(0));
        let Some(e0) = digit(b24) else { return no };
        if e0 & 1 == 1 {
            return no; // E odd: not a square
        }
        let neg = |k: usize, j: usize| Gf(NEG_POW[k][j]);
        let Some(e1) = digit(b16 * neg(2, e0)) else {
            return no;
        };
        let Some(e2) = digit(b8 * neg(1, e0) * neg(2, e1)) else {
            return no;
        };
        let Some(e3) = digit(b * neg(0, e0) * neg(1, e1) * neg(2, e2)) else {
            return no;
        };
        let half = |k: usize, j: usize| Gf(HALF_POW[k][j]);
        let f = half(0, e0) * half(1, e1) * half(2, e2) * half(3, e3);
        let y = x31 * f;
        (self * y, y, Choice::from(1))
    }
}

impl Add for Gf {
    type Output = Gf;
    #[inline(always)]
    #[allow(clippy::suspicious_arithmetic_impl)] // the subtraction is the addition
    fn add(self, o: Gf) -> Gf {
        // a + b − p computed as a − (p − b): without a borrow that is the
        // canonical sum; with one, the wrapped value minus 2³² − 1 is a + b
        // (adding p ≡ subtracting 2³² − 1 mod 2⁶⁴), and it cannot wrap again.
        let (d, b) = self.0.overflowing_sub(P - o.0);
        Gf(d.wrapping_sub(eps_if(b)))
    }
}

impl Sub for Gf {
    type Output = Gf;
    #[inline(always)]
    fn sub(self, o: Gf) -> Gf {
        let (d, b) = self.0.overflowing_sub(o.0);
        Gf(d.wrapping_sub(eps_if(b)))
    }
}

impl Mul for Gf {
    type Output = Gf;
    #[inline(always)]
    fn mul(self, o: Gf) -> Gf {
        Gf(reduce128(self.0 as u128 * o.0 as u128))
    }
}

impl ConditionallySelectable for Gf {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Gf(u64::conditional_select(&a.0, &b.0, c))
    }
}

impl ConstantTimeEq for Gf {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reductions against `%` on the values where their folds carry,
    /// which sums of a few canonical lanes (all the tests' random inputs
    /// give) reach with probability about 2⁻²⁹: the low word near 2⁶⁴ with
    /// a large high part, and the neighbours of p, 2⁶⁴ and 2⁹⁶.
    /// Every 2⁸-th root of unity h^j is found with its j, colliding slots
    /// included (256 keys in 1,024 slots), and a value that is not one
    /// reaches an empty slot.
    #[test]
    fn dlog_finds_every_root() {
        let mut v = 1u64;
        for j in 0..256 {
            assert_eq!(dlog_vartime(v), Some(j), "h^{j}");
            v = mulmod(v, C0_POW[24]);
        }
        assert_eq!(v, 1, "h has order 2⁸");
        assert_eq!(dlog_vartime(2), None);
    }

    #[test]
    fn reductions_where_the_folds_carry() {
        let p = P as u128;
        let mut xs: Vec<u128> = vec![0, 1, p - 1, p, p + 1, (1 << 64) - 1, 1 << 64, (1 << 96) - 1];
        for hi in [1u128, 11, 0xFFFF_FFFE, 0xFFFF_FFFF] {
            for lo in [u64::MAX as u128, u64::MAX as u128 - 0xFFFF_FFFF, p - 1] {
                xs.push((hi << 64) | lo);
            }
        }
        for x in xs {
            let want = (x % p) as u64;
            assert_eq!(reduce96(x), want, "reduce96({x:#x})");
            assert_eq!(
                reduce96_nc(x) as u128 % p,
                want as u128,
                "reduce96_nc({x:#x})"
            );
            assert_eq!(reduce128(x), want, "reduce128({x:#x})");
            let big = x | (u128::MAX << 100);
            assert_eq!(reduce128(big), (big % p) as u64, "reduce128({big:#x})");
        }
    }
}
