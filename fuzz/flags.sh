# The cargo-fuzz flags every script here builds and runs with (sourced):
# release, no sanitizer (stable Rust), no comparison tracing and no disabled
# branch folding. The last two are cargo-fuzz defaults that cost two to three
# times the throughput on this arithmetic-heavy code (docs/fuzzing.md).
FUZZ_FLAGS=(-O -s none --no-trace-compares --disable-branch-folding=false)
