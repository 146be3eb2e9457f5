//! Point classes: every encoding the contract reads, valid and malformed,
//! as the point of `mul` (with a uniform multiplier) and the input of
//! `decode`. Valid points are k·G by the reference; malformed ones are
//! written byte by byte here, so that a coordinate ≥ p, a stray flag or a
//! wrong tag reaches the implementation exactly as drawn.

use super::draws::{between, canonical, flip_bit, nonzero_below_n, random_canonical, sw};
use super::{takes_point, Class, Draw, Family};
use crate::edge::{biased_scalar, order};
use crate::model::{Curve, Input, Op};
use num_bigint::BigUint;
use rand::Rng;
use twinmul_reference::bls12_381;
use twinmul_reference::ecgfp5::{curve as ec, field as ef};
use twinmul_reference::weierstrass::{to_be, Curve as Sw};

/// The point encodings of a short-Weierstrass curve.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// x with a sign or parity flag (secp256k1 33 bytes, BLS12-381 48).
    Compressed,
    /// x ‖ y (secp256k1 65 bytes with `04`, BN254 64, BLS12-381 96).
    Uncompressed,
}

/// The forms `curve` reads.
fn forms(curve: Curve) -> &'static [Form] {
    match curve {
        Curve::Bn254 => &[Form::Uncompressed],
        _ => &[Form::Compressed, Form::Uncompressed],
    }
}

fn coord_len(curve: Curve) -> usize {
    if curve == Curve::Bls12_381 {
        48
    } else {
        32
    }
}

/// Writes integers `x`, `y` (any values that fit, even ≥ p) in `form`, with
/// the parity or sort flag of y mod p, as an encoder that does not reduce
/// would.
fn raw(curve: Curve, form: Form, x: &BigUint, y: &BigUint) -> Vec<u8> {
    let c = sw(curve).expect("short Weierstrass");
    let len = coord_len(curve);
    let yr = y % &c.p;
    match (curve, form) {
        (Curve::Secp256k1, Form::Compressed) => {
            [vec![0x02 | u8::from(yr.bit(0))], to_be(x, len)].concat()
        }
        (Curve::Secp256k1, Form::Uncompressed) => {
            [vec![0x04], to_be(x, len), to_be(y, len)].concat()
        }
        (Curve::Bls12_381, Form::Compressed) => {
            let mut out = to_be(x, len);
            out[0] |= 0x80;
            if yr > (&c.p - &yr) % &c.p {
                out[0] |= 0x20;
            }
            out
        }
        _ => [to_be(x, len), to_be(y, len)].concat(),
    }
}

/// The room an encoding has for a coordinate: 2^(8·len), less the three
/// flag bits on BLS12-381.
fn room(curve: Curve) -> BigUint {
    let flag_bits = if curve == Curve::Bls12_381 { 3 } else { 0 };
    BigUint::from(1u32) << (8 * coord_len(curve) - flag_bits)
}

fn random_point(curve: Curve, rng: &mut impl Rng) -> (BigUint, BigUint) {
    let c = sw(curve).expect("short Weierstrass");
    c.mul_g(&nonzero_below_n(curve, rng))
        .expect("k·G for 0 < k < n is not infinity")
}

/// A point of the group whose coordinate (x, or y when `y_coord`) leaves
/// room for + p. On BLS12-381 a random point of G1 qualifies about one
/// time in five; on secp256k1 and BN254 (cofactor 1) any point of the
/// curve is in the group, and one with a small x is found directly. None
/// where no such point is within reach (a small y on secp256k1).
fn point_with_room(curve: Curve, y_coord: bool, rng: &mut impl Rng) -> Option<(BigUint, BigUint)> {
    let c = sw(curve)?;
    let limit = room(curve) - &c.p;
    if curve == Curve::Bls12_381 || (curve == Curve::Bn254 && y_coord) {
        for _ in 0..256 {
            let (x, y) = random_point(curve, rng);
            let y = if rng.gen_bool(0.5) { y } else { &c.p - y };
            if (if y_coord { &y } else { &x }) < &limit {
                return Some((x, y));
            }
        }
        return None;
    }
    if y_coord {
        return None;
    }
    let top = limit.min(c.p.clone());
    loop {
        let x = between(rng, &BigUint::from(0u32), &top);
        if let Some(y) = c.sqrt(&c.rhs(&x)) {
            return Some((x, y));
        }
    }
}

/// An x with no y on the curve (x³ + a·x + b not a square: x lies on the
/// quadratic twist).
fn x_without_y(c: &Sw, rng: &mut impl Rng) -> BigUint {
    loop {
        let x = between(rng, &BigUint::from(0u32), &c.p);
        if c.sqrt(&c.rhs(&x)).is_none() {
            return x;
        }
    }
}

