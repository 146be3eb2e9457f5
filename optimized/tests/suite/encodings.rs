//! The Weierstrass curves' point encodings (SEC1, EIP-196, ZCash) against
//! the reference: every point class of the input catalogue decoded by the
//! optimized crate and re-encoded gives the reference's bytes, or is
//! refused where the reference refuses it; k·G, the identity and the
//! generator encode to the reference's bytes, compressed and uncompressed.

use crate::checks::big;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use twinmul::curves::{bls12_381, bn254, secp256k1};
use twinmul::point::projective::ProjectivePoint;
use twinmul::{mul, ScalarField};
use twinmul_harness::classes::classes_for;
use twinmul_harness::{Curve, Input, Op};
use twinmul_reference::weierstrass::Point;
use twinmul_reference::Error as RefError;

/// Draws per class: enough for every stratum of every point class.
const PER_CLASS: usize = 24;

/// The reference's name for an error of the optimized crate.
fn same_kind(ours: &twinmul::Error, theirs: &RefError) -> bool {
    use twinmul::Error as E;
    matches!(
        (ours, theirs),
        (E::Length, RefError::Length)
            | (E::Flags, RefError::Flags)
            | (E::NonCanonical, RefError::NonCanonicalCoordinate)
            | (E::NotOnCurve, RefError::NotOnCurve)
            | (E::NotInSubgroup, RefError::NotInSubgroup)
    )
}

/// Every class that applies to (curve, decode), `PER_CLASS` draws each:
/// `decode` then `encode` must give the reference's bytes, or the error of
/// the same kind. At least `PER_CLASS` inputs must be accepted and as many
/// refused, so that both outcomes were exercised.
fn decode_matches_reference<E>(
    curve: Curve,
    decode: impl Fn(&[u8]) -> Result<E, twinmul::Error>,
    encode: impl Fn(&E) -> Vec<u8>,
    ref_decode: fn(&[u8]) -> Result<Point, RefError>,
    ref_encode: fn(&Point) -> Vec<u8>,
) {
    let mut rng = ChaCha20Rng::seed_from_u64(0x7477_696e);
    let (mut accepted, mut refused) = (0, 0);
    for class in classes_for(curve, Op::Decode) {
        for i in 0..PER_CLASS {
            let Input::Decode { point } = class.draw(curve, Op::Decode, i, &mut rng) else {
                panic!("{}: not a decode input", class.name);
            };
            let at = format!("{curve} {}: {}", class.name, hex::encode(&point));
            match (decode(&point), ref_decode(&point)) {
                (Ok(p), Ok(want)) => {
                    assert_eq!(encode(&p), ref_encode(&want), "{at}");
                    accepted += 1;
                }
                (Err(e), Err(want)) => {
                    assert!(same_kind(&e, &want), "{at}: {e:?}, the reference {want:?}");
                    refused += 1;
                }
                (got, want) => panic!(
                    "{at}: {:?}, the reference {:?}",
                    got.map(|p| hex::encode(encode(&p))),
                    want.map(|p| hex::encode(ref_encode(&p)))
                ),
            }
        }
    }
    assert!(
        accepted >= PER_CLASS && refused >= PER_CLASS,
        "{curve}: {accepted} accepted, {refused} refused"
    );
}

/// The check for one curve: the module of the same name in each crate.
macro_rules! decoding_matches {
    ($curve:ident, $module:ident) => {
        decode_matches_reference(
            Curve::$curve,
            $module::decode,
            $module::encode_affine,
            twinmul_reference::$module::decode,
            twinmul_reference::$module::encode,
        )
    };
}

#[test]
fn decoding_every_point_class_matches_the_reference() {
    decoding_matches!(Secp256k1, secp256k1);
    decoding_matches!(Bn254, bn254);
    decoding_matches!(Bls12_381, bls12_381);
}

/// k·G for k = 0, 1, 2, n − 1 and a few more, through `encode` (projective
/// in) and, for BLS12-381, `encode_uncompressed`: the reference's bytes.
#[test]
fn encoding_multiples_of_g_matches_the_reference() {
    fn ks<S: ScalarField>() -> Vec<S> {
        let mut v = vec![S::ZERO, S::ONE, S::ONE + S::ONE, -S::ONE];
        let mut x = S::ONE + S::ONE + S::ONE;
        for _ in 0..6 {
            x = x * x + S::ONE;
            v.push(x);
        }
        v
    }
    fn each<C: twinmul::point::params::CurveParams>(
        r: &twinmul_reference::weierstrass::Curve,
        enc: fn(&ProjectivePoint<C>) -> Vec<u8>,
        want_enc: fn(&Point) -> Vec<u8>,
        mut extra: impl FnMut(&ProjectivePoint<C>, &Point),
    ) {
        let g = ProjectivePoint::<C>::generator();
        for k in ks::<C::Scalar>() {
            let p = mul::mul(&g, &k);
            let want = r.mul_g(&big(&k.to_le_limbs()));
            assert_eq!(enc(&p), want_enc(&want), "k = {:x?}", k.to_le_limbs());
            extra(&p, &want);
        }
    }
    each(
        twinmul_reference::secp256k1::curve(),
        secp256k1::encode,
        twinmul_reference::secp256k1::encode,
        |_, _| {},
    );
    each(
        twinmul_reference::bn254::curve(),
        bn254::encode,
        twinmul_reference::bn254::encode,
        |_, _| {},
    );
    each(
        twinmul_reference::bls12_381::curve(),
        bls12_381::encode,
        twinmul_reference::bls12_381::encode,
        |p, want| {
            assert_eq!(
                bls12_381::encode_uncompressed(&p.to_affine()),
                twinmul_reference::bls12_381::encode_uncompressed(want)
            )
        },
    );
}
