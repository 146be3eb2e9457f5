//! The adapter for `twinmul-reference`, the naive oracle: the contract
//! here, the other policies in [`policies`]. Variable time: an oracle,
//! never for secrets.

pub mod policies;

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};
use crate::policy::Policy;
use twinmul_reference::ecgfp5::{curve as ec, scalar as esc, schnorr};
use twinmul_reference::weierstrass::{scalar_reduced, Curve as Sw, Point};
use twinmul_reference::{bip340, bls12_381, bn254, secp256k1, Error};

/// The reference implementation.
pub struct Reference;

type Codec = (
    &'static Sw,
    fn(&Point) -> Vec<u8>,
    fn(&[u8]) -> Result<Point, Error>,
);

fn sw(curve: Curve) -> Option<Codec> {
    match curve {
        Curve::Secp256k1 => Some((secp256k1::curve(), secp256k1::encode, secp256k1::decode)),
        Curve::Bn254 => Some((bn254::curve(), bn254::encode, bn254::decode)),
        Curve::Bls12_381 => Some((bls12_381::curve(), bls12_381::encode, bls12_381::decode)),
        Curve::Ecgfp5 => None,
    }
}

fn answer(r: Result<Vec<u8>, Error>) -> Answer {
    r.map_or_else(Answer::rejected, Answer::Bytes)
}

impl Implementation for Reference {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn version(&self) -> String {
        "twinmul-reference 0.1.0".into()
    }

    fn policy(&self) -> Option<Policy> {
        Some(Policy::Strict)
    }

    fn supports(&self, curve: Curve, op: Op) -> bool {
        !matches!(op, Op::Sign | Op::Verify) || curve.has_signatures()
    }

    fn mul_g(&self, curve: Curve, scalar: &[u8]) -> Answer {
        answer(match sw(curve) {
            Some((c, enc, _)) => scalar_reduced(c, scalar, 32).map(|k| enc(&c.mul_g(&k))),
            None => esc::from_bytes_reduced(scalar).map(|k| ec::encode(&ec::mul_g(&k)).to_vec()),
        })
    }

    fn mul(&self, curve: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        answer(match sw(curve) {
            Some((c, enc, dec)) => dec(point).and_then(|p| {
                let k = scalar_reduced(c, scalar, 32)?;
                Ok(enc(&c.mul(&k, &p)))
            }),
            None => ec::decode(point).and_then(|p| {
                let k = esc::from_bytes_reduced(scalar)?;
                Ok(ec::encode(&ec::mul(&k, &p)).to_vec())
            }),
        })
    }

    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        answer(match sw(curve) {
            Some((_, enc, dec)) => dec(point).map(|p| enc(&p)),
            None => ec::decode(point).map(|p| ec::encode(&p).to_vec()),
        })
    }

    fn sign(&self, curve: Curve, sk: &[u8], msg: &[u8], nonce: &[u8]) -> Answer {
        answer(match curve {
            Curve::Secp256k1 => bip340::sign(sk, msg, nonce).map(|s| s.to_vec()),
            Curve::Ecgfp5 => schnorr::sign_with_nonce(sk, msg, nonce).map(|s| s.to_vec()),
            _ => return Answer::Declined("no signature scheme".into()),
        })
    }

    fn verify(&self, curve: Curve, pk: &[u8], msg: &[u8], sig: &[u8]) -> Answer {
        Answer::Verdict(match curve {
            Curve::Secp256k1 => bip340::verify(pk, msg, sig),
            Curve::Ecgfp5 => schnorr::verify(pk, msg, sig),
            _ => return Answer::Declined("no signature scheme".into()),
        })
    }
}