fn form_of(d: &Draw<'_>) -> Form {
    let f = forms(d.curve);
    f[d.stratum(f.len())]
}

/// The input of `d.op` for `point`: decode it, or multiply it by a uniform
/// (biased) scalar.
fn with_point(d: &mut Draw<'_>, point: Vec<u8>) -> Input {
    match d.op {
        Op::Decode => Input::Decode { point },
        _ => Input::Mul {
            point,
            scalar: biased_scalar(d.curve, d.rng),
        },
    }
}

fn any_curve(_: Curve, op: Op) -> bool {
    takes_point(op)
}

fn weierstrass(curve: Curve, op: Op) -> bool {
    takes_point(op) && curve != Curve::Ecgfp5
}

fn compressed_forms(curve: Curve, op: Op) -> bool {
    weierstrass(curve, op) && curve != Curve::Bn254
}

fn bls(curve: Curve, op: Op) -> bool {
    takes_point(op) && curve == Curve::Bls12_381
}

fn ecgfp5(curve: Curve, op: Op) -> bool {
    takes_point(op) && curve == Curve::Ecgfp5
}

fn generator(d: &mut Draw<'_>, negate: bool) -> Input {
    let one = if negate {
        order(d.curve) - 1u32
    } else {
        BigUint::from(1u32)
    };
    let p = match sw(d.curve) {
        Some(c) => canonical(d.curve, &c.mul_g(&one)),
        None => ec::encode(&ec::mul_g(&one)).to_vec(),
    };
    with_point(d, p)
}

fn infinity(curve: Curve) -> Vec<u8> {
    match curve {
        Curve::Secp256k1 => vec![0],
        Curve::Bn254 => vec![0; 64],
        Curve::Bls12_381 => bls12_381::encode(&None),
        Curve::Ecgfp5 => vec![0; 40],
    }
}

/// Near-misses of the encodings of infinity, one per stratum.
fn infinity_malformed(d: &mut Draw<'_>) -> Input {
    let with = |mut v: Vec<u8>, i: usize, b: u8| {
        v[i] = b;
        v
    };
    let z = |n: usize| vec![0u8; n];
    let options: Vec<Vec<u8>> = match d.curve {
        Curve::Secp256k1 => vec![
            z(33),
            z(65),
            with(z(65), 0, 0x04),
            z(2),
            with(z(33), 0, 0x02),
            with(z(1), 0, 0x01),
        ],
        Curve::Bn254 => vec![
            with(z(64), 63, 1),
            with(z(64), 31, 1),
            with(z(64), 0, 0x80),
            with(z(64), 0, 0x40),
            with(z(64), 32, 0xc0),
        ],
        _ => vec![
            with(with(z(48), 0, 0xc0), 47, 1),
            with(z(48), 0, 0xe0),
            with(z(48), 0, 0x80),
            z(48),
            with(z(48), 0, 0x40),
            with(z(96), 0, 0xc0),
            with(z(96), 0, 0x60),
            with(with(z(96), 0, 0x40), 95, 1),
            z(96),
        ],
    };
    let mut p = options[d.stratum(options.len())].clone();
    if d.curve == Curve::Bls12_381 && d.index >= options.len() && p.iter().any(|&b| b != 0) {
        // Later rounds move the stray byte of the flagged ones anywhere.
        let i = d.rng.gen_range(1..p.len());
        p[i] |= 1 << d.rng.gen_range(0..8);
    }
    with_point(d, p)
}

/// Five wrong lengths of a valid encoding: empty, one byte short, one
/// byte over, doubled, and a lone tag byte.
fn wrong_length(d: &mut Draw<'_>) -> Input {
    let p = random_canonical(d.curve, d.rng);
    let bad = match d.stratum(5) {
        0 => Vec::new(),
        1 => p[..p.len() - 1].to_vec(),
        2 => [p.clone(), vec![0]].concat(),
        3 => [p.clone(), p.clone()].concat(),
        _ => p[..1].to_vec(),
    };
    with_point(d, bad)
}

