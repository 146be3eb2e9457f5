#!/usr/bin/env bash
# cargo-mutants over what the last change did to the optimized crate: every
# mutant of the changed lines must be caught by the crate's own tests, so
# that new code arrives with tests that can fail. Bounded in time: a run
# that does not finish is reported as not finished, never as passed.
# BASE (default HEAD~1) is what the change is measured against.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE:-HEAD~1}
limit=${MUTANTS_SECONDS:-900}
diff=target/mutants-in-diff.diff
mkdir -p target
if ! git rev-parse -q --verify "$base" >/dev/null; then
  echo "mutants: not run (no $base to compare with)"
  exit 0
fi
git diff "$base" -- optimized/src > "$diff"
if [ ! -s "$diff" ]; then
  echo "mutants: the change does not touch optimized/src: nothing to mutate"
  exit 0
fi
command -v cargo-mutants >/dev/null 2>&1 || cargo install cargo-mutants --version 27.1.0 --locked
# nextest stops a mutant's tests at the first failure, where cargo test
# waits for the slowest test of the failing binary (docs/testing.md).
tool=()
if cargo nextest --version >/dev/null 2>&1; then
  tool=(--test-tool nextest)
fi
set +e
timeout "$limit" cargo mutants --package twinmul "${tool[@]}" --in-diff "$diff" -o target/mutants-in-diff 2>&1 | tee target/mutants-in-diff.log
status=${PIPESTATUS[0]}
set -e
if [ "$status" = 0 ] && grep -q "No mutants to filter" target/mutants-in-diff.log; then
  echo "mutants: the changed lines hold no mutant (tests, comments or declarations only)"
  exit 0
fi
# What the run covered: a run whose every mutant failed to build checked
# nothing, and says so rather than "caught".
out=target/mutants-in-diff/mutants.out
count() { if [ -f "$out/$1.txt" ]; then grep -c . "$out/$1.txt" || true; else echo 0; fi; }
caught=$(count caught); missed=$(count missed); unviable=$(count unviable); timeouts=$(count timeout)
covered="$caught caught, $missed missed, $timeouts timed out, $unviable unviable"
if [ "$status" = 0 ] && [ "$caught" = 0 ]; then
  echo "mutants: no viable mutant in the change ($covered): nothing was checked"
  exit 0
fi
# Survivors (exit 2) pass only when each is accounted for in
# .cargo/mutants-accounted.toml (equivalent, with the reason).
if [ "$status" = 2 ] && python3 .ci/mutants-table.py target/mutants-in-diff; then
  echo "mutants: every mutant of the change caught, or accounted for as equivalent (.cargo/mutants-accounted.toml): $covered"
  exit 0
fi
case $status in
  0) echo "mutants: every mutant of the change caught: $covered" ;;
  3) echo "mutants: every mutant caught or stopped by the time bound: $covered (timeouts in $out/timeout.txt)" ;;
  124) echo "mutants: NOT FINISHED within ${limit} s (see target/mutants-in-diff/mutants.out); not a pass" ;;
  *) echo "mutants: FAILED (exit $status): target/mutants-in-diff/mutants.out/missed.txt lists the survivors"; exit 1 ;;
esac
