//! GF(p) and GF(p⁵) = GF(p)\[z\]/(z⁵ − 3) for p = 2⁶⁴ − 2³² + 1, schoolbook.
//!
//! Every GF(p) product goes through `u128 %`; elements are always canonical
//! (< p). Inversion is Fermat, square roots are Tonelli–Shanks, both with
//! exponents held in `num-bigint`. Slow and obviously correct.

use num_bigint::BigUint;
use std::sync::OnceLock;

/// The Goldilocks prime.
pub const P: u64 = 0xFFFF_FFFF_0000_0001;

/// `(a + b) mod p`.
pub fn add(a: u64, b: u64) -> u64 {
    ((a as u128 + b as u128) % P as u128) as u64
}
/// `(a − b) mod p`.
pub fn sub(a: u64, b: u64) -> u64 {
    ((a as u128 + P as u128 - (b % P) as u128) % P as u128) as u64
}
/// `(a · b) mod p`.
pub fn mul(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) % P as u128) as u64
}
/// `a^e mod p`.
pub fn pow(a: u64, mut e: u64) -> u64 {
    let (mut acc, mut base) = (1u64, a % P);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    acc
}
/// `a⁻¹ mod p` (Fermat); zero maps to zero.
pub fn inv(a: u64) -> u64 {
    pow(a, P - 2)
}

/// An element a0 + a1·z + … + a4·z⁴ of GF(p⁵), limbs canonical.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Fp5(pub [u64; 5]);

impl Fp5 {
    /// Zero.
    pub const ZERO: Fp5 = Fp5([0; 5]);
    /// One.
    pub const ONE: Fp5 = Fp5([1, 0, 0, 0, 0]);

    /// The element of GF(p) embedded in GF(p⁵).
    pub fn from_u64(v: u64) -> Fp5 {
        Fp5([v % P, 0, 0, 0, 0])
    }
    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.0 == [0; 5]
    }
    /// Sum.
    pub fn add(&self, o: &Fp5) -> Fp5 {
        Fp5(std::array::from_fn(|i| add(self.0[i], o.0[i])))
    }
    /// Difference.
    pub fn sub(&self, o: &Fp5) -> Fp5 {
        Fp5(std::array::from_fn(|i| sub(self.0[i], o.0[i])))
    }
    /// Negation.
    pub fn neg(&self) -> Fp5 {
        Fp5::ZERO.sub(self)
    }
    /// Schoolbook product, folding z⁵ = 3.
    pub fn mul(&self, o: &Fp5) -> Fp5 {
        let mut t = [0u64; 9];
        for i in 0..5 {
            for j in 0..5 {
                t[i + j] = add(t[i + j], mul(self.0[i], o.0[j]));
            }
        }
        Fp5(std::array::from_fn(|k| {
            if k + 5 < 9 {
                add(t[k], mul(3, t[k + 5]))
            } else {
                t[k]
            }
        }))
    }
    /// Square.
    pub fn square(&self) -> Fp5 {
        self.mul(self)
    }
    /// Multiplication by an element of GF(p).
    pub fn scale(&self, k: u64) -> Fp5 {
        Fp5(self.0.map(|a| mul(a, k)))
    }
    /// `self^e`, MSB-first square-and-multiply.
    pub fn pow(&self, e: &BigUint) -> Fp5 {
        let mut acc = Fp5::ONE;
        for i in (0..e.bits()).rev() {
            acc = acc.square();
            if e.bit(i) {
                acc = acc.mul(self);
            }
        }
        acc
    }
    /// `self⁻¹` by Fermat (`self^(p⁵−2)`); zero maps to zero.
    pub fn invert(&self) -> Fp5 {
        self.pow(&(q() - 2u32))
    }
    /// Whether this is a square in GF(p⁵) (zero counts as a square).
    pub fn is_square(&self) -> bool {
        self.is_zero() || self.pow(&((q() - 1u32) >> 1)) == Fp5::ONE
    }
    /// A square root by Tonelli–Shanks, or `None` for a non-square.
    pub fn sqrt(&self) -> Option<Fp5> {
        if self.is_zero() {
            return Some(Fp5::ZERO);
        }
        if !self.is_square() {
            return None;
        }
        // q − 1 = 2^s · t with t odd.
        let qm1 = q() - 1u32;
        let s = qm1.trailing_zeros().expect("q > 1");
        let t = &qm1 >> s;
        let mut c = non_residue().pow(&t);
        let mut x = self.pow(&((&t + 1u32) >> 1));
        let mut b = self.pow(&t);
        let mut m = s;
        while b != Fp5::ONE {
            let mut i = 0;
            let mut b2 = b;
            while b2 != Fp5::ONE {
                b2 = b2.square();
                i += 1;
            }
            let mut g = c;
            for _ in 0..(m - i - 1) {
                g = g.square();
            }
            x = x.mul(&g);
            c = g.square();
            b = b.mul(&c);
            m = i;
        }
        debug_assert_eq!(x.square(), *self);
        Some(x)
    }
    /// 40 bytes, limbs little-endian, limb 0 first.
    pub fn to_bytes(&self) -> [u8; 40] {
        let mut out = [0u8; 40];
        for (i, l) in self.0.iter().enumerate() {
            out[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
        }
        out
    }
    /// Reads 40 bytes (length checked by the caller), each limb taken mod p.
    pub fn from_limbs_mod_p(bytes: &[u8]) -> Fp5 {
        Fp5(limbs_le(bytes).map(|l| l % P))
    }
    /// Reads 40 bytes strictly: every limb must be < p. `None` otherwise.
    pub fn from_canonical_bytes(bytes: &[u8]) -> Option<Fp5> {
        if bytes.len() != 40 {
            return None;
        }
        let limbs = limbs_le(bytes);
        limbs.iter().all(|&l| l < P).then_some(Fp5(limbs))
    }
}

/// The five little-endian u64 limbs of a 40-byte string.
pub fn limbs_le(bytes: &[u8]) -> [u64; 5] {
    std::array::from_fn(|i| {
        u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes"))
    })
}

/// q = p⁵, the size of GF(p⁵).
pub fn q() -> BigUint {
    BigUint::from(P).pow(5)
}

/// The first element z + k (k = 0, 1, …) that is not a square, for Tonelli–Shanks.
fn non_residue() -> Fp5 {
    static NR: OnceLock<Fp5> = OnceLock::new();
    *NR.get_or_init(|| {
        (0u64..)
            .map(|k| Fp5([k, 1, 0, 0, 0]))
            .find(|c| !c.is_square())
            .expect("half of GF(q) is non-square")
    })
}
