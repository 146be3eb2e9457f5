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
mod declare;
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
