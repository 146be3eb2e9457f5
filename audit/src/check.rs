//! The shared check functions: run one input on every implementation that
//! supports it and compare the answers. The CLI, the vector checker, the
//! property tests and the fuzz targets all call these, so no comparison logic
//! lives only in one of them.

use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input};
use std::fmt::Write as _;

/// Every implementation's answer to one input.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: Input,
    /// `(implementation, answer)`, in registry order.
    pub answers: Vec<(&'static str, Answer)>,
}

impl Comparison {
    /// The answers that are not declines.
    pub fn answered(&self) -> impl Iterator<Item = &(&'static str, Answer)> {
        self.answers.iter().filter(|(_, a)| !a.is_declined())
    }

    /// How many implementations answered (did not decline).
    pub fn answered_count(&self) -> usize {
        self.answered().count()
    }

    /// True when all non-declined answers agree with each other.
    pub fn agreed(&self) -> bool {
        let mut it = self.answered();
        match it.next() {
            None => true,
            Some((_, first)) => it.all(|(_, a)| first.agrees_with(a) == Some(true)),
        }
    }

    /// The side-by-side report: the input, then one line per implementation.
    pub fn report(&self) -> String {
        let mut s = format!("{} {}:\n", self.curve, self.input.op());
        for (k, v) in self.input.fields() {
            let _ = writeln!(s, "  {k:<12} {v}");
        }
        let w = self.answers.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, a) in &self.answers {
            let _ = writeln!(s, "  {name:<w$}  {a}");
        }
        s
    }
}

/// Runs `input` on every implementation in `impls`.
pub fn compare(curve: Curve, input: &Input, impls: &[Box<dyn Implementation>]) -> Comparison {
    Comparison {
        curve,
        input: input.clone(),
        answers: impls
            .iter()
            .map(|i| (i.name(), run(i.as_ref(), curve, input)))
            .collect(),
    }
}

/// Runs `input` everywhere and panics with the side-by-side report on any
/// disagreement (or when fewer than `min_answers` implementations answered).
/// This is what property tests and fuzz targets call.
pub fn assert_agree(
    curve: Curve,
    input: &Input,
    impls: &[Box<dyn Implementation>],
    min_answers: usize,
) -> Comparison {
    let c = compare(curve, input, impls);
    assert!(c.agreed(), "implementations disagree\n{}", c.report());
    assert!(
        c.answered_count() >= min_answers,
        "only {} of the required {min_answers} implementations answered\n{}",
        c.answered_count(),
        c.report()
    );
    c
}
