//! Planted bugs: implementations that are the reference but for one bug
//! each, wrong on one input class, the kinds of bug implementations in the
//! field have had (a coordinate reduced instead of refused, a hybrid tag
//! read, an off-by-one near n, a verifier that skips a check). `twinmul
//! selftest` runs each through the random campaign with a fresh seed and
//! says which class caught it: the campaign's power, measured.
//!
//! Each planted implementation declares the strict policy, so an answer
//! that another known policy would give (a reduced limb, a reduced s) is a
//! failure, as it is for any implementation that declares its policy.
//! Where the bug's condition does not hold, the answer is the reference's,
//! computed by the reference itself.

pub mod bugs;
pub mod lax;

use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input, Op};
use crate::policy::Policy;
use crate::reference::Reference;
pub use bugs::{markdown, Bug, BUGS};

/// The reference with `bug` planted.
pub struct Planted {
    bug: &'static Bug,
    name: String,
}

impl Planted {
    /// The implementation of `bug`.
    pub fn new(bug: &'static Bug) -> Planted {
        Planted {
            bug,
            name: format!("planted:{}", bug.name),
        }
    }

    fn answer(&self, curve: Curve, input: Input) -> Answer {
        self.bug
            .wrong_answer(&input)
            .unwrap_or_else(|| run(&Reference, curve, &input))
    }
}

impl Implementation for Planted {
    fn name(&self) -> &str {
        &self.name
    }
    fn policy(&self) -> Option<Policy> {
        Some(Policy::Strict)
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == self.bug.curve && Reference.supports(curve, op)
    }
    fn mul_g(&self, curve: Curve, scalar: &[u8]) -> Answer {
        self.answer(
            curve,
            Input::MulG {
                scalar: scalar.to_vec(),
            },
        )
    }
    fn mul(&self, curve: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        let (point, scalar) = (point.to_vec(), scalar.to_vec());
        self.answer(curve, Input::Mul { point, scalar })
    }
    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        self.answer(
            curve,
            Input::Decode {
                point: point.to_vec(),
            },
        )
    }
    fn sign(&self, curve: Curve, sk: &[u8], message: &[u8], nonce: &[u8]) -> Answer {
        let (secret_key, message, nonce) = (sk.to_vec(), message.to_vec(), nonce.to_vec());
        self.answer(
            curve,
            Input::Sign {
                secret_key,
                message,
                nonce,
            },
        )
    }
    fn verify(&self, curve: Curve, pk: &[u8], message: &[u8], sig: &[u8]) -> Answer {
        let (public_key, message, signature) = (pk.to_vec(), message.to_vec(), sig.to_vec());
        self.answer(
            curve,
            Input::Verify {
                public_key,
                message,
                signature,
            },
        )
    }
}

/// The implementations of every planted bug.
pub fn all() -> Vec<Planted> {
    BUGS.iter().map(Planted::new).collect()
}

/// What the campaign did with one planted bug.
#[derive(Clone, Debug)]
pub struct Caught {
    /// The bug.
    pub bug: &'static Bug,
    /// The classes whose inputs showed it: (curve, op, class, wrong
    /// answers, inputs), most wrong answers first.
    pub by: Vec<(Curve, Op, &'static str, usize, usize)>,
    /// Inputs the campaign drew.
    pub inputs: usize,
}

impl Caught {
    /// Whether the campaign caught the bug.
    pub fn caught(&self) -> bool {
        !self.by.is_empty()
    }

    /// Whether the class it is planted in was among those that caught it.
    pub fn by_its_class(&self) -> bool {
        self.by.iter().any(|b| b.2 == self.bug.class)
    }
}

/// Runs the campaign with `settings` on the reference and `bug`'s
/// implementation, and says which classes caught it.
pub fn measure(bug: &'static Bug, settings: crate::campaign::Settings) -> Caught {
    let impls: crate::implementation::Implementations =
        vec![Box::new(Reference), Box::new(Planted::new(bug))];
    let c = crate::campaign::campaign(&impls, settings, &crate::Expectation::default(), &|_, _| {});
    let name = impls[1].name().to_string();
    let mut by: Vec<_> = c
        .classes
        .iter()
        .filter(|(k, cell)| k.0 == name && !cell.clean())
        .map(|(k, cell)| {
            (
                k.1,
                k.2,
                k.3,
                cell.disagreed + cell.failed,
                cell.judged() + cell.failed + cell.declined,
            )
        })
        .collect();
    // The class the bug is planted in first, then by wrong answers.
    by.sort_by_key(|b| (b.2 != bug.class, std::cmp::Reverse(b.3), b.2));
    Caught {
        bug,
        by,
        inputs: c.compared + c.uncompared,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The negative control of the selftest: a "bug" that changes nothing
    /// is MISSED, so a caught bug means something.
    #[test]
    fn a_harmless_plant_is_missed() {
        static HARMLESS: Bug = Bug {
            name: "harmless",
            curve: Curve::Bn254,
            what: "nothing",
            class: "uniform",
            wrong: |_| None,
        };
        let s = crate::campaign::Settings {
            per_class: 1,
            uniform: 2,
            seed: 9,
        };
        let c = measure(&HARMLESS, s);
        assert!(!c.caught(), "{:?}", c.by);
        assert!(c.inputs > 40);
    }
}
