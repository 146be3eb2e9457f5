//! BIP340 Schnorr signatures over secp256k1, transcribed line by line from
//! the BIP's "Default Signing" and "Verification" pseudo-code.
//!
//! Keys are 32-byte x-only; signatures are `R.x ‖ s` (64 bytes); messages
//! are any length. Nothing here is constant time.

use crate::secp256k1::curve;
use crate::weierstrass::{be, to_be, Point};
use crate::Error;
use num_bigint::BigUint;
use num_traits::Zero;
use sha2::{Digest, Sha256};

/// `hash_tag(x) = SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x)`.
pub fn tagged_hash(tag: &str, parts: &[&[u8]]) -> [u8; 32] {
    let th = Sha256::digest(tag.as_bytes());
    let mut h = Sha256::new();
    h.update(th);
    h.update(th);
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

fn x_bytes(pt: &Point) -> Vec<u8> {
    let (x, _) = pt.as_ref().expect("not infinity");
    to_be(x, 32)
}

fn has_even_y(pt: &Point) -> bool {
    pt.as_ref().is_some_and(|(_, y)| !y.bit(0))
}

/// `lift_x(x)`: the point with x-coordinate `x` and even y, if any.
pub fn lift_x(x: &BigUint) -> Option<Point> {
    let c = curve();
    if x >= &c.p {
        return None;
    }
    let y = c.sqrt(&c.rhs(x))?;
    let y = if y.bit(0) {
        c.fsub(&BigUint::zero(), &y)
    } else {
        y
    };
    Some(Some((x.clone(), y)))
}

fn secret_scalar(sk: &[u8]) -> Result<BigUint, Error> {
    if sk.len() != 32 {
        return Err(Error::Length);
    }
    let d = be(sk);
    if d.is_zero() || d >= curve().n {
        return Err(Error::InvalidScalar);
    }
    Ok(d)
}

/// The x-only public key of a 32-byte secret key (0 < d < n).
pub fn public_key(sk: &[u8]) -> Result<[u8; 32], Error> {
    let d = secret_scalar(sk)?;
    let p = curve().mul_g(&d);
    Ok(x_bytes(&p).try_into().expect("32 bytes"))
}

/// BIP340 signing with auxiliary randomness `aux` (32 bytes).
pub fn sign(sk: &[u8], msg: &[u8], aux: &[u8]) -> Result<[u8; 64], Error> {
    let c = curve();
    let d0 = secret_scalar(sk)?;
    if aux.len() != 32 {
        return Err(Error::Length);
    }
    let p = c.mul_g(&d0);
    let d = if has_even_y(&p) { d0 } else { &c.n - d0 };
    let aux_hash = tagged_hash("BIP0340/aux", &[aux]);
    let t: Vec<u8> = to_be(&d, 32)
        .iter()
        .zip(aux_hash)
        .map(|(a, b)| a ^ b)
        .collect();
    let pk = x_bytes(&p);
    let rand = tagged_hash("BIP0340/nonce", &[&t, &pk, msg]);
    let k0 = be(&rand) % &c.n;
    if k0.is_zero() {
        return Err(Error::SigningFailed);
    }
    let r = c.mul_g(&k0);
    let k = if has_even_y(&r) { k0 } else { &c.n - k0 };
    let rx = x_bytes(&r);
    let e = be(&tagged_hash("BIP0340/challenge", &[&rx, &pk, msg])) % &c.n;
    let s = (k + e * d) % &c.n;
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&rx);
    sig[32..].copy_from_slice(&to_be(&s, 32));
    Ok(sig)
}

/// BIP340 verification; any malformed input is simply `false`.
pub fn verify(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    let c = curve();
    if pk.len() != 32 || sig.len() != 64 {
        return false;
    }
    let Some(p) = lift_x(&be(pk)) else {
        return false;
    };
    let r = be(&sig[..32]);
    if r >= c.p {
        return false;
    }
    let s = be(&sig[32..]);
    if s >= c.n {
        return false;
    }
    let e = be(&tagged_hash("BIP0340/challenge", &[&sig[..32], pk, msg])) % &c.n;
    // R = s·G − e·P
    let rr = c.add(&c.mul_g(&s), &c.neg(&c.mul(&e, &p)));
    match &rr {
        None => false,
        Some((x, _)) => has_even_y(&rr) && *x == r,
    }
}