/// secp256k1 tags the contract does not read, and BLS12-381 flag
/// combinations it refuses, each on a valid point.
fn wrong_tag(d: &mut Draw<'_>) -> Input {
    let (x, y) = random_point(d.curve, d.rng);
    let len = coord_len(d.curve);
    let p = if d.curve == Curve::Secp256k1 {
        let odd = u8::from(y.bit(0));
        let (xb, yb) = (to_be(&x, len), to_be(&y, len));
        match d.stratum(8) {
            0 => [vec![0x06 | odd], xb, yb].concat(),
            1 => [vec![0x07 ^ odd], xb, yb].concat(),
            2 => [vec![0x05], xb].concat(),
            3 => [vec![0x01], xb].concat(),
            4 => [vec![0xff], xb].concat(),
            5 => [vec![0x02 | odd], xb, yb].concat(),
            6 => [vec![0x04], xb].concat(),
            _ => [vec![0x06 | odd], xb].concat(),
        }
    } else {
        let mut comp = raw(d.curve, Form::Compressed, &x, &y);
        let mut unc = raw(d.curve, Form::Uncompressed, &x, &y);
        match d.stratum(5) {
            0 => {
                unc[0] |= 0x20;
                unc
            }
            1 => {
                unc[0] |= 0x80;
                unc
            }
            2 => {
                comp[0] &= 0x7f;
                comp
            }
            3 => {
                comp[0] |= 0x40;
                comp
            }
            _ => {
                // Compression and sort flags on the uncompressed length.
                unc[0] |= 0xa0;
                unc
            }
        }
    };
    with_point(d, p)
}

/// Limbs of a w that decodes, each below 2³² − 1 so that + p still fits
/// in a u64.
fn small_limbed_w(rng: &mut impl Rng) -> [u64; 5] {
    loop {
        let limbs: [u64; 5] = std::array::from_fn(|_| rng.gen_range(0..0xFFFF_FFFEu64));
        let mut bytes = [0u8; 40];
        for (i, l) in limbs.iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
        }
        if ec::decode(&bytes).is_ok_and(|p| p.is_some()) {
            return limbs;
        }
    }
}

fn limbs_bytes(limbs: &[u64; 5]) -> Vec<u8> {
    limbs.iter().flat_map(|l| l.to_le_bytes()).collect()
}

