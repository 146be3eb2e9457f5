//! What a curve is, as the point and multiplication code sees it: the
//! short-Weierstrass equation y² = x³ + b (a = 0) over a [`Field`], its
//! scalar field, its generator, and optionally a GLV endomorphism
//! φ(x, y) = (βx, y) = λ·(x, y) with the lattice constants that split a
//! scalar along it. A curve is one `impl CurveParams`; one without an
//! endomorphism runs the generic windowed multiplications.
//!
//! Data only, no arithmetic (the two hooks, a vector backend's entry
//! points, are implemented by the curve that has one): constant time is
//! the business of the layers that use it.

use crate::arith::field::Field;
use crate::arith::scalar::ScalarField;
use core::fmt::Debug;

/// The parameters of one `y² = x³ + b` curve of prime order.
pub trait CurveParams: 'static + Copy + Send + Sync + Debug {
    /// The base field.
    type Fe: Field;
    /// The scalar field (integers mod the group order n).
    type Scalar: ScalarField;
    /// b.
    const B: Self::Fe;
    /// 3·b (the complete formulas multiply by it).
    const B3: Self::Fe;
    /// The standard generator (affine x, y).
    const GENERATOR: (Self::Fe, Self::Fe);
    /// The GLV endomorphism, if the curve comes with one; `None` selects
    /// the generic windowed paths of `mul`.
    const ENDOMORPHISM: Option<Endomorphism<Self::Fe, Self::Scalar>>;

    /// The main loop of the constant-time GLV multiplication
    /// (`mul::constant_time`) on a vector backend, where the curve has one
    /// and the CPU runs it. `table` holds the odd multiples P, 3P, … in
    /// effective-affine form and `d1`, `d2` the odd signed digits of the
    /// two halves (least significant first, `window` bits apart); the sum
    /// Σ 2^(window·i)·(d1ᵢ·P + d2ᵢ·φ(P)) comes back as Jacobian (X, Y, Z)
    /// on the table's curve. `None` sends the caller to its portable loop;
    /// by default there is no backend. Constant time in the digits.
    fn glv_odd_digits_accelerated(
        _table: &[(Self::Fe, Self::Fe)],
        _d1: &[i8],
        _d2: &[i8],
        _window: u32,
    ) -> Option<[Self::Fe; 3]> {
        None
    }

    /// k·P for a public k (`mul::mul_vartime`) on a vector backend, where
    /// the curve has one and the CPU runs it: P's homogeneous (X, Y, Z) in,
    /// k·P's out. `None` sends the caller to its portable code; by default
    /// there is no backend. Variable time.
    fn mul_vartime_accelerated(_p: &[Self::Fe; 3], _k: &Self::Scalar) -> Option<[Self::Fe; 3]> {
        None
    }
}

/// A GLV endomorphism φ(x, y) = (βx, y), acting on the group as λ.
#[derive(Clone, Copy, Debug)]
pub struct Endomorphism<F, S> {
    /// β, a cube root of unity in the base field.
    pub beta: F,
    /// λ and the constants of the scalar split along it.
    pub glv: GlvParams<S>,
}

/// The GLV constants of one curve (canonical little-endian limbs).
#[derive(Clone, Copy, Debug)]
pub struct GlvParams<S> {
    /// λ with φ(P) = λ·P.
    pub lambda: [u64; 4],
    /// −b₁ mod n.
    pub neg_b1: [u64; 4],
    /// −b₂ mod n.
    pub neg_b2: [u64; 4],
    /// g₁ = ⌊2^m·b₂/n⌉.
    pub g1: [u64; 4],
    /// g₂ = ⌊2^m·(−b₁)/n⌉.
    pub g2: [u64; 4],
    /// m.
    pub shift: u32,
    /// Bit length of the proven bound on |k₁|, |k₂|.
    pub bound_bits: u32,
    /// Ties the constants to their scalar field.
    pub _s: core::marker::PhantomData<S>,
}
