//! The adapter for the optimized crate `twinmul`, in its constant-time
//! (`optimized`) and variable-time (`optimized-vartime`) flavours.
//!
//! Implemented: `mul_g`, `mul` and `decode` on secp256k1, BN254 and
//! BLS12-381. `mul_g` is `mul(G, k)` until the fixed-base comb of the
//! `[fixed-base]` issue lands. Signatures and ECgFp5 are declined until their
//! issues land — never answered with someone else's result.

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};
use twinmul::curve::{AffinePoint, CurveParams, ProjectivePoint};
use twinmul::curves::{bls12_381, bn254, secp256k1};
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
        curve != Curve::Ecgfp5 && matches!(op, Op::MulG | Op::Mul | Op::Decode)
    }

    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.mul_g(curve, self.vartime, s),
            Curve::Bn254 => BN.mul_g(curve, self.vartime, s),
            Curve::Bls12_381 => BLS.mul_g(curve, self.vartime, s),
            Curve::Ecgfp5 => not_yet(),
        }
    }

    fn mul(&self, curve: Curve, point: &[u8], s: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.mul_p(curve, self.vartime, point, s),
            Curve::Bn254 => BN.mul_p(curve, self.vartime, point, s),
            Curve::Bls12_381 => BLS.mul_p(curve, self.vartime, point, s),
            Curve::Ecgfp5 => not_yet(),
        }
    }

    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.decode(point),
            Curve::Bn254 => BN.decode(point),
            Curve::Bls12_381 => BLS.decode(point),
            Curve::Ecgfp5 => not_yet(),
        }
    }

    fn sign(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        not_yet()
    }

    fn verify(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        not_yet()
    }
}
