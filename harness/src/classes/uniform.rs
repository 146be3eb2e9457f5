//! The uniform class: biased random scalars, canonical points, valid
//! signatures, a quarter of decode and verify inputs bit-flipped.

use super::draws::{flip_bit, nonzero_below_n, random_canonical, random_message_and_nonce, signed};
use super::Draw;
use crate::edge::{biased_scalar, encode_scalar};
use crate::model::{Input, Op};
use rand::Rng;

/// The uniform draw (see [`super::UNIFORM`]).
pub fn uniform(d: &mut Draw<'_>) -> Input {
    let curve = d.curve;
    match d.op {
        Op::MulG => Input::MulG {
            scalar: biased_scalar(curve, d.rng),
        },
        Op::Mul => Input::Mul {
            point: random_canonical(curve, d.rng),
            scalar: biased_scalar(curve, d.rng),
        },
        Op::Decode => {
            let mut p = random_canonical(curve, d.rng);
            if d.rng.gen_bool(0.25) {
                flip_bit(&mut p, d.rng);
            }
            Input::Decode { point: p }
        }
        Op::Sign => {
            let sk = nonzero_below_n(curve, d.rng);
            let (message, nonce) = random_message_and_nonce(curve, d.rng);
            Input::Sign {
                secret_key: encode_scalar(curve, &sk).expect("below n"),
                message,
                nonce,
            }
        }
        Op::Verify => {
            let mut s = signed(curve, d.rng, None);
            if d.rng.gen_bool(0.25) {
                flip_bit(&mut s.signature, d.rng);
            }
            s.verify_input()
        }
    }
}
