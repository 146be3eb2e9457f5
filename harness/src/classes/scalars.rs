//! Scalar classes: the multipliers of `mul_g` and `mul`, and the secret key
//! of `sign` (where a non-canonical value must be refused rather than
//! reduced). Each class is a value or a stratified range near a boundary
//! where recodings, reductions and GLV splits go wrong; the rest of the
//! input (the point of `mul`, the message and nonce of `sign`) is drawn
//! uniformly.

use super::draws::{between, random_canonical, random_message_and_nonce, width};
use super::{takes_scalar, Class, Draw, Family};
use crate::edge::{encode_scalar, lambda, order};
use crate::model::{Curve, Input, Op};
use num_bigint::BigUint;
use rand::Rng;

/// A value of bit length `1 + stratum` (stratum 0..16), at least `min`:
/// the i-th draw of a "small" range takes bit length i mod 16, so every
/// length is reached every run.
fn small(d: &mut Draw<'_>, min: u32) -> BigUint {
    let bits = 1 + d.stratum(17) as u32;
    let lo = BigUint::from(1u32) << (bits - 1);
    let hi = BigUint::from(1u32) << bits;
    between(
        d.rng,
        &lo.max(BigUint::from(min)),
        &hi.max(BigUint::from(min + 1)),
    )
}

/// The input of `d.op` with `k` as its scalar (multiplier or secret key).
fn with_scalar(d: &mut Draw<'_>, k: &BigUint) -> Input {
    let scalar = encode_scalar(d.curve, k).expect("class values fit the scalar width");
    match d.op {
        Op::MulG => Input::MulG { scalar },
        Op::Mul => Input::Mul {
            point: random_canonical(d.curve, d.rng),
            scalar,
        },
        _ => {
            let (message, nonce) = random_message_and_nonce(d.curve, d.rng);
            Input::Sign {
                secret_key: scalar,
                message,
                nonce,
            }
        }
    }
}

fn n(d: &Draw<'_>) -> BigUint {
    order(d.curve)
}

fn all_ones(bits: u32) -> BigUint {
    (BigUint::from(1u32) << bits) - 1u32
}

fn scalar_op(_: Curve, op: Op) -> bool {
    takes_scalar(op)
}

fn glv_op(curve: Curve, op: Op) -> bool {
    lambda(curve).is_some() && matches!(op, Op::MulG | Op::Mul)
}

/// k₁ + k₂·λ mod n with one of |k₁|, |k₂| at the decomposition bound
/// 2^⌈bits(n)/2⌉ minus a small stratified amount, the other uniform below
/// it, each sign random; every fourth draw is λ or n − λ plus a small
/// offset. Implementations split differently (Babai rounding on their own
/// basis), so this aims at the boundary rather than a known split.
fn glv_boundary(d: &mut Draw<'_>) -> Input {
    let n = n(d);
    let l = lambda(d.curve).expect("GLV curve");
    let bound = BigUint::from(1u32) << n.bits().div_ceil(2);
    let k = if d.stratum(4) == 0 {
        let off = BigUint::from(d.rng.gen_range(0u32..64));
        if d.rng.gen_bool(0.5) {
            (&l + off) % &n
        } else {
            (&n - &l + off) % &n
        }
    } else {
        let edge = &bound - small(d, 1).min(&bound - 1u32);
        let other = between(d.rng, &BigUint::from(0u32), &bound);
        let (mut k1, mut k2) = if d.rng.gen_bool(0.5) {
            (edge, other)
        } else {
            (other, edge)
        };
        if d.rng.gen_bool(0.5) {
            k1 = &n - k1 % &n;
        }
        if d.rng.gen_bool(0.5) {
            k2 = &n - k2 % &n;
        }
        (k1 + k2 * l) % &n
    };
    with_scalar(d, &k)
}

