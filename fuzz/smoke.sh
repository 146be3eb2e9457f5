#!/usr/bin/env bash
# CI smoke fuzzing: every target for SECONDS_PER_TARGET (default 30) with the
# committed corpus as seeds (new inputs go to a temp dir, never into the
# repo). Prints, per target, the executions, their rate and the coverage
# libFuzzer reached (edges, features); fails on the first crash or
# disagreement and prints the artifact to reproduce.
set -u
cd "$(dirname "$0")"
source ./flags.sh
secs=${SECONDS_PER_TARGET:-30}
status=0
for t in $(cargo fuzz list); do
  tmp=$(mktemp -d)
  cargo fuzz run "${FUZZ_FLAGS[@]}" "$t" "$tmp" "corpus/$t" -- \
    -max_total_time="$secs" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 >"$tmp/log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$tmp/log" | grep -o '[0-9]*$')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$tmp/log" | grep -o '[0-9]*$')
  cov=$(grep -E '^#[0-9]+.*(DONE|cov:)' "$tmp/log" | tail -1 | grep -o 'cov: [0-9]* ft: [0-9]*')
  if [ "$rc" -ne 0 ]; then
    echo "fuzz $t: FAILED (exit $rc) — last lines:"
    tail -40 "$tmp/log"
    status=1
  else
    printf 'fuzz %-7s ok: %s executions in %s s (%s/s), %s\n' "$t" "${execs:-?}" "$secs" "${rate:-?}" "${cov:-cov: ?}"
  fi
  rm -rf "$tmp"
done
exit $status
