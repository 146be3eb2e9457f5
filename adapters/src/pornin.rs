//! Adapter for Thomas Pornin's Rust ECgFp5, the curve designer's own code,
//! vendored unchanged under `peers/ecgfp5-pornin` (its PROVENANCE.md names
//! the commit). It is not a crates.io package.
//!
//! It has the curve but not Lighter's signature (it has no Poseidon2), so it
//! offers `mul_g`, `mul` and `decode` on ECgFp5 only. It follows the interop
//! contract, so it declares no policy: a limb ≥ p and a w that decodes to
//! nothing are rejected, w = 0 is the neutral, and a multiplication reads its
//! 40-byte scalar mod n (`Scalar::decode_reduce`).

use ecgfp5_pornin::curve::Point;
use ecgfp5_pornin::field::GFp5;
use ecgfp5_pornin::scalar::Scalar;
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};

/// Pornin's ECgFp5, commit `ce059c6`.
pub struct Pornin;

fn encode(p: Point) -> Answer {
    Answer::Bytes(p.encode().encode().to_vec())
}

fn decode(bytes: &[u8]) -> Result<Point, Answer> {
    if bytes.len() != 40 {
        return Err(Answer::Rejected("point must be 40 bytes".into()));
    }
    let (w, canonical) = GFp5::decode(bytes);
    if canonical == 0 {
        return Err(Answer::Rejected("a limb is not below p".into()));
    }
    match Point::decode(w) {
        (p, ok) if ok != 0 => Ok(p),
        _ => Err(Answer::Rejected("no point has this encoding".into())),
    }
}

fn scalar(bytes: &[u8]) -> Result<Scalar, Answer> {
    if bytes.len() != 40 {
        return Err(Answer::Rejected("scalar must be 40 bytes".into()));
    }
    Ok(Scalar::decode_reduce(bytes))
}

impl Implementation for Pornin {
    fn name(&self) -> &'static str {
        "ecgfp5-pornin"
    }

    fn version(&self) -> String {
        "Pornin's ecgfp5 (Rust), commit ce059c6, vendored".into()
    }

    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == Curve::Ecgfp5 && matches!(op, Op::MulG | Op::Mul | Op::Decode)
    }

    fn mul_g(&self, _: Curve, s: &[u8]) -> Answer {
        scalar(s).map_or_else(|a| a, |k| encode(Point::mulgen(k)))
    }

    fn mul(&self, _: Curve, point: &[u8], s: &[u8]) -> Answer {
        match (decode(point), scalar(s)) {
            (Err(a), _) | (_, Err(a)) => a,
            (Ok(p), Ok(k)) => encode(p * k),
        }
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        decode(point).map_or_else(|a| a, encode)
    }
}
