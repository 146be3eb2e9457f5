//! Writes the generated precomputed tables of the optimized crate:
//! `src/ecgfp5/gen_table.rs` (run from anywhere: paths are crate-relative).

fn main() -> std::io::Result<()> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ecgfp5/gen_table.rs");
    std::fs::write(&path, twinmul::ecgfp5::curve::generator_table_source())?;
    println!("wrote {}", path.display());
    Ok(())
}
