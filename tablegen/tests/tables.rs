//! Every committed precomputed table equals the table generator's output
//! (`twinmul-tablegen`, which computes from G with doublings and additions
//! only), so a table edited by hand — or a generator or declaration change
//! not followed by a regeneration — fails here. Regenerate with
//! `cargo run -p twinmul-tablegen`.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::Path;

#[test]
fn every_generated_table_is_regenerated_identically() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = twinmul_tablegen::generate();
    assert!(files.len() >= 10, "every curve's tables and ECgFp5's");
    for f in files {
        let committed = std::fs::read_to_string(root.join(&f.path)).unwrap();
        assert!(
            committed == f.text,
            "{} differs from its generator: run `cargo run -p twinmul-tablegen`",
            f.path
        );
    }
}
