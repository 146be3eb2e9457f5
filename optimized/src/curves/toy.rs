//! A toy curve for exhaustive tests: y² = x³ + 2 over GF(211), a group of
//! prime order 199 with a GLV endomorphism (β = 196, λ = 92), like
//! libsecp256k1's exhaustive-test curves. Every scalar and every pair of
//! points can be run through every path in a fraction of a second. The base
//! field uses one limb, so the generic code is also exercised at N = 1.
//! [`ToyPlain`] is the same curve without its endomorphism.

use super::declare::field_params;
use crate::arith::montgomery::Fp;
use crate::point::params::{CurveParams, Endomorphism, GlvParams};
use crate::point::projective::ProjectivePoint;

field_params!(BaseParams, 1, [211], "The base field's prime p.");
field_params!(
    ScalarParams,
    4,
    [199, 0, 0, 0],
    "The scalar field's modulus, the group order n."
);

/// The base field GF(211).
pub type Fe = Fp<BaseParams, 1>;
/// The scalar field GF(199).
pub type Scalar = Fp<ScalarParams, 4>;

/// The toy curve.
#[derive(Clone, Copy, Debug)]
pub struct Toy;

impl CurveParams for Toy {
    type Fe = Fe;
    type Scalar = Scalar;
    const B: Fe = Fe::from_canonical_const([2]);
    const B3: Fe = Fe::from_canonical_const([6]);
    const GENERATOR: (Fe, Fe) = (
        Fe::from_canonical_const([4]),
        Fe::from_canonical_const([53]),
    );
    const ENDOMORPHISM: Option<Endomorphism<Fe, Scalar>> = Some(Endomorphism {
        beta: Fe::from_canonical_const([196]),
        glv: GlvParams {
            lambda: [92, 0, 0, 0],
            neg_b1: [13, 0, 0, 0],
            neg_b2: [197, 0, 0, 0],
            g1: [0x0292a73c765a0cdd, 0, 0, 0],
            g2: [0x10b93f090149539e, 0, 0, 0],
            shift: 64,
            bound_bits: 5,
            _s: core::marker::PhantomData,
        },
    });
}

/// A projective point on the toy curve.
pub type Point = ProjectivePoint<Toy>;

/// The same curve declared without its endomorphism: the test curve of the
/// generic windowed paths (what a curve without GLV runs).
#[derive(Clone, Copy, Debug)]
pub struct ToyPlain;

impl CurveParams for ToyPlain {
    type Fe = Fe;
    type Scalar = Scalar;
    const B: Fe = Toy::B;
    const B3: Fe = Toy::B3;
    const GENERATOR: (Fe, Fe) = Toy::GENERATOR;
    const ENDOMORPHISM: Option<Endomorphism<Fe, Scalar>> = None;
}

/// A projective point on the toy curve without its endomorphism.
pub type PlainPoint = ProjectivePoint<ToyPlain>;
