//! Other implementations' policies, reproduced for auditors comparing
//! twinmul with them (docs/policies.md): Lighter's Go code at v0.0.15 and
//! goldilocks-crypto 0.1.2. Not policies to adopt — both accept the neutral
//! public key (anyone can forge for it) and several byte strings for one
//! key — and not for production; [`super::schnorr`] is the strict scheme.
//!
//! Constant-time status: [`decode_lax`] and [`sign_go_v0_0_15`] are
//! constant time in their inputs like their strict twins (the signer's
//! secret key and nonce are reduced and multiplied in constant time); the
//! verifiers handle public inputs and run in variable time.

use super::gfp5::Gfp5;
use super::mul::{mul2_vartime, mul_g};
use super::point::Point;
use super::scalar::{self, Scalar};
use super::schnorr::{challenge, message, signature};
use crate::arith::field::Field;
use crate::Error;
use zeroize::Zeroize;

/// The field element of 40 bytes (length checked by the caller), each limb
/// taken mod p.
fn lax_element(bytes: &[u8]) -> Gfp5 {
    Gfp5::from_u64s(core::array::from_fn(|i| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    }))
}

/// Decodes 40 bytes as Go v0.0.15 and goldilocks-crypto read points and
/// public keys: each limb mod p, then the strict decoding of the result.
pub fn decode_lax(bytes: &[u8]) -> Result<Point, Error> {
    if bytes.len() != 40 {
        return Err(Error::Length);
    }
    Point::decode(&lax_element(bytes).to_bytes())
}

/// Go v0.0.15 `SchnorrSignHashedMessage2` on bytes: the hashed message's
/// limbs read mod p, the secret key and the nonce read mod n; zero signs
/// like any other value (a zero nonce commits to the neutral, r = 0).
pub fn sign_go_v0_0_15(sk: &[u8], hm: &[u8], k: &[u8]) -> Result<[u8; 80], Error> {
    if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
        return Err(Error::Length);
    }
    let hm = lax_element(hm).to_gf();
    let (Some(mut x), Some(mut k)) = (
        scalar::from_bytes_reduced(sk),
        scalar::from_bytes_reduced(k),
    ) else {
        return Err(Error::Length);
    };
    let r = mul_g(&k).encode();
    let e = challenge(&r, &hm);
    let s = k - e * x;
    x.zeroize();
    k.zeroize();
    Ok(signature(&s, &e))
}

/// goldilocks-crypto 0.1.2 `sign_with_nonce` for a secret key and nonce
/// below n (the crate reads them raw, and its recoding is wrong past n:
/// such values are refused with [`Error::InvalidScalar`], outside the
/// model); zero is allowed. The message must be canonical, as the crate
/// requires.
pub fn sign_goldilocks_crypto_0_1_2(sk: &[u8], hm: &[u8], k: &[u8]) -> Result<[u8; 80], Error> {
    if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
        return Err(Error::Length);
    }
    message(hm)?;
    let canonical = |b: &[u8]| {
        let mut w = [0u8; 40];
        w.copy_from_slice(b);
        scalar::is_canonical(&w)
    };
    // Whether the inputs are in range is public (the caller gets the error).
    let below_n = crate::ct::declassify(canonical(sk) & canonical(k));
    if !bool::from(below_n) {
        return Err(Error::InvalidScalar);
    }
    sign_go_v0_0_15(sk, hm, k)
}

/// Go v0.0.15 `Validate` semantics: s and e are reduced mod n, public-key
/// and message limbs are read mod p, the neutral key (w = 0) is accepted,
/// and when R = s·G + e·PK is the neutral reached as P + (−P) in the last
/// step of Go's 4-bit `MulAdd2`, the point hashed is 2P (its `IsInf` bug,
/// docs/ecgfp5.md §9.1) — so a nonce-0 signature fails.
pub fn verify_go_v0_0_15(pk: &[u8], hm: &[u8], sig: &[u8]) -> bool {
    if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
        return false;
    }
    let Ok(q) = Point::decode_vartime(&lax_element(pk).to_bytes()) else {
        return false;
    };
    let hm = lax_element(hm).to_gf();
    let (Some(s), Some(e)) = (
        scalar::from_bytes_reduced(&sig[..40]),
        scalar::from_bytes_reduced(&sig[40..]),
    ) else {
        return false;
    };
    let r = mul2_vartime(&s, &e, &q);
    let r_enc = if bool::from(r.is_neutral()) {
        // Go: acc = (s − s₀)·G + (e − e₀)·PK, pair = s₀·G + e₀·PK (low nibbles);
        // acc + pair = O with both non-neutral is computed as 2·acc.
        let low = |v: &Scalar| Scalar::from_u64(scalar::to_limbs(v)[0] & 15);
        let (s0, e0) = (low(&s), low(&e));
        let pair = mul2_vartime(&s0, &e0, &q);
        let acc = mul2_vartime(&(s - s0), &(e - e0), &q);
        if bool::from(pair.is_neutral() | acc.is_neutral()) {
            r.encode()
        } else {
            acc.double().encode()
        }
    } else {
        r.encode()
    };
    challenge(&r_enc, &hm) == e
}

/// goldilocks-crypto 0.1.2 `verify_signature` with its error read as
/// `false`, for s below n (the crate reads s raw and its recoding is wrong
/// past n: `None`, outside the model). Public-key limbs are read mod p and
/// the neutral key is accepted; the message must be canonical; e is read
/// raw, so e ≥ n never matches.
pub fn verify_goldilocks_crypto_0_1_2(pk: &[u8], hm: &[u8], sig: &[u8]) -> Option<bool> {
    if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
        return Some(false);
    }
    let s = Option::<Scalar>::from(scalar::from_canonical_bytes(&sig[..40]))?;
    let (Ok(q), Ok(hm)) = (
        Point::decode_vartime(&lax_element(pk).to_bytes()),
        message(hm),
    ) else {
        return Some(false);
    };
    let Some(e) = Option::<Scalar>::from(scalar::from_canonical_bytes(&sig[40..])) else {
        return Some(false);
    };
    let r = mul2_vartime(&s, &e, &q).encode();
    Some(challenge(&r, &hm) == e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lax_limbs_are_read_mod_p() {
        let g = mul_g(&Scalar::ONE).encode(); // w = 4
        let mut plus_p = g;
        let limb = u64::from_le_bytes(g[..8].try_into().unwrap());
        let bumped = limb
            .checked_add(0xFFFF_FFFF_0000_0001)
            .expect("limb 0 of w = 4 is small");
        plus_p[..8].copy_from_slice(&bumped.to_le_bytes());
        assert!(Point::decode(&plus_p).is_err());
        assert_eq!(decode_lax(&plus_p).unwrap().encode(), g);
    }
}
