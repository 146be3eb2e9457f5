#!/usr/bin/env python3
"""Merges cargo-mutants results (each DIR's mutants.out/outcomes.json, or
the file itself) into one table per source file: mutants, caught, missed,
unviable, timeout, and the share of viable mutants caught; then lists every
survivor. A mutant seen in several runs counts once, its last outcome.

Usage: mutants-table.py DIR_OR_OUTCOMES_JSON...
Exit status: 0 when nothing was missed, 1 when a mutant survived, 2 when no
outcome could be read.
"""
import json
import os
import sys
from collections import defaultdict

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
    if missed:
        print("\nSurvivors:")
        for n in missed:
            print(f"- {n}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else (print(__doc__), 2)[1])
