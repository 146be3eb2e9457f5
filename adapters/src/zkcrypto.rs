//! Adapter for zkcrypto `bls12_381` (ZCash encodings with subgroup checks).

use crate::bad_scalar_len;
use bls12_381::{G1Affine, G1Projective, Scalar};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};

/// `bls12_381` 0.8.0.
pub struct Bls12_381;

fn scalar(s: &[u8]) -> Option<Scalar> {
    if s.len() != 32 {
        return None;
    }
    // from_bytes_wide reduces any 512-bit little-endian value mod n.
    let mut wide = [0u8; 64];
    for (w, b) in wide.iter_mut().zip(s.iter().rev()) {
        *w = *b;
    }
    Some(Scalar::from_bytes_wide(&wide))
}

fn decode(bytes: &[u8]) -> Result<G1Affine, Answer> {
    let ct = match bytes.len() {
        48 => G1Affine::from_compressed(bytes.try_into().expect("48 bytes")),
        96 => G1Affine::from_uncompressed(bytes.try_into().expect("96 bytes")),
        _ => {
            return Err(Answer::Rejected(
                "ZCash G1 point must be 48 or 96 bytes".into(),
            ))
        }
    };
    Option::from(ct).ok_or_else(|| Answer::Rejected("invalid G1 encoding".into()))
}

fn mul(p: G1Projective, s: &[u8]) -> Answer {
    match scalar(s) {
        Some(k) => Answer::Bytes(G1Affine::from(p * k).to_compressed().to_vec()),
        None => bad_scalar_len(Curve::Bls12_381, s.len()),
    }
}

impl Implementation for Bls12_381 {
    fn name(&self) -> &'static str {
        "bls12_381"
    }

    fn version(&self) -> String {
        "bls12_381 0.8.0".into()
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == Curve::Bls12_381 && matches!(op, Op::MulG | Op::Mul | Op::Decode)
    }
    fn mul_g(&self, _: Curve, s: &[u8]) -> Answer {
        mul(G1Projective::generator(), s)
    }
    fn mul(&self, _: Curve, point: &[u8], s: &[u8]) -> Answer {
        match decode(point) {
            Ok(p) => mul(p.into(), s),
            Err(a) => a,
        }
    }
    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        decode(point).map_or_else(|a| a, |p| Answer::Bytes(p.to_compressed().to_vec()))
    }
    fn sign(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
    fn verify(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
}
