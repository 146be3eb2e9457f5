//! Judging each answer against the answer of the policy it is held to
//! (docs/policies.md), so that a difference that is another policy's
//! answer is *explained* ("policy: matches go-v0.0.15") and only a
//! difference that no known policy gives is a disagreement.
//!
//! A policy's answer to an input comes from twinmul's own implementation
//! of it: taken from the comparison when one of them answered there (see
//! [`Policy::oracle_names`]), else computed here by the optimized one.

use crate::adapters::flavours::Flavour;
use crate::adapters::optimized::Optimized;
use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input};
use crate::policy::{Expectation, Policy};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// How one implementation's answer relates to the policies' answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answer of the policy it is held to.
    Expected {
        /// That policy.
        held_to: Policy,
    },
    /// Not that answer, but `matches`'s: a policy difference. It fails the
    /// run when the implementation declared a policy (the declaration is
    /// wrong) or the run's policy was chosen with `--policy`.
    Policy {
        /// The policy whose answer it gave.
        matches: Policy,
        /// The policy it is held to.
        held_to: Policy,
        /// Whether this fails the run.
        fails: bool,
    },
    /// No known policy gives this answer: a disagreement.
    Unexplained {
        /// The policy it is held to.
        held_to: Policy,
    },
    /// The policy it is held to defines no answer here (twinmul's
    /// implementation of it declines): nothing was compared.
    Unjudged {
        /// The policy it is held to.
        held_to: Policy,
    },
    /// It declined.
    Declined,
    /// It failed to answer.
    Failed,
}

impl Verdict {
    /// Whether this verdict fails the run.
    pub fn fails(&self) -> bool {
        match self {
            Verdict::Policy { fails, .. } => *fails,
            Verdict::Unexplained { .. } | Verdict::Failed => true,
            _ => false,
        }
    }

    /// A policy difference that does not fail the run.
    pub fn is_explained(&self) -> bool {
        matches!(self, Verdict::Policy { fails: false, .. })
    }

    /// The note a report prints after the answer; empty when expected.
    pub fn note(&self) -> String {
        match self {
            Verdict::Expected { held_to } if *held_to != Policy::Strict => {
                format!("follows {held_to}")
            }
            Verdict::Expected { .. } | Verdict::Declined | Verdict::Failed => String::new(),
            Verdict::Policy {
                matches,
                held_to,
                fails,
            } => {
                let tail = if *fails {
                    format!(", expected {held_to}: FAIL")
                } else {
                    String::new()
                };
                format!("policy: matches {matches}{tail}")
            }
            Verdict::Unexplained { held_to } => {
                format!("disagrees with {held_to} and matches no known policy")
            }
            Verdict::Unjudged { held_to } => format!("not judged: {held_to} defines no answer"),
        }
    }

    /// The verdict as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            Verdict::Expected { held_to } => json!({"kind": "expected", "held_to": held_to.id()}),
            Verdict::Policy {
                matches,
                held_to,
                fails,
            } => json!({"kind": "policy", "matches": matches.id(),
                        "held_to": held_to.id(), "fails": fails}),
            Verdict::Unexplained { held_to } => {
                json!({"kind": "unexplained", "held_to": held_to.id()})
            }
            Verdict::Unjudged { held_to } => json!({"kind": "unjudged", "held_to": held_to.id()}),
            Verdict::Declined => json!({"kind": "declined"}),
            Verdict::Failed => json!({"kind": "failed"}),
        }
    }
}

/// The implementation that answers for `policy` when none of its
/// implementations is in the comparison: the optimized one.
fn oracle(policy: Policy) -> &'static dyn Implementation {
    static ORACLES: OnceLock<Vec<Box<dyn Implementation>>> = OnceLock::new();
    let all = ORACLES.get_or_init(|| {
        Policy::ALL
            .into_iter()
            .map(|p| -> Box<dyn Implementation> {
                match p {
                    Policy::Strict => Box::new(Optimized::new(false)),
                    _ => Box::new(Flavour::new(p, false)),
                }
            })
            .collect()
    });
    let i = Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0);
    all[i].as_ref()
}

/// The policies' answers to one input, gathered from the comparison or
/// computed on demand.
pub struct PolicyAnswers<'a> {
    curve: Curve,
    input: &'a Input,
    /// Per policy: the answer and who gave it, with its rank among the
    /// policy's oracle names (lower wins; computed ones rank last).
    known: BTreeMap<Policy, (usize, String, Answer)>,
    /// Policies whose answer was computed here, not taken from the comparison.
    computed: Vec<Policy>,
}

impl<'a> PolicyAnswers<'a> {
    /// Nothing known yet.
    pub fn new(curve: Curve, input: &'a Input) -> PolicyAnswers<'a> {
        PolicyAnswers {
            curve,
            input,
            known: BTreeMap::new(),
            computed: Vec::new(),
        }
    }

    /// Takes `answer` as its policy's answer if `name` is one of twinmul's
    /// own implementations of a policy (and ranks before what is known).
    pub fn offer(&mut self, name: &str, answer: &Answer) {
        if answer.is_declined() {
            return;
        }
        for p in Policy::ALL {
            if let Some(rank) = p.oracle_names().iter().position(|n| *n == name) {
                let better = self.known.get(&p).is_none_or(|(r, _, _)| rank < *r);
                if better {
                    self.known
                        .insert(p, (rank, name.to_string(), answer.clone()));
                }
            }
        }
    }

    /// The answer of `policy`, and the implementation it comes from.
    pub fn get(&mut self, policy: Policy) -> (&str, &Answer) {
        if !self.known.contains_key(&policy) {
            let o = oracle(policy);
            let a = run(o, self.curve, self.input);
            self.known
                .insert(policy, (usize::MAX, o.name().to_string(), a));
            self.computed.push(policy);
        }
        let (_, name, answer) = &self.known[&policy];
        (name, answer)
    }

    /// The answers computed here (not given by a participant), for reports.
    pub fn computed(&self) -> Vec<(Policy, String, Answer)> {
        self.computed
            .iter()
            .map(|p| {
                let (_, n, a) = &self.known[p];
                (*p, n.clone(), a.clone())
            })
            .collect()
    }
}

/// Judges `answer`, given by an implementation that declares `declared`,
/// under the run's `expectation`.
pub fn judge(
    answer: &Answer,
    declared: Option<Policy>,
    expectation: &Expectation,
    policies: &mut PolicyAnswers<'_>,
) -> Verdict {
    match answer {
        Answer::Declined(_) => return Verdict::Declined,
        Answer::Failed(_) => return Verdict::Failed,
        _ => {}
    }
    let curve = policies.curve;
    let held_to = expectation.for_implementation(declared, curve);
    match answer.agrees_with(policies.get(held_to).1) {
        Some(true) => return Verdict::Expected { held_to },
        None => return Verdict::Unjudged { held_to },
        Some(false) => {}
    }
    for p in Policy::ALL {
        if p != held_to && p.covers(curve) && answer.agrees_with(policies.get(p).1) == Some(true) {
            return Verdict::Policy {
                matches: p,
                held_to,
                fails: expectation.deviation_fails(declared),
            };
        }
    }
    Verdict::Unexplained { held_to }
}
