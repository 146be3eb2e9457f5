//! Every committed precomputed table equals its generator's output (the
//! generators compute from G with doublings and additions only), so a table
//! edited by hand — or a generator change not followed by a regeneration —
//! fails here. Regenerate with `cargo run -p twinmul --example gen_tables`.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::Path;
use twinmul::comb::{
    odd_table_source, table_source, CombShape, ODD_ENTRIES, SECP256K1_ODD_ENTRIES,
    SECP256K1_SHAPES, SECP256K1_VARTIME,
};
use twinmul::curves::{bls12_381, bn254, secp256k1};

fn committed(rel: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../optimized/src")
            .join(rel),
    )
    .unwrap()
}

#[test]
fn comb_tables_are_regenerated_identically() {
    let medium = CombShape {
        blocks: 11,
        teeth: 6,
        spacing: 4,
    };
    let mut files = vec![
        (
            "curves/tables/bn254_comb.rs".to_string(),
            table_source::<bn254::Bn254>("bn254", "Fe", medium),
        ),
        (
            "curves/tables/bls12_381_comb.rs".to_string(),
            table_source::<bls12_381::Bls12_381>("bls12_381", "Fe", medium),
        ),
    ];
    files.push((
        "curves/tables/secp256k1_odd.rs".to_string(),
        odd_table_source::<secp256k1::Secp256k1>("secp256k1", "Fe", SECP256K1_ODD_ENTRIES),
    ));
    files.push((
        "curves/tables/bn254_odd.rs".to_string(),
        odd_table_source::<bn254::Bn254>("bn254", "Fe", ODD_ENTRIES),
    ));
    files.push((
        "curves/tables/bls12_381_odd.rs".to_string(),
        odd_table_source::<bls12_381::Bls12_381>("bls12_381", "Fe", ODD_ENTRIES),
    ));
    for (name, shape) in SECP256K1_SHAPES.into_iter().chain([SECP256K1_VARTIME]) {
        files.push((
            format!("curves/tables/{name}.rs"),
            table_source::<secp256k1::Secp256k1>("secp256k1", "Fe", shape),
        ));
    }
    for (rel, want) in files {
        assert!(
            committed(&rel) == want,
            "{rel} differs from its generator: run `cargo run -p twinmul --example gen_tables`"
        );
    }
}
