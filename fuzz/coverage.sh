#!/usr/bin/env bash
# Source coverage of the optimized crate reached by the committed corpora:
# every target's corpus replayed by `cargo fuzz coverage`, the profiles
# merged, and llvm-cov's per-file summary of optimized/src (generated tables
# left out). Needs LLVM tools of rustc's own LLVM version:
#   rustup component add llvm-tools && bash fuzz/coverage.sh
set -euo pipefail
cd "$(dirname "$0")"
llvm=${LLVM:-$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin}
# Each missing tool is one line and exit 3, "not run".
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "not run: cargo-fuzz is not installed (cargo install cargo-fuzz --version 0.13.2 --locked)" >&2
  exit 3
fi
if [ ! -x "$llvm/llvm-profdata" ]; then
  echo "not run: no llvm-profdata in $llvm (rustup component add llvm-tools)" >&2
  exit 3
fi
targets=${TARGETS:-$(cargo fuzz list)}
objects=()
for t in $targets; do
  cargo fuzz coverage -O -s none "$t" "corpus/$t" >/dev/null 2>&1
  objects+=("target/x86_64-unknown-linux-gnu/coverage/x86_64-unknown-linux-gnu/release/$t")
done
profiles=()
for t in $targets; do profiles+=("coverage/$t/coverage.profdata"); done
"$llvm/llvm-profdata" merge -sparse "${profiles[@]}" -o coverage/all.profdata
first=${objects[0]}
extra=()
for o in "${objects[@]:1}"; do extra+=(-object "$o"); done
"$llvm/llvm-cov" report "$first" "${extra[@]}" -instr-profile coverage/all.profdata \
  --ignore-filename-regex='/\.cargo/|/rustc/|/tables/|generator_table|/harness/|/adapters/|/cli/|/reference/|/fuzz/' \
  | sed "s|$(cd .. && pwd)/||"
