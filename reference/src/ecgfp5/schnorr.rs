//! Lighter's Schnorr signatures over ECgFp5 (docs/ecgfp5.md §6), strict policy.
//!
//! sign: r = enc(k·G); e = FromGfp5(H(r ‖ hm)); s = k − e·sk mod n; sig = s ‖ e.
//! verify: R = s·G + e·PK; valid iff FromGfp5(H(enc(R) ‖ hm)) = e.
//!
//! The strict policy, and how it differs from the other implementations:
//! - s and e must be < n. Go v0.0.15 `Validate` reduces them mod n, so it
//!   accepts s + n and e + n; goldilocks-crypto 0.1.2 takes them raw (it
//!   rejects e + n, and accepts s + n in about 2% of cases).
//! - every limb of the public key and of the hashed message must be < p.
//!   Go v0.0.15 reduces all of them; goldilocks-crypto takes public-key limbs
//!   raw and rejects message limbs ≥ p (`NonCanonicalMessage`).
//! - the neutral public key (w = 0) is rejected: with it anyone can forge.
//!   Both Go v0.0.15 and goldilocks-crypto accept it.
//! - a signature made with nonce k = 0 (R = neutral) is valid mathematics and
//!   verifies here and in goldilocks-crypto; Go v0.0.15 rejects it because of
//!   its `IsInf` bug in the final Weierstrass addition. The signer here
//!   refuses k = 0 (and any k ≥ n), so it never produces one.

use super::curve::{add, decode, encode, mul, mul_g, order};
use super::field::{limbs_le, P};
use super::poseidon2::hash_to_quintic_extension;
use super::scalar::{from_canonical_bytes, from_gfp5, to_bytes};
use crate::Error;
use num_bigint::BigUint;
use num_traits::Zero;

fn secret(bytes: &[u8]) -> Result<BigUint, Error> {
    let v = from_canonical_bytes(bytes).map_err(|e| match e {
        Error::Length => Error::Length,
        _ => Error::InvalidScalar,
    })?;
    if v.is_zero() {
        return Err(Error::InvalidScalar);
    }
    Ok(v)
}

/// The hashed message, strictly: 40 bytes, five limbs < p.
pub fn message(hm: &[u8]) -> Result<[u64; 5], Error> {
    if hm.len() != 40 {
        return Err(Error::Length);
    }
    let limbs = limbs_le(hm);
    if limbs.iter().any(|&l| l >= P) {
        return Err(Error::NonCanonicalMessage);
    }
    Ok(limbs)
}

/// e = FromGfp5(H(r ‖ hm)) over the ten limbs.
pub fn challenge(r: &[u8; 40], hm: &[u64; 5]) -> BigUint {
    let mut pre: Vec<u64> = limbs_le(r).to_vec();
    pre.extend_from_slice(hm);
    from_gfp5(&hash_to_quintic_extension(&pre))
}

/// The 40-byte public key enc(sk·G) of a secret key 0 < sk < n.
pub fn public_key(sk: &[u8]) -> Result<[u8; 40], Error> {
    Ok(encode(&mul_g(&secret(sk)?)))
}

/// Signs the 40-byte hashed message with the explicit nonce `k` (0 < k < n).
pub fn sign_with_nonce(sk: &[u8], hm: &[u8], k: &[u8]) -> Result<[u8; 80], Error> {
    let x = secret(sk)?;
    let hm = message(hm)?;
    let k = secret(k)?;
    let r = encode(&mul_g(&k));
    let e = challenge(&r, &hm);
    Ok(signature(&k, &e, &x))
}

/// s = k − e·sk mod n, and the 80 bytes s ‖ e.
pub(crate) fn signature(k: &BigUint, e: &BigUint, sk: &BigUint) -> [u8; 80] {
    let n = order();
    let s = (k + &n - (e * sk) % &n) % &n;
    let mut sig = [0u8; 80];
    sig[..40].copy_from_slice(&to_bytes(&s));
    sig[40..].copy_from_slice(&to_bytes(e));
    sig
}

/// Strict verification; any malformed or non-canonical input is `false`.
pub fn verify(pk: &[u8], hm: &[u8], sig: &[u8]) -> bool {
    if sig.len() != 80 {
        return false;
    }
    let Ok(q) = decode(pk) else { return false };
    if q.is_none() {
        return false; // the neutral public key
    }
    let Ok(hm) = message(hm) else { return false };
    let (Ok(s), Ok(e)) = (
        from_canonical_bytes(&sig[..40]),
        from_canonical_bytes(&sig[40..]),
    ) else {
        return false;
    };
    let r = add(&mul_g(&s), &mul(&e, &q));
    challenge(&encode(&r), &hm) == e
}
