//! The adapter for the optimized crate `twinmul`, in its constant-time
//! (`optimized`) and variable-time (`optimized-vartime`) flavours, and
//! `optimized-portable`: the secp256k1 k·G, k·P and BIP340 verification
//! without the vector backend, which the other two take on a CPU with AVX-512 IFMA,
//! so that the campaign compares both paths there.
//!
//! Everything the contract has: `mul_g` (the blinded comb, or its
//! `_vartime` twin; ECgFp5's position-weighted table, or `mul2_vartime(k, 0,
//! O)`), `mul` (GLV windows / wNAF; ECgFp5's `mul2_vartime(0, k, P)` in the
//! vartime flavour), `decode` (`decode_vartime` for ECgFp5 in the vartime
//! flavour), and BIP340 / Lighter signing
//! (always the constant-time path) and verification.

use twinmul::curves::{bls12_381, bn254, secp256k1};
use twinmul::ecgfp5::{mul as ecmul, point as ec, scalar as esc, schnorr};
use twinmul::mul::comb;
use twinmul::mul::comb::GeneratorContext;
use twinmul::mul::comb::GeneratorTable;
use twinmul::point::affine::AffinePoint;
use twinmul::point::params::CurveParams;
use twinmul::point::projective::ProjectivePoint;
use twinmul::{bip340, mul, Error, ScalarField};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};
use twinmul_harness::policy::Policy;

/// The optimized implementation in one of its flavours.
pub struct Optimized {
    flavour: Flavour,
    secp: GeneratorContext<secp256k1::Secp256k1>,
    bn: GeneratorContext<bn254::Bn254>,
    bls: GeneratorContext<bls12_381::Bls12_381>,
}

impl Optimized {
    /// `optimized`: the constant-time entry points.
    pub fn constant_time() -> Self {
        Self::with(Flavour::ConstantTime)
    }

    /// `optimized-vartime`: the `_vartime` entry points (for public inputs).
    pub fn vartime() -> Self {
        Self::with(Flavour::Vartime)
    }

    /// `optimized-portable`: the constant-time flavour's secp256k1 k·G, k·P
    /// and BIP340 verification on the portable code (`mul_g_portable`,
    /// `mul_portable`, `verify_portable`), and nothing else.
    pub fn portable() -> Self {
        Self::with(Flavour::Portable)
    }

    /// The adapter, with freshly blinded generator contexts.
    fn with(flavour: Flavour) -> Self {
        Optimized {
            flavour,
            secp: GeneratorContext::new().expect("getrandom"),
            bn: GeneratorContext::new().expect("getrandom"),
            bls: GeneratorContext::new().expect("getrandom"),
        }
    }

    /// Whether this flavour takes the variable-time entry points.
    fn is_vartime(&self) -> bool {
        matches!(self.flavour, Flavour::Vartime)
    }

    /// Whether this is `optimized-portable`.
    fn is_portable(&self) -> bool {
        matches!(self.flavour, Flavour::Portable)
    }

    /// ECgFp5 decoding: `decode_vartime` in the variable-time flavour, so
    /// the differential tests and vector checks pin it against the rest.
    fn ec_decode(&self, point: &[u8]) -> Result<ec::Point, Error> {
        if self.is_vartime() {
            ec::Point::decode_vartime(point)
        } else {
            ec::Point::decode(point)
        }
    }
}

/// The paths an adapter runs: the variable-time ones, the constant-time
/// ones, or the constant-time ones without the vector backend.
#[derive(Clone, Copy)]
enum Flavour {
    Vartime,
    ConstantTime,
    Portable,
}

/// The byte codec of one curve.
struct Codec<C: CurveParams> {
    decode: fn(&[u8]) -> Result<AffinePoint<C>, Error>,
    encode: fn(&AffinePoint<C>) -> Vec<u8>,
}

impl<C: GeneratorTable> Codec<C> {
    fn scalar(&self, curve: Curve, s: &[u8]) -> Result<C::Scalar, Answer> {
        C::Scalar::from_bytes_reduced(s).ok_or_else(|| crate::bad_scalar_len(curve, s.len()))
    }

    fn mul(&self, vartime: bool, p: &ProjectivePoint<C>, k: &C::Scalar) -> Answer {
        let r = if vartime {
            mul::mul_vartime(p, k).to_affine_vartime()
        } else {
            mul::mul(p, k).to_affine()
        };
        Answer::Bytes((self.encode)(&r))
    }

    fn mul_g(&self, curve: Curve, ctx: &GeneratorContext<C>, how: Flavour, s: &[u8]) -> Answer {
        let r = match (self.scalar(curve, s), how) {
            (Err(a), _) => return a,
            (Ok(k), Flavour::Vartime) => comb::mul_g_vartime::<C>(&k).to_affine_vartime(),
            (Ok(k), Flavour::ConstantTime) => ctx.mul_g(&k).to_affine(),
            (Ok(k), Flavour::Portable) => ctx.mul_g_portable(&k).to_affine(),
        };
        Answer::Bytes((self.encode)(&r))
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
    esc::from_bytes_reduced(s).ok_or_else(|| crate::bad_scalar_len(Curve::Ecgfp5, s.len()))
}

fn ec_mul(vartime: bool, p: &ec::Point, k: &esc::Scalar) -> Answer {
    let r = if vartime {
        ecmul::mul2_vartime(&<esc::Scalar as twinmul::Field>::ZERO, k, p)
    } else {
        ecmul::mul(p, k)
    };
    Answer::Bytes(r.encode().to_vec())
}

/// secp256k1's k·P on the portable loop (`optimized-portable`).
fn portable_mul(curve: Curve, point: &[u8], s: &[u8]) -> Answer {
    if curve != Curve::Secp256k1 {
        return Answer::Declined("optimized-portable has secp256k1 only".into());
    }
    let p = match (SECP.decode)(point) {
        Ok(p) => p,
        Err(e) => return Answer::rejected(e),
    };
    match SECP.scalar(curve, s) {
        Ok(k) => Answer::Bytes((SECP.encode)(&mul::mul_portable(&p.into(), &k).to_affine())),
        Err(a) => a,
    }
}

fn not_yet() -> Answer {
    Answer::Declined("not implemented in the optimized crate yet".into())
}

impl Implementation for Optimized {
    fn name(&self) -> &'static str {
        match self.flavour {
            Flavour::Portable => "optimized-portable",
            Flavour::Vartime => "optimized-vartime",
            Flavour::ConstantTime => "optimized",
        }
    }

