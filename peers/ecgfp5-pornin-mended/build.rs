//! Writes `$OUT_DIR/field.rs`: the vendored `peers/ecgfp5-pornin/src/field.rs`
//! with one line added, `let c = core::hint::black_box(c);` at the top of
//! `GFp5::set_partial_lookup`. Without it the release build turns the
//! lookup's mask `c` (0 or all ones) back into a branch on the secret digit
//! (docs/constant-time.md, "Findings in the peers"). The build fails if the
//! function is not found exactly once, so an upstream change cannot pass
//! unmended.

use std::path::Path;

const SITE: &str = "    pub(crate) fn set_partial_lookup(&mut self, y: GFp5, c: u64) {\n";
const MEND: &str = "        let c = core::hint::black_box(c);\n";

fn main() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ecgfp5-pornin/src/field.rs");
    println!("cargo:rerun-if-changed={}", src.display());
    let text = std::fs::read_to_string(&src).expect("read the vendored field.rs");
    assert_eq!(
        text.matches(SITE).count(),
        1,
        "set_partial_lookup must occur exactly once in {}",
        src.display()
    );
    let mended = text.replacen(SITE, &format!("{SITE}{MEND}"), 1);
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("field.rs");
    std::fs::write(out, mended).expect("write the mended field.rs");
}
