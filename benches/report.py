#!/usr/bin/env python3
"""Writes BENCHMARKS.md (to stdout) from criterion's results: one directory
per round (arguments; default target/criterion). Per group: the median over
the rounds of each implementation's median, and the ratio to the fastest
peer computed within each round (both ran minutes apart at most) — its
median over the rounds and, with several rounds, its range. Then the
analytic field-multiplication counts with the floor they imply at the
measured field-multiplication latency; then "About this run" from the
run's own record (meta.json beside the rounds: CPU, compilers, flags, the
peers' versions from Cargo.lock); then the hand-kept sections of the
committed BENCHMARKS.md, from "## Measured and not kept" on, unchanged."""
import json, os, re, sys, datetime, statistics

HERE = os.path.dirname(os.path.abspath(__file__))
KEPT_FROM = "## Measured and not kept"
PEERS = ["k256", "secp256k1", "secp256k1-sys", "ark-bn254", "ark-bls12-381", "blst", "bls12_381", "goldilocks-crypto"]

roots = sys.argv[1:] or [os.path.join(os.path.dirname(__file__), "..", "target", "criterion")]

def load(root):
    rows = {}
    for dirpath, _, files in os.walk(root):
        if "benchmark.json" in files and os.path.basename(dirpath) == "new":
            b = json.load(open(os.path.join(dirpath, "benchmark.json")))
            e = json.load(open(os.path.join(dirpath, "estimates.json")))
            key = (b["function_id"] or "", b.get("value_str") or "")
            rows.setdefault(b["group_id"], {})[key] = e["median"]["point_estimate"]
    return rows

rounds = [load(r) for r in roots]
groups = sorted({g for r in rounds for g in r})
# group -> [(name, variant, median over rounds)]
rows = {}
for g in groups:
    keys = sorted({k for r in rounds for k in r.get(g, {})})
    rows[g] = [(n, v, statistics.median([r[g][(n, v)] for r in rounds if (n, v) in r.get(g, {})])) for n, v in keys]

def fmt(ns):
    return f"{ns/1000:.1f} µs" if ns >= 1000 else f"{ns:.1f} ns"

def is_peer(name):
    return not (name.startswith("optimized") or name == "reference")

out = []
out.append("# Benchmarks\n")
meta_path = os.path.join(os.path.dirname(os.path.abspath(roots[0])), "meta.json")
meta = json.load(open(meta_path)) if os.path.exists(meta_path) else {}
out.append(f"{len(rounds)} criterion round(s) on {meta.get('cpu', 'this machine')} ({meta.get('date', datetime.date.today())}; "
           "the flags and versions are under [About this run](#about-this-run)), benches pinned to one core where `taskset` exists, "
           "built with `-C target-cpu=native` (benches only). Regenerate with `UPDATE=1 bash benches/run.sh`. "
           "Median = the median over the rounds of criterion's median. Ratio = our median / the fastest peer's median, "
           "computed within each round, then its median over the rounds (< 1 means we are faster), and its range over "
           "the rounds; groups without a peer compare with our own constant-time `mul`.\n")
order = ["secp256k1/mul", "bn254/mul", "bls12-381/mul", "secp256k1/mul_g", "bn254/mul_g", "bls12-381/mul_g",
         "secp256k1/bip340_sign", "secp256k1/bip340_verify", "secp256k1/bip340_verify_bytes", "ecgfp5/mul_g", "ecgfp5/mul", "ecgfp5/muladd", "ecgfp5/sign", "ecgfp5/verify"]
def base_of(entries):
    """The ratio's denominator: the fastest peer, else our own CT `mul`."""
    peers = [ns for (name, _), ns in entries.items() if is_peer(name)]
    if peers:
        return min(peers)
    own = sorted(ns for (_, var), ns in entries.items() if "glv-mul" in var or var == "window")
    return own[0] if own else None

for g in order + sorted(k for k in rows if k not in order and not k.startswith("field/")):
    if g not in rows:
        continue
    out.append(f"\n## {g}\n\n| implementation | variant | median | ratio | range |\n|---|---|---:|---:|---|")
    for name, var, ns in sorted(rows[g], key=lambda x: x[2]):
        ratios = []
        for r in rounds:
            e = r.get(g, {})
            base = base_of(e)
            if base and (name, var) in e:
                ratios.append(e[(name, var)] / base)
        ratio = f"{statistics.median(ratios):.2f}" if ratios else "-"
        spread = f"{min(ratios):.2f}–{max(ratios):.2f}" if len(ratios) > 1 else "-"
        out.append(f"| {name} | {var} | {fmt(ns)} | {ratio} | {spread} |")
lat = {g: r[0][2] / 100.0 for g, r in rows.items() if g.startswith("field/") and g.endswith("x100")}
out.append("\n## Field multiplication\n\nLatency of one operation in a dependent chain of 100.\n\n| field / op | latency |\n|---|---:|")
for name, ns in sorted(lat.items()):
    out.append(f"| {name[len('field/'):-len(' x100')]} | {ns:.1f} ns |")
