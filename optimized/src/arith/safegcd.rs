//! Constant-time modular inversion by Bernstein–Yang divsteps ("safegcd",
//! Bernstein & Yang 2019), laid out as in libsecp256k1's `modinv64`:
//! batches of 62 divsteps on the low bits of f and g build a 2×2 matrix,
//! which is then applied to the full f, g (signed, radix 2⁶²) and to the
//! Bézout coefficients d, e (kept in (−2p, p), divided by 2⁶² modulo p).
//!
//! It replaces Fermat's a^(p − 2) (≈ 1.1·log₂p squarings): a 256-bit
//! inversion is 10 batches, a 381-bit one 15, each about as costly as a
//! few field multiplications. The schedule is fixed: every input runs the
//! proven worst-case number of divsteps with masks instead of branches (the
//! extra divsteps after g reaches 0 leave f, d unchanged), and only the
//! public modulus size steers loops. Every mask goes through
//! [`barrier`]: without it LLVM unswitched the masked addition of p into a
//! branch on the sign (found by `twinmul ct --valgrind`).

use crate::ct::barrier;

/// The low 62 bits.
const M62: u64 = u64::MAX >> 2;

/// Most radix-2⁶² limbs any field here needs: ⌈(64·6 + 2)/62⌉ + 1 = 7
/// (BLS12-381's 381-bit p; signed values up to 2p in magnitude).
const MAX_L: usize = 7;

/// A signed integer in radix 2⁶²: limbs below the top one in [0, 2⁶²),
/// the top one signed; only the first `l` limbs are used.
type Signed62 = [i64; MAX_L];

/// The scaled transition matrix of 62 divsteps: (u v; q r)·(f; g) =
/// 2⁶²·(f′; g′), with |u| + |v| ≤ 2⁶² and |q| + |r| ≤ 2⁶².
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// The public shape of one modulus: its radix-2⁶² limbs, p⁻¹ mod 2⁶², the
/// limb count and the number of 62-divstep batches.
pub(crate) struct Modulus<const N: usize> {
    p62: Signed62,
    pinv62: u64,
    l: usize,
    batches: usize,
}

impl<const N: usize> Modulus<N> {
    /// From the odd modulus `p` (limbs) and −p⁻¹ mod 2⁶⁴ (`neg_inv`).
    /// Batches: Wuille's bound for the half-delta divsteps ("hddivsteps",
    /// safegcd-bounds; computationally verified for all 0 ≤ g ≤ f ≤ M ≤
    /// 2³⁸⁰⁵, M ≥ 4257874): ⌊(3787·log₂M + 2166)/1644⌋ steps bring g to 0,
    /// with M = 2^(64N) > p: 591 steps, 10 batches of 62, for 256-bit
    /// moduli (libsecp256k1 runs 590); 885, 15 batches, for 384-bit ones.
    /// Bernstein–Yang's proven bound for the original divsteps,
    /// ⌊(49d + 57)/17⌋, would take 12 and 18.
    pub(crate) const fn new(p: &[u64; N], neg_inv: u64) -> Modulus<N> {
        let l = (64 * N + 2) / 62 + 1;
        assert!(l <= MAX_L);
        let steps = (3787 * 64 * N + 2166) / 1644;
        Modulus {
            p62: to_signed62(p, l),
            pinv62: neg_inv.wrapping_neg() & M62,
            l,
            batches: steps / 62 + 1,
        }
    }
}

/// `a` (non-negative, N limbs) in radix 2⁶², `l` limbs. With the l of
/// [`Modulus::new`] the last limb starts at bit 62·⌊(64N + 2)/62⌋, below
/// 64N for every N up to 6 (`MAX_L`), so every limb reads one of `a`.
const fn to_signed62<const N: usize>(a: &[u64; N], l: usize) -> Signed62 {
    let mut out = [0i64; MAX_L];
    let mut j = 0;
    while j < l {
        let bit = 62 * j;
        let (w, s) = (bit / 64, bit % 64);
        let mut v = a[w] >> s;
        if s > 2 && w + 1 < N {
            v |= a[w + 1] << (64 - s);
        }
        out[j] = (v & M62) as i64;
        j += 1;
    }
    out
}

/// A non-negative radix-2⁶² value below 2^(64N) back to N limbs.
fn from_signed62<const N: usize>(a: &Signed62) -> [u64; N] {
    let mut out = [0u64; N];
    for (j, &limb) in a.iter().enumerate() {
        let bit = 62 * j;
        let (w, s) = (bit / 64, bit % 64);
        let v = limb as u64;
        if w < N {
            out[w] |= v << s;
        }
        if s > 2 && w + 1 < N {
            out[w + 1] |= v >> (64 - s);
        }
    }
    out
}

