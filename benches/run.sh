#!/usr/bin/env bash
# Regenerates BENCHMARKS.md: one criterion pass of every bench group (built
# with -C target-cpu=native, benches only), pinned to core 0 where taskset
# exists, then benches/report.py. MEASURE=seconds per benchmark (default 3).
set -eu
cd "$(dirname "$0")/.."
export RUSTFLAGS="-C target-cpu=native"
pin=""
command -v taskset >/dev/null && pin="taskset -c 0"
for b in field mul fixed_base ecgfp5; do
  $pin cargo bench -p twinmul-benches --bench "$b" --target-dir target/native -- \
    --warm-up-time 1 --measurement-time "${MEASURE:-3}"
done
python3 benches/report.py > BENCHMARKS.md
echo "wrote BENCHMARKS.md"
