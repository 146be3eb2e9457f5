//! The shared check functions: run one input on every implementation that
//! supports it and compare the answers. The CLI, the vector checker, the
//! property tests and the fuzz targets all call these, so no comparison logic
//! lives only in one of them.
//!
//! A comparison covers what it says and no more: implementations that do not
//! have the (curve, op) pair are *not applicable* and listed apart; declines
//! are never agreement; and agreement needs at least two answers.

use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input};
use std::fmt::Write as _;

/// Every applicable implementation's answer to one input.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: Input,
    /// `(implementation, answer)` for each implementation that supports the
    /// (curve, op) pair, in registry order.
    pub answers: Vec<(String, Answer)>,
    /// The implementations that do not have the (curve, op) pair at all.
    pub not_applicable: Vec<String>,
}

/// What a comparison showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// At least two implementations answered, all alike, and none failed.
    Agreed,
    /// Two answers differ, or an implementation failed to answer.
    Disagreed,
    /// Fewer than two answers and no failure: nothing was compared.
    TooFewAnswers,
}

impl Comparison {
    /// The answers that are not declines (failures included).
    pub fn answered(&self) -> impl Iterator<Item = &(String, Answer)> {
        self.answers.iter().filter(|(_, a)| !a.is_declined())
    }

    /// How many implementations answered (did not decline; failures count).
    pub fn answered_count(&self) -> usize {
        self.answered().count()
    }

    /// How many implementations declined.
    pub fn declined_count(&self) -> usize {
        self.answers.len() - self.answered_count()
    }

    /// True when every answer agrees with every other and none is a failure
    /// (vacuously true for fewer than two answers: see [`Comparison::outcome`]).
    pub fn consistent(&self) -> bool {
        let mut it = self.answered();
        match it.next() {
            None => true,
            Some((_, first)) => {
                !first.is_failed() && it.all(|(_, a)| first.agrees_with(a) == Some(true))
            }
        }
    }

    /// The verdict of this comparison.
    pub fn outcome(&self) -> Outcome {
        if !self.consistent() {
            Outcome::Disagreed
        } else if self.answered_count() < 2 {
            Outcome::TooFewAnswers
        } else {
            Outcome::Agreed
        }
    }

    /// The side-by-side report: the input, then one line per applicable
    /// implementation, then the ones that do not have the pair.
    pub fn report(&self) -> String {
        let mut s = format!("{} {}:\n", self.curve, self.input.op());
        for (k, v) in self.input.fields() {
            let _ = writeln!(s, "  {k:<12} {v}");
        }
        let w = self.answers.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, a) in &self.answers {
            let _ = writeln!(s, "  {name:<w$}  {a}");
        }
        if !self.not_applicable.is_empty() {
            let _ = writeln!(
                s,
                "  not applicable (no {} on {}): {}",
                self.input.op(),
                self.curve,
                self.not_applicable.join(", ")
            );
        }
        s
    }

    /// The comparison as JSON: curve, op, inputs and each answer.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "curve": self.curve.id(),
            "op": self.input.op().id(),
            "inputs": self.input.fields_json(),
            "answers": self.answers.iter().map(|(name, a)| {
                serde_json::json!({"implementation": name, "answer": a.to_json()})
            }).collect::<Vec<_>>(),
        })
    }
}

/// Runs `input` on every implementation in `impls` that supports its
/// (curve, op) pair.
pub fn compare(curve: Curve, input: &Input, impls: &[Box<dyn Implementation>]) -> Comparison {
    let (applicable, not): (Vec<_>, Vec<_>) =
        impls.iter().partition(|i| i.supports(curve, input.op()));
    Comparison {
        curve,
        input: input.clone(),
        answers: applicable
            .into_iter()
            .map(|i| (i.name().to_string(), run(i.as_ref(), curve, input)))
            .collect(),
        not_applicable: not.into_iter().map(|i| i.name().to_string()).collect(),
    }
}

/// Runs `input` everywhere and panics with the side-by-side report on any
/// disagreement or failure, or when fewer than `min_answers` implementations
/// answered. This is what property tests and fuzz targets call.
pub fn assert_agree(
    curve: Curve,
    input: &Input,
    impls: &[Box<dyn Implementation>],
    min_answers: usize,
) -> Comparison {
    let c = compare(curve, input, impls);
    assert!(c.consistent(), "implementations disagree\n{}", c.report());
    assert!(
        c.answered_count() >= min_answers,
        "only {} of the required {min_answers} implementations answered\n{}",
        c.answered_count(),
        c.report()
    );
    c
}
