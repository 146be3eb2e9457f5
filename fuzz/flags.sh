# The cargo-fuzz flags every script here builds and runs with (sourced):
# release, no sanitizer (stable Rust), no comparison tracing and no disabled
# branch folding. The last two are cargo-fuzz defaults that cost two to three
# times the throughput on this arithmetic-heavy code (docs/fuzzing.md).
FUZZ_FLAGS=(-O -s none --no-trace-compares --disable-branch-folding=false)

# Without cargo-fuzz nothing here can run: say so in one line and exit 3,
# the "not run" status (never a pass, never a failure).
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "not run: cargo-fuzz is not installed (cargo install cargo-fuzz --version 0.13.2 --locked)" >&2
  exit 3
fi
