//! BIP340 Schnorr signatures on secp256k1, on the optimized arithmetic.
//!
//! Signing is constant time in the secret key and the nonce: both k·G and
//! d·G go through the blinded comb ([`GeneratorContext`]), the even-y
//! adjustments are conditional negations, the secret-key range check is a
//! borrow chain, and d, k and the nonce hash input are zeroized. The only
//! data-dependent exit is the BIP's own "fail if k′ = 0" (probability 2⁻²⁵⁶).
//! Verification is for public data and uses `mul2_vartime`.

pub mod sha256;

use crate::arith::field::Field;
use crate::arith::scalar::ScalarField;
use crate::curves::secp256k1::{Fe, Scalar, Secp256k1};
use crate::mul::comb::GeneratorContext;
use crate::mul::vartime::{mul2_vartime, mul2_vartime_portable};
use crate::point::affine::AffinePoint;
use crate::point::projective::{lift_x_vartime, ProjectivePoint};
use crate::Error;
use sha256::{sha256, Sha256};
use subtle::ConditionallySelectable;
use zeroize::Zeroize;

/// The state of SHA-256 after SHA256(tag) ‖ SHA256(tag), computed at
/// compile time: a tagged hash then costs only its message blocks.
const fn tag_midstate(tag: &str) -> Sha256 {
    let th = sha256::sha256_const(tag.as_bytes());
    let mut prefix = [0u8; 64];
    let mut i = 0;
    while i < 32 {
        prefix[i] = th[i];
        prefix[32 + i] = th[i];
        i += 1;
    }
    Sha256::with_prefix_blocks(&prefix)
}
const TAG_AUX: Sha256 = tag_midstate("BIP0340/aux");
const TAG_NONCE: Sha256 = tag_midstate("BIP0340/nonce");
const TAG_CHALLENGE: Sha256 = tag_midstate("BIP0340/challenge");

/// `SHA256(SHA256(tag) ‖ SHA256(tag) ‖ parts…)`.
pub fn tagged_hash(tag: &str, parts: &[&[u8]]) -> [u8; 32] {
    let mut h = match tag {
        "BIP0340/aux" => TAG_AUX,
        "BIP0340/nonce" => TAG_NONCE,
        "BIP0340/challenge" => TAG_CHALLENGE,
        _ => {
            let th = sha256(tag.as_bytes());
            let mut h = Sha256::new();
            h.update(&th).update(&th);
            h
        }
    };
    for p in parts {
        h.update(p);
    }
    h.finalize()
}

fn x_bytes(p: &AffinePoint<Secp256k1>) -> [u8; 32] {
    let mut out = [0u8; 32];
    p.x.write_be_bytes(&mut out);
    out
}

fn secret(sk: &[u8]) -> Result<Scalar, Error> {
    if sk.len() != 32 {
        return Err(Error::Length);
    }
    let d = Scalar::from_canonical_bytes(sk);
    // Whether the key is valid is public (the caller gets the error).
    let valid = crate::ct::declassify(d.is_some() & !d.unwrap_or(Scalar::ZERO).is_zero());
    if !bool::from(valid) {
        return Err(Error::InvalidScalar);
    }
    Ok(d.unwrap_or(Scalar::ONE))
}

/// The x-only public key of a 32-byte secret key.
pub fn public_key(ctx: &GeneratorContext<Secp256k1>, sk: &[u8]) -> Result<[u8; 32], Error> {
    let mut d = secret(sk)?;
    let p = ctx.mul_g(&d).to_affine();
    d.zeroize();
    Ok(x_bytes(&p))
}

/// A secret key with its x-only public key, the key already negated for an
/// even y (as libsecp256k1's `keypair`), so signing costs one k·G.
/// Zeroized on drop; `Debug` shows nothing.
pub struct Keypair {
    d: Scalar,
    pk: [u8; 32],
}

impl Keypair {
    /// From a 32-byte secret key (0 < d < n).
    pub fn new(ctx: &GeneratorContext<Secp256k1>, sk: &[u8]) -> Result<Keypair, Error> {
        let mut d0 = secret(sk)?;
        let p = ctx.mul_g(&d0).to_affine();
        let d = Scalar::conditional_select(&d0, &-d0, p.y.is_odd());
        d0.zeroize();
        Ok(Keypair { d, pk: x_bytes(&p) })
    }
    /// The x-only public key.
    pub fn public_key(&self) -> [u8; 32] {
        self.pk
    }
}

impl Drop for Keypair {
    fn drop(&mut self) {
        self.d.zeroize();
    }
}

impl core::fmt::Debug for Keypair {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Keypair(<redacted>, pk = {:02x?})", self.pk)
    }
}

/// BIP340 signing ("Default Signing") with 32 bytes of `aux_rand`.
pub fn sign(
    ctx: &GeneratorContext<Secp256k1>,
    sk: &[u8],
    msg: &[u8],
    aux: &[u8],
) -> Result<[u8; 64], Error> {
    let aux: &[u8; 32] = aux.try_into().map_err(|_| Error::Length)?;
    sign_with_keypair(ctx, &Keypair::new(ctx, sk)?, msg, aux)
}

