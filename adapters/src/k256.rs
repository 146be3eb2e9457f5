//! Adapter for RustCrypto `k256` (secp256k1 arithmetic and BIP340).
//!
//! Two k256 quirks the adapter guards: `SigningKey::from_bytes` and
//! `VerifyingKey::from_bytes` panic on slices that are not 32 bytes long, and
//! its SEC1 parser accepts the non-standard compact tag 05.

use crate::bad_scalar_len;
use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use k256::{AffinePoint, EncodedPoint, FieldBytes, ProjectivePoint, Scalar, U256};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};

/// `k256` 0.13.4.
pub struct K256;

fn scalar(bytes: &[u8]) -> Option<Scalar> {
    let arr: [u8; 32] = bytes.try_into().ok()?;
    Some(<Scalar as Reduce<U256>>::reduce_bytes(&FieldBytes::from(
        arr,
    )))
}

/// The `sec1` crate behind k256 also accepts the "compact" tag 05 (x only);
/// the interop contract does not, so other tags are refused here.
fn decode(bytes: &[u8]) -> Result<AffinePoint, Answer> {
    if !matches!(bytes.first(), Some(0x00 | 0x02 | 0x03 | 0x04)) {
        return Err(Answer::Rejected(
            "tag not in SEC1 interop (00, 02, 03, 04)".into(),
        ));
    }
    let ep = EncodedPoint::from_bytes(bytes).map_err(Answer::rejected)?;
    Option::from(AffinePoint::from_encoded_point(&ep))
        .ok_or_else(|| Answer::Rejected("not a curve point".into()))
}

fn encode(p: &ProjectivePoint) -> Answer {
    Answer::Bytes(p.to_affine().to_encoded_point(true).as_bytes().to_vec())
}

impl Implementation for K256 {
    fn name(&self) -> &'static str {
        "k256"
    }

    fn version(&self) -> String {
        "k256 0.13.4".into()
    }

    fn supports(&self, curve: Curve, _op: Op) -> bool {
        curve == Curve::Secp256k1
    }

    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        match scalar(s) {
            Some(k) => encode(&(ProjectivePoint::GENERATOR * k)),
            None => bad_scalar_len(curve, s.len()),
        }
    }

    fn mul(&self, curve: Curve, point: &[u8], s: &[u8]) -> Answer {
        let p = match decode(point) {
            Ok(p) => p,
            Err(a) => return a,
        };
        match scalar(s) {
            Some(k) => encode(&(ProjectivePoint::from(p) * k)),
            None => bad_scalar_len(curve, s.len()),
        }
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        match decode(point) {
            Ok(p) => encode(&ProjectivePoint::from(p)),
            Err(a) => a,
        }
    }

    fn sign(&self, _: Curve, sk: &[u8], msg: &[u8], aux: &[u8]) -> Answer {
        // `SigningKey::from_bytes` panics on a slice that is not 32 bytes long.
        if sk.len() != 32 {
            return Answer::Rejected("secret key must be 32 bytes".into());
        }
        let Ok(aux) = <&[u8; 32]>::try_from(aux) else {
            return Answer::Rejected("aux_rand must be 32 bytes".into());
        };
        let key = match SigningKey::from_bytes(sk) {
            Ok(k) => k,
            Err(e) => return Answer::rejected(e),
        };
        match key.sign_raw(msg, aux) {
            Ok(sig) => Answer::Bytes(sig.to_bytes().to_vec()),
            Err(e) => Answer::rejected(e),
        }
    }

    fn verify(&self, _: Curve, pk: &[u8], msg: &[u8], sig: &[u8]) -> Answer {
        // `VerifyingKey::from_bytes` panics on a slice that is not 32 bytes long.
        if pk.len() != 32 {
            return Answer::Verdict(false);
        }
        let (Ok(key), Ok(sig)) = (VerifyingKey::from_bytes(pk), Signature::try_from(sig)) else {
            return Answer::Verdict(false);
        };
        Answer::Verdict(key.verify_raw(msg, &sig).is_ok())
    }
}
