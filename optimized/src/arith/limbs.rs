//! Multi-limb arithmetic on little-endian `[u64; N]`: carry chains, borrow
//! chains and the `const fn` helpers that derive field constants.
//!
//! Everything here is constant time in the limb *values* (only `N` and
//! public constants steer control flow).

/// `a + b + carry`, returning (sum, carry-out ∈ {0, 1}).
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow`, returning (difference, borrow-out ∈ {0, 1}).
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, (t >> 127) as u64)
}

/// `a + b·c + carry`, returning (low, high).
#[inline(always)]
pub const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a + b` over N limbs, returning the carry.
#[inline(always)]
pub const fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut c = 0;
    let mut i = 0;
    while i < N {
        (r[i], c) = adc(a[i], b[i], c);
        i += 1;
    }
    (r, c)
}

/// `a − b` over N limbs, returning the borrow (1 when a < b).
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut br = 0;
    let mut i = 0;
    while i < N {
        (r[i], br) = sbb(a[i], b[i], br);
        i += 1;
    }
    (r, br)
}

/// The borrow of `a − b`: whether a < b, in constant time. The whole
/// difference is computed and passed through `black_box`, so the compiler
/// cannot shortcut the borrow chain into an early-exit comparison.
#[inline(always)]
pub fn borrow_of_sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> u64 {
    let (d, borrow) = sub(a, b);
    core::hint::black_box(d);
    core::hint::black_box(borrow)
}

/// `mask ? a : b` limb-wise at run time. The mask goes through
/// [`crate::ct::barrier`] first: without it LLVM may turn the masking back into a
/// branch on the secret bit (RUSTSEC-2024-0344; found here by `twinmul ct`).
#[inline(always)]
pub fn select<const N: usize>(mask: u64, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mask = crate::ct::barrier(mask);
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = (a[i] & mask) | (b[i] & !mask);
    }
    r
}

/// `mask ? a : b` limb-wise, for compile-time evaluation only (constants,
/// generated tables): no `black_box` in a `const fn`.
#[inline(always)]
pub const fn select_const<const N: usize>(mask: u64, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = (a[i] & mask) | (b[i] & !mask);
        i += 1;
    }
    r
}

/// −m⁻¹ mod 2⁶⁴ for odd `m0`, by Newton iteration (each step doubles the
/// number of correct low bits: 1 → 64 in six steps).
pub const fn neg_inv64(m0: u64) -> u64 {
    let mut inv = 1u64;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// `2·a mod m` for `a < m` (compile-time helper).
const fn double_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, carry) = add(a, a);
    let (s, borrow) = sub(&d, m);
    if carry == 1 || borrow == 0 {
        s
    } else {
        d
    }
}

/// `2^e mod m` (compile-time helper; m odd, m > 1).
pub const fn pow2_mod<const N: usize>(e: usize, m: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = 1;
    let mut i = 0;
    while i < e {
        r = double_mod(&r, m);
        i += 1;
    }
    r
}

/// `a >> 1` over N limbs with `top` shifted in at the most significant bit.
pub const fn shr1<const N: usize>(a: &[u64; N], top: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        let hi = if i + 1 < N { a[i + 1] } else { top };
        r[i] = (a[i] >> 1) | (hi << 63);
        i += 1;
    }
    r
}

/// `a >> t` for 0 < t < 64 (variable time in `t`; for public values).
pub fn shr_vartime<const N: usize>(a: &[u64; N], t: u32) -> [u64; N] {
    core::array::from_fn(|i| {
        let hi = if i + 1 < N { a[i + 1] } else { 0 };
        (a[i] >> t) | (hi << (64 - t))
    })
}

/// `a << t` for 0 < t < 64, dropping what leaves the top limb.
pub fn shl_vartime<const N: usize>(a: &[u64; N], t: u32) -> [u64; N] {
    core::array::from_fn(|i| {
        let lo = if i > 0 { a[i - 1] } else { 0 };
        (a[i] << t) | (lo >> (64 - t))
    })
}

/// `a + small` (compile-time helper; no overflow expected).
pub const fn add_small<const N: usize>(a: &[u64; N], small: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = small;
    add(a, &b).0
}

/// `a − small` (compile-time helper; no underflow expected).
pub const fn sub_small<const N: usize>(a: &[u64; N], small: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = small;
    sub(a, &b).0
}

/// Whether all limbs are zero (variable time; for public values).
pub const fn is_zero_vartime<const N: usize>(a: &[u64; N]) -> bool {
    let mut i = 0;
    while i < N {
        if a[i] != 0 {
            return false;
        }
        i += 1;
    }
    true
}

/// Big-endian bytes to limbs; `bytes.len()` must be `8·N`.
pub fn from_be_bytes<const N: usize>(bytes: &[u8]) -> [u64; N] {
    let mut r = [0u64; N];
    for (i, limb) in r.iter_mut().enumerate() {
        let off = bytes.len() - 8 * (i + 1);
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[off..off + 8]);
        *limb = u64::from_be_bytes(w);
    }
    r
}

/// Limbs to big-endian bytes; `out.len()` must be `8·N`.
pub fn to_be_bytes<const N: usize>(a: &[u64; N], out: &mut [u8]) {
    for (i, limb) in a.iter().enumerate() {
        let off = out.len() - 8 * (i + 1);
        out[off..off + 8].copy_from_slice(&limb.to_be_bytes());
    }
}
