#!/usr/bin/env python3
"""A driver that follows a policy without declaring it, for the policy
tests: it forwards every line to `twinmul serve NAME` and drops the
`policy` field from the handshake reply, so the harness must recognise
the policy from the answers alone.

Usage: undeclared.py TWINMUL_BINARY NAME
"""
import json
import subprocess
import sys

twinmul, name = sys.argv[1], sys.argv[2]
inner = subprocess.Popen([twinmul, "serve", name], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
first = True
for line in sys.stdin:
    inner.stdin.write(line)
    inner.stdin.flush()
    reply = inner.stdout.readline()
    if first:
        hello = json.loads(reply)
        hello.pop("policy", None)
        reply = json.dumps(hello) + "\n"
        first = False
    sys.stdout.write(reply)
    sys.stdout.flush()
