#!/usr/bin/env bash
# Benchmarks the peers side by side: ROUNDS criterion passes (default 3) of every
# bench group (built with -C target-cpu=native, benches only), pinned to
# core 0 where taskset exists, then benches/report.py, which reports the
# median over the rounds and the range of each ratio. Rounds instead of one
# long pass because this VM's speed drifts by several percent within
# minutes (BENCHMARKS.md): a ratio is only worth quoting with its spread.
# MEASURE = seconds per benchmark and round (default 2); BENCHES = the bench
# targets to run (default: all four). The report goes to
# target/BENCHMARKS.md; UPDATE=1 writes the committed BENCHMARKS.md instead.
set -eu
cd "$(dirname "$0")/.."
export RUSTFLAGS="-C target-cpu=native"
pin=""
command -v taskset >/dev/null && pin="taskset -c 0"
rounds="${ROUNDS:-3}"
rm -rf target/bench-rounds
for r in $(seq "$rounds"); do
  export CRITERION_HOME="$PWD/target/bench-rounds/$r" # absolute: cargo runs benches in benches/
  for b in ${BENCHES:-field mul fixed_base ecgfp5}; do
    $pin cargo bench -p twinmul-benches --bench "$b" --target-dir target/native -- \
      --warm-up-time 1 --measurement-time "${MEASURE:-2}"
  done
done
out=target/BENCHMARKS.md
[ "${UPDATE:-0}" = 1 ] && out=BENCHMARKS.md
python3 benches/report.py target/bench-rounds/* > "$out"
echo "wrote $out"