/// 62 half-delta divsteps on the low 64 bits of f (odd) and g: δ > 0 and
/// g odd → (2 − δ, g, (g − f)/2); g odd → (2 + δ, f, (g + f)/2); else
/// (2 + δ, f, g/2), from δ = 1 (Bernstein–Yang's step started at δ = 1/2,
/// with δ doubled to stay an integer). Branch-free with masks (libsecp256k1's
/// `divsteps_59` shape): instead of halving g, the f row of the matrix is
/// doubled, so after 62 steps the matrix is scaled by 2⁶². Only the low 62
/// bits of f and g decide the steps, so the garbage shifted into g's top
/// bits never matters.
fn divsteps_62(mut delta: i64, f0: u64, g0: u64) -> (i64, Trans) {
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let (mut f, mut g) = (f0, g0);
    for _ in 0..62 {
        // c1: all ones when δ > 0; c2: all ones when g is odd.
        let c1 = barrier((delta.wrapping_neg() >> 63) as u64);
        let c2 = barrier((g & 1).wrapping_neg());
        // g += ±f (−f when δ > 0) if g is odd; the same on the matrix rows.
        g = g.wrapping_add(((f ^ c1).wrapping_sub(c1)) & c2);
        q = q.wrapping_add(((u ^ c1).wrapping_sub(c1)) & c2);
        r = r.wrapping_add(((v ^ c1).wrapping_sub(c1)) & c2);
        // The swap case: δ ← −δ, and f ← f + (g − f) = the old g.
        let swap = c1 & c2;
        delta = (delta ^ swap as i64).wrapping_sub(swap as i64) + 2;
        f = f.wrapping_add(g & swap);
        u = u.wrapping_add(q & swap);
        v = v.wrapping_add(r & swap);
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    let t = Trans {
        u: u as i64,
        v: v as i64,
        q: q as i64,
        r: r as i64,
    };
    (delta, t)
}

/// (f, g) ← (u·f + v·g, q·f + r·g)/2⁶² (exact: the divsteps cleared the
/// low 62 bits). Products are below 2¹²⁴, sums below 2¹²⁶: no overflow.
fn update_fg(f: &mut Signed62, g: &mut Signed62, t: &Trans, l: usize) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cf = u * f[0] as i128 + v * g[0] as i128;
    let mut cg = q * f[0] as i128 + r * g[0] as i128;
    debug_assert!(cf as u64 & M62 == 0 && cg as u64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    for i in 1..l {
        cf += u * f[i] as i128 + v * g[i] as i128;
        cg += q * f[i] as i128 + r * g[i] as i128;
        f[i - 1] = (cf as u64 & M62) as i64;
        g[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    f[l - 1] = cf as i64;
    g[l - 1] = cg as i64;
}

/// The sign (−1, 0 or 1) of a − k·p, for values whose limbs below the top
/// one are in [0, 2⁶²): libsecp256k1's `modinv64_mul_cmp_62`, for the
/// range checks of debug builds. Not constant time (it branches on the
/// limbs): debug builds only, never on a release path.
fn sign_of_sub_multiple(a: &Signed62, k: i64, p: &Signed62, l: usize) -> i64 {
    let mut c = 0i128;
    let mut low_nonzero = false;
    // After the last shift c is the carry out of the top limb: the total
    // is c·2^(62l) plus the non-negative low parts, below 2^(62l).
    for i in 0..l {
        c += a[i] as i128 - k as i128 * p[i] as i128;
        low_nonzero |= c as u64 & M62 != 0;
        c >>= 62;
    }
    match c.signum() {
        0 => low_nonzero as i64,
        s => s as i64,
    }
}

/// Whether −2p < x < p, the range of the Bézout coefficients d and e.
/// Not constant time: the debug builds' check, never on a release path.
fn in_de_range<const N: usize>(x: &Signed62, m: &Modulus<N>) -> bool {
    sign_of_sub_multiple(x, 1, &m.p62, m.l) < 0 && sign_of_sub_multiple(x, -2, &m.p62, m.l) > 0
}

/// (d, e) ← (u·d + v·e, q·d + r·e)/2⁶² mod p, with multiples md, me of p
/// added so the low 62 bits vanish (md ≡ −(u·d + v·e)/p mod 2⁶²), plus p
/// times [u, q] when d < 0 and [v, r] when e < 0 — which keeps d, e in
/// (−2p, p) (libsecp256k1's `update_de_62` argument, from |u| + |v| ≤ 2⁶²).
fn update_de<const N: usize>(d: &mut Signed62, e: &mut Signed62, t: &Trans, m: &Modulus<N>) {
    let l = m.l;
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = barrier((d[l - 1] >> 63) as u64) as i64;
    let se = barrier((e[l - 1] >> 63) as u64) as i64;
    let mut md = (u & sd) + (v & se);
    let mut me = (q & sd) + (r & se);
    let (ui, vi, qi, ri) = (u as i128, v as i128, q as i128, r as i128);
    let mut cd = ui * d[0] as i128 + vi * e[0] as i128;
    let mut ce = qi * d[0] as i128 + ri * e[0] as i128;
    md -= (m.pinv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64;
    me -= (m.pinv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64;
    cd += m.p62[0] as i128 * md as i128;
    ce += m.p62[0] as i128 * me as i128;
    debug_assert!(cd as u64 & M62 == 0 && ce as u64 & M62 == 0);
    cd >>= 62;
    ce >>= 62;
    for i in 1..l {
        let pi = m.p62[i] as i128;
        cd += ui * d[i] as i128 + vi * e[i] as i128 + pi * md as i128;
        ce += qi * d[i] as i128 + ri * e[i] as i128 + pi * me as i128;
        d[i - 1] = (cd as u64 & M62) as i64;
        e[i - 1] = (ce as u64 & M62) as i64;
        cd >>= 62;
        ce >>= 62;
    }
    d[l - 1] = cd as i64;
    e[l - 1] = ce as i64;
    debug_assert!(
        in_de_range(d, m) && in_de_range(e, m),
        "d or e left (−2p, p)"
    );
}

/// Brings the limbs below the top one back into [0, 2⁶²), carrying
/// (arithmetic shifts) into the next limb.
fn carry(a: &mut Signed62, l: usize) {
    for i in 0..l - 1 {
        a[i + 1] += a[i] >> 62;
        a[i] &= M62 as i64;
    }
}

/// Adds p when `a` is negative (mask from the top limb's sign).
fn add_p_if_negative<const N: usize>(a: &mut Signed62, m: &Modulus<N>) {
    let neg = barrier((a[m.l - 1] >> 63) as u64) as i64;
    for (x, p) in a.iter_mut().zip(&m.p62).take(m.l) {
        *x += p & neg;
    }
    carry(a, m.l);
}

/// a⁻¹ mod p for a < p (0 for 0), constant time: the fixed number of
/// divstep batches from f = p, g = a, d = 0, e = 1, keeping d ≡ f/a and
/// e ≡ g/a (mod p); at the end g = 0, f = ±1 and a⁻¹ = ±d, normalised to
/// [0, p) with masks.
pub(crate) fn invert<const N: usize>(a: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    let (x, converged) = divsteps_all(a, m);
    debug_assert!(converged, "safegcd did not reach g = 0");
    x
}

/// The body of [`invert`], also returning whether g reached 0 (which the
/// proven batch count guarantees; the tests check it, and that too few
/// batches fail).
fn divsteps_all<const N: usize>(a: &[u64; N], m: &Modulus<N>) -> ([u64; N], bool) {
    let l = m.l;
    let mut f = m.p62;
    let mut g = to_signed62(a, l);
    let mut d = [0i64; MAX_L];
    let mut e = [0i64; MAX_L];
    e[0] = 1;
    let mut delta = 1i64;
    for _ in 0..m.batches {
        let t;
        (delta, t) = divsteps_62(delta, f[0] as u64, g[0] as u64);
        update_fg(&mut f, &mut g, &t, l);
        update_de(&mut d, &mut e, &t, m);
    }
    let converged = g.iter().all(|&x| x == 0);
    // d ∈ (−2p, p): into (−p, p), times the sign of f = ±1, into [0, p).
    add_p_if_negative(&mut d, m);
    let sign = barrier((f[l - 1] >> 63) as u64) as i64;
    for x in d.iter_mut().take(l) {
        *x = (*x ^ sign) - sign;
    }
    carry(&mut d, l);
    add_p_if_negative(&mut d, m);
    (from_signed62(&d), converged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// 2⁶⁴ − 59, the largest 64-bit prime.
    const P64: u64 = u64::MAX - 58;

    fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
        let mut acc = 1u128;
        let mut b128 = b as u128 % p as u128;
        while e > 0 {
            if e & 1 == 1 {
                acc = acc * b128 % p as u128;
            }
            b128 = b128 * b128 % p as u128;
            e >>= 1;
        }
        b = acc as u64;
        b
    }

    /// A value of |v| < 2⁶⁸ as two radix-2⁶² limbs (the top one signed).
    fn two_limbs(v: i128) -> Signed62 {
        let mut x = [0i64; MAX_L];
        x[0] = (v & M62 as i128) as i64;
        x[1] = (v >> 62) as i64;
        x
    }

    fn modulus64() -> Modulus<1> {
        Modulus::new(&[P64], crate::arith::limbs::neg_inv64(P64))
    }

    /// xorshift64: deterministic pseudo-random inputs.
    fn rng(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// One-limb inverses against Fermat on edges and 20 000 pseudo-random
    /// values (the radix-2⁶² conversions, the sign handling, the batch
    /// count for a 64-bit modulus).
    #[test]
    fn one_limb_inverses_match_fermat() {
        let m = modulus64();
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut vals = vec![0, 1, 2, 3, P64 - 1, P64 - 2, P64 / 2, 1 << 62, 1 << 63];
        vals.extend((0..20_000).map(|_| rng(&mut s) % P64));
        for a in vals {
            let want = if a == 0 { 0 } else { pow_mod(a, P64 - 2, P64) };
            let (x, converged) = divsteps_all(&[a], &m);
            assert!(converged, "a = {a}");
            assert_eq!(x, [want], "a = {a}");
        }
    }

    /// The radix-2⁶² conversions round-trip at every bit position that
    /// straddles a 64-bit limb boundary (N = 6, seven radix-2⁶² limbs).
    #[test]
    fn signed62_round_trip() {
        for bit in 0..384 {
            let mut a = [0u64; 6];
            a[bit / 64] = 1 << (bit % 64);
            let l = (64 * 6 + 2) / 62 + 1;
            assert_eq!(from_signed62::<6>(&to_signed62(&a, l)), a, "bit {bit}");
        }
        let ones = [u64::MAX; 6];
        assert_eq!(from_signed62::<6>(&to_signed62(&ones, 7)), ones);
    }

    /// The batch counts reach g = 0 for the real moduli, and the result is
    /// the canonical inverse (against big integers), on pseudo-random
    /// values and on the shapes that need the most divsteps in practice
    /// (all-ones runs, powers of two, p − 2ᵏ).
    #[test]
    fn real_moduli_converge_to_the_inverse() {
        const SECP: [u64; 4] = [0xFFFF_FFFE_FFFF_FC2F, u64::MAX, u64::MAX, u64::MAX];
        const BLS: [u64; 6] = [
            0xb9fe_ffff_ffff_aaab,
            0x1eab_fffe_b153_ffff,
            0x6730_d2a0_f6b0_f624,
            0x6477_4b84_f385_12bf,
            0x4b1b_a7b6_434b_acd7,
            0x1a01_11ea_397f_e69a,
        ];
        fn run<const N: usize>(p: [u64; N]) {
            let m = Modulus::new(&p, crate::arith::limbs::neg_inv64(p[0]));
            let mut s = 0x2545_F491_4F6C_DD1Du64;
            let mut vals: Vec<[u64; N]> = (0..20_000)
                .map(|_| {
                    let mut a: [u64; N] = core::array::from_fn(|_| rng(&mut s));
                    a[N - 1] %= p[N - 1];
                    a
                })
                .collect();
            for k in 0..64 * N - 1 {
                let mut a = [0u64; N];
                a[k / 64] = 1 << (k % 64);
                vals.push(a);
                let mut ones = [0u64; N];
                for (j, limb) in ones.iter_mut().enumerate() {
                    *limb = if 64 * (j + 1) <= k {
                        u64::MAX
                    } else if 64 * j < k {
                        (1 << (k % 64)) - 1
                    } else {
                        0
                    };
                }
                vals.push(ones);
                vals.push(crate::arith::limbs::sub(&p, &a).0);
            }
            let big = |x: &[u64; N]| {
                x.iter()
                    .rev()
                    .fold(BigUint::default(), |acc, &l| (acc << 64u32) + l)
            };
            let pb = big(&p);
            for a in vals {
                let (x, converged) = divsteps_all(&a, &m);
                assert!(converged, "{a:?}");
                // The inverse itself, canonical: the Bézout coefficients
                // stayed in the range the final normalisation assumes.
                let (ab, xb) = (big(&a) % &pb, big(&x));
                assert!(xb < pb, "{a:?}: not reduced");
                if ab != BigUint::default() {
                    assert_eq!(ab * xb % &pb, BigUint::from(1u8), "{a:?}");
                }
            }
        }
        run(SECP);
        run(BLS);
    }

    /// The fixed schedule covers the proven worst case, which no random
    /// input reaches: Wuille's bound ⌊(3787·log₂M + 2166)/1644⌋ divsteps
    /// for M = 2^(64N), worked out here by hand (591 for 256-bit moduli,
    /// 885 for 384-bit ones, 148 for the one-limb test modulus), and not
    /// a whole batch more than it needs. The radix-2⁶² width holds 64N
    /// bits and a sign bit.
    #[test]
    fn the_schedule_covers_the_proven_bound() {
        fn check<const N: usize>(p: [u64; N], proven_steps: usize) {
            let m = Modulus::new(&p, crate::arith::limbs::neg_inv64(p[0]));
            assert!(
                m.batches * 62 >= proven_steps,
                "N = {N}: {} batches",
                m.batches
            );
            assert!(
                m.batches * 62 < proven_steps + 62,
                "N = {N}: {} batches",
                m.batches
            );
            assert!(62 * m.l > 64 * N + 1, "N = {N}: {} limbs", m.l);
            assert!(m.l <= MAX_L);
        }
        check([P64], 148);
        let mut secp = [u64::MAX; 4];
        secp[0] = 0xFFFF_FFFE_FFFF_FC2F;
        check(secp, 591);
        check(
            [0xb9fe_ffff_ffff_aaab, 1, 1, 1, 1, 0x1a01_11ea_397f_e69a],
            885,
        );
    }

    /// The sign of a − k·p against 128-bit integers, on two-limb values
    /// (a signed top limb over a low limb in [0, 2⁶²)) either side of
    /// k·p and equal to it.
    #[test]
    fn sign_of_sub_multiple_is_exact() {
        let p = (1i128 << 62) + 12_345;
        for k in [1i64, -2, 0] {
            let kp = k as i128 * p;
            for a in [kp - (1 << 62), kp - 1, kp, kp + 1, kp + (1 << 62), kp + 7] {
                let want = (a - kp).signum() as i64;
                assert_eq!(
                    sign_of_sub_multiple(&two_limbs(a), k, &two_limbs(p), 2),
                    want,
                    "a = {a}, k = {k}"
                );
            }
        }
    }

    /// The range is open at both ends: −2p and p are out, their
    /// neighbours in.
    #[test]
    fn the_de_range_is_open() {
        let m = modulus64();
        let p = P64 as i128;
        for (v, inside) in [
            (-2 * p, false),
            (-2 * p + 1, true),
            (0, true),
            (p - 1, true),
            (p, false),
        ] {
            assert_eq!(in_de_range(&two_limbs(v), &m), inside, "{v}");
        }
    }

    /// The coefficient update keeps d and e in (−2p, p) at the edges of its
    /// contract: d, e at the ends of the range, matrices with |u| + |v| =
    /// |q| + |r| = 2⁶². Random inputs never come near these edges, where a
    /// wrong sign in the correction by p leaves the range.
    #[test]
    fn update_de_stays_in_range_at_the_edges() {
        let m = modulus64();
        let p = P64 as i128;
        let h = 1i64 << 62;
        let edges = [-2 * p + 1, -p, -1, 0, 1, p - 1];
        let matrices = [(h, 0, 0, h), (0, h, h, 0), (-h, 0, 0, -h), (0, -h, -h, 0)];
        let halves = [
            (h / 2, h / 2, -h / 2, h / 2),
            (-h / 2, -h / 2, h / 2, -h / 2),
        ];
        for (u, v, q, r) in matrices.into_iter().chain(halves) {
            let t = Trans { u, v, q, r };
            for &d0 in &edges {
                for &e0 in &edges {
                    let (mut d, mut e) = (two_limbs(d0), two_limbs(e0));
                    update_de(&mut d, &mut e, &t, &m);
                    assert!(
                        in_de_range(&d, &m) && in_de_range(&e, &m),
                        "{d0} {e0} {u} {v} {q} {r}"
                    );
                }
            }
        }
    }

    /// Negative control: with too few batches the divsteps have not reached
    /// g = 0 and some inverses come out wrong — the batch count is load-bearing.
    #[test]
    fn too_few_batches_fail() {
        let mut m = modulus64();
        m.batches = 1;
        let mut s = 1u64;
        let wrong = (0..1000)
            .map(|_| rng(&mut s) % P64)
            .filter(|&a| {
                let (x, converged) = divsteps_all(&[a], &m);
                a != 0 && !converged && x != [pow_mod(a, P64 - 2, P64)]
            })
            .count();
        assert!(wrong > 900, "only {wrong} of 1000 wrong with one batch");
    }
}
