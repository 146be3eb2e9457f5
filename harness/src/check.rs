//! The shared check functions: run one input on every implementation that
//! supports it and compare the answers. The CLI, the vector checker, the
//! property tests and the fuzz targets all call these, so no comparison logic
//! lives only in one of them.
//!
//! A comparison covers what it says and no more: implementations that do not
//! have the (curve, op) pair are *not applicable* and listed apart; declines
//! are never agreement; agreement needs at least two answers; and an answer
//! that differs is a disagreement unless a known policy explains it.

use crate::implementation::{run_each, Implementation};
use crate::judge::{consistent_policies, judge, Conflict, PolicyAnswers, Verdict};
use crate::model::{Answer, Curve, Input};
use crate::policy::{Expectation, Policy};
use std::fmt::Write as _;

/// Every applicable implementation's answer to one input, each judged
/// against the answer of the policy it is held to (see [`crate::judge`]).
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: Input,
    /// `(implementation, answer)` for each implementation that supports the
    /// (curve, op) pair, in registry order.
    pub answers: Vec<(String, Answer)>,
    /// The verdict on each answer, in the order of `answers`.
    pub verdicts: Vec<Verdict>,
    /// Policies' answers that no participant gave and twinmul computed to
    /// judge the others, with the implementation that computed each.
    pub policy_answers: Vec<(Policy, String, Answer)>,
    /// The implementations that do not have the (curve, op) pair at all.
    pub not_applicable: Vec<String>,
    /// Where twinmul's two implementations of a policy disagreed: the
    /// comparison fails on these, and no participant is blamed.
    pub conflicts: Vec<Conflict>,
    /// For each answer of an implementation that declares no policy, on a
    /// curve with several: the policies whose answer it is (see
    /// [`crate::judge::Placement`]); `None` elsewhere.
    pub consistent: Vec<Option<Vec<Policy>>>,
}

/// What a comparison showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// At least two implementations answered, all alike, and none failed.
    Agreed,
    /// At least two answered, and the answers differ only where a policy
    /// explains it (docs/policies.md): not a failure.
    Explained,
    /// An answer no known policy explains, a policy difference the run
    /// does not excuse, or a failure to answer.
    Disagreed,
    /// Fewer than two answers and no failure: nothing was compared.
    TooFewAnswers,
}

impl Comparison {
    /// Judges `answers` — `(implementation, its declared policy, answer)` —
    /// under `expectation`.
    pub fn judged(
        curve: Curve,
        input: &Input,
        answers: Vec<(String, Option<Policy>, Answer)>,
        not_applicable: Vec<String>,
        expectation: &Expectation,
    ) -> Comparison {
        let mut policies = PolicyAnswers::new(curve, input, expectation);
        for (name, _, a) in &answers {
            policies.offer(name, a);
        }
        let verdicts = answers
            .iter()
            .map(|(_, declared, a)| judge(a, *declared, expectation, &mut policies))
            .collect();
        let several = Policy::ALL.iter().filter(|p| p.covers(curve)).count() > 1;
        let consistent = answers
            .iter()
            .map(|(_, declared, a)| {
                (declared.is_none() && several && !expectation.cheap_oracle)
                    .then(|| consistent_policies(a, &mut policies))
                    .flatten()
            })
            .collect();
        Comparison {
            curve,
            input: input.clone(),
            policy_answers: policies.computed(),
            conflicts: policies.conflicts(),
            consistent,
            answers: answers.into_iter().map(|(n, _, a)| (n, a)).collect(),
            verdicts,
            not_applicable,
        }
    }

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

    /// True when no verdict fails the run: every answer is its policy's,
    /// or another policy's where that is excused, and none is a failure
    /// (vacuously true for no answers: see [`Comparison::outcome`]).
    pub fn consistent(&self) -> bool {
        self.conflicts.is_empty() && !self.verdicts.iter().any(Verdict::fails)
    }

    /// Whether every answer equals every other.
    fn all_alike(&self) -> bool {
        let mut it = self.answered();
        match it.next() {
            None => true,
            Some((_, first)) => it.all(|(_, a)| first.agrees_with(a) == Some(true)),
        }
    }

    /// The verdict of this comparison.
    pub fn outcome(&self) -> Outcome {
        let judged = self
            .verdicts
            .iter()
            .filter(|v| matches!(v, Verdict::Expected { .. } | Verdict::Policy { .. }))
            .count();
        if !self.consistent() {
            Outcome::Disagreed
        } else if judged < 2 {
            Outcome::TooFewAnswers
        } else if self.all_alike() {
            Outcome::Agreed
        } else {
            Outcome::Explained
        }
    }

    /// The side-by-side report: the input, then one line per applicable
    /// implementation with the verdict's note, the policies' answers
    /// computed to judge them, then the ones that do not have the pair.
    pub fn report(&self) -> String {
        let mut s = format!("{} {}:\n", self.curve, self.input.op());
        for (k, v) in self.input.fields() {
            let _ = writeln!(s, "  {k:<12} {v}");
        }
        let w = self.answers.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for ((name, a), v) in self.answers.iter().zip(&self.verdicts) {
            match v.note() {
                n if n.is_empty() => {
                    let _ = writeln!(s, "  {name:<w$}  {a}");
                }
                n => {
                    let _ = writeln!(s, "  {name:<w$}  {a}  [{n}]");
                }
            }
        }
        for (p, by, a) in &self.policy_answers {
            let _ = writeln!(s, "  ({p}'s answer, computed by {by}: {a})");
        }
        for c in &self.conflicts {
            let _ = writeln!(s, "  {}", c.line());
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

    /// The comparison as JSON: curve, op, inputs, each answer with its
    /// verdict, and the policies' answers computed to judge them.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "curve": self.curve.id(),
            "op": self.input.op().id(),
            "inputs": self.input.fields_json(),
            "answers": self.answers.iter().zip(&self.verdicts).map(|((name, a), v)| {
                serde_json::json!({"implementation": name, "answer": a.to_json(), "verdict": v.to_json()})
            }).collect::<Vec<_>>(),
            "policy_answers": self.policy_answers.iter().map(|(p, by, a)| {
                serde_json::json!({"policy": p.id(), "computed_by": by, "answer": a.to_json()})
            }).collect::<Vec<_>>(),
            "oracle_conflicts": self.conflicts.iter().map(Conflict::to_json).collect::<Vec<_>>(),
        })
    }
}

/// Runs `input` on every implementation in `impls` that supports its
/// (curve, op) pair, under the contract.
pub fn compare(curve: Curve, input: &Input, impls: &[Box<dyn Implementation>]) -> Comparison {
    compare_under(curve, input, impls, &Expectation::default())
}

/// [`compare`] under the run's `expectation`.
pub fn compare_under(
    curve: Curve,
    input: &Input,
    impls: &[Box<dyn Implementation>],
    expectation: &Expectation,
) -> Comparison {
    let refs: Vec<&dyn Implementation> = impls.iter().map(|i| i.as_ref()).collect();
    compare_on(curve, input, &refs, expectation)
}

/// [`compare_under`] on borrowed implementations.
pub fn compare_on(
    curve: Curve,
    input: &Input,
    impls: &[&dyn Implementation],
    expectation: &Expectation,
) -> Comparison {
    let round = run_each(impls.iter().copied(), curve, input);
    let answers = round
        .answers
        .into_iter()
        .map(|r| (r.name().to_string(), r.implementation.policy(), r.answer))
        .collect();
    let not_applicable = round.not_applicable;
    Comparison::judged(curve, input, answers, not_applicable, expectation)
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
