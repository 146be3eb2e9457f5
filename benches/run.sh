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
# The C peers (libsecp256k1 through secp256k1-sys, blst) are built for this
# CPU too: cc appends CFLAGS to its own -O3 of the bench profile. blst picks
# its ADX assembly from the target features; its build log says so.
export CFLAGS="-march=native"
pin=""
command -v taskset >/dev/null && pin="taskset -c 0"
export PIN="$pin"
rounds="${ROUNDS:-3}"
rm -rf target/bench-rounds
for r in $(seq "$rounds"); do
  export CRITERION_HOME="$PWD/target/bench-rounds/$r" # absolute: cargo runs benches in benches/
  for b in ${BENCHES:-field mul fixed_base ecgfp5}; do
    $pin cargo bench -p twinmul-benches --bench "$b" --target-dir target/native -- \
      --warm-up-time 1 --measurement-time "${MEASURE:-2}"
  done
done
# What the report prints under "About this run": the machine, the compilers
# and the flags every implementation was built with.
adx=$(cat target/native/release/build/blst-*/output 2>/dev/null | grep -m1 -i "adx" || echo "no ADX line in blst's build log")
python3 - "$rounds" "$adx" > target/bench-rounds/meta.json <<'PY'
import json, os, platform, subprocess, sys, datetime
info = {}
for l in open("/proc/cpuinfo"):
    k, _, v = l.partition(":")
    info.setdefault(k.strip(), v.strip())
cpu = f"{info.get('model name', platform.processor())} (family {info.get('cpu family', '?')}, model {info.get('model', '?')})"
flags = next((l.split(":", 1)[1].split() for l in open("/proc/cpuinfo") if l.startswith("flags")), [])
json.dump({
    "date": str(datetime.date.today()),
    "rounds": int(sys.argv[1]),
    "cpu": cpu,
    "cpu_features": [f for f in ("adx", "bmi2", "avx2", "avx512f", "avx512ifma", "sha_ni") if f in flags],
    "cores": os.cpu_count(),
    "rustc": subprocess.run(["rustc", "-V"], capture_output=True, text=True).stdout.strip(),
    "cc": subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.splitlines()[0],
    "rustflags": os.environ.get("RUSTFLAGS", ""),
    "cflags": os.environ.get("CFLAGS", ""),
    "blst_adx": sys.argv[2],
    "pinned": os.environ.get("PIN", ""),
}, sys.stdout)
PY
out=target/BENCHMARKS.md
[ "${UPDATE:-0}" = 1 ] && out=BENCHMARKS.md
python3 benches/report.py target/bench-rounds/[0-9]* > "$out.new"
mv "$out.new" "$out"
echo "wrote $out"
