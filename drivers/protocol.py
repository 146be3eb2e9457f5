"""The driver side of twinmul's JSON-Lines protocol (docs/drivers.md), shared
by the Python drivers in this folder.

A driver module calls `serve(name, version, supports, handle)`. `handle`
takes one request (a dict with "curve", "op" and the op's fields as bytes)
and returns a reply: `Bytes(b)`, `Valid(bool)`, or raises `Rejected(why)`
(the library refused the input) or `Declined(why)` (the library follows
another policy for this input class; never counted as agreement). Anything
else it raises is a crash of the driver, which the harness names.
"""
import json
import sys

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


def serve(name, version, supports, handle):
    hello = json.loads(sys.stdin.readline())
    if hello.get("twinmul") != 1:
        sys.exit(f"{name}: unsupported protocol {hello!r}")
    print(json.dumps({"name": name, "version": version, "supports": supports}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        for k in HEX_FIELDS:
            if k in req:
                req[k] = bytes.fromhex(req[k])
        reply = _reply(req, handle)
        reply["id"] = req["id"]
        print(json.dumps(reply), flush=True)
