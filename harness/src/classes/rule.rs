//! The class a given point input falls in by the contract's rule that
//! refuses it, as the reference says: a point not on the curve is
//! `point.off-curve`, one on the curve but outside the prime-order subgroup
//! is `point.outside-subgroup`, a Weierstrass coordinate not below p is
//! `point.x-equals-p`, `point.x-above-p` or `point.y-above-p`. For inputs that were not drawn from the
//! catalogue (a vector file's written cases, an official suite's), so that
//! a wrong answer on them is named by class too. Variable time: public
//! inputs only.

use crate::model::{Curve, Input};
use num_bigint::BigUint;
use std::cmp::Ordering;
use twinmul_reference::{bls12_381, bn254, ecgfp5, secp256k1, Error};

/// The class of `input`'s point by the reason the reference refuses it,
/// where that reason is a class's; `None` for other inputs and reasons.
pub fn of_refused_point(curve: Curve, input: &Input) -> Option<&'static str> {
    let point = match input {
        Input::Mul { point, .. } | Input::Decode { point } => point,
        _ => return None,
    };
    let refused = match curve {
        Curve::Secp256k1 => secp256k1::decode(point).err(),
        Curve::Bn254 => bn254::decode(point).err(),
        Curve::Bls12_381 => bls12_381::decode(point).err(),
        Curve::Ecgfp5 => ecgfp5::curve::decode(point).err(),
    };
    match refused? {
        Error::NotOnCurve => Some("point.off-curve"),
        Error::NotInSubgroup => Some("point.outside-subgroup"),
        Error::NonCanonicalCoordinate => coordinate_class(curve, point),
        _ => None,
    }
}

/// Which of `recorded` (an implementation's known findings) names `input`:
/// the class it was drawn from or carries (`class`), else the class of the
/// rule that refuses its point. The one matcher behind every report's
/// known findings.
pub fn known_finding<'r>(
    recorded: &'r [String],
    class: Option<&str>,
    curve: Curve,
    input: &Input,
) -> Option<&'r str> {
    if recorded.is_empty() {
        return None;
    }
    let named = |c: &str| recorded.iter().find(|r| r.as_str() == c);
    class
        .and_then(named)
        .or_else(|| of_refused_point(curve, input).and_then(named))
        .map(String::as_str)
}

/// Which coordinate of a Weierstrass encoding is not below p: x first.
fn coordinate_class(curve: Curve, point: &[u8]) -> Option<&'static str> {
    let (p, x, y): (&BigUint, Vec<u8>, Option<&[u8]>) = match (curve, point.len()) {
        (Curve::Secp256k1, 33) => (&secp256k1::curve().p, point[1..].to_vec(), None),
        (Curve::Secp256k1, 65) => (
            &secp256k1::curve().p,
            point[1..33].to_vec(),
            Some(&point[33..]),
        ),
        (Curve::Bn254, 64) => (&bn254::curve().p, point[..32].to_vec(), Some(&point[32..])),
        (Curve::Bls12_381, 48 | 96) => {
            // The top three bits of the first byte are ZCash's flags.
            let mut x = point[..48].to_vec();
            x[0] &= 0x1f;
            let y = (point.len() == 96).then(|| &point[48..]);
            (&bls12_381::curve().p, x, y)
        }
        _ => return None,
    };
    match BigUint::from_bytes_be(&x).cmp(p) {
        Ordering::Equal => Some("point.x-equals-p"),
        Ordering::Greater => Some("point.x-above-p"),
        Ordering::Less => y
            .filter(|y| BigUint::from_bytes_be(y) >= *p)
            .map(|_| "point.y-above-p"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(point: Vec<u8>) -> Input {
        Input::Decode { point }
    }

    /// Each refusal reason that is a class's is named; a valid point, a
    /// wrong length and a scalar input are not classed.
    #[test]
    fn refused_points_are_classed_by_the_rule_that_refuses_them() {
        let p = secp256k1::curve().p.to_bytes_be();
        let class = |curve, point: Vec<u8>| of_refused_point(curve, &decode(point));
        assert_eq!(
            class(Curve::Secp256k1, [vec![2], p.clone()].concat()),
            Some("point.x-equals-p")
        );
        let mut above = p.clone();
        above[31] += 1;
        assert_eq!(
            class(Curve::Secp256k1, [vec![3], above].concat()),
            Some("point.x-above-p")
        );
        let one = [vec![0; 31], vec![1]].concat();
        assert_eq!(
            class(Curve::Secp256k1, [vec![4], one.clone(), p].concat()),
            Some("point.y-above-p")
        );
        assert_eq!(
            class(Curve::Secp256k1, [vec![4], one.clone(), one].concat()),
            Some("point.off-curve")
        );
        let mut small_x = vec![0u8; 48];
        small_x[0] = 0x80;
        small_x[47] = 4;
        assert_eq!(
            class(Curve::Bls12_381, small_x),
            Some("point.outside-subgroup"),
            "x = 4 is on the curve, outside G1"
        );
        let g = secp256k1::encode(&secp256k1::curve().g);
        assert_eq!(class(Curve::Secp256k1, g.clone()), None);
        assert_eq!(class(Curve::Secp256k1, g[..20].to_vec()), None);
        assert_eq!(
            of_refused_point(
                Curve::Secp256k1,
                &Input::MulG {
                    scalar: vec![0; 32]
                }
            ),
            None
        );
    }
}