/// The point classes.
pub const CLASSES: &[Class] = &[
    Class {
        name: "point.generator",
        family: Family::Point,
        about: "G, canonically encoded.",
        applies: any_curve,
        draw: |d| generator(d, false),
    },
    Class {
        name: "point.neg-generator",
        family: Family::Point,
        about: "−G, canonically encoded (the other parity, sort flag or sign of w).",
        applies: any_curve,
        draw: |d| generator(d, true),
    },
    Class {
        name: "point.random",
        family: Family::Point,
        about: "A uniform point k·G, canonically encoded.",
        applies: any_curve,
        draw: |d| {
            let p = random_canonical(d.curve, d.rng);
            with_point(d, p)
        },
    },
    Class {
        name: "point.uncompressed",
        family: Family::Point,
        about: "A uniform point in the uncompressed form the contract also reads (secp256k1 `04 ‖ x ‖ y`, BLS12-381 96 bytes).",
        applies: compressed_forms,
        draw: |d| {
            let (x, y) = random_point(d.curve, d.rng);
            let p = raw(d.curve, Form::Uncompressed, &x, &y);
            with_point(d, p)
        },
    },
    Class {
        name: "point.infinity",
        family: Family::Point,
        about: "The point at infinity (the neutral) in its canonical encoding.",
        applies: any_curve,
        draw: |d| {
            let p = infinity(d.curve);
            with_point(d, p)
        },
    },
    Class {
        name: "point.infinity-uncompressed",
        family: Family::Point,
        about: "BLS12-381: infinity in the uncompressed form (`40` and 95 zero bytes).",
        applies: bls,
        draw: |d| {
            let p = bls12_381::encode_uncompressed(&None);
            with_point(d, p)
        },
    },
    Class {
        name: "point.infinity-malformed",
        family: Family::Point,
        about: "Near-misses of infinity: zero bytes at other lengths or without the flag, stray flag bits, a non-zero byte after the infinity flag, (0, 1).",
        applies: |curve, op| weierstrass(curve, op),
        draw: infinity_malformed,
    },
    Class {
        name: "point.x-equals-p",
        family: Family::Point,
        about: "x = p (≡ 0) in each form, with a y.",
        applies: weierstrass,
        draw: |d| {
            let c = sw(d.curve).expect("short Weierstrass");
            let y = between(d.rng, &BigUint::from(0u32), &c.p);
            let p = raw(d.curve, form_of(d), &c.p, &y);
            with_point(d, p)
        },
    },
    Class {
        name: "point.x-above-p",
        family: Family::Point,
        about: "A point of the group written with x + p in place of x, in each form: a decoder that reduces instead of refusing reads a valid point.",
        applies: weierstrass,
        draw: |d| {
            let c = sw(d.curve).expect("short Weierstrass");
            let form = form_of(d);
            let p = match point_with_room(d.curve, false, d.rng) {
                Some((x, y)) => raw(d.curve, form, &(x + &c.p), &y),
                None => raw(d.curve, form, &c.p, &BigUint::from(0u32)),
            };
            with_point(d, p)
        },
    },
    Class {
        name: "point.y-above-p",
        family: Family::Point,
        about: "An uncompressed point with y + p in place of y (BN254, BLS12-381); on secp256k1, where no point with y < 2²⁵⁶ − p is within reach, y = p + a small value (off the curve once reduced).",
        applies: weierstrass,
        draw: |d| {
            let c = sw(d.curve).expect("short Weierstrass");
            let p = match point_with_room(d.curve, true, d.rng) {
                Some((x, y)) => raw(d.curve, Form::Uncompressed, &x, &(y + &c.p)),
                None => {
                    let (x, _) = random_point(d.curve, d.rng);
                    let y = between(d.rng, &c.p, &room(d.curve));
                    raw(d.curve, Form::Uncompressed, &x, &y)
                }
            };
            with_point(d, p)
        },
    },
    Class {
        name: "point.no-y",
        family: Family::Point,
        about: "A compressed x with no y: x³ + b is not a square (x on the quadratic twist).",
        applies: compressed_forms,
        draw: |d| {
            let c = sw(d.curve).expect("short Weierstrass");
            let x = x_without_y(c, d.rng);
            let y = BigUint::from(d.rng.gen_range(0u32..2));
            let p = raw(d.curve, Form::Compressed, &x, &y);
            with_point(d, p)
        },
    },
    Class {
        name: "point.off-curve",
        family: Family::Point,
        about: "An uncompressed (x, y + 1) for a point (x, y): on no curve the implementation should accept (an invalid-curve point).",
        applies: weierstrass,
        draw: |d| {
            let c = sw(d.curve).expect("short Weierstrass");
            let (x, y) = random_point(d.curve, d.rng);
            let p = raw(d.curve, Form::Uncompressed, &x, &((y + 1u32) % &c.p));
            with_point(d, p)
        },
    },
    Class {
        name: "point.outside-subgroup",
        family: Family::Point,
        about: "BLS12-381: a point of E(Fp) outside G1 (a random x with a y, not cleared of the cofactor), in each form.",
        applies: bls,
        draw: |d| {
            let c = sw(d.curve).expect("short Weierstrass");
            let (x, y) = loop {
                let x = between(d.rng, &BigUint::from(0u32), &c.p);
                if let Some(y) = c.sqrt(&c.rhs(&x)) {
                    break (x, y);
                }
            };
            let p = raw(d.curve, form_of(d), &x, &y);
            with_point(d, p)
        },
    },
    Class {
        name: "point.wrong-tag",
        family: Family::Point,
        about: "secp256k1: tags `05`, `01`, `ff`, hybrid `06`/`07` (right and wrong parity), a compressed tag on 65 bytes, `04` on 33. BLS12-381: the sort or compression flag on 96 bytes, no compression flag on 48, the infinity flag on a point.",
        applies: compressed_forms,
        draw: wrong_tag,
    },
    Class {
        name: "point.wrong-length",
        family: Family::Point,
        about: "A valid encoding cut or padded: empty, one byte short, one byte over, doubled, its first byte alone.",
        applies: any_curve,
        draw: wrong_length,
    },
    Class {
        name: "point.flipped-bit",
        family: Family::Point,
        about: "A valid canonical encoding with one bit flipped anywhere.",
        applies: any_curve,
        draw: |d| {
            let mut p = random_canonical(d.curve, d.rng);
            flip_bit(&mut p, d.rng);
            with_point(d, p)
        },
    },
    Class {
        name: "point.limb-equals-p",
        family: Family::Point,
        about: "ECgFp5: one limb of w equal to p and the others zero (≡ the neutral once reduced), one limb per draw.",
        applies: ecgfp5,
        draw: |d| {
            let mut limbs = [0u64; 5];
            limbs[d.stratum(5)] = ef::P;
            with_point(d, limbs_bytes(&limbs))
        },
    },
    Class {
        name: "point.limb-above-p",
        family: Family::Point,
        about: "ECgFp5: a point's w with p added to one limb (non-canonical; a decoder that reduces reads the point), one limb per draw.",
        applies: ecgfp5,
        draw: |d| {
            let mut limbs = small_limbed_w(d.rng);
            limbs[d.stratum(5)] += ef::P;
            with_point(d, limbs_bytes(&limbs))
        },
    },
    Class {
        name: "point.undecodable",
        family: Family::Point,
        about: "ECgFp5: canonical limbs whose w decodes to no point (w² − a has no matching square root).",
        applies: ecgfp5,
        draw: |d| {
            let p = loop {
                let limbs: [u64; 5] = std::array::from_fn(|_| d.rng.gen_range(0..ef::P));
                let b = limbs_bytes(&limbs);
                if ec::decode(&b).is_err() {
                    break b;
                }
            };
            with_point(d, p)
        },
    },
];
