"""twinmul driver for py_ecc (the Ethereum Foundation's pure-Python curves):
k·G and k·P on secp256k1, BN254 (`optimized_bn128`) and BLS12-381 G1
(`optimized_bls12_381`), and point decoding where py_ecc has a codec.

It answers what py_ecc does, lax or not (docs/drivers.md: a decline means
py_ecc cannot express the input, never that it would accept too much):
- secp256k1: py_ecc has no point codec. The driver reads SEC1 (a compressed
  x with no square root is no point: rejected) and hands py_ecc the pair
  (x, y) as integers; py_ecc multiplies any pair, on the curve or not, and
  reads coordinates mod p. `decode` is not offered.
- BN254: `FQ` reduces coordinates ≥ p silently; off-curve points are
  refused by py_ecc's own `is_on_curve`.
- BLS12-381: `decompress_G1` checks the flags, x < p and the curve
  equation, but not the subgroup. py_ecc has no codec for the 96-byte
  uncompressed form: declined.
Where that differs from the contract, the audit reports it; the findings
recorded so far are the `known_findings` of drivers/twinmul.toml.
Multiplier scalars are reduced mod n first (the contract's rule).
"""
from importlib.metadata import version

from py_ecc import optimized_bls12_381 as bls
from py_ecc import optimized_bn128 as bn
from py_ecc.bls.point_compression import compress_G1, decompress_G1
from py_ecc.secp256k1 import secp256k1 as sk

from protocol import Bytes, Declined, Rejected, serve

# secp256k1 (py_ecc's affine pairs; (0, 0) stands for infinity)


def sk_scalar(b):
    if len(b) != 32:
        raise Rejected(f"scalar must be 32 bytes, got {len(b)}")
    return int.from_bytes(b, "big") % sk.N


def sk_encode(p):
    if p == (0, 0):
        return b"\x00"
    x, y = p
    return bytes([2 + (y & 1)]) + x.to_bytes(32, "big")


def sk_read(b):
    P = sk.P
    if b == b"\x00":
        return (0, 0)
    if len(b) == 33 and b[0] in (2, 3):
        x = int.from_bytes(b[1:], "big")
        y = pow((x * x * x + 7) % P, (P + 1) // 4, P)
        if (y * y - x * x * x - 7) % P != 0:
            raise Rejected("x of no point (no square root)")
        if y & 1 != b[0] & 1:
            y = P - y
        return (x, y)
    if len(b) == 65 and b[0] == 4:
        return (int.from_bytes(b[1:33], "big"), int.from_bytes(b[33:], "big"))
    raise Rejected("not a SEC1 encoding")


# BN254 (EIP-196: x ‖ y, 64 zero bytes for infinity)


def bn_scalar(b):
    if len(b) != 32:
        raise Rejected(f"scalar must be 32 bytes, got {len(b)}")
    return int.from_bytes(b, "big") % bn.curve_order


def bn_encode(p):
    if bn.is_inf(p):
        return bytes(64)
    x, y = bn.normalize(p)
    return x.n.to_bytes(32, "big") + y.n.to_bytes(32, "big")


def bn_read(b):
    if len(b) != 64:
        raise Rejected("point must be 64 bytes")
    x, y = int.from_bytes(b[:32], "big"), int.from_bytes(b[32:], "big")
    if x == 0 and y == 0:
        return bn.Z1
    p = (bn.FQ(x), bn.FQ(y), bn.FQ.one())
    if not bn.is_on_curve(p, bn.b):
        raise Rejected("not on the curve (py_ecc is_on_curve)")
    return p


# BLS12-381 G1 (ZCash compressed, 48 bytes)


def bls_scalar(b):
    if len(b) != 32:
        raise Rejected(f"scalar must be 32 bytes, got {len(b)}")
    return int.from_bytes(b, "big") % bls.curve_order


def bls_encode(p):
    return compress_G1(p).to_bytes(48, "big")


def bls_read(b):
    if len(b) == 96:
        raise Declined("py_ecc has no codec for uncompressed G1 points")
    if len(b) != 48:
        raise Rejected("point must be 48 or 96 bytes")
    try:
        p = decompress_G1(int.from_bytes(b, "big"))
    except ValueError as e:
        raise Rejected(f"decompress_G1: {e}") from None
    return p


def handle(req):
    curve, op = req["curve"], req["op"]
    if curve == "secp256k1":
        if op == "mul_g":
            return Bytes(sk_encode(sk.multiply(sk.G, sk_scalar(req["scalar"]))))
        if op == "mul":
            p = sk_read(req["point"])
            k = sk_scalar(req["scalar"])
            return Bytes(sk_encode((0, 0) if p == (0, 0) else sk.multiply(p, k)))
    if curve == "bn254":
        if op == "mul_g":
            return Bytes(bn_encode(bn.multiply(bn.G1, bn_scalar(req["scalar"]))))
        if op == "mul":
            p = bn_read(req["point"])
            return Bytes(bn_encode(bn.multiply(p, bn_scalar(req["scalar"]))))
        if op == "decode":
            return Bytes(bn_encode(bn_read(req["point"])))
    if curve == "bls12-381":
        if op == "mul_g":
            return Bytes(bls_encode(bls.multiply(bls.G1, bls_scalar(req["scalar"]))))
        if op == "mul":
            p = bls_read(req["point"])
            return Bytes(bls_encode(bls.multiply(p, bls_scalar(req["scalar"]))))
        if op == "decode":
            return Bytes(bls_encode(bls_read(req["point"])))
    raise Declined(f"no {op} on {curve}")


serve(
    "py_ecc",
    version("py_ecc"),
    {
        "secp256k1": ["mul_g", "mul"],
        "bn254": ["mul_g", "mul", "decode"],
        "bls12-381": ["mul_g", "mul", "decode"],
    },
    handle,
    # py_ecc is pure Python with no constant-time claim: its double-and-add
    # is the demonstration of a leak that `twinmul ct` finds in a driver.
    time={"bn254": {"mul_g": False, "mul": False}},
)
