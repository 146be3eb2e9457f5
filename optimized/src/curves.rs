//! The concrete curves: parameters (checked against the reference in the
//! audit tests) and their interop byte encodings.

pub mod bls12_381;
pub mod bn254;
pub mod secp256k1;
mod tables;
pub mod toy;

/// Declares the base- and scalar-field parameter types of a curve.
macro_rules! field_params {
    ($base:ident, $nb:literal, $p:expr, $scalar:ident, $n:expr) => {
        /// Base-field modulus.
        #[derive(Clone, Copy, Debug)]
        pub struct $base;
        impl $crate::field::FieldParams<$nb> for $base {
            const MODULUS: [u64; $nb] = $p;
        }
        /// Scalar-field modulus (the group order).
        #[derive(Clone, Copy, Debug)]
        pub struct $scalar;
        impl $crate::field::FieldParams<4> for $scalar {
            const MODULUS: [u64; 4] = $n;
        }
    };
}
pub(crate) use field_params;
