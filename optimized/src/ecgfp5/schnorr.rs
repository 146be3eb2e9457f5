//! Lighter's Schnorr signatures over ECgFp5 (docs/ecgfp5.md §6), byte-compatible with
//! Lighter's Go code and goldilocks-crypto on canonical inputs.
//!
//! sign: r = enc(k·G); e = FromGfp5(H(r ‖ hm)); s = k − e·sk; sig = s ‖ e.
//! verify: R = s·G + e·PK; valid iff FromGfp5(H(enc(R) ‖ hm)) = e.
//!
//! Policy: [`verify`] is **strict** — s, e < n; public-key and message
//! limbs < p; the neutral public key is rejected (docs/policies.md; the
//! other implementations' policies are in `super::compat`, feature `compat`). Signing is
//! constant time in
//! the secret key and the nonce; secrets are zeroized on drop; nothing on the
//! signing path allocates.

use super::gf::Gf;
use super::gfp5::Gfp5;
use super::mul::{mul2_vartime_table, mul_g, OddMultiples};
use super::point::Point;
use super::poseidon2::hash_to_quintic_extension;
use super::scalar::{self, Scalar};
use crate::arith::field::Field;
use crate::Error;
use core::fmt;
use zeroize::Zeroize;

/// A secret key 0 < sk < n. Zeroized on drop; `Debug` shows nothing.
pub struct SecretKey(Scalar);

impl SecretKey {
    /// Parses 40 LE bytes that must encode 0 < sk < n (constant-time range check).
    pub fn from_bytes(bytes: &[u8]) -> Result<SecretKey, Error> {
        parse_secret(bytes).map(SecretKey)
    }
    /// A fresh uniformly random key.
    pub fn random() -> Result<SecretKey, getrandom::Error> {
        scalar::random_nonzero().map(SecretKey)
    }
    /// The 40-byte public key enc(sk·G).
    pub fn public_key(&self) -> [u8; 40] {
        mul_g(&self.0).encode()
    }
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        wipe(&mut self.0);
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(<redacted>)")
    }
}

/// Overwrites a secret scalar with zeros (volatile writes, `zeroize`).
fn wipe(s: &mut Scalar) {
    s.zeroize();
}

fn parse_secret(bytes: &[u8]) -> Result<Scalar, Error> {
    if bytes.len() != 40 {
        return Err(Error::Length);
    }
    let s = scalar::from_canonical_bytes(bytes);
    // Whether the key or nonce is valid is public (the caller gets the error).
    let valid = crate::ct::declassify(s.is_some() & !s.unwrap_or(Scalar::ZERO).is_zero());
    if !bool::from(valid) {
        return Err(Error::InvalidScalar);
    }
    Ok(s.unwrap_or(Scalar::ONE))
}

/// The hashed message: 40 bytes, five limbs < p (strict).
pub(crate) fn message(hm: &[u8]) -> Result<[Gf; 5], Error> {
    let m = Gfp5::from_canonical_bytes(hm).ok_or(if hm.len() == 40 {
        Error::NonCanonical
    } else {
        Error::Length
    })?;
    Ok(m.to_gf())
}

/// e = FromGfp5(H(r ‖ hm)).
pub(crate) fn challenge(r: &[u8; 40], hm: &[Gf; 5]) -> Scalar {
    let mut pre = [Gf::ZERO; 10];
    for (i, c) in r.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        pre[i] = Gf::new(u64::from_le_bytes(w));
    }
    pre[5..].copy_from_slice(hm);
    scalar::from_gfp5(&hash_to_quintic_extension(&pre))
}

/// The 80 bytes s ‖ e.
pub(crate) fn signature(s: &Scalar, e: &Scalar) -> [u8; 80] {
    let mut sig = [0u8; 80];
    sig[..40].copy_from_slice(&scalar::to_bytes(s));
    sig[40..].copy_from_slice(&scalar::to_bytes(e));
    sig
}

/// Signs with an explicit nonce `k` (40 LE bytes, 0 < k < n). Deterministic;
/// for differential tests and for callers with their own nonce source.
pub fn sign_with_nonce(sk: &SecretKey, hm: &[u8], k: &[u8]) -> Result<[u8; 80], Error> {
    let hm = message(hm)?;
    let mut k = parse_secret(k)?;
    let r = mul_g(&k).encode();
    let e = challenge(&r, &hm);
    let s = k - e * sk.0;
    wipe(&mut k);
    Ok(signature(&s, &e))
}

/// Signs with a fresh nonce from `random_nonzero` (masked rejection sampling).
pub fn sign(sk: &SecretKey, hm: &[u8]) -> Result<[u8; 80], Error> {
    let hm = message(hm)?;
    let mut k = scalar::random_nonzero().map_err(|_| Error::InvalidScalar)?;
    let r = mul_g(&k).encode();
    let e = challenge(&r, &hm);
    let s = k - e * sk.0;
    wipe(&mut k);
    Ok(signature(&s, &e))
}

/// Strict verification (public inputs; variable time): lengths 40/40/80,
/// canonical limbs, s, e < n, and a non-neutral public key.
pub fn verify(pk: &[u8], hm: &[u8], sig: &[u8]) -> bool {
    match decode_key(pk) {
        Ok(q) => verify_table(&OddMultiples::<8>::new(&q), hm, sig),
        Err(_) => false,
    }
}

/// Entries of a [`PreparedPublicKey`]'s odd-multiples table (wNAF width 8
/// for e, 5 KiB): built once per key, it saves about 11 mixed additions per
/// verification over the 8 entries that [`verify`] builds each time.
const PREPARED_ENTRIES: usize = 32;

