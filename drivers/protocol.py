"""The driver side of twinmul's JSON-Lines protocol (docs/drivers.md), shared
by the Python drivers in this folder.

A driver module calls `serve(name, version, supports, handle, time=None)`. `handle`
takes one request (a dict with "curve", "op" and the op's fields as bytes)
and returns a reply: `Bytes(b)`, `Valid(bool)`, or raises `Rejected(why)`
(the library refused the input) or `Declined(why)` (the library follows
another policy for this input class; never counted as agreement). Anything
else it raises is a crash of the driver, which the harness names.

`time`, when given, lists the (curve, op) pairs the driver times itself, each
with whether the library claims constant time for it:
{"bn254": {"mul_g": False}}. The harness then sends `time` requests (a list
of inputs of one pair, the two classes in random order) and the driver
replies with the nanoseconds each call of `handle` took (`twinmul ct`).
"""
import json
import sys
import time as clock

HEX_FIELDS = ("scalar", "point", "secret_key", "message", "nonce", "public_key", "signature")


class Rejected(Exception):
    """The library refused the input: the answer is an error."""


class Declined(Exception):
    """The library's policy differs for this input class: no answer."""


class Bytes:
    def __init__(self, b):
        self.b = bytes(b)


class Valid:
    def __init__(self, ok):
        self.ok = bool(ok)


def _reply(req, handle):
    try:
        r = handle(req)
    except Rejected as e:
        return {"rejected": str(e)}
    except Declined as e:
        return {"declined": str(e)}
    if isinstance(r, Bytes):
        return {"bytes": r.b.hex()}
    if isinstance(r, Valid):
        return {"valid": r.ok}
    raise TypeError(f"handler returned {r!r}")


def _decode(req):
    for k in HEX_FIELDS:
        if k in req:
            req[k] = bytes.fromhex(req[k])
    return req


def _time(req, handle):
    """Times `handle` on each input of a time request, in order."""
    ns = []
    for item in req["time"]:
        one = _decode(dict(item, curve=req["curve"], op=req["op"]))
        start = clock.perf_counter_ns()
        try:
            handle(one)
        except (Rejected, Declined):
            pass
        ns.append(clock.perf_counter_ns() - start)
    return {"id": req["id"], "ns": ns}


def serve(name, version, supports, handle, time=None):
    hello = json.loads(sys.stdin.readline())
    if hello.get("twinmul") != 1:
        sys.exit(f"{name}: unsupported protocol {hello!r}")
    reply = {"name": name, "version": version, "supports": supports}
    if time:
        reply["time"] = time
    print(json.dumps(reply), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if "time" in req:
            print(json.dumps(_time(req, handle)), flush=True)
            continue
        reply = _reply(_decode(req), handle)
        reply["id"] = req["id"]
        print(json.dumps(reply), flush=True)
