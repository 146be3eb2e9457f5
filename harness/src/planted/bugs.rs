//! The planted bugs themselves: each a name, a curve, the class it is
//! planted in, and the wrong answer it gives where its condition holds
//! (elsewhere its implementation answers as the reference). Variable time:
//! test implementations, never for secrets.

use super::lax::{self, Lax};
use crate::edge::{decode_scalar, encode_scalar, order};
use crate::implementation::run;
use crate::model::{Answer, Curve, Input};
use crate::reference::Reference;
use num_bigint::BigUint;
use twinmul_reference::ecgfp5::{curve as ec, field as ef, schnorr};
use twinmul_reference::weierstrass::{be, to_be};
use twinmul_reference::{bip340, secp256k1};

/// One planted bug.
pub struct Bug {
    /// Its name (the implementation is `planted:NAME`).
    pub name: &'static str,
    /// The curve it is planted on; the implementation has that curve only.
    pub curve: Curve,
    /// What is wrong, in words.
    pub what: &'static str,
    /// The class it is planted in: the one meant to catch it.
    pub class: &'static str,
    /// The wrong answer, where the bug's condition holds; `None` elsewhere.
    pub(crate) wrong: fn(&Input) -> Option<Answer>,
}

impl Bug {
    /// The wrong answer to `input`, where the bug's condition holds.
    pub fn wrong_answer(&self, input: &Input) -> Option<Answer> {
        (self.wrong)(input)
    }
}

impl std::fmt::Debug for Bug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

fn reference(curve: Curve, input: &Input) -> Answer {
    run(&Reference, curve, input)
}

/// The reference's answer to `input` with its scalar replaced by `k`.
fn with_scalar(curve: Curve, input: &Input, k: &BigUint) -> Answer {
    let scalar = encode_scalar(curve, &(k % order(curve))).expect("below n");
    let changed = match input {
        Input::MulG { .. } => Input::MulG { scalar },
        Input::Mul { point, .. } => Input::Mul {
            point: point.clone(),
            scalar,
        },
        other => other.clone(),
    };
    reference(curve, &changed)
}

/// The multiplier of a `mul_g` or `mul` input, reduced mod n.
fn multiplier(curve: Curve, input: &Input) -> Option<BigUint> {
    match input {
        Input::MulG { scalar } | Input::Mul { scalar, .. }
            if scalar.len() == curve.scalar_len() =>
        {
            Some(decode_scalar(curve, scalar) % order(curve))
        }
        _ => None,
    }
}

/// Where the reference refuses a point, the answer of a decoder that
/// leaves out `lax`'s checks.
fn lax_where_refused(curve: Curve, input: &Input, lax: Lax) -> Option<Answer> {
    if !matches!(reference(curve, input), Answer::Rejected(_)) {
        return None;
    }
    match input {
        Input::Decode { point } => lax
            .decode(curve, point)
            .map(|p| Answer::Bytes(lax::encode(curve, &p))),
        Input::Mul { point, scalar } => lax.mul(curve, point, scalar).map(Answer::Bytes),
        _ => None,
    }
}

/// Negates a canonical secp256k1 point answer.
fn negated(a: Answer) -> Answer {
    match a {
        Answer::Bytes(mut b) if b.len() == 33 => {
            b[0] ^= 1;
            Answer::Bytes(b)
        }
        other => other,
    }
}

/// BIP340 verification that checks R's x against r and not its parity.
fn bip340_x_only(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    let c = secp256k1::curve();
    if pk.len() != 32 || sig.len() != 64 {
        return false;
    }
    let Some(p) = bip340::lift_x(&be(pk)) else {
        return false;
    };
    let (r, s) = (be(&sig[..32]), be(&sig[32..]));
    if r >= c.p || s >= c.n {
        return false;
    }
    let e = be(&bip340::tagged_hash(
        "BIP0340/challenge",
        &[&sig[..32], pk, msg],
    )) % &c.n;
    let rr = c.add(&c.mul_g(&s), &c.neg(&c.mul(&e, &p)));
    rr.is_some_and(|(x, _)| x == r)
}

