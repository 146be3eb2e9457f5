#!/usr/bin/env python3
"""A deliberately wrong secp256k1 implementation behind the driver
protocol, written from docs/drivers.md alone: it forwards every line to
`twinmul serve reference` and gets one input class wrong, as MODE says.
The random campaign must catch each, naming the class.

  neg-uncompressed   k*P answers -k*P when P is given uncompressed (04)
  reduce-x           a compressed x >= p is reduced mod p, not refused
  small-plus-one     k*G and k*P answer (k+1)*P for 4 <= k <= 1000
  near-n             k*P answers (k-1)*P for n-1000 <= k < n

Usage: wrong.py MODE TWINMUL_BINARY
"""
import json
import subprocess
import sys

P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141

mode, twinmul = sys.argv[1], sys.argv[2]
ref = subprocess.Popen([twinmul, "serve", "reference"], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True)


def forward(request):
    ref.stdin.write(json.dumps(request) + "\n")
    ref.stdin.flush()
    return json.loads(ref.stdout.readline())


hello = json.loads(sys.stdin.readline())
reply = forward(hello)
reply["name"], reply["version"] = "wrong-" + mode, "0"
reply["supports"] = {"secp256k1": reply["supports"]["secp256k1"]}
reply.pop("policy", None)
reply.pop("time", None)
print(json.dumps(reply), flush=True)

for line in sys.stdin:
    req = json.loads(line)
    op, point, scalar = req.get("op"), req.get("point", ""), req.get("scalar", "")
    k = int(scalar, 16) % N if len(scalar) == 64 else None
    negate = False
    if mode == "neg-uncompressed" and op == "mul" and point[:2] == "04" and len(point) == 130:
        negate = True
    if mode == "reduce-x" and point[:2] in ("02", "03") and len(point) == 66:
        x = int(point[2:], 16)
        if x >= P:
            req["point"] = point[:2] + format(x - P, "064x")
    if mode == "small-plus-one" and k is not None and 4 <= k <= 1000:
        req["scalar"] = format(k + 1, "064x")
    if mode == "near-n" and op == "mul" and k is not None and N - 1000 <= k < N:
        req["scalar"] = format(k - 1, "064x")
    answer = forward(req)
    if negate and "bytes" in answer and len(answer["bytes"]) == 66:
        tag = {"02": "03", "03": "02"}[answer["bytes"][:2]]
        answer["bytes"] = tag + answer["bytes"][2:]
    print(json.dumps(answer), flush=True)