/// The scalar classes.
pub const CLASSES: &[Class] = &[
    Class {
        name: "scalar.zero",
        family: Family::Scalar,
        about: "k = 0: k·P is the point at infinity; a secret key of 0 is refused.",
        applies: scalar_op,
        draw: |d| with_scalar(d, &BigUint::from(0u32)),
    },
    Class {
        name: "scalar.one",
        family: Family::Scalar,
        about: "k = 1.",
        applies: scalar_op,
        draw: |d| with_scalar(d, &BigUint::from(1u32)),
    },
    Class {
        name: "scalar.two",
        family: Family::Scalar,
        about: "k = 2: the first doubling.",
        applies: scalar_op,
        draw: |d| with_scalar(d, &BigUint::from(2u32)),
    },
    Class {
        name: "scalar.small",
        family: Family::Scalar,
        about: "3 ≤ k ≤ 2¹⁷, one bit length per draw (windows and recodings start here).",
        applies: scalar_op,
        draw: |d| {
            let k = small(d, 3);
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.single-bit",
        family: Family::Scalar,
        about: "k = 2ⁱ for a random i below the scalar width (values ≥ n reduced).",
        applies: scalar_op,
        draw: |d| {
            let i = d.rng.gen_range(0..width(d.curve));
            with_scalar(d, &(BigUint::from(1u32) << i))
        },
    },
    Class {
        name: "scalar.n-minus-one",
        family: Family::Scalar,
        about: "k = n − 1: k·P = −P.",
        applies: scalar_op,
        draw: |d| {
            let k = n(d) - 1u32;
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.n-minus-small",
        family: Family::Scalar,
        about: "k = n − d, 2 ≤ d ≤ 2¹⁷, one bit length of d per draw.",
        applies: scalar_op,
        draw: |d| {
            let k = n(d) - small(d, 2);
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.half-n",
        family: Family::Scalar,
        about: "k near n/2, ±64: where signed recodings and \"negate if k > n/2\" flip.",
        applies: scalar_op,
        draw: |d| {
            let off = d.rng.gen_range(0u32..128);
            let k = (n(d) >> 1) + BigUint::from(off) - 64u32;
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.n",
        family: Family::Scalar,
        about: "k = n: a multiplier reduces to 0; a secret key is refused.",
        applies: scalar_op,
        draw: |d| {
            let k = n(d);
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.n-plus-small",
        family: Family::Scalar,
        about: "k = n + d, 1 ≤ d ≤ 2¹⁷: not reduced; a multiplier reduces to d, a secret key is refused.",
        applies: scalar_op,
        draw: |d| {
            let k = n(d) + small(d, 1);
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.width-max",
        family: Family::Scalar,
        about: "k = 2^w − d for the scalar width w, 1 ≤ d ≤ 2¹⁷ (all ones first): the largest values the bytes hold.",
        applies: scalar_op,
        draw: |d| {
            let top = all_ones(width(d.curve)) + 1u32;
            let k = top - small(d, 1);
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.unreduced",
        family: Family::Scalar,
        about: "k uniform in [n, 2^w): any value the bytes hold that is not reduced.",
        applies: scalar_op,
        draw: |d| {
            let top = all_ones(width(d.curve)) + 1u32;
            let k = between(d.rng, &n(d), &top);
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.low-weight",
        family: Family::Scalar,
        about: "1 to 8 bits set below the bit length of n (long runs of zero digits).",
        applies: scalar_op,
        draw: |d| {
            let bits = n(d).bits() as u32;
            let mut k = BigUint::from(0u32);
            for _ in 0..d.rng.gen_range(1..=8) {
                k.set_bit(u64::from(d.rng.gen_range(0..bits)), true);
            }
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.high-weight",
        family: Family::Scalar,
        about: "Every bit of the width set but 1 to 8 (long runs of ones; values ≥ n reduced).",
        applies: scalar_op,
        draw: |d| {
            let w = width(d.curve);
            let mut k = all_ones(w);
            for _ in 0..d.rng.gen_range(1..=8) {
                k.set_bit(u64::from(d.rng.gen_range(0..w)), false);
            }
            with_scalar(d, &k)
        },
    },
    Class {
        name: "scalar.glv-boundary",
        family: Family::Scalar,
        about: "GLV curves: k = k₁ + k₂·λ mod n with k₁ or k₂ at ±(2^⌈bits(n)/2⌉ − d), or k = ±λ + small.",
        applies: glv_op,
        draw: glv_boundary,
    },
];
