"""twinmul driver for coincurve (Python bindings of libsecp256k1): secp256k1
k·G, k·P, SEC1 decoding, BIP340 signing and verification.

Translation to the byte contract, and the input classes it declines:
- multiplier scalars are reduced mod n first (the contract's rule);
  coincurve refuses 0 as a secret, and libsecp256k1 has no encoding of the
  point at infinity, so k ≡ 0 and the infinity input `00` are declined;
- SEC1 hybrid tags 06/07, which libsecp256k1 parses but the contract does
  not have, are refused here as part of reading the contract's encoding;
- coincurve 21's `sign_schnorr` signs 32-byte messages only (BIP340 allows
  any length): other lengths are declined;
- k·P uses `PublicKey.multiply` (libsecp256k1's variable-time tweak).
"""
from importlib.metadata import version

import coincurve
from protocol import Bytes, Declined, Rejected, Valid, serve

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def scalar(b):
    if len(b) != 32:
        raise Rejected(f"scalar must be 32 bytes, got {len(b)}")
    k = int.from_bytes(b, "big") % N
    if k == 0:
        raise Declined("coincurve cannot multiply by 0 mod n (no point at infinity)")
    return k.to_bytes(32, "big")


def point(b):
    if b == b"\x00":
        raise Declined("libsecp256k1 has no encoding of the point at infinity")
    if b[:1] in (b"\x06", b"\x07"):
        raise Rejected("hybrid encoding is not SEC1 interop")
    try:
        return coincurve.PublicKey(b)
    except ValueError as e:
        raise Rejected(str(e)) from None


def handle(req):
    op = req["op"]
    if op == "mul_g":
        return Bytes(coincurve.PublicKey.from_secret(scalar(req["scalar"])).format())
    if op == "mul":
        p = point(req["point"])
        return Bytes(p.multiply(scalar(req["scalar"])).format())
    if op == "decode":
        return Bytes(point(req["point"]).format())
    if op == "sign":
        sk, msg, aux = req["secret_key"], req["message"], req["nonce"]
        if len(sk) != 32 or len(aux) != 32:
            raise Rejected("secret key and aux_rand must be 32 bytes")
        if len(msg) != 32:
            raise Declined("coincurve's sign_schnorr signs 32-byte messages only")
        try:
            key = coincurve.PrivateKey(sk)
        except ValueError as e:
            raise Rejected(str(e)) from None
        return Bytes(key.sign_schnorr(msg, aux))
    if op == "verify":
        pk, msg, sig = req["public_key"], req["message"], req["signature"]
        if len(pk) != 32 or len(sig) != 64:
            return Valid(False)
        try:
            key = coincurve.PublicKeyXOnly(pk)
        except ValueError:
            return Valid(False)
        return Valid(key.verify(sig, msg))
    raise Declined(f"no {op}")


serve(
    "coincurve",
    version("coincurve"),
    {"secp256k1": ["mul_g", "mul", "decode", "sign", "verify"]},
    handle,
)
