#!/usr/bin/env python3
"""A driver that follows two policies at once, which no real library does:
it decodes and multiplies as the contract says (`twinmul serve reference`)
and signs and verifies as Lighter's Go v0.0.15 (`twinmul serve
optimized@go-v0.0.15`), declaring no policy. Each answer alone is some
policy's; together they are no single one's, and the judge must say so.

Usage: two_policies.py TWINMUL_BINARY
"""
import json
import subprocess
import sys

twinmul = sys.argv[1]
strict = subprocess.Popen([twinmul, "serve", "reference"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
go = subprocess.Popen([twinmul, "serve", "optimized@go-v0.0.15"], stdin=subprocess.PIPE,
                      stdout=subprocess.PIPE, text=True)


def ask(p, line):
    p.stdin.write(line)
    p.stdin.flush()
    return p.stdout.readline()


hello = sys.stdin.readline()
ask(go, hello)
reply = json.loads(ask(strict, hello))
reply.pop("policy", None)
reply.pop("time", None)
reply["supports"] = {"ecgfp5": ["mul_g", "mul", "decode", "sign", "verify"]}
print(json.dumps(reply), flush=True)
for line in sys.stdin:
    op = json.loads(line).get("op")
    p = go if op in ("sign", "verify") else strict
    sys.stdout.write(ask(p, line))
    sys.stdout.flush()
