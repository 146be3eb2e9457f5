//! `cargo run -p twinmul-tablegen`: writes every generated table of the
//! optimized crate (paths relative to the workspace root, so it runs from
//! anywhere). With `RUSTFLAGS="--cfg twinmul_tablegen"` it builds without
//! the tables, to generate them for a curve that has none yet.

fn main() -> std::process::ExitCode {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for f in twinmul_tablegen::generate() {
        let path = root.join(&f.path);
        if let Err(e) = std::fs::write(&path, &f.text) {
            eprintln!("twinmul-tablegen: {}: {e}", path.display());
            return std::process::ExitCode::from(2);
        }
        println!("wrote {}", f.path);
    }
    std::process::ExitCode::SUCCESS
}
