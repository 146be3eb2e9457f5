//! The adapter for the optimized crate `twinmul`, in its constant-time
//! (`optimized`) and variable-time (`optimized-vartime`) flavours.
//!
//! Implemented: `mul_g`, `mul` and `decode` on all four curves. On the
//! three GLV curves `mul_g` is `mul(G, k)` until the fixed-base comb of the
//! `[fixed-base]` issue lands; on ECgFp5 the variable-time flavour is
//! `mul2_vartime(0, k, P)`. Signatures are declined until their issues land —
//! never answered with someone else's result. ECgFp5 has Lighter sign/verify.

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};
use twinmul::curve::{AffinePoint, CurveParams, ProjectivePoint};
use twinmul::curves::{bls12_381, bn254, secp256k1};
use twinmul::ecgfp5::{curve as ec, scalar as esc, schnorr};
use twinmul::{mul, Error, ScalarField};

/// The optimized implementation; `vartime` selects the `_vartime` entry points.
pub struct Optimized {
    /// Use the variable-time functions (for public inputs).
    pub vartime: bool,
}

/// The byte codec of one curve.
struct Codec<C: CurveParams> {
    decode: fn(&[u8]) -> Result<AffinePoint<C>, Error>,
    encode: fn(&AffinePoint<C>) -> Vec<u8>,
}

impl<C: CurveParams> Codec<C> {
    fn scalar(&self, curve: Curve, s: &[u8]) -> Result<C::Scalar, Answer> {
        C::Scalar::from_bytes_reduced(s)
            .ok_or_else(|| crate::adapters::bad_scalar_len(curve, s.len()))
    }

    fn mul(&self, vartime: bool, p: &ProjectivePoint<C>, k: &C::Scalar) -> Answer {
        let r = if vartime {
            mul::mul_vartime(p, k).to_affine_vartime()
        } else {
            mul::mul(p, k).to_affine()
        };
        Answer::Bytes((self.encode)(&r))
    }

    fn mul_g(&self, curve: Curve, vartime: bool, s: &[u8]) -> Answer {
        match self.scalar(curve, s) {
            Ok(k) => self.mul(vartime, &ProjectivePoint::generator(), &k),
            Err(a) => a,
        }
    }

    fn mul_p(&self, curve: Curve, vartime: bool, point: &[u8], s: &[u8]) -> Answer {
        let p = match (self.decode)(point) {
            Ok(p) => p,
            Err(e) => return Answer::rejected(e),
        };
        match self.scalar(curve, s) {
            Ok(k) => self.mul(vartime, &p.into(), &k),
            Err(a) => a,
        }
    }

    fn decode(&self, point: &[u8]) -> Answer {
        (self.decode)(point).map_or_else(Answer::rejected, |p| Answer::Bytes((self.encode)(&p)))
    }
}

const SECP: Codec<secp256k1::Secp256k1> = Codec {
    decode: secp256k1::decode,
    encode: secp256k1::encode_affine,
};
const BN: Codec<bn254::Bn254> = Codec {
    decode: bn254::decode,
    encode: bn254::encode_affine,
};
const BLS: Codec<bls12_381::Bls12_381> = Codec {
    decode: bls12_381::decode,
    encode: bls12_381::encode_affine,
};

fn ec_scalar(s: &[u8]) -> Result<esc::Scalar, Answer> {
    esc::from_bytes_reduced(s)
        .ok_or_else(|| crate::adapters::bad_scalar_len(Curve::Ecgfp5, s.len()))
}

fn ec_mul(vartime: bool, p: &ec::Point, k: &esc::Scalar) -> Answer {
    let r = if vartime {
        ec::mul2_vartime(&<esc::Scalar as twinmul::Field>::ZERO, k, p)
    } else {
        ec::mul(p, k)
    };
    Answer::Bytes(r.encode().to_vec())
}

fn not_yet() -> Answer {
    Answer::Declined("not implemented in the optimized crate yet".into())
}

impl Implementation for Optimized {
    fn name(&self) -> &'static str {
        if self.vartime {
            "optimized-vartime"
        } else {
            "optimized"
        }
    }

    fn supports(&self, curve: Curve, op: Op) -> bool {
        matches!(op, Op::MulG | Op::Mul | Op::Decode) || curve == Curve::Ecgfp5
    }

    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.mul_g(curve, self.vartime, s),
            Curve::Bn254 => BN.mul_g(curve, self.vartime, s),
            Curve::Bls12_381 => BLS.mul_g(curve, self.vartime, s),
            Curve::Ecgfp5 => ec_scalar(s).map_or_else(
                |a| a,
                |k| {
                    if self.vartime {
                        ec_mul(true, &ec::Point::GENERATOR, &k)
                    } else {
                        Answer::Bytes(ec::mul_g(&k).encode().to_vec())
                    }
                },
            ),
        }
    }

    fn mul(&self, curve: Curve, point: &[u8], s: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.mul_p(curve, self.vartime, point, s),
            Curve::Bn254 => BN.mul_p(curve, self.vartime, point, s),
            Curve::Bls12_381 => BLS.mul_p(curve, self.vartime, point, s),
            Curve::Ecgfp5 => match (ec::Point::decode(point), ec_scalar(s)) {
                (Err(e), _) => Answer::rejected(e),
                (_, Err(a)) => a,
                (Ok(p), Ok(k)) => ec_mul(self.vartime, &p, &k),
            },
        }
    }

    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.decode(point),
            Curve::Bn254 => BN.decode(point),
            Curve::Bls12_381 => BLS.decode(point),
            Curve::Ecgfp5 => ec::Point::decode(point)
                .map_or_else(Answer::rejected, |p| Answer::Bytes(p.encode().to_vec())),
        }
    }

    fn sign(&self, curve: Curve, sk: &[u8], msg: &[u8], nonce: &[u8]) -> Answer {
        match curve {
            // Signing is always the constant-time path, in both flavours.
            Curve::Ecgfp5 => match schnorr::SecretKey::from_bytes(sk) {
                Ok(sk) => schnorr::sign_with_nonce(&sk, msg, nonce)
                    .map_or_else(Answer::rejected, |s| Answer::Bytes(s.to_vec())),
                Err(e) => Answer::rejected(e),
            },
            _ => not_yet(),
        }
    }

    fn verify(&self, curve: Curve, pk: &[u8], msg: &[u8], sig: &[u8]) -> Answer {
        match curve {
            Curve::Ecgfp5 => Answer::Verdict(schnorr::verify(pk, msg, sig)),
            _ => not_yet(),
        }
    }
}
