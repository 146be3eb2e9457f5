//! Lighter's Go code at v0.0.15 (`poseidon_crypto`), reproduced on purpose,
//! its bugs included, so that the harness can say "this answer is Go's
//! policy" instead of "disagreement" (docs/policies.md). Not a policy to
//! adopt: it accepts the neutral public key (anyone can forge for it) and
//! several byte strings for one key, signature or message.
//!
//! - Every 40-byte field element (point, public key, hashed message) is read
//!   limb by limb mod p.
//! - Secret keys, nonces, s and e are read as 320-bit integers mod n; zero
//!   is signed with like any other value.
//! - Verification is Go's `Validate`: R = `MulAdd2(G, PK, s, e)` computed
//!   literally, with Go's affine Weierstrass addition, whose P + (−P) sets
//!   the point-at-infinity flag but leaves X, Y as the doubling of P; the
//!   encoding ignores the flag. So when the very last addition of `MulAdd2`
//!   cancels, the point hashed is 2P instead of the neutral, and a
//!   signature made with nonce 0 fails (docs/ecgfp5.md §9.1).

use super::curve::{a_over_3, coeff_a, decode_lax, encode, generator, mul_g, Point};
use super::field::Fp5;
use super::schnorr::{challenge, signature};
use crate::Error;
use num_bigint::BigUint;

/// Go's `WeierstrassPoint`: affine (X, Y) and a flag for the neutral.
#[derive(Clone, Copy, Debug)]
struct GoPoint {
    x: Fp5,
    y: Fp5,
    is_inf: bool,
}

const NEUTRAL: GoPoint = GoPoint {
    x: Fp5::ZERO,
    y: Fp5::ZERO,
    is_inf: true,
};

impl GoPoint {
    fn from_point(p: &Point) -> GoPoint {
        match p {
            None => NEUTRAL,
            Some((x, y)) => GoPoint {
                x: *x,
                y: *y,
                is_inf: false,
            },
        }
    }

    /// Go's `Encode`: Y / (a/3 − X), whatever the flag says.
    fn encode(&self) -> [u8; 40] {
        self.y.mul(&a_over_3().sub(&self.x).invert()).to_bytes()
    }

    /// Go's `Add`, flag bug included.
    fn add(&self, q: &GoPoint) -> GoPoint {
        if self.is_inf {
            return *q;
        }
        if q.is_inf {
            return *self;
        }
        let (x1, y1, x2, y2) = (self.x, self.y, q.x, q.y);
        let same_x = x1 == x2;
        let (num, den) = if same_x {
            (x1.square().scale(3).add(&coeff_a()), y1.scale(2))
        } else {
            (y2.sub(&y1), x2.sub(&x1))
        };
        let lambda = num.mul(&den.invert());
        let x3 = lambda.square().sub(&x1).sub(&x2);
        let y3 = lambda.mul(&x1.sub(&x3)).sub(&y1);
        GoPoint {
            x: x3,
            y: y3,
            is_inf: same_x && y1 != y2,
        }
    }

    /// Go's `Double`: the tangent rule; the neutral stays the neutral.
    fn double(&self) -> GoPoint {
        if self.is_inf {
            return *self;
        }
        let lambda = self
            .x
            .square()
            .scale(3)
            .add(&coeff_a())
            .mul(&self.y.scale(2).invert());
        let x3 = lambda.square().sub(&self.x.scale(2));
        let y3 = lambda.mul(&self.x.sub(&x3)).sub(&self.y);
        GoPoint {
            x: x3,
            y: y3,
            is_inf: false,
        }
    }

    /// Go's `PrecomputeWindow(4)`: 0·P, 1·P, …, 15·P.
    fn window(&self) -> Vec<GoPoint> {
        let mut w = vec![NEUTRAL, *self, self.double()];
        for i in 3..16 {
            let next = self.add(&w[i - 1]);
            w.push(next);
        }
        w
    }
}

/// The 80 four-bit digits of a scalar < 2³²⁰, least significant first
/// (Go's `SplitTo4BitLimbs`).
fn nibbles(k: &BigUint) -> Vec<usize> {
    let mut bytes = k.to_bytes_le();
    bytes.resize(40, 0);
    bytes
        .iter()
        .flat_map(|b| [usize::from(b & 15), usize::from(b >> 4)])
        .collect()
}

/// Go's `MulAdd2(a, b, sa, sb)`: sa·a + sb·b by 4-bit windows, both digits
/// added together before they are added to the accumulator.
fn mul_add2(a: &GoPoint, b: &GoPoint, sa: &BigUint, sb: &BigUint) -> GoPoint {
    let (wa, wb) = (a.window(), b.window());
    let (da, db) = (nibbles(sa), nibbles(sb));
    let top = da.len() - 1;
    let mut res = wa[da[top]].add(&wb[db[top]]);
    for i in (0..top).rev() {
        for _ in 0..4 {
            res = res.double();
        }
        res = res.add(&wa[da[i]].add(&wb[db[i]]));
    }
    res
}

/// Five limbs of 40 bytes, each mod p.
fn lax_limbs(bytes: &[u8]) -> [u64; 5] {
    Fp5::from_limbs_mod_p(bytes).0
}

fn reduced(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_le(bytes) % super::curve::order()
}

/// Go's `SchnorrSignHashedMessage2` on bytes: every input reduced (limbs
/// mod p, secret key and nonce mod n), zero included.
pub fn sign_with_nonce(sk: &[u8], hm: &[u8], k: &[u8]) -> Result<[u8; 80], Error> {
    if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
        return Err(Error::Length);
    }
    let (x, k) = (reduced(sk), reduced(k));
    let r = encode(&mul_g(&k));
    let e = challenge(&r, &lax_limbs(hm));
    Ok(signature(&k, &e, &x))
}

/// Go's `Validate(pk, hm, sig)`: see the module doc.
pub fn verify(pk: &[u8], hm: &[u8], sig: &[u8]) -> bool {
    if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
        return false;
    }
    let Ok(q) = decode_lax(pk) else { return false };
    let (s, e) = (reduced(&sig[..40]), reduced(&sig[40..]));
    let g = GoPoint::from_point(&generator());
    let r = mul_add2(&g, &GoPoint::from_point(&q), &s, &e);
    challenge(&r.encode(), &lax_limbs(hm)) == e
}
