//! Writes every generated precomputed table of the optimized crate (paths
//! are crate-relative, so it runs from anywhere):
//! `src/ecgfp5/gen_table.rs`, `src/curves/tables/*_comb*.rs` and
//! `src/curves/tables/*_odd.rs`.

use twinmul::comb::{
    odd_table_source, table_source, CombShape, ODD_ENTRIES, SECP256K1_ODD_ENTRIES,
};
use twinmul::curves::{bls12_381, bn254, secp256k1};

fn write(rel: &str, text: String) -> std::io::Result<()> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::write(&path, text)?;
    println!("wrote {}", path.display());
    Ok(())
}

fn main() -> std::io::Result<()> {
    write(
        "src/ecgfp5/gen_table.rs",
        twinmul::ecgfp5::curve::generator_table_source(),
    )?;
    let vartime = [twinmul::comb::SECP256K1_VARTIME];
    for (file, shape) in twinmul::comb::SECP256K1_SHAPES.into_iter().chain(vartime) {
        write(
            &format!("src/curves/tables/{file}.rs"),
            table_source::<secp256k1::Secp256k1>("secp256k1", "Fe", shape),
        )?;
    }
    let medium = CombShape {
        blocks: 11,
        teeth: 6,
        spacing: 4,
    };
    write(
        "src/curves/tables/bn254_comb.rs",
        table_source::<bn254::Bn254>("bn254", "Fe", medium),
    )?;
    write(
        "src/curves/tables/bls12_381_comb.rs",
        table_source::<bls12_381::Bls12_381>("bls12_381", "Fe", medium),
    )?;
    write(
        "src/curves/tables/secp256k1_odd.rs",
        odd_table_source::<secp256k1::Secp256k1>("secp256k1", "Fe", SECP256K1_ODD_ENTRIES),
    )?;
    write(
        "src/curves/tables/bn254_odd.rs",
        odd_table_source::<bn254::Bn254>("bn254", "Fe", ODD_ENTRIES),
    )?;
    write(
        "src/curves/tables/bls12_381_odd.rs",
        odd_table_source::<bls12_381::Bls12_381>("bls12_381", "Fe", ODD_ENTRIES),
    )?;
    Ok(())
}
