#!/usr/bin/env python3
"""Fails when a crate's source files import each other in a cycle.

For each crate source folder given, every .rs file is a node; an edge
a -> b means that a names something in b (a `crate::` or `super::` path,
inside use-trees too) outside its test module (`#[cfg(test)]` to the end of
the file). Generated tables are left out. Prints each cycle (a strongly
connected component of more than one file) and exits 1 if there is one.

Usage: import-cycles.py SRC_DIR...
"""
import os
import re
import sys


def module_of(rel):
    parts = rel[:-3].split(os.sep)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def expand(tree):
    """Expands a use-tree `a::{b, c::{d, e}}` into its paths."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        return [tree]
    prefix, inner = m.group(1), m.group(2)
    items, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    items.append(cur)
    return [p for it in items if it for p in expand(prefix + it)]


def paths_in(text):
    """Every crate:: or super:: path the text names."""
    out = []
    for m in re.finditer(r"\buse\s+((?:crate|super)::[^;]*);", text, re.S):
        out.extend(expand(m.group(1)))
    body = re.sub(r"\buse\s+[^;]*;", "", text)
    out.extend(re.findall(r"\b(?:crate|super)(?:::[A-Za-z0-9_]+)+", body))
    return out


def graph(src):
    files = {}
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith(".rs"):
                rel = os.path.relpath(os.path.join(root, n), src)
                if "tables" in rel.split(os.sep) or n.endswith("_table.rs"):
                    continue
                files[rel] = open(os.path.join(root, n)).read()
    mods = {"::".join(module_of(r)): r for r in files}
    edges = {r: set() for r in files}
    for rel, text in files.items():
        text = re.sub(r"//[^\n]*", "", text).split("#[cfg(test)]")[0]
        base = module_of(rel)
        for path in paths_in(text):
            segs = path.split("::")
            if segs[0] == "crate":
                segs = segs[1:]
            else:
                up = base
                while segs and segs[0] == "super":
                    segs, up = segs[1:], up[:-1]
                segs = up + segs
            for k in range(len(segs), 0, -1):
                target = mods.get("::".join(segs[:k]))
                if target:
                    if target != rel:
                        edges[rel].add(target)
                    break
    return edges


def cycles(edges):
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


status = 0
for src in sys.argv[1:]:
    edges = graph(src)
    found = cycles(edges)
    for c in found:
        print(f"{src}: import cycle: " + ", ".join(c))
    print(f"{src}: {len(edges)} files, {len(found)} import cycles")
    status |= bool(found)
sys.exit(status)
