#!/usr/bin/env python3
"""Merges cargo-mutants results (each DIR's mutants.out/outcomes.json, or
the file itself) into one table per source file: mutants, caught, missed,
unviable, timeout, and the share of viable mutants caught; then lists every
survivor. A mutant seen in several runs counts once, its last outcome.
Names carry the mutant's line and column, so runs are merged as they are
only when they mutated the same code; a run over an older version is
merged by its own names, which an edit above a mutant has moved.

A survivor listed in .cargo/mutants-accounted.toml (equivalent, or not
observable by a safe test, with the reason) is shown with its reason and
still counted as missed; every other survivor is unexplained.

Usage: mutants-table.py DIR_OR_OUTCOMES_JSON...
       mutants-table.py --self-test   (the accounting on fixed names)
Exit status: 0 when no survivor is unexplained, 1 when one is, 2 when no
outcome could be read.
"""
import json
import os
import re
import sys
import tomllib
from collections import defaultdict

ACCOUNTED = os.path.join(os.path.dirname(__file__), "..", ".cargo", "mutants-accounted.toml")

KINDS = {
    "CaughtMutant": "caught",
    "MissedMutant": "missed",
    "Unviable": "unviable",
    "Timeout": "timeout",
}


def outcomes(arg):
    path = arg
    if os.path.isdir(arg):
        for cand in ("mutants.out/outcomes.json", "outcomes.json"):
            if os.path.isfile(os.path.join(arg, cand)):
                path = os.path.join(arg, cand)
                break
    with open(path) as f:
        return json.load(f)["outcomes"]


def accounted_entries(path=ACCOUNTED):
    """The accounted survivors: (compiled pattern, count, why) each."""
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    return [(re.compile(e["mutant"]), int(e["count"]), e["why"]) for e in doc.get("accounted", [])]


def without_position(name):
    """cargo-mutants' name with its line and column replaced by L:C."""
    return re.sub(r"^([^:]+):\d+:\d+:", r"\1:L:C:", name)


def account(missed, entries):
    """Splits survivors into (accounted: name -> why, unexplained list).
    Each entry accounts for at most `count` survivors."""
    used = [0] * len(entries)
    accounted, unexplained = {}, []
    for name in missed:
        key = without_position(name)
        for i, (pat, count, why) in enumerate(entries):
            if used[i] < count and pat.search(key):
                used[i] += 1
                accounted[name] = why
                break
        else:
            unexplained.append(name)
    return accounted, unexplained


def main(args):
    seen = {}
    for a in args:
        try:
            for o in outcomes(a):
                m = o["scenario"]
                if not isinstance(m, dict) or "Mutant" not in m:
                    continue  # the baseline
                kind = KINDS.get(o["summary"])
                if kind:
                    seen[m["Mutant"]["name"]] = (m["Mutant"]["file"], kind)
        except (OSError, ValueError, KeyError) as e:
            print(f"mutants-table: {a}: {e}", file=sys.stderr)
    if not seen:
        print("mutants-table: no outcomes read", file=sys.stderr)
        return 2
    per = defaultdict(lambda: defaultdict(int))
    for file, kind in seen.values():
        per[file][kind] += 1
    print("| file | mutants | caught | missed | unviable | timeout | caught of viable |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    total = defaultdict(int)
    for file in sorted(per):
        c = per[file]
        n = sum(c.values())
        for k, v in c.items():
            total[k] += v
        viable = c["caught"] + c["missed"]
        share = f"{100 * c['caught'] / viable:.1f} %" if viable else "—"
        print(f"| `{file}` | {n} | {c['caught']} | {c['missed']} | {c['unviable']} | {c['timeout']} | {share} |")
    viable = total["caught"] + total["missed"]
    share = f"{100 * total['caught'] / viable:.1f} %" if viable else "—"
    print(f"| all | {len(seen)} | {total['caught']} | {total['missed']} | {total['unviable']} | {total['timeout']} | {share} |")
    missed = sorted(n for n, (_, k) in seen.items() if k == "missed")
    accounted, unexplained = account(missed, accounted_entries())
    if accounted:
        print(f"\nSurvivors accounted for ({len(accounted)}, .cargo/mutants-accounted.toml):")
        for n, why in accounted.items():
            print(f"- {n}: {why}")
    if unexplained:
        print(f"\nUnexplained survivors ({len(unexplained)}): kill each with a test, or account for it")
        for n in unexplained:
            print(f"- {n}")
    return 1 if unexplained else 0


def self_test():
    """The accounting must be able to fail: an unexplained survivor, and a
    second survivor of an entry's shape beyond its count, are unexplained;
    every entry of the file compiles and has a reason. Checked with explicit
    comparisons, not `assert`, so that `python3 -O` cannot skip them."""
    failures = []

    def expect(what, got, want):
        if got != want:
            failures.append(f"{what}: got {got!r}, want {want!r}")

    entries = [(re.compile(r"^a\.rs:L:C: replace \| with \^ in f$"), 1, "disjoint bits")]
    first, second = "a.rs:3:9: replace | with ^ in f", "a.rs:7:2: replace | with ^ in f"
    acc, unexp = account([first], entries)
    expect("one survivor of an accounted shape", (list(acc), unexp), ([first], []))
    acc, unexp = account([first, second], entries)
    expect("one more than the count", (list(acc), unexp), ([first], [second]))
    other_op, other_file = "a.rs:3:9: replace & with | in f", "b.rs:3:9: replace | with ^ in f"
    acc, unexp = account([other_op, other_file], entries)
    expect("another operator, another file", (list(acc), unexp), ([], [other_op, other_file]))
    file_entries = accounted_entries()
    expect("the file has entries", bool(file_entries), True)
    bad = [p.pattern for p, count, why in file_entries if not why.strip() or count <= 0]
    expect("entries without a reason or a count", bad, [])
    if failures:
        for f in failures:
            print(f"mutants-table: self-test FAILED: {f}", file=sys.stderr)
        return 1
    print(f"mutants-table: self-test passed ({len(file_entries)} accounted entries read)")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else (print(__doc__), 2)[1])
