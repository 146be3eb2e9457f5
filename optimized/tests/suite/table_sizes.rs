//! The precomputed tables' sizes as the documentation states them, computed
//! from the code: entries × the size of an entry (an affine point of two
//! field elements, 80 bytes for secp256k1's 5 × 52-bit limbs). A table
//! resized, or an entry type changed, without the docs following fails here.

use std::path::Path;
use twinmul::curves::secp256k1::Secp256k1;
use twinmul::mul::comb::GeneratorTable;

/// `bytes` as the docs write it: "107.5 KiB", "320 KiB".
fn kib(bytes: usize) -> String {
    let k = bytes as f64 / 1024.0;
    if k.fract() == 0.0 {
        format!("{k:.0} KiB")
    } else {
        format!("{k} KiB")
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)).unwrap()
}

/// An entry as stored in a release build: two field elements of five
/// 64-bit limbs (debug builds add each element's magnitude, for checks).
const ENTRY: usize = 2 * 5 * 8;

/// The comb table of a shape: `blocks` × 2^(teeth − 1) entries.
fn comb_bytes(blocks: usize, teeth: usize) -> usize {
    blocks * (1 << (teeth - 1)) * ENTRY
}

#[test]
fn the_docs_state_the_tables_sizes_the_code_has() {
    #[cfg(not(debug_assertions))]
    assert_eq!(
        std::mem::size_of::<twinmul::point::affine::AffineXY<twinmul::curves::secp256k1::Fe>>(),
        ENTRY
    );
    let entry = ENTRY;
    let shapes: Vec<usize> = Secp256k1::COMB_TABLES
        .iter()
        .map(|(_, s)| comb_bytes(s.blocks, s.teeth))
        .collect();
    let (_, v) = Secp256k1::VARTIME_COMB_TABLE.unwrap();
    let vartime = comb_bytes(v.blocks, v.teeth);
    let odd = Secp256k1::ODD_TABLE.1 * entry;
    // The tables compiled in are the sizes computed.
    #[cfg(not(any(feature = "comb-small", feature = "comb-medium")))]
    assert_eq!(Secp256k1::table().len() * entry, shapes[2]);
    assert_eq!(Secp256k1::odd_table().len() * entry, odd);
    #[cfg(not(feature = "comb-small"))]
    assert_eq!(Secp256k1::vartime_table().len() * entry, vartime);

    let design = read("docs/design.md");
    let benchmarks = read("BENCHMARKS.md");
    let manifest = read("optimized/Cargo.toml");
    let source = read("optimized/src/curves/secp256k1.rs");
    for bytes in shapes.iter().chain([&vartime, &odd]) {
        let k = kib(*bytes);
        assert!(design.contains(&k), "docs/design.md does not state {k}");
        assert!(benchmarks.contains(&k), "BENCHMARKS.md does not state {k}");
        assert!(
            source.contains(&k),
            "curves/secp256k1.rs does not state {k}"
        );
    }
    for bytes in &shapes {
        let k = kib(*bytes);
        assert!(
            manifest.contains(&k),
            "optimized/Cargo.toml does not state {k}"
        );
    }
}
