//! Signature classes: BIP340 on secp256k1 and Lighter's Schnorr on ECgFp5.
//! Messages of every length the scheme allows, nonces and aux_rand at
//! their edges, and verification inputs whose signature, message or public
//! key is out of range, malformed, bit-flipped or forged in the ways
//! verifiers in the field have accepted (an R with odd y, s ≥ n, the
//! neutral public key). Signatures are made by the reference; forgeries
//! are assembled here from its public pieces (the challenge hash).

use super::draws::{
    between, flip_bit, nonzero_below_n, random_bytes, random_hm, random_message_and_nonce, signed,
    sw, MESSAGE_LENGTHS,
};
use super::{Class, Draw, Family};
use crate::edge::{encode_scalar, order};
use crate::model::{Curve, Input, Op};
use num_bigint::BigUint;
use rand::Rng;
use twinmul_reference::bip340;
use twinmul_reference::ecgfp5::{curve as ec, field as ef, scalar as esc, schnorr};
use twinmul_reference::weierstrass::to_be;

fn verify_only(curve: Curve, op: Op) -> bool {
    op == Op::Verify && curve.has_signatures()
}

fn bip340_op(curve: Curve, op: Op, ops: &[Op]) -> bool {
    curve == Curve::Secp256k1 && ops.contains(&op)
}

fn lighter_op(curve: Curve, op: Op, ops: &[Op]) -> bool {
    curve == Curve::Ecgfp5 && ops.contains(&op)
}

/// A valid signature whose `range` bytes are replaced by `value` (an
/// integer in the field's encoding: big-endian on secp256k1, LE on ECgFp5).
fn replace(d: &mut Draw<'_>, range: std::ops::Range<usize>, value: &BigUint) -> Input {
    let mut s = signed(d.curve, d.rng, None);
    let bytes = if d.curve == Curve::Ecgfp5 {
        encode_scalar(d.curve, value).expect("fits")
    } else {
        to_be(value, 32)
    };
    s.signature[range].copy_from_slice(&bytes);
    s.verify_input()
}

/// The BIP340 forgery with R's y odd: s' = 2·e·d − s, so that
/// s'·G − e·P = −R, whose x is r. A verifier that checks x alone accepts.
fn odd_r(d: &mut Draw<'_>) -> Input {
    let c = sw(Curve::Secp256k1).expect("secp256k1");
    let n = &c.n;
    let mut s = signed(d.curve, d.rng, None);
    let p = c.mul_g(&s.secret);
    let dd = match &p {
        Some((_, y)) if y.bit(0) => n - &s.secret,
        _ => s.secret.clone(),
    };
    let e = BigUint::from_bytes_be(&bip340::tagged_hash(
        "BIP0340/challenge",
        &[&s.signature[..32], &s.public_key, &s.message],
    )) % n;
    let sv = BigUint::from_bytes_be(&s.signature[32..]);
    let forged = ((e * dd) * 2u32 + n - sv) % n;
    s.signature[32..].copy_from_slice(&to_be(&forged, 32));
    s.verify_input()
}

/// A Lighter signature that verifies under the neutral public key: with
/// e·PK = O, R = s·G, and e is the challenge of R itself.
fn neutral_key_forgery(rng: &mut impl Rng) -> (Vec<u8>, Vec<u8>) {
    let hm = random_hm(rng);
    let s = nonzero_below_n(Curve::Ecgfp5, rng);
    let r = ec::encode(&ec::mul_g(&s));
    let limbs = schnorr::message(&hm).expect("canonical");
    let e = schnorr::challenge(&r, &limbs);
    let sig = [esc::to_bytes(&s).to_vec(), esc::to_bytes(&e).to_vec()].concat();
    (hm, sig)
}

/// A message with one limb below 2³² − 1 raised by p; the signature is on
/// the reduced message.
fn message_limb_above_p(d: &mut Draw<'_>) -> Input {
    let limb = d.stratum(5);
    let mut hm = random_hm(d.rng);
    let small = d.rng.gen_range(0..0xFFFF_FFFEu64);
    hm[8 * limb..8 * limb + 8].copy_from_slice(&small.to_le_bytes());
    let mut s = signed(d.curve, d.rng, Some(hm));
    s.message[8 * limb..8 * limb + 8].copy_from_slice(&(small + ef::P).to_le_bytes());
    match d.op {
        Op::Sign => {
            let (_, nonce) = random_message_and_nonce(d.curve, d.rng);
            Input::Sign {
                secret_key: encode_scalar(d.curve, &s.secret).expect("below n"),
                message: s.message,
                nonce,
            }
        }
        _ => s.verify_input(),
    }
}

