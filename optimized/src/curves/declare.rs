//! The macros a curve file declares itself with: its fields' moduli, and
//! the stand-ins of its generated tables for the table generator's
//! bootstrap build (`--cfg twinmul_tablegen`).

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