/// A public key decoded and checked once (strict: 40 bytes, canonical,
/// on the curve, not the neutral), with a table of its odd multiples
/// larger than the one [`verify`] builds, for a verifier that checks many
/// signatures of the same key: each [`PreparedPublicKey::verify`] then skips
/// the decoding square root and the table. Same verdicts as [`verify`]
/// (both go through one function).
#[derive(Clone, Copy, Debug)]
pub struct PreparedPublicKey(OddMultiples<PREPARED_ENTRIES>);

impl PreparedPublicKey {
    /// Decodes and prepares `pk`: the decoding errors, or
    /// [`Error::Identity`] for the neutral key (w = 0).
    pub fn new(pk: &[u8]) -> Result<PreparedPublicKey, Error> {
        decode_key(pk).map(|q| PreparedPublicKey(OddMultiples::new(&q)))
    }

    /// Strict verification of `sig` on `hm` (see [`verify`]).
    pub fn verify(&self, hm: &[u8], sig: &[u8]) -> bool {
        verify_table(&self.0, hm, sig)
    }
}

/// The strict public-key checks: the decoding errors, or
/// [`Error::Identity`] for the neutral key (w = 0).
/// The key is public, so it is decoded in variable time.
fn decode_key(pk: &[u8]) -> Result<Point, Error> {
    let q = Point::decode_vartime(pk)?;
    if bool::from(q.is_neutral()) {
        return Err(Error::Identity);
    }
    Ok(q)
}

/// The strict checks of the message and signature, then
/// FromGfp5(H(enc(s·G + e·PK) ‖ hm)) = e, with PK given by its table.
fn verify_table<const N: usize>(tp: &OddMultiples<N>, hm: &[u8], sig: &[u8]) -> bool {
    if sig.len() != 80 {
        return false;
    }
    let Ok(hm) = message(hm) else { return false };
    let (Some(s), Some(e)) = (
        Option::<Scalar>::from(scalar::from_canonical_bytes(&sig[..40])),
        Option::<Scalar>::from(scalar::from_canonical_bytes(&sig[40..])),
    ) else {
        return false;
    };
    let r = mul2_vartime_table(&s, &e, tp).encode();
    challenge(&r, &hm) == e
}

/// A nonce prepared ahead of time: k and the encoded k·G, so that online
/// signing costs one hash and two scalar operations.
///
/// - **Single use**: [`sign_prepared`] consumes it by value and there is no
///   `Clone`, so a second use does not compile (a doc test shows it).
/// - **Process-bound**: it records the pid it was made in; after a `fork`
///   the child's copy is refused ([`Error::ForkedNonce`]) — parent and child
///   would otherwise both sign with the same k and reveal the key.
/// - **Zeroized** on drop (k and r).
pub struct PreparedNonce {
    k: Scalar,
    r: [u8; 40],
    pid: u32,
}

impl PreparedNonce {
    /// Draws k (masked rejection sampling) and computes enc(k·G).
    pub fn new() -> Result<PreparedNonce, Error> {
        let k = scalar::random_nonzero().map_err(|_| Error::InvalidScalar)?;
        let r = mul_g(&k).encode();
        Ok(PreparedNonce {
            k,
            r,
            pid: std::process::id(),
        })
    }

    /// The commitment enc(k·G) (public once a signature is released).
    pub fn commitment(&self) -> [u8; 40] {
        self.r
    }

    /// Whether k and r are all zero (for the zeroization test).
    pub fn is_wiped(&self) -> bool {
        bool::from(self.k.is_zero()) && self.r == [0; 40]
    }
}

impl Zeroize for PreparedNonce {
    fn zeroize(&mut self) {
        self.k.zeroize();
        self.r.zeroize();
    }
}

impl Drop for PreparedNonce {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl fmt::Debug for PreparedNonce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PreparedNonce(<redacted>)")
    }
}

/// Signs with a prepared nonce, consuming it. Refused in a process other
/// than the one that prepared it (after `fork`).
///
/// ```
/// use twinmul::ecgfp5::schnorr::{sign_prepared, PreparedNonce, SecretKey};
/// let sk = SecretKey::from_bytes(&[7u8; 40]).unwrap();
/// let nonce = PreparedNonce::new().unwrap();
/// let _ = sign_prepared(&sk, &[1u8; 40], nonce);
/// ```
///
/// ```compile_fail
/// use twinmul::ecgfp5::schnorr::{sign_prepared, PreparedNonce, SecretKey};
/// let sk = SecretKey::from_bytes(&[7u8; 40]).unwrap();
/// let nonce = PreparedNonce::new().unwrap();
/// let _ = sign_prepared(&sk, &[1u8; 40], nonce);
/// let _ = sign_prepared(&sk, &[2u8; 40], nonce); // a second use: does not compile
/// ```
pub fn sign_prepared(sk: &SecretKey, hm: &[u8], nonce: PreparedNonce) -> Result<[u8; 80], Error> {
    if nonce.pid != std::process::id() {
        return Err(Error::ForkedNonce);
    }
    let hm = message(hm)?;
    let e = challenge(&nonce.r, &hm);
    let s = nonce.k - e * sk.0;
    Ok(signature(&s, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hashed message of another length is a length error; 40 bytes with
    /// a limb ≥ p are non-canonical; limbs below p are taken as they are.
    #[test]
    fn message_errors_name_the_fault() {
        assert_eq!(message(&[0; 39]).err(), Some(Error::Length));
        assert_eq!(message(&[0; 41]).err(), Some(Error::Length));
        assert_eq!(message(&[0xff; 40]).err(), Some(Error::NonCanonical));
        let mut hm = [0u8; 40];
        hm[8] = 7;
        let m = message(&hm).unwrap();
        assert_eq!(m[1].value(), 7);
        assert_eq!(m[0].value(), 0);
    }
}