inv = sorted((g, r[0][2]) for g, r in rows.items() if g.startswith("field/") and "invert" in g)
if inv:
    out.append("\n## Field inversion\n\nConstant time (Bernstein–Yang safegcd, 10 or 15 batches of 62 divsteps) and variable time "
               "(Kaliski's almost inverse), one call.\n\n| field / op | median |\n|---|---:|")
    for name, ns in inv:
        out.append(f"| {name[len('field/'):]} | {fmt(ns)} |")
counts = [
    ("secp256k1 mul (CT: GLV, 26 odd 5-bit digits: 25 × (5 Jacobian doublings 7M + 2 CT mixed additions 12M) + 3 additions, effective-affine table of 16 by co-Z additions: 208); the IFMA backend runs the main loop in 25 × (5 × 3 + 2 × 5) = 625 rounds of four-lane products", 1719, "field/secp256k1/mul x100"),
    ("BN254 mul (CT, 26 odd digits)", 1719, "field/bn254/mul x100"),
    ("BLS12-381 mul (CT, 26 odd digits)", 1719, "field/bls12-381/mul x100"),
    ("secp256k1 mul_g (default comb 43×6×1: no doublings, the first lookup scaled by the random Z (4), 42 CT mixed additions + the blinding point's (12 each); the safegcd inversion of to_affine not counted); the IFMA backend runs the 42 additions in 42 × 5 = 210 rounds of four-lane products", 520, "field/secp256k1/mul x100"),
    ("secp256k1 mul2_vartime on the portable formulas (BIP340 verification's a·G + b·P: 128 Jacobian doublings 7M, about 43 mixed additions of P's entries 11M and 17 of G's 12M — wNAF densities 1/6 and 1/15 over two 128-bit halves each — and P's effective-affine tables with φ's, about 95); the IFMA backend runs the same sum in 128 × 3 + 43 × 5 + 17 × 6 = 701 rounds of four-lane products", 1670, "field/secp256k1/mul x100"),
    ("ECgFp5 mul_g (64 mixed additions + encode), GF(p⁵) multiplications", 560, "field/gfp5/mul x100"),
    ("ECgFp5 mul (63 × 5 doublings + 64 mixed additions + window), GF(p⁵)", 3100, "field/gfp5/mul x100"),
]
out.append("\n## Field multiplications per operation and the implied floor\n\n"
           "Analytic counts for our code (squarings and multiplications by curve constants counted as "
           "multiplications; additions not counted) times the measured latency: the time the operation "
           "would take if it were nothing but field multiplications.\n\n"
           "| operation | field mults | floor |\n|---|---:|---:|")
for label, n, key in counts:
    lv = lat.get(key)
    out.append(f"| {label} | {n} | {fmt(n * lv) if lv else '-'} |")
def lock_versions():
    """Each peer's version, as Cargo.lock pins it."""
    text = open(os.path.join(HERE, "..", "Cargo.lock")).read()
    found = {}
    for name, version in re.findall(r'\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"', text):
        if name in PEERS:
            found.setdefault(name, []).append(version)
    return found

out.append("\n## About this run\n")
if meta:
    out.append(f"- Date: {meta['date']}; {meta['rounds']} round(s).")
    out.append(f"- CPU: {meta['cpu']}, {meta['cores']} core(s); features used by the code measured here: {', '.join(meta['cpu_features']) or 'none'}.")
    out.append(f"- Benches pinned with `{meta['pinned']}`." if meta.get("pinned") else "- Benches not pinned (no `taskset`).")
    out.append(f"- Rust: {meta['rustc']}, `RUSTFLAGS={meta['rustflags']}` for twinmul and every Rust peer alike (cargo's bench profile: opt-level 3, thin-local LTO).")
    out.append(f"- C: {meta['cc']}, `CFLAGS={meta['cflags']}` appended to the bench profile's `-O3` for libsecp256k1 (secp256k1-sys) and blst.")
    out.append(f"- blst's assembly: {meta['blst_adx']}.")
else:
    out.append("- No record of the run (meta.json) was found beside the rounds.")
out.append("- ecgfp5-pornin: Pornin's Rust ECgFp5, vendored unchanged at commit ce059c6 (peers/ecgfp5-pornin/PROVENANCE.md); "
           "its \"lookup mended\" rows are the same code with the window lookup's mask made opaque, constant time as built "
           "(peers/ecgfp5-pornin-mended/README.md).")
out.append("- Peer versions (Cargo.lock): " + ", ".join(f"{n} {'/'.join(v)}" for n, v in sorted(lock_versions().items())) + ".")

committed = os.path.join(HERE, "..", "BENCHMARKS.md")
text = open(committed).read() if os.path.exists(committed) else ""
if KEPT_FROM in text:
    out.append("\n" + text[text.index(KEPT_FROM):].rstrip("\n"))
print("\n".join(out))
