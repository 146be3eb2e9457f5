//! The catalogue of input classes: one place that says which inputs every
//! run draws, named by the way implementations in the field go wrong.
//!
//! A class belongs to a family (scalars, points, signatures, or the
//! uniform draw), applies to some (curve, op) pairs, and draws inputs of
//! its kind from a seeded RNG. The random campaign of `twinmul audit`
//! draws every applicable class every run (`--per-class` inputs each, plus
//! uniform ones), `compare --random` and `twinmul selftest` draw from here,
//! and the report says, per implementation, which classes it covered.
//!
//! These are *inputs*: nothing here computes an expected answer. The judge
//! gets those from twinmul's implementations of each policy
//! ([`crate::judge`]). Where a class needs a point or a signature, it is
//! made by the reference crate, which shares no code with the code under
//! test. Draws are stratified where a class spans a range (the bit length
//! of a small scalar, the byte a flipped bit lands in): the i-th draw of a
//! class takes stratum i, so `--per-class 16` reaches every stratum every
//! run, whatever the seed.
//!
//! Not constant time, and not meant to be: inputs are public.

pub mod draws;
pub mod points;
pub mod rule;
pub mod scalars;
pub mod signatures;
pub mod uniform;

use crate::model::{Curve, Input, Op};
use rand_chacha::ChaCha20Rng;
use std::fmt;

/// What a class varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// The uniform draw: biased random scalars, canonical points, valid
    /// signatures with a quarter of them bit-flipped.
    Uniform,
    /// Edge scalars: multipliers, secret keys.
    Scalar,
    /// Point encodings, valid and malformed.
    Point,
    /// Signatures, messages, nonces and public keys.
    Signature,
}

impl Family {
    /// The family's name in reports.
    pub fn id(self) -> &'static str {
        match self {
            Family::Uniform => "uniform",
            Family::Scalar => "scalar",
            Family::Point => "point",
            Family::Signature => "signature",
        }
    }
}

/// One draw: the pair it is for, which draw of its class it is (the
/// stratum), and the run's RNG.
pub struct Draw<'a> {
    /// The curve.
    pub curve: Curve,
    /// The operation.
    pub op: Op,
    /// How many inputs of this class were drawn before this one.
    pub index: usize,
    /// The RNG (a ChaCha20 stream: a seed replays a campaign exactly).
    pub rng: &'a mut ChaCha20Rng,
}

impl Draw<'_> {
    /// The stratum of this draw among `n`.
    pub fn stratum(&self, n: usize) -> usize {
        self.index % n.max(1)
    }
}

/// A named class of inputs.
pub struct Class {
    /// The name in reports, `family.what` (`scalar.n-minus-small`).
    pub name: &'static str,
    /// The family.
    pub family: Family,
    /// What the class holds and why it is there, for the catalogue's table.
    pub about: &'static str,
    /// Whether the class has inputs for (curve, op).
    pub applies: fn(Curve, Op) -> bool,
    /// Draws one input (only called where `applies` holds).
    pub draw: fn(&mut Draw<'_>) -> Input,
}

impl fmt::Debug for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl Class {
    /// The `index`-th input of this class for (curve, op).
    pub fn draw(&self, curve: Curve, op: Op, index: usize, rng: &mut ChaCha20Rng) -> Input {
        (self.draw)(&mut Draw {
            curve,
            op,
            index,
            rng,
        })
    }
}

/// The uniform class.
pub const UNIFORM: Class = Class {
    name: "uniform",
    family: Family::Uniform,
    about: "Biased random scalars (a third uniform, a third of low and a third of high \
            Hamming weight), canonical points, valid signatures; a quarter of decode and \
            verify inputs have one bit flipped.",
    applies: |_, _| true,
    draw: uniform::uniform,
};

/// Every class, in report order: the uniform draw, then scalars, points
/// and signatures.
pub fn catalogue() -> Vec<&'static Class> {
    std::iter::once(&UNIFORM)
        .chain(scalars::CLASSES)
        .chain(points::CLASSES)
        .chain(signatures::CLASSES)
        .collect()
}

/// The classes with inputs for (curve, op), in report order.
pub fn classes_for(curve: Curve, op: Op) -> Vec<&'static Class> {
    catalogue()
        .into_iter()
        .filter(|c| (c.applies)(curve, op))
        .collect()
}

/// The class named `name`.
pub fn find(name: &str) -> Option<&'static Class> {
    catalogue().into_iter().find(|c| c.name == name)
}

/// The catalogue as a Markdown table: class, family, the (curve, op) pairs
/// it applies to, and what it holds (docs/classes.md is this, generated).
pub fn markdown() -> String {
    let mut s =
        String::from("| class | family | applies to | what it holds |\n|---|---|---|---|\n");
    for c in catalogue() {
        let pairs: Vec<String> = Curve::ALL
            .into_iter()
            .filter_map(|curve| {
                let ops: Vec<&str> = Op::ALL
                    .into_iter()
                    .filter(|&op| crate::model::has_pair(curve, op) && (c.applies)(curve, op))
                    .map(Op::id)
                    .collect();
                (!ops.is_empty()).then(|| format!("{curve}: {}", ops.join(", ")))
            })
            .collect();
        s.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            c.name,
            c.family.id(),
            pairs.join("; "),
            c.about.split_whitespace().collect::<Vec<_>>().join(" ")
        ));
    }
    s
}

/// Whether `op` takes a scalar that scalar classes vary (a multiplier, or
/// the secret key of `sign`).
pub fn takes_scalar(op: Op) -> bool {
    matches!(op, Op::MulG | Op::Mul | Op::Sign)
}

/// Whether `op` takes a point that point classes vary.
pub fn takes_point(op: Op) -> bool {
    matches!(op, Op::Mul | Op::Decode)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use rand::SeedableRng;

    /// Names are unique and of the form family.what; every pair of the
    /// contract has the uniform class and at least one edge class; every
    /// class applies somewhere.
    #[test]
    fn the_catalogue_is_well_formed() {
        let all = catalogue();
        let mut names: Vec<&str> = all.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "duplicate class names");
        for c in &all {
            if c.family != Family::Uniform {
                assert!(
                    c.name.starts_with(&format!("{}.", c.family.id())),
                    "{}",
                    c.name
                );
            }
            assert!(
                crate::model::pairs()
                    .into_iter()
                    .any(|(curve, op)| (c.applies)(curve, op)),
                "{} applies nowhere",
                c.name
            );
        }
        for (curve, op) in crate::model::pairs() {
            let cs = classes_for(curve, op);
            assert!(cs.len() > 3, "{curve} {op}: {cs:?}");
        }
    }

    /// Every class draws inputs of its pair's op on every pair it applies
    /// to, for every stratum, and a seed draws the same input twice.
    #[test]
    fn every_class_draws_its_op_and_replays() {
        for (curve, op) in crate::model::pairs() {
            for c in classes_for(curve, op) {
                for i in 0..3 {
                    let mut a = ChaCha20Rng::seed_from_u64(i as u64);
                    let mut b = ChaCha20Rng::seed_from_u64(i as u64);
                    let x = c.draw(curve, op, i, &mut a);
                    assert_eq!(x.op(), op, "{} on {curve} {op}", c.name);
                    assert_eq!(x, c.draw(curve, op, i, &mut b), "{}", c.name);
                }
            }
        }
    }
}
