#!/bin/bash -eu
set -eu
# Builds every fuzz target (AddressSanitizer, libFuzzer) into $OUT with its
# seed corpus. Run from the repository root; validated without Docker by
#   OUT=$(mktemp -d) RUSTC_BOOTSTRAP=1 bash .clusterfuzzlite/build.sh
# Debug assertions on (overflow checks, the 5 × 52 field's magnitude
# bounds); comparison tracing and disabled branch folding off, as in
# fuzz/flags.sh, for throughput.
cargo fuzz build -O --debug-assertions --no-trace-compares --disable-branch-folding=false
bin=fuzz/target/x86_64-unknown-linux-gnu/release
for t in $(cargo fuzz list); do
  cp "$bin/$t" "$OUT/"
  if [ -d "fuzz/corpus/$t" ] && [ -n "$(ls -A "fuzz/corpus/$t")" ]; then
    (cd "fuzz/corpus/$t" && zip -q -j "$OUT/${t}_seed_corpus.zip" ./*)
  fi
done
