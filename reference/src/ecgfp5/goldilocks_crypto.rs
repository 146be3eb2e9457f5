//! goldilocks-crypto 0.1.2's Schnorr policy, reproduced so that the harness
//! can tell the crate's answers from a bug (docs/policies.md). Not a policy
//! to adopt: it accepts the neutral public key and several byte strings
//! for one public key.
//!
//! - Public-key limbs are read mod p; the neutral key is accepted.
//! - The hashed message must have limbs < p (the crate errs; its verifier's
//!   error is read as "invalid").
//! - Secret key, nonce, s and e are read raw. For values ≥ n the crate's
//!   recoding gives answers that are not a function of the value mod n
//!   (docs/ecgfp5.md §6): those inputs are outside this model, which
//!   requires them < n (and a caller declines them). Zero is allowed: a
//!   zero nonce signs (R is the neutral), a zero key signs too.
//! - e ≥ n can never equal a challenge, so such a signature is invalid.

use super::curve::{add, decode_lax, encode, mul, mul_g, order};
use super::schnorr::{challenge, message, signature};
use crate::Error;
use num_bigint::BigUint;

/// The raw 320-bit integer of 40 bytes, which must be < n.
fn below_n(bytes: &[u8]) -> Result<BigUint, Error> {
    let v = BigUint::from_bytes_le(bytes);
    if v >= order() {
        return Err(Error::InvalidScalar);
    }
    Ok(v)
}

/// The crate's `sign_with_nonce(sk, hm, k)`, for sk, k < n (else
/// `InvalidScalar`: outside the model).
pub fn sign_with_nonce(sk: &[u8], hm: &[u8], k: &[u8]) -> Result<[u8; 80], Error> {
    if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
        return Err(Error::Length);
    }
    let hm = message(hm)?;
    let (x, k) = (below_n(sk)?, below_n(k)?);
    let r = encode(&mul_g(&k));
    let e = challenge(&r, &hm);
    Ok(signature(&k, &e, &x))
}

/// The crate's `verify_signature(sig, hm, pk)`, an error read as `false`,
/// for s < n (else `Err(InvalidScalar)`: outside the model).
pub fn verify(pk: &[u8], hm: &[u8], sig: &[u8]) -> Result<bool, Error> {
    if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
        return Ok(false);
    }
    let s = below_n(&sig[..40])?;
    let (Ok(q), Ok(hm)) = (decode_lax(pk), message(hm)) else {
        return Ok(false);
    };
    let e = BigUint::from_bytes_le(&sig[40..]);
    if e >= order() {
        return Ok(false);
    }
    let r = add(&mul_g(&s), &mul(&e, &q));
    Ok(challenge(&encode(&r), &hm) == e)
}