/// BIP340 signing with a prepared [`Keypair`].
pub fn sign_with_keypair(
    ctx: &GeneratorContext<Secp256k1>,
    kp: &Keypair,
    msg: &[u8],
    aux: &[u8; 32],
) -> Result<[u8; 64], Error> {
    let mut t = [0u8; 32];
    kp.d.write_be_bytes(&mut t);
    for (ti, ai) in t.iter_mut().zip(tagged_hash("BIP0340/aux", &[aux])) {
        *ti ^= ai;
    }
    let rand = tagged_hash("BIP0340/nonce", &[&t, &kp.pk, msg]);
    t.zeroize();
    let mut k0 = Scalar::from_bytes_reduced(&rand).ok_or(Error::Length)?;
    // The BIP's "fail if k′ = 0" (probability 2⁻²⁵⁶): public by design.
    let zero = crate::ct::declassify(k0.is_zero());
    if bool::from(zero) {
        return Err(Error::InvalidScalar);
    }
    let r = ctx.mul_g(&k0).to_affine();
    let mut k = Scalar::conditional_select(&k0, &-k0, r.y.is_odd());
    let rx = x_bytes(&r);
    let e = Scalar::from_bytes_reduced(&tagged_hash("BIP0340/challenge", &[&rx, &kp.pk, msg]))
        .ok_or(Error::Length)?;
    let s = k + e * kp.d;
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&rx);
    s.write_be_bytes(&mut sig[32..]);
    k0.zeroize();
    k.zeroize();
    Ok(sig)
}

/// A parsed x-only public key: the point with this x and even y, lifted
/// once (a square root, about an eighth of a verification) so that
/// verifying several signatures under one key does not repeat it —
/// libsecp256k1's `xonly_pubkey_parse`, whose result its `schnorrsig_verify`
/// takes. Parsing is variable time: public keys are public.
#[derive(Clone, Copy, Debug)]
pub struct PublicKey {
    point: AffinePoint<Secp256k1>,
    bytes: [u8; 32],
}

impl PublicKey {
    /// Parses 32 bytes (BIP340's `lift_x`): [`Error::Length`] for another
    /// length, [`Error::NonCanonical`] for x ≥ p, [`Error::NotOnCurve`] when
    /// x³ + 7 is not a square.
    pub fn from_bytes(pk: &[u8]) -> Result<PublicKey, Error> {
        let bytes: [u8; 32] = pk.try_into().map_err(|_| Error::Length)?;
        let x = Option::<Fe>::from(Fe::from_be_bytes(&bytes)).ok_or(Error::NonCanonical)?;
        let p = lift_x_vartime::<Secp256k1>(x).ok_or(Error::NotOnCurve)?;
        let point = AffinePoint {
            y: Fe::conditional_select(&p.y, &-p.y, p.y.is_odd()),
            ..p
        };
        Ok(PublicKey { point, bytes })
    }

    /// The 32-byte encoding it was parsed from.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.bytes
    }

    /// BIP340 verification under this key; a malformed signature is
    /// `false`. Variable time (public data).
    pub fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        self.verify_with(msg, sig, mul2_vartime)
    }

    /// [`PublicKey::verify`] on the portable s·G − e·P whatever the CPU
    /// ([`mul2_vartime_portable`]): for differential tests to reach both
    /// paths on a CPU that takes the vector one.
    pub fn verify_portable(&self, msg: &[u8], sig: &[u8]) -> bool {
        self.verify_with(msg, sig, mul2_vartime_portable)
    }

    /// The verification, with `mul2` computing a·G + b·P.
    fn verify_with(
        &self,
        msg: &[u8],
        sig: &[u8],
        mul2: fn(&Scalar, &Scalar, &ProjectivePoint<Secp256k1>) -> ProjectivePoint<Secp256k1>,
    ) -> bool {
        if sig.len() != 64 {
            return false;
        }
        let Some(r) = Option::<Fe>::from(Fe::from_be_bytes(&sig[..32])) else {
            return false;
        };
        let Some(s) = Option::<Scalar>::from(Scalar::from_canonical_bytes(&sig[32..])) else {
            return false;
        };
        let Some(e) = Scalar::from_bytes_reduced(&tagged_hash(
            "BIP0340/challenge",
            &[&sig[..32], &self.bytes, msg],
        )) else {
            return false;
        };
        let rr = mul2(&s, &-e, &ProjectivePoint::from(self.point)).to_affine_vartime();
        !bool::from(rr.infinity) && !bool::from(rr.y.is_odd()) && rr.x == r
    }
}

/// BIP340 verification of bytes: [`PublicKey::from_bytes`] then
/// [`PublicKey::verify`]; malformed input is `false`. Variable time (public
/// data).
pub fn verify(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    PublicKey::from_bytes(pk).is_ok_and(|k| k.verify(msg, sig))
}