/// Lighter verification with s and e taken mod n, or (`neutral`) the
/// neutral public key accepted: the other checks as the reference.
fn lighter_lax(pk: &[u8], hm: &[u8], sig: &[u8], reduce: bool, neutral: bool) -> bool {
    let n = order(Curve::Ecgfp5);
    if sig.len() != 80 {
        return false;
    }
    let Ok(q) = ec::decode(pk) else { return false };
    if q.is_none() && !neutral {
        return false;
    }
    let Ok(limbs) = schnorr::message(hm) else {
        return false;
    };
    let (s, e) = (
        BigUint::from_bytes_le(&sig[..40]),
        BigUint::from_bytes_le(&sig[40..]),
    );
    if !reduce && (s >= n || e >= n) {
        return false;
    }
    let (s, e) = (s % &n, e % &n);
    let r = ec::add(&ec::mul_g(&s), &ec::mul(&e, &q));
    schnorr::challenge(&ec::encode(&r), &limbs) == e
}

fn popcount(bytes: &[u8]) -> u32 {
    bytes.iter().map(|b| b.count_ones()).sum()
}

/// The planted bugs: at least one of every class family on every curve.
pub const BUGS: &[Bug] = &[
    Bug {
        name: "secp256k1-uncompressed-negated",
        curve: Curve::Secp256k1,
        what: "k·P answers −k·P when P is given uncompressed (`04 ‖ x ‖ y`)",
        class: "point.uncompressed",
        wrong: |i| match i {
            Input::Mul { point, .. } if point.len() == 65 && point[0] == 4 => {
                Some(negated(reference(Curve::Secp256k1, i)))
            }
            _ => None,
        },
    },
    Bug {
        name: "secp256k1-x-reduced",
        curve: Curve::Secp256k1,
        what: "a coordinate ≥ p is reduced mod p instead of refused",
        class: "point.x-above-p",
        wrong: |i| {
            let lax = Lax { reduce: true, ..Lax::default() };
            lax_where_refused(Curve::Secp256k1, i, lax)
        },
    },
    Bug {
        name: "secp256k1-small-off-by-one",
        curve: Curve::Secp256k1,
        what: "k·G answers (k + 1)·G for 4 ≤ k ≤ 1000",
        class: "scalar.small",
        wrong: |i| match (i, multiplier(Curve::Secp256k1, i)) {
            (Input::MulG { .. }, Some(k)) if k >= 4u32.into() && k <= 1000u32.into() => {
                Some(with_scalar(Curve::Secp256k1, i, &(k + 1u32)))
            }
            _ => None,
        },
    },
    Bug {
        name: "secp256k1-near-n",
        curve: Curve::Secp256k1,
        what: "k·P answers (k − 1)·P for n − 1000 ≤ k < n",
        class: "scalar.n-minus-small",
        wrong: |i| {
            let n = order(Curve::Secp256k1);
            match (i, multiplier(Curve::Secp256k1, i)) {
                (Input::Mul { .. }, Some(k)) if k >= &n - 1000u32 => {
                    Some(with_scalar(Curve::Secp256k1, i, &(k - 1u32)))
                }
                _ => None,
            }
        },
    },
    Bug {
        name: "secp256k1-hybrid-tag",
        curve: Curve::Secp256k1,
        what: "hybrid tags `06`/`07` are read as `04`",
        class: "point.wrong-tag",
        wrong: |i| {
            let lax = Lax { hybrid: true, ..Lax::default() };
            lax_where_refused(Curve::Secp256k1, i, lax)
        },
    },
    Bug {
        name: "secp256k1-zero-uncompressed-infinity",
        curve: Curve::Secp256k1,
        what: "`04` followed by 64 zero bytes decodes as infinity",
        class: "point.infinity-malformed",
        wrong: |i| match i {
            Input::Decode { point } if point.len() == 65 && point[0] == 4 && point[1..].iter().all(|&b| b == 0) => {
                Some(Answer::Bytes(vec![0]))
            }
            _ => None,
        },
    },
    Bug {
        name: "secp256k1-off-curve",
        curve: Curve::Secp256k1,
        what: "an uncompressed point off the curve is multiplied (no curve check: an invalid-curve attack)",
        class: "point.off-curve",
        wrong: |i| {
            let lax = Lax { skip_curve: true, ..Lax::default() };
            match i {
                Input::Mul { .. } => lax_where_refused(Curve::Secp256k1, i, lax),
                _ => None,
            }
        },
    },
    Bug {
        name: "secp256k1-unreduced-refused",
        curve: Curve::Secp256k1,
        what: "a multiplier ≥ n is refused instead of reduced",
        class: "scalar.unreduced",
        wrong: |i| match i {
            Input::MulG { scalar } if scalar.len() == 32 && be(scalar) >= order(Curve::Secp256k1) => {
                Some(Answer::Rejected("scalar out of range".into()))
            }
            _ => None,
        },
    },
    Bug {
        name: "secp256k1-sign-key-reduced",
        curve: Curve::Secp256k1,
        what: "BIP340 signing reduces a secret key ≥ n instead of refusing it",
        class: "scalar.n-plus-small",
        wrong: |i| match i {
            Input::Sign { secret_key, message, nonce } if secret_key.len() == 32 => {
                let n = order(Curve::Secp256k1);
                let d = be(secret_key);
                (d > n).then(|| {
                    let sk = to_be(&(d % &n), 32);
                    reference(Curve::Secp256k1, &Input::Sign {
                        secret_key: sk,
                        message: message.clone(),
                        nonce: nonce.clone(),
                    })
                })
            }
            _ => None,
        },
    },
    Bug {
        name: "secp256k1-odd-r-accepted",
        curve: Curve::Secp256k1,
        what: "BIP340 verification checks R's x and not that its y is even",
        class: "signature.odd-r",
        wrong: |i| match i {
            Input::Verify { public_key, message, signature } => {
                Some(Answer::Verdict(bip340_x_only(public_key, message, signature)))
            }
            _ => None,
        },
    },
    Bug {
        name: "secp256k1-message-truncated",
        curve: Curve::Secp256k1,
        what: "BIP340 verification hashes only the first 32 bytes of the message",
        class: "signature.message-length",
        wrong: |i| match i {
            Input::Verify { public_key, message, signature } if message.len() > 32 => {
                Some(Answer::Verdict(bip340::verify(public_key, &message[..32], signature)))
            }
            _ => None,
        },
    },
    Bug {
        name: "bn254-x-reduced",
        curve: Curve::Bn254,
        what: "x ≥ p is reduced mod p instead of refused",
        class: "point.x-above-p",
        wrong: |i| match i {
            Input::Decode { point } | Input::Mul { point, .. }
                if point.len() == 64 && be(&point[..32]) >= twinmul_reference::bn254::curve().p =>
            {
                lax_where_refused(Curve::Bn254, i, Lax { reduce: true, ..Lax::default() })
            }
            _ => None,
        },
    },
    Bug {
        name: "bn254-y-reduced",
        curve: Curve::Bn254,
        what: "y ≥ p is reduced mod p instead of refused",
        class: "point.y-above-p",
        wrong: |i| match i {
            Input::Decode { point } | Input::Mul { point, .. }
                if point.len() == 64 && be(&point[32..]) >= twinmul_reference::bn254::curve().p =>
            {
                lax_where_refused(Curve::Bn254, i, Lax { reduce: true, ..Lax::default() })
            }
            _ => None,
        },
    },
    Bug {
        name: "bn254-zero-is-generator",
        curve: Curve::Bn254,
        what: "0·G answers G (an accumulator started at G)",
        class: "scalar.zero",
        wrong: |i| match i {
            Input::MulG { scalar } if scalar.len() == 32 && scalar.iter().all(|&b| b == 0) => {
                Some(with_scalar(Curve::Bn254, i, &1u32.into()))
            }
            _ => None,
        },
    },
    Bug {
        name: "bn254-top-bit-dropped",
        curve: Curve::Bn254,
        what: "the multiplier's bit 255 is dropped before it is reduced",
        class: "scalar.width-max",
        wrong: |i| match i {
            Input::Mul { scalar, .. } if scalar.len() == 32 && scalar[0] & 0x80 != 0 => {
                let mut k = scalar.clone();
                k[0] &= 0x7f;
                Some(with_scalar(Curve::Bn254, i, &be(&k)))
            }
            _ => None,
        },
    },
    Bug {
        name: "bn254-zero-x-infinity",
        curve: Curve::Bn254,
        what: "any point with x = 0 decodes as infinity",
        class: "point.infinity-malformed",
        wrong: |i| match i {
            Input::Decode { point } if point.len() == 64 && point[..32].iter().all(|&b| b == 0) => {
                Some(Answer::Bytes(vec![0; 64]))
            }
            _ => None,
        },
    },
    Bug {
        name: "bn254-half-n-negated",
        curve: Curve::Bn254,
        what: "k·P answers −k·P for n/2 < k ≤ n/2 + 64 (an off-by-one in a \"negate if k > n/2\" recoding)",
        class: "scalar.half-n",
        wrong: |i| {
            let half = order(Curve::Bn254) >> 1;
            match (i, multiplier(Curve::Bn254, i)) {
                (Input::Mul { .. }, Some(k)) if k > half && k <= &half + 64u32 => {
                    let n = order(Curve::Bn254);
                    Some(with_scalar(Curve::Bn254, i, &(n - k)))
                }
                _ => None,
            }
        },
    },
    Bug {
        name: "bls12-381-no-subgroup-check",
        curve: Curve::Bls12_381,
        what: "points outside G1 are accepted (no subgroup check)",
        class: "point.outside-subgroup",
        wrong: |i| lax_where_refused(Curve::Bls12_381, i, Lax { skip_subgroup: true, ..Lax::default() }),
    },
    Bug {
        name: "bls12-381-infinity-echoed",
        curve: Curve::Bls12_381,
        what: "decoding uncompressed infinity answers the uncompressed encoding, not the canonical `c0…`",
        class: "point.infinity-uncompressed",
        wrong: |i| match i {
            Input::Decode { point } if point.len() == 96 && point[0] == 0x40 && point[1..].iter().all(|&b| b == 0) => {
                Some(Answer::Bytes(point.clone()))
            }
            _ => None,
        },
    },
    Bug {
        name: "bls12-381-sorted-infinity",
        curve: Curve::Bls12_381,
        what: "infinity with the sort flag set (`e0…`) is accepted",
        class: "point.infinity-malformed",
        wrong: |i| match i {
            Input::Decode { point } if point.len() == 48 && point[0] == 0xe0 && point[1..].iter().all(|&b| b == 0) => {
                Some(Answer::Bytes(twinmul_reference::bls12_381::encode(&None)))
            }
            _ => None,
        },
    },
    Bug {
        name: "bls12-381-n-minus-one",
        curve: Curve::Bls12_381,
        what: "(n − 1)·G answers G instead of −G",
        class: "scalar.n-minus-one",
        wrong: |i| match (i, multiplier(Curve::Bls12_381, i)) {
            (Input::MulG { .. }, Some(k)) if k == order(Curve::Bls12_381) - 1u32 => {
                Some(with_scalar(Curve::Bls12_381, i, &1u32.into()))
            }
            _ => None,
        },
    },
    Bug {
        name: "bls12-381-x-reduced",
        curve: Curve::Bls12_381,
        what: "x ≥ p is reduced mod p instead of refused",
        class: "point.x-above-p",
        wrong: |i| lax_where_refused(Curve::Bls12_381, i, Lax { reduce: true, ..Lax::default() }),
    },
    Bug {
        name: "bls12-381-low-weight",
        curve: Curve::Bls12_381,
        what: "k·P drops k's lowest set bit when k has at most 8 bits set (and more than one)",
        class: "scalar.low-weight",
        wrong: |i| match (i, multiplier(Curve::Bls12_381, i)) {
            (Input::Mul { .. }, Some(k)) if k.count_ones() > 1 && k.count_ones() <= 8 => {
                let low = k.trailing_zeros().unwrap_or(0);
                let mut k2 = k.clone();
                k2.set_bit(low, false);
                Some(with_scalar(Curve::Bls12_381, i, &k2))
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-limb-reduced",
        curve: Curve::Ecgfp5,
        what: "a limb ≥ p is reduced instead of refused (Go's decoding, under a strict declaration)",
        class: "point.limb-above-p",
        wrong: |i| match i {
            Input::Decode { point } if point.len() == 40 => Some(match ec::decode_lax(point) {
                Ok(p) => Answer::Bytes(ec::encode(&p).to_vec()),
                Err(e) => Answer::rejected(e),
            }),
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-neutral-refused",
        curve: Curve::Ecgfp5,
        what: "k·P refuses the neutral point instead of answering the neutral",
        class: "point.infinity",
        wrong: |i| match i {
            Input::Mul { point, .. } if point.len() == 40 && point.iter().all(|&b| b == 0) => {
                Some(Answer::Rejected("point at infinity".into()))
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-high-weight",
        curve: Curve::Ecgfp5,
        what: "k·G answers (k + 1)·G when k's 40 bytes have more than 300 bits set",
        class: "scalar.high-weight",
        wrong: |i| match (i, multiplier(Curve::Ecgfp5, i)) {
            (Input::MulG { scalar }, Some(k)) if popcount(scalar) > 300 => {
                Some(with_scalar(Curve::Ecgfp5, i, &(k + 1u32)))
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-s-reduced",
        curve: Curve::Ecgfp5,
        what: "verification reduces s and e mod n instead of refusing them (Go's, under a strict declaration)",
        class: "signature.s-at-least-n",
        wrong: |i| match i {
            Input::Verify { public_key, message, signature } => {
                Some(Answer::Verdict(lighter_lax(public_key, message, signature, true, false)))
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-neutral-key-accepted",
        curve: Curve::Ecgfp5,
        what: "verification accepts the neutral public key (anyone can forge under it)",
        class: "signature.public-key-neutral",
        wrong: |i| match i {
            Input::Verify { public_key, message, signature } => {
                Some(Answer::Verdict(lighter_lax(public_key, message, signature, false, true)))
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-nonce-zero-signed",
        curve: Curve::Ecgfp5,
        what: "signing with nonce 0 answers a signature (R the neutral) instead of refusing",
        class: "signature.nonce-edge",
        wrong: |i| match i {
            Input::Sign { secret_key, message, nonce } if nonce.len() == 40 && nonce.iter().all(|&b| b == 0) => {
                let n = order(Curve::Ecgfp5);
                let sk = BigUint::from_bytes_le(secret_key);
                let limbs = schnorr::message(message).ok()?;
                if secret_key.len() != 40 || sk == BigUint::from(0u32) || sk >= n {
                    return None;
                }
                let e = schnorr::challenge(&[0u8; 40], &limbs);
                let s = (&n - (e.clone() * sk) % &n) % &n;
                let sig = [encode_scalar(Curve::Ecgfp5, &s)?, encode_scalar(Curve::Ecgfp5, &e)?].concat();
                Some(Answer::Bytes(sig))
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-message-limb-reduced",
        curve: Curve::Ecgfp5,
        what: "signing reduces a message limb ≥ p instead of refusing it",
        class: "signature.message-limb-above-p",
        wrong: |i| match i {
            Input::Sign { secret_key, message, nonce } if message.len() == 40 => {
                let limbs = twinmul_reference::ecgfp5::field::limbs_le(message);
                limbs.iter().any(|&l| l >= ef::P).then(|| {
                    let reduced: Vec<u8> = limbs.iter().flat_map(|l| (l % ef::P).to_le_bytes()).collect();
                    reference(Curve::Ecgfp5, &Input::Sign {
                        secret_key: secret_key.clone(),
                        message: reduced,
                        nonce: nonce.clone(),
                    })
                })
            }
            _ => None,
        },
    },
    Bug {
        name: "ecgfp5-last-limb-ignored",
        curve: Curve::Ecgfp5,
        what: "signing and verification hash the message with its last limb zeroed",
        class: "uniform",
        wrong: |i| {
            let zeroed = |m: &[u8]| -> Vec<u8> {
                let mut m = m.to_vec();
                if m.len() == 40 {
                    m[32..].fill(0);
                }
                m
            };
            match i {
                Input::Sign { secret_key, message, nonce } => {
                    schnorr::message(message).ok()?;
                    Some(reference(Curve::Ecgfp5, &Input::Sign {
                        secret_key: secret_key.clone(),
                        message: zeroed(message),
                        nonce: nonce.clone(),
                    }))
                }
                Input::Verify { public_key, message, signature } => {
                    schnorr::message(message).ok()?;
                    Some(Answer::Verdict(schnorr::verify(public_key, &zeroed(message), signature)))
                }
                _ => None,
            }
        },
    },
];

/// The planted bugs as a Markdown table (docs/classes.md holds it,
/// generated).
pub fn markdown() -> String {
    let mut s =
        String::from("| planted bug | curve | planted in | what is wrong |\n|---|---|---|---|\n");
    for b in BUGS {
        s.push_str(&format!(
            "| `{}` | {} | `{}` | {} |\n",
            b.name, b.curve, b.class, b.what
        ));
    }
    s
}