    fn version(&self) -> String {
        let how = match self.flavour {
            Flavour::Portable => "portable paths, no vector backend",
            Flavour::Vartime => "variable time",
            Flavour::ConstantTime => "constant time",
        };
        format!("twinmul {} ({how})", env!("CARGO_PKG_VERSION"))
    }

    fn policy(&self) -> Option<Policy> {
        Some(Policy::Strict)
    }

    fn supports(&self, curve: Curve, op: Op) -> bool {
        if self.is_portable() {
            return curve == Curve::Secp256k1 && matches!(op, Op::MulG | Op::Mul | Op::Verify);
        }
        matches!(op, Op::MulG | Op::Mul | Op::Decode) || curve.has_signatures()
    }

    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        let how = self.flavour;
        if self.is_portable() && curve != Curve::Secp256k1 {
            return Answer::Declined("optimized-portable has secp256k1 only".into());
        }
        match curve {
            Curve::Secp256k1 => SECP.mul_g(curve, &self.secp, how, s),
            Curve::Bn254 => BN.mul_g(curve, &self.bn, how, s),
            Curve::Bls12_381 => BLS.mul_g(curve, &self.bls, how, s),
            Curve::Ecgfp5 => ec_scalar(s).map_or_else(
                |a| a,
                |k| {
                    if self.is_vartime() {
                        // the generator-table half of mul2_vartime (e = 0)
                        let zero = <esc::Scalar as twinmul::Field>::ZERO;
                        let r = ecmul::mul2_vartime(&k, &zero, &ec::Point::NEUTRAL);
                        Answer::Bytes(r.encode().to_vec())
                    } else {
                        Answer::Bytes(ecmul::mul_g(&k).encode().to_vec())
                    }
                },
            ),
        }
    }

    fn mul(&self, curve: Curve, point: &[u8], s: &[u8]) -> Answer {
        if self.is_portable() {
            return portable_mul(curve, point, s);
        }
        let vartime = self.is_vartime();
        match curve {
            Curve::Secp256k1 => SECP.mul_p(curve, vartime, point, s),
            Curve::Bn254 => BN.mul_p(curve, vartime, point, s),
            Curve::Bls12_381 => BLS.mul_p(curve, vartime, point, s),
            Curve::Ecgfp5 => match (self.ec_decode(point), ec_scalar(s)) {
                (Err(e), _) => Answer::rejected(e),
                (_, Err(a)) => a,
                (Ok(p), Ok(k)) => ec_mul(vartime, &p, &k),
            },
        }
    }

    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        match curve {
            Curve::Secp256k1 => SECP.decode(point),
            Curve::Bn254 => BN.decode(point),
            Curve::Bls12_381 => BLS.decode(point),
            Curve::Ecgfp5 => self
                .ec_decode(point)
                .map_or_else(Answer::rejected, |p| Answer::Bytes(p.encode().to_vec())),
        }
    }

    fn sign(&self, curve: Curve, sk: &[u8], msg: &[u8], nonce: &[u8]) -> Answer {
        match curve {
            // Signing is always the constant-time path, in both flavours.
            Curve::Secp256k1 => bip340::sign(&self.secp, sk, msg, nonce)
                .map_or_else(Answer::rejected, |s| Answer::Bytes(s.to_vec())),
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
            Curve::Secp256k1 if self.is_portable() => Answer::Verdict(
                bip340::PublicKey::from_bytes(pk).is_ok_and(|k| k.verify_portable(msg, sig)),
            ),
            Curve::Secp256k1 => Answer::Verdict(bip340::verify(pk, msg, sig)),
            Curve::Ecgfp5 => Answer::Verdict(schnorr::verify(pk, msg, sig)),
            _ => not_yet(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each constructor is the flavour its name says, and only the
    /// portable one is limited to secp256k1's three portable operations.
    #[test]
    fn each_constructor_is_its_flavour() {
        let flavours = [
            (Optimized::constant_time(), "optimized", "(constant time)"),
            (Optimized::vartime(), "optimized-vartime", "(variable time)"),
            (
                Optimized::portable(),
                "optimized-portable",
                "(portable paths, no vector backend)",
            ),
        ];
        for (o, name, how) in &flavours {
            assert_eq!(o.name(), *name);
            assert!(o.version().ends_with(how), "{}", o.version());
            let everything = o.name() != "optimized-portable";
            assert!(o.supports(Curve::Secp256k1, Op::Mul));
            assert!(o.supports(Curve::Secp256k1, Op::Verify));
            assert_eq!(o.supports(Curve::Secp256k1, Op::Decode), everything);
            assert_eq!(o.supports(Curve::Bls12_381, Op::MulG), everything);
            assert_eq!(o.supports(Curve::Ecgfp5, Op::Sign), everything);
        }
        let g = bls12_381::encode_affine(&bls12_381::Point::generator().to_affine());
        let answer = flavours[2].0.mul(Curve::Bls12_381, &g, &[1]);
        assert!(matches!(answer, Answer::Declined(_)), "{answer:?}");
    }
}