/// The signature classes.
pub const CLASSES: &[Class] = &[
    Class {
        name: "signature.message-length",
        family: Family::Signature,
        about: "BIP340: messages of 0, 1, 32, 33 and 100 bytes, one length per draw, signed, and verified with a valid signature.",
        applies: |c, op| bip340_op(c, op, &[Op::Sign, Op::Verify]),
        draw: |d| {
            let m = random_bytes(d.rng, MESSAGE_LENGTHS[d.stratum(MESSAGE_LENGTHS.len())]);
            let s = signed(d.curve, d.rng, Some(m.clone()));
            match d.op {
                Op::Sign => {
                    let aux = random_bytes(d.rng, 32);
                    Input::Sign {
                        secret_key: encode_scalar(d.curve, &s.secret).expect("below n"),
                        message: m,
                        nonce: aux,
                    }
                }
                _ => s.verify_input(),
            }
        },
    },
    Class {
        name: "signature.aux-edge",
        family: Family::Signature,
        about: "BIP340 signing with aux_rand all zeros, all ones, or a single bit set.",
        applies: |c, op| bip340_op(c, op, &[Op::Sign]),
        draw: |d| {
            let mut aux = vec![0u8; 32];
            match d.stratum(3) {
                0 => {}
                1 => aux.fill(0xff),
                _ => {
                    let i = d.rng.gen_range(0..256);
                    aux[i / 8] = 1 << (i % 8);
                }
            }
            let sk = nonzero_below_n(d.curve, d.rng);
            let (message, _) = random_message_and_nonce(d.curve, d.rng);
            Input::Sign {
                secret_key: encode_scalar(d.curve, &sk).expect("below n"),
                message,
                nonce: aux,
            }
        },
    },
    Class {
        name: "signature.nonce-edge",
        family: Family::Signature,
        about: "Lighter signing with nonce 0 (R is the neutral), 1, n − 1, n, n + 1, or the largest 40-byte value.",
        applies: |c, op| lighter_op(c, op, &[Op::Sign]),
        draw: |d| {
            let n = order(d.curve);
            let k = match d.stratum(6) {
                0 => BigUint::from(0u32),
                1 => BigUint::from(1u32),
                2 => &n - 1u32,
                3 => n,
                4 => n + 1u32,
                _ => (BigUint::from(1u32) << 320) - 1u32,
            };
            let sk = nonzero_below_n(d.curve, d.rng);
            Input::Sign {
                secret_key: encode_scalar(d.curve, &sk).expect("below n"),
                message: random_hm(d.rng),
                nonce: encode_scalar(d.curve, &k).expect("fits"),
            }
        },
    },
    Class {
        name: "signature.message-limb-above-p",
        family: Family::Signature,
        about: "Lighter: a hashed message with p added to one limb (one limb per draw); signed, and verified with the signature of the reduced message.",
        applies: |c, op| lighter_op(c, op, &[Op::Sign, Op::Verify]),
        draw: message_limb_above_p,
    },
    Class {
        name: "signature.flipped-bit",
        family: Family::Signature,
        about: "A valid signature with one bit flipped, in its first half (r, or s) and its second half (s, or e) in turn.",
        applies: verify_only,
        draw: |d| {
            let mut s = signed(d.curve, d.rng, None);
            let half = s.signature.len() / 2;
            let start = half * d.stratum(2);
            flip_bit(&mut s.signature[start..start + half], d.rng);
            s.verify_input()
        },
    },
    Class {
        name: "signature.message-flipped-bit",
        family: Family::Signature,
        about: "A valid signature on a message with one bit flipped afterwards: in the first byte, the last or any (BIP340, lengths 1 to 100), or in each limb in turn (Lighter).",
        applies: verify_only,
        draw: |d| {
            let m = if d.curve == Curve::Ecgfp5 {
                None
            } else {
                Some(random_bytes(d.rng, [1, 32, 33, 100][d.stratum(4)]))
            };
            let mut s = signed(d.curve, d.rng, m);
            let len = s.message.len();
            let byte = if d.curve == Curve::Ecgfp5 {
                // A low byte of the limb, so that it stays below p.
                8 * d.stratum(5) + d.rng.gen_range(0..4)
            } else {
                match (d.index / 4) % 3 {
                    0 => 0,
                    1 => len - 1,
                    _ => d.rng.gen_range(0..len),
                }
            };
            s.message[byte] ^= 1 << d.rng.gen_range(0..8);
            s.verify_input()
        },
    },
    Class {
        name: "signature.public-key-flipped-bit",
        family: Family::Signature,
        about: "A valid signature checked under its public key with one bit flipped.",
        applies: verify_only,
        draw: |d| {
            let mut s = signed(d.curve, d.rng, None);
            flip_bit(&mut s.public_key, d.rng);
            s.verify_input()
        },
    },
    Class {
        name: "signature.wrong-length",
        family: Family::Signature,
        about: "A valid signature, public key or (Lighter) hashed message one byte short or over.",
        applies: verify_only,
        draw: |d| {
            let mut s = signed(d.curve, d.rng, None);
            let field = match d.stratum(if d.curve == Curve::Ecgfp5 { 6 } else { 4 }) {
                0 | 1 => &mut s.signature,
                2 | 3 => &mut s.public_key,
                _ => &mut s.message,
            };
            if d.index % 2 == 0 {
                field.pop();
            } else {
                field.push(0);
            }
            s.verify_input()
        },
    },
    Class {
        name: "signature.r-out-of-range",
        family: Family::Signature,
        about: "BIP340: r = 0, r = p, or r uniform in [p, 2²⁵⁶), with a valid s.",
        applies: |c, op| bip340_op(c, op, &[Op::Verify]),
        draw: |d| {
            let p = sw(d.curve).expect("secp256k1").p.clone();
            let r = match d.stratum(3) {
                0 => BigUint::from(0u32),
                1 => p,
                _ => between(d.rng, &p, &(BigUint::from(1u32) << 256)),
            };
            replace(d, 0..32, &r)
        },
    },
    Class {
        name: "signature.s-zero",
        family: Family::Signature,
        about: "s = 0 with the rest of a valid signature (Lighter: also e = 0).",
        applies: verify_only,
        draw: |d| {
            let zero = BigUint::from(0u32);
            match (d.curve, d.stratum(2)) {
                (Curve::Ecgfp5, 1) => replace(d, 40..80, &zero),
                (Curve::Ecgfp5, _) => replace(d, 0..40, &zero),
                _ => replace(d, 32..64, &zero),
            }
        },
    },
    Class {
        name: "signature.s-at-least-n",
        family: Family::Signature,
        about: "s + n for a valid s where it fits (a verifier that reduces s accepts), else s = n; Lighter also e + n.",
        applies: verify_only,
        draw: |d| {
            let n = order(d.curve);
            let (range, top) = match (d.curve, d.stratum(2)) {
                (Curve::Ecgfp5, 1) => (40..80, 320),
                (Curve::Ecgfp5, _) => (0..40, 320),
                _ => (32..64, 256),
            };
            for _ in 0..16 {
                let s = signed(d.curve, d.rng, None);
                let raw = &s.signature[range.clone()];
                let v = if d.curve == Curve::Ecgfp5 {
                    BigUint::from_bytes_le(raw)
                } else {
                    BigUint::from_bytes_be(raw)
                } + &n;
                if v.bits() <= top {
                    let mut s = s;
                    let bytes = if d.curve == Curve::Ecgfp5 {
                        encode_scalar(d.curve, &v).expect("fits")
                    } else {
                        to_be(&v, 32)
                    };
                    s.signature[range].copy_from_slice(&bytes);
                    return s.verify_input();
                }
            }
            replace(d, range, &n)
        },
    },
    Class {
        name: "signature.odd-r",
        family: Family::Signature,
        about: "BIP340 forgery: s' = 2·e·d − s, so that s'·G − e·P = −R has x = r and an odd y (a verifier that skips the parity check accepts).",
        applies: |c, op| bip340_op(c, op, &[Op::Verify]),
        draw: odd_r,
    },
    Class {
        name: "signature.public-key-invalid",
        family: Family::Signature,
        about: "BIP340: a public key x with no point (on the twist), x = p, or x ≥ p; Lighter: a key w that decodes to no point.",
        applies: verify_only,
        draw: |d| {
            let mut s = signed(d.curve, d.rng, None);
            s.public_key = if d.curve == Curve::Ecgfp5 {
                loop {
                    let w = random_hm(d.rng);
                    if ec::decode(&w).is_err() {
                        break w;
                    }
                }
            } else {
                let c = sw(d.curve).expect("secp256k1");
                let x = match d.stratum(3) {
                    0 => loop {
                        let x = between(d.rng, &BigUint::from(0u32), &c.p);
                        if c.sqrt(&c.rhs(&x)).is_none() {
                            break x;
                        }
                    },
                    1 => c.p.clone(),
                    _ => between(d.rng, &c.p, &(BigUint::from(1u32) << 256)),
                };
                to_be(&x, 32)
            };
            s.verify_input()
        },
    },
    Class {
        name: "signature.public-key-neutral",
        family: Family::Signature,
        about: "Lighter forgery under the neutral public key (w = 0, or a limb = p that reduces to it): R = s·G and e its own challenge, valid for anyone who accepts that key.",
        applies: |c, op| lighter_op(c, op, &[Op::Verify]),
        draw: |d| {
            let (message, signature) = neutral_key_forgery(d.rng);
            let mut public_key = vec![0u8; 40];
            if d.stratum(2) == 1 {
                let limb = d.rng.gen_range(0..5);
                public_key[8 * limb..8 * limb + 8].copy_from_slice(&ef::P.to_le_bytes());
            }
            Input::Verify {
                public_key,
                message,
                signature,
            }
        },
    },
];
