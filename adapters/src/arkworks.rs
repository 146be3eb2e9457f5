//! Adapters for arkworks: `ark-bn254` (EIP-196 encoding, decoded here from
//! the coordinates with arkworks' canonical field parsing) and
//! `ark-bls12-381` (ZCash encoding through arkworks' own serialization, which
//! checks flags, the curve equation and the subgroup).

use crate::bad_scalar_len;
use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, PrimeField};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};

/// `ark-bn254` 0.5.0.
pub struct ArkBn254;
/// `ark-bls12-381` 0.5.0.
pub struct ArkBls12_381;

fn scalar<P: SWCurveConfig>(bytes: &[u8]) -> Option<P::ScalarField> {
    (bytes.len() == 32).then(|| P::ScalarField::from_be_bytes_mod_order(bytes))
}

/// k·P for any arkworks short-Weierstrass curve, encoded by `enc`.
fn mul<P: SWCurveConfig>(
    curve: Curve,
    p: Affine<P>,
    s: &[u8],
    enc: fn(&Affine<P>) -> Vec<u8>,
) -> Answer {
    match scalar::<P>(s) {
        Some(k) => Answer::Bytes(enc(&(Projective::<P>::from(p) * k).into_affine())),
        None => bad_scalar_len(curve, s.len()),
    }
}

fn bn_fq(bytes: &[u8]) -> Option<ark_bn254::Fq> {
    let limbs: [u64; 4] = std::array::from_fn(|i| {
        u64::from_be_bytes(bytes[24 - 8 * i..32 - 8 * i].try_into().expect("8 bytes"))
    });
    ark_bn254::Fq::from_bigint(ark_ff::BigInt(limbs))
}

fn bn_encode(p: &ark_bn254::G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0u8; 64],
        Some((x, y)) => [x.into_bigint().to_bytes_be(), y.into_bigint().to_bytes_be()].concat(),
    }
}

fn bn_decode(bytes: &[u8]) -> Result<ark_bn254::G1Affine, Answer> {
    if bytes.len() != 64 {
        return Err(Answer::Rejected("EIP-196 point must be 64 bytes".into()));
    }
    let (Some(x), Some(y)) = (bn_fq(&bytes[..32]), bn_fq(&bytes[32..])) else {
        return Err(Answer::Rejected("coordinate not below p".into()));
    };
    if bytes.iter().all(|&b| b == 0) {
        return Ok(ark_bn254::G1Affine::identity());
    }
    let p = ark_bn254::G1Affine::new_unchecked(x, y);
    if !p.is_on_curve() || !p.is_in_correct_subgroup_assuming_on_curve() {
        return Err(Answer::Rejected("not on the curve".into()));
    }
    Ok(p)
}

impl Implementation for ArkBn254 {
    fn name(&self) -> &'static str {
        "ark-bn254"
    }

    fn version(&self) -> String {
        "ark-bn254 0.5.0".into()
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == Curve::Bn254 && matches!(op, Op::MulG | Op::Mul | Op::Decode)
    }
    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        mul(curve, ark_bn254::G1Affine::generator(), s, bn_encode)
    }
    fn mul(&self, curve: Curve, point: &[u8], s: &[u8]) -> Answer {
        match bn_decode(point) {
            Ok(p) => mul(curve, p, s, bn_encode),
            Err(a) => a,
        }
    }
    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        bn_decode(point).map_or_else(|a| a, |p| Answer::Bytes(bn_encode(&p)))
    }
    fn sign(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
    fn verify(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
}

fn bls_encode(p: &ark_bls12_381::G1Affine) -> Vec<u8> {
    let mut out = Vec::with_capacity(48);
    p.serialize_compressed(&mut out)
        .expect("serializing to a Vec cannot fail");
    out
}

fn bls_decode(bytes: &[u8]) -> Result<ark_bls12_381::G1Affine, Answer> {
    let r = match bytes.len() {
        48 => ark_bls12_381::G1Affine::deserialize_compressed(bytes),
        96 => ark_bls12_381::G1Affine::deserialize_uncompressed(bytes),
        _ => {
            return Err(Answer::Rejected(
                "ZCash G1 point must be 48 or 96 bytes".into(),
            ))
        }
    };
    r.map_err(Answer::rejected)
}

impl Implementation for ArkBls12_381 {
    fn name(&self) -> &'static str {
        "ark-bls12-381"
    }

    fn version(&self) -> String {
        "ark-bls12-381 0.5.0".into()
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == Curve::Bls12_381 && matches!(op, Op::MulG | Op::Mul | Op::Decode)
    }
    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        mul(curve, ark_bls12_381::G1Affine::generator(), s, bls_encode)
    }
    fn mul(&self, curve: Curve, point: &[u8], s: &[u8]) -> Answer {
        match bls_decode(point) {
            Ok(p) => mul(curve, p, s, bls_encode),
            Err(a) => a,
        }
    }
    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        bls_decode(point).map_or_else(|a| a, |p| Answer::Bytes(bls_encode(&p)))
    }
    fn sign(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
    fn verify(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
}
