//! The concrete curves, each declared in one file: its parameters (checked
//! against the reference's in the audit tests), the shapes of its generated
//! tables, and its interop byte encoding.
//!
//! Adding an a = 0 curve: write its file (field moduli, b, the generator,
//! the endomorphism or `None`, the table shapes of `impl GeneratorTable`),
//! add it to [`with_generated_tables`] and `mod` it below, then run
//! `cargo run -p twinmul-tablegen` (with `RUSTFLAGS="--cfg twinmul_tablegen"`
//! the first time, when its tables do not exist yet).

pub mod bls12_381;
pub mod bn254;
pub mod secp256k1;
pub mod toy;

use crate::mul::comb::GeneratorTable;

/// What the table generator does with each curve of
/// [`with_generated_tables`].
pub trait CurveVisitor {
    /// Called once per curve, with its module name.
    fn visit<C: GeneratorTable>(&mut self, module: &str);
}

/// Every curve with generated tables, in a fixed order: the list the table
/// generator walks.
pub fn with_generated_tables(v: &mut impl CurveVisitor) {
    v.visit::<secp256k1::Secp256k1>("secp256k1");
    v.visit::<bn254::Bn254>("bn254");
    v.visit::<bls12_381::Bls12_381>("bls12_381");
}

/// Declares a prime field's modulus type.
macro_rules! field_params {
    ($name:ident, $n:literal, $modulus:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl $crate::arith::field::FieldParams<$n> for $name {
            const MODULUS: [u64; $n] = $modulus;
        }
    };
}
pub(crate) use field_params;

/// Empty stand-ins for a curve's generated tables under
/// `--cfg twinmul_tablegen`, so that the generator builds before they exist.
#[cfg(twinmul_tablegen)]
macro_rules! tablegen_stand_ins {
    ($($extra:ident),*) => {
        mod comb_table {
            pub(crate) const SHAPE: $crate::mul::comb::CombShape =
                $crate::mul::comb::CombShape { blocks: 1, teeth: 1, spacing: 1 };
            pub(crate) static TABLE: [$crate::point::affine::AffineXY<super::Fe>; 0] = [];
        }
        mod odd_table {
            pub(crate) static ODD: [$crate::point::affine::AffineXY<super::Fe>; 0] = [];
        }
        $(
            mod $extra {
                pub(crate) const SHAPE: $crate::mul::comb::CombShape =
                    $crate::mul::comb::CombShape { blocks: 1, teeth: 1, spacing: 1 };
                pub(crate) static TABLE: [$crate::point::affine::AffineXY<super::Fe>; 0] = [];
            }
        )*
    };
}
#[cfg(twinmul_tablegen)]
pub(crate) use tablegen_stand_ins;
