#!/usr/bin/env python3
"""A driver that breaks the protocol on purpose, for the harness's
conformance tests. It forwards every line to `twinmul serve reference` (so
its answers are right until it misbehaves) and misbehaves as MODE says:

  crash3          exits with status 3 on its 3rd request, after a word on stderr
  hang            never answers its 1st request
  notjson         answers its 2nd request with a line that is not JSON
  wrongid         answers its 2nd request with another id
  badhex          answers its 2nd request with bytes that are not hex
  handshake-exit  exits during the handshake, after a word on stderr
  flood           answers its 2nd request with 2 MiB and no newline
  decline-all     declines every request
  unknown-only    names only curves and ops twinmul does not know
  steady-clock    claims constant time for bn254 mul_g and reports the same
                  duration for every timed call

Usage: misbehave.py MODE TWINMUL_BINARY
"""
import json
import subprocess
import sys
import time

mode, twinmul = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([twinmul, "serve", "reference"], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True)


def forward(line):
    ref.stdin.write(line)
    ref.stdin.flush()
    return ref.stdout.readline()


def say(text):
    sys.stdout.write(text)
    sys.stdout.flush()


hello = sys.stdin.readline()
if mode == "handshake-exit":
    sys.stderr.write("cannot load the library\n")
    sys.exit(1)
reply = json.loads(forward(hello))
if mode == "unknown-only":
    reply["supports"] = {"p256": ["mul"], "bn254": ["twist"]}
if mode == "steady-clock":
    reply["time"] = {"bn254": {"mul_g": True}}
say(json.dumps(reply) + "\n")
n = 0
for line in sys.stdin:
    n += 1
    request = json.loads(line)
    if mode == "decline-all":
        say(json.dumps({"id": request["id"], "declined": "not supported"}) + "\n")
        continue
    if mode == "steady-clock" and "time" in request:
        say(json.dumps({"id": request["id"], "ns": [1000] * len(request["time"])}) + "\n")
        continue
    if mode == "crash3" and n == 3:
        sys.stderr.write("boom: segmentation fault in the library\n")
        sys.stderr.flush()
        sys.exit(3)
    if mode == "hang" and n == 1:
        time.sleep(3600)
    if n == 2 and mode == "notjson":
        say("hello, world\n")
        continue
    if n == 2 and mode == "wrongid":
        say(json.dumps({"id": request["id"] + 1000, "declined": "x"}) + "\n")
        continue
    if n == 2 and mode == "badhex":
        say(json.dumps({"id": request["id"], "bytes": "zz"}) + "\n")
        continue
    if n == 2 and mode == "flood":
        say("x" * (2 << 20))
        time.sleep(3600)
    say(forward(line))
