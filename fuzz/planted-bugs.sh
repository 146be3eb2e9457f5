#!/usr/bin/env bash
# Proves that the fuzz targets can fail. Builds them with
# `--cfg twinmul_planted_bug`, which plants two realistic bugs in the
# optimized crate (a dropped REDC carry on a rare limb pattern, and an
# off-by-one in the GLV split on rare scalars), then runs the targets that
# should find them and reports the time each took (a second target for the
# same bug runs only if the first missed it). Fails if some planted bug is
# found by none of its targets within LIMIT seconds each (default 300).
set -u
cd "$(dirname "$0")"
source ./flags.sh
export RUSTFLAGS="--cfg twinmul_planted_bug"
limit=${LIMIT:-300}
td=target-planted
cargo fuzz build "${FUZZ_FLAGS[@]}" --target-dir "$td" >/dev/null 2>&1 || { echo "build failed"; exit 2; }
declare -A found
for pair in "field:dropped carry in REDC" "glv:off-by-one in the GLV split" "mul_g:off-by-one in the GLV split"; do
  t=${pair%%:*}
  what=${pair#*:}
  # A second witness only runs if the first one missed the bug.
  if [ "${found[$what]:-0}" = 1 ]; then
    printf 'planted bug (%s) already found; %s not run\n' "$what" "$t"
    continue
  fi
  tmp=$(mktemp -d)
  start=$(date +%s%N)
  cargo fuzz run "${FUZZ_FLAGS[@]}" --target-dir "$td" "$t" "$tmp" "corpus/$t" -- \
    -max_total_time="$limit" -timeout=60 -rss_limit_mb=4096 -artifact_prefix="$tmp/" >"$tmp/log" 2>&1
  rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  execs=$(grep -o '^#[0-9]*' "$tmp/log" | tail -1)
  if [ "$rc" -ne 0 ] && grep -q "panicked" "$tmp/log"; then
    printf 'planted bug (%s) found by %-6s in %d.%03d s (%s executions)\n' "$what" "$t" $((ms / 1000)) $((ms % 1000)) "${execs#\#}"
    found[$what]=1
  else
    printf 'planted bug (%s) not found by %s within %s s\n' "$what" "$t" "$limit"
    found[$what]=${found[$what]:-0}
  fi
  rm -rf "$tmp"
done
status=0
for what in "${!found[@]}"; do
  if [ "${found[$what]}" != 1 ]; then
    echo "FAILED: planted bug ($what) was found by none of its targets"
    status=1
  fi
done
exit $status
