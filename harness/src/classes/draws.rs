//! The primitives every class draws with: uniform integers in a range,
//! valid points (k·G by the reference, canonically encoded), messages and
//! nonces, and valid signatures by the reference. Classes build their edge
//! and malformed inputs from these; nothing here knows a class.

use crate::edge::{encode_scalar, order};
use crate::model::{Curve, Input};
use num_bigint::BigUint;
use rand::Rng;
use twinmul_reference::bip340;
use twinmul_reference::ecgfp5::{curve as ec, field as ef, schnorr};
use twinmul_reference::weierstrass::{Curve as Sw, Point};
use twinmul_reference::{bls12_381, bn254, secp256k1};

/// The scalar's width in bits (256, or 320 on ECgFp5).
pub fn width(curve: Curve) -> u32 {
    8 * curve.scalar_len() as u32
}

/// A uniform integer in [lo, hi).
pub fn between(rng: &mut impl Rng, lo: &BigUint, hi: &BigUint) -> BigUint {
    let span = hi - lo;
    let mut b = vec![0u8; (span.bits() as usize).div_ceil(8) + 8];
    rng.fill(&mut b[..]);
    lo + BigUint::from_bytes_le(&b) % span
}

/// A uniform scalar in [1, n).
pub fn nonzero_below_n(curve: Curve, rng: &mut impl Rng) -> BigUint {
    between(rng, &BigUint::from(1u32), &order(curve))
}

/// The short-Weierstrass parameters of `curve` (all but ECgFp5).
pub fn sw(curve: Curve) -> Option<&'static Sw> {
    match curve {
        Curve::Secp256k1 => Some(secp256k1::curve()),
        Curve::Bn254 => Some(bn254::curve()),
        Curve::Bls12_381 => Some(bls12_381::curve()),
        Curve::Ecgfp5 => None,
    }
}

/// The canonical encoding of a short-Weierstrass point of `curve`.
pub fn canonical(curve: Curve, pt: &Point) -> Vec<u8> {
    match curve {
        Curve::Secp256k1 => secp256k1::encode(pt),
        Curve::Bn254 => bn254::encode(pt),
        _ => bls12_381::encode(pt),
    }
}

/// A uniform point k·G, canonically encoded.
pub fn random_canonical(curve: Curve, rng: &mut impl Rng) -> Vec<u8> {
    let k = nonzero_below_n(curve, rng);
    match sw(curve) {
        Some(c) => canonical(curve, &c.mul_g(&k)),
        None => ec::encode(&ec::mul_g(&k)).to_vec(),
    }
}

/// Flips one uniformly chosen bit of `bytes` (nothing when empty).
pub fn flip_bit(bytes: &mut [u8], rng: &mut impl Rng) {
    if !bytes.is_empty() {
        let i = rng.gen_range(0..bytes.len());
        bytes[i] ^= 1 << rng.gen_range(0..8);
    }
}

/// BIP340 message lengths drawn: empty, one byte, the customary 32, one
/// over, and a long one.
pub const MESSAGE_LENGTHS: [usize; 5] = [0, 1, 32, 33, 100];

/// A uniform message and nonce for `sign` on `curve`: a BIP340 message of
/// one of [`MESSAGE_LENGTHS`] and a 32-byte aux_rand, or a canonical
/// 40-byte hashed message and a nonce in [1, n) on ECgFp5.
pub fn random_message_and_nonce(curve: Curve, rng: &mut impl Rng) -> (Vec<u8>, Vec<u8>) {
    if curve == Curve::Ecgfp5 {
        let k = nonzero_below_n(curve, rng);
        (random_hm(rng), encode_scalar(curve, &k).expect("below n"))
    } else {
        let len = MESSAGE_LENGTHS[rng.gen_range(0..MESSAGE_LENGTHS.len())];
        (random_bytes(rng, len), random_bytes(rng, 32))
    }
}

/// `len` uniform bytes.
pub fn random_bytes(rng: &mut impl Rng, len: usize) -> Vec<u8> {
    let mut m = vec![0u8; len];
    rng.fill(&mut m[..]);
    m
}

/// A canonical ECgFp5 hashed message: five limbs below p.
pub fn random_hm(rng: &mut impl Rng) -> Vec<u8> {
    (0..5)
        .flat_map(|_| rng.gen_range(0..ef::P).to_le_bytes())
        .collect()
}

/// A signature by the reference, with everything needed to verify or
/// forge around it.
pub struct Signed {
    /// The secret key.
    pub secret: BigUint,
    /// The public key, as `verify` takes it.
    pub public_key: Vec<u8>,
    /// The message.
    pub message: Vec<u8>,
    /// The signature.
    pub signature: Vec<u8>,
}

impl Signed {
    /// The `verify` input of this signature.
    pub fn verify_input(&self) -> Input {
        Input::Verify {
            public_key: self.public_key.clone(),
            message: self.message.clone(),
            signature: self.signature.clone(),
        }
    }
}

/// A valid signature by the reference under a uniform key, on `message`
/// (or a uniform one).
pub fn signed(curve: Curve, rng: &mut impl Rng, message: Option<Vec<u8>>) -> Signed {
    let sk = nonzero_below_n(curve, rng);
    let skb = encode_scalar(curve, &sk).expect("below n");
    let (m, nonce) = random_message_and_nonce(curve, rng);
    let message = message.unwrap_or(m);
    let (public_key, signature) = if curve == Curve::Ecgfp5 {
        (
            schnorr::public_key(&skb).map(|p| p.to_vec()),
            schnorr::sign_with_nonce(&skb, &message, &nonce).map(|s| s.to_vec()),
        )
    } else {
        (
            bip340::public_key(&skb).map(|p| p.to_vec()),
            bip340::sign(&skb, &message, &nonce).map(|s| s.to_vec()),
        )
    };
    Signed {
        secret: sk,
        public_key: public_key.expect("a key below n"),
        message,
        signature: signature.expect("a canonical message, key and nonce"),
    }
}
