//! Judging each answer against the answer of the policy it is held to
//! (docs/policies.md), so that a difference that is another policy's
//! answer is *explained* ("policy: matches go-v0.0.15") and only a
//! difference that no known policy gives is a disagreement.
//!
//! A policy's answer to an input is its naive implementation's, on the
//! reference crate ([`Policy::naive_name`]), checked against its fast
//! implementation on the optimized crate ([`Policy::fast_name`], installed
//! by the crate that has it with [`install_fast_oracles`]: the harness
//! itself depends on the reference alone): taken
//! from the comparison where they answered there, computed here where they
//! did not. When the two disagree, that is itself a finding, an *oracle
//! conflict*: the comparison fails, and no participant is blamed, since
//! nothing says which of the two is right. The judge never takes the code
//! under test alone for the truth. (The fuzz targets opt out of the
//! cross-check for speed: [`Expectation::cheap_oracle`].)

use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input};
use crate::policy::{Expectation, Policy};
use crate::reference::{policies::ReferencePolicy, Reference};
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
    /// twinmul's two implementations of the policy it is held to disagree
    /// here (an oracle conflict): nothing says what the answer should be,
    /// so it is not judged; the conflict itself fails the comparison.
    OracleConflict {
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
            Verdict::OracleConflict { held_to } => {
                format!("not judged: twinmul's implementations of {held_to} disagree")
            }
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
            Verdict::OracleConflict { held_to } => {
                json!({"kind": "oracle_conflict", "held_to": held_to.id()})
            }
            Verdict::Declined => json!({"kind": "declined"}),
            Verdict::Failed => json!({"kind": "failed"}),
        }
    }
}

/// The fast implementations of the policies, one per policy, installed by
/// the crate that holds the optimized crate's adapters.
type FastOracles = Vec<Box<dyn Implementation>>;

static FAST: OnceLock<FastOracles> = OnceLock::new();

/// Installs the fast implementation of every policy (each named
/// [`Policy::fast_name`]), against which the judge cross-checks the
/// reference's answers. The first installation stays; later ones are
/// dropped (the same adapters, built again).
///
/// # Panics
/// When a policy has no implementation among `make()`'s, or one is named
/// for no policy: the program's own wiring, not input.
pub fn install_fast_oracles(make: impl FnOnce() -> FastOracles) {
    FAST.get_or_init(|| {
        let fast = make();
        for p in Policy::ALL {
            assert!(
                fast.iter().any(|i| i.name() == p.fast_name()),
                "no fast oracle for the {p} policy"
            );
        }
        for i in &fast {
            assert!(
                Policy::ALL.iter().any(|p| p.fast_name() == i.name()),
                "{} is the fast oracle of no policy",
                i.name()
            );
        }
        fast
    });
}

/// Whether the reference's answers are cross-checked (fast oracles
/// installed).
pub fn cross_checked() -> bool {
    FAST.get().is_some()
}

/// The report line that says where expected answers come from.
pub fn oracle_line() -> String {
    if cross_checked() {
        "expected answers: twinmul's reference, cross-checked with its optimized crate (an oracle conflict fails the run)".into()
    } else {
        "expected answers: twinmul's reference alone (cross-check with the optimized crate: not run, not installed)".into()
    }
}

/// twinmul's implementations of `policy`: (naive, fast when installed).
fn oracles(
    policy: Policy,
) -> (
    &'static dyn Implementation,
    Option<&'static dyn Implementation>,
) {
    static NAIVE: OnceLock<Vec<Box<dyn Implementation>>> = OnceLock::new();
    let naive = NAIVE.get_or_init(|| {
        Policy::ALL
            .into_iter()
            .map(|p| -> Box<dyn Implementation> {
                match p {
                    Policy::Strict => Box::new(Reference),
                    _ => Box::new(ReferencePolicy::new(p)),
                }
            })
            .collect()
    });
    let i = Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0);
    let fast = FAST
        .get()
        .and_then(|f| f.iter().find(|o| o.name() == policy.fast_name()))
        .map(|b| b.as_ref());
    (naive[i].as_ref(), fast)
}

/// twinmul's two implementations of one policy answering differently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The policy.
    pub policy: Policy,
    /// The naive implementation and its answer.
    pub naive: (String, Answer),
    /// The fast implementation and its answer.
    pub fast: (String, Answer),
}

impl Conflict {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "ORACLE CONFLICT ({}): {} answers {}, {} answers {}",
            self.policy, self.naive.0, self.naive.1, self.fast.0, self.fast.1
        )
    }

    /// As JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"policy": self.policy.id(),
            "naive": {"implementation": self.naive.0, "answer": self.naive.1.to_json()},
            "fast": {"implementation": self.fast.0, "answer": self.fast.1.to_json()}})
    }
}

/// The policies' answers to one input, gathered from the comparison or
/// computed on demand, each cross-checked.
pub struct PolicyAnswers<'a> {
    curve: Curve,
    input: &'a Input,
    cheap: bool,
    /// The participants' answers, by name.
    offered: BTreeMap<String, Answer>,
    /// Per policy: its answer and who gave it.
    known: BTreeMap<Policy, (String, Answer)>,
    /// Answers computed here (not given by a participant), for reports.
    computed: Vec<(Policy, String, Answer)>,
    /// Policies whose two implementations disagreed here.
    conflicts: Vec<Conflict>,
}

impl<'a> PolicyAnswers<'a> {
    /// Nothing known yet; `expectation` says whether the oracle is
    /// cross-checked.
    pub fn new(curve: Curve, input: &'a Input, expectation: &Expectation) -> PolicyAnswers<'a> {
        PolicyAnswers {
            curve,
            input,
            cheap: expectation.cheap_oracle,
            offered: BTreeMap::new(),
            known: BTreeMap::new(),
            computed: Vec::new(),
            conflicts: Vec::new(),
        }
    }

    /// Records a participant's answer: where `name` is one of twinmul's
    /// implementations of a policy, the judge uses it instead of computing
    /// it again.
    pub fn offer(&mut self, name: &str, answer: &Answer) {
        self.offered.insert(name.to_string(), answer.clone());
    }

    fn answer_of(&mut self, policy: Policy, imp: &dyn Implementation) -> Answer {
        if let Some(a) = self.offered.get(imp.name()) {
            return a.clone();
        }
        let a = run(imp, self.curve, self.input);
        self.computed
            .push((policy, imp.name().to_string(), a.clone()));
        a
    }

    /// The answer of `policy`, and the implementation it comes from.
    pub fn get(&mut self, policy: Policy) -> (&str, &Answer) {
        if !self.known.contains_key(&policy) {
            let (naive, fast) = oracles(policy);
            let entry = if self.cheap {
                let given = [policy.naive_name(), policy.fast_name(), "optimized-vartime"]
                    .into_iter()
                    .filter(|n| policy == Policy::Strict || !n.starts_with("optimized-"))
                    .find_map(|n| {
                        self.offered
                            .get(n)
                            .filter(|a| !a.is_declined())
                            .map(|a| (n.to_string(), a.clone()))
                    });
                match (given, fast) {
                    (Some(g), _) => g,
                    (None, Some(fast)) => (fast.name().to_string(), self.answer_of(policy, fast)),
                    (None, None) => (naive.name().to_string(), self.answer_of(policy, naive)),
                }
            } else {
                let a = self.answer_of(policy, naive);
                if let Some(fast) = fast {
                    let b = self.answer_of(policy, fast);
                    let both_declined = a.is_declined() && b.is_declined();
                    if !both_declined && a.agrees_with(&b) != Some(true) {
                        self.conflicts.push(Conflict {
                            policy,
                            naive: (naive.name().to_string(), a.clone()),
                            fast: (fast.name().to_string(), b),
                        });
                    }
                }
                (naive.name().to_string(), a)
            };
            self.known.insert(policy, entry);
        }
        let (name, answer) = &self.known[&policy];
        (name, answer)
    }

    /// Whether twinmul's two implementations of `policy` disagreed here.
    pub fn conflicted(&mut self, policy: Policy) -> bool {
        self.get(policy);
        self.conflicts.iter().any(|c| c.policy == policy)
    }

    /// The answers computed here (not given by a participant), for reports.
    pub fn computed(&self) -> Vec<(Policy, String, Answer)> {
        self.computed.clone()
    }

    /// Every oracle conflict found so far.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.conflicts.clone()
    }
}

/// The policies whose answer `answer` is, among those that say something
/// about the curve (their two implementations agreeing); `None` for a
/// decline or a failure, which place nothing. An implementation that
/// declares no policy is placed by these: one policy must explain all its
/// answers ([`Placement`]).
pub fn consistent_policies(
    answer: &Answer,
    policies: &mut PolicyAnswers<'_>,
) -> Option<Vec<Policy>> {
    if answer.is_declined() || answer.is_failed() {
        return None;
    }
    let curve = policies.curve;
    Some(
        Policy::ALL
            .into_iter()
            .filter(|&p| {
                p.covers(curve)
                    && !policies.conflicted(p)
                    && answer.agrees_with(policies.get(p).1) == Some(true)
            })
            .collect(),
    )
}

/// Where an implementation that declares no policy stands after a run:
/// the policies that explain every answer so far, and for each policy
/// ruled out, the first input that ruled it out.
#[derive(Clone, Debug, Default)]
pub struct Placement {
    /// Policies still consistent with every answer (all at first).
    pub candidates: Option<Vec<Policy>>,
    /// Per policy ruled out: what ruled it out (op, and class or case).
    pub ruled_out: BTreeMap<Policy, String>,
}

impl Placement {
    /// Narrows the candidates by one answer's consistent policies, `at`
    /// saying where the answer was given.
    pub fn narrow(&mut self, consistent: &[Policy], curve: Curve, at: impl FnOnce() -> String) {
        let all: Vec<Policy> = Policy::ALL
            .into_iter()
            .filter(|p| p.covers(curve))
            .collect();
        if all.len() < 2 {
            return; // one policy on this curve: nothing to place
        }
        let current = self.candidates.get_or_insert_with(|| Policy::ALL.to_vec());
        let (mut at, mut where_) = (Some(at), None::<String>);
        for p in all.iter().filter(|p| !consistent.contains(p)) {
            if current.contains(p) {
                if where_.is_none() {
                    where_ = at.take().map(|f| f());
                }
                let w = where_.clone().unwrap_or_default();
                self.ruled_out.entry(*p).or_insert(w);
            }
        }
        current.retain(|p| consistent.contains(p) || !all.contains(p));
    }

    /// `Err` with the reason when no single policy explains every answer.
    pub fn verdict(&self) -> Result<Option<Policy>, NoSinglePolicy> {
        let Some(c) = &self.candidates else {
            return Ok(None);
        };
        if let Some(&p) = c.first() {
            return Ok(Some(p));
        }
        Err(NoSinglePolicy {
            ruled_out: self
                .ruled_out
                .iter()
                .map(|(p, at)| (*p, at.clone()))
                .collect(),
        })
    }
}

/// An implementation that declares no policy and whose answers no single
/// policy explains: each policy with the first answer that ruled it out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no single policy explains its answers: {}", self.ruled_out.iter().map(|(p, at)| format!("not {p} ({at})")).collect::<Vec<_>>().join("; "))]
pub struct NoSinglePolicy {
    /// Each policy, with where an answer ruled it out.
    pub ruled_out: Vec<(Policy, String)>,
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
    if policies.conflicted(held_to) {
        return Verdict::OracleConflict { held_to };
    }
    match answer.agrees_with(policies.get(held_to).1) {
        Some(true) => return Verdict::Expected { held_to },
        None => return Verdict::Unjudged { held_to },
        Some(false) => {}
    }
    for p in Policy::ALL {
        if p != held_to
            && p.covers(curve)
            && !policies.conflicted(p)
            && answer.agrees_with(policies.get(p).1) == Some(true)
        {
            return Verdict::Policy {
                matches: p,
                held_to,
                fails: expectation.deviation_fails(declared),
            };
        }
    }
    Verdict::Unexplained { held_to }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness alone has no fast oracle: the reference's answer is the
    /// expected one, no conflict can be found, and the reports say the
    /// cross-check did not run (never that it passed).
    #[test]
    fn without_a_fast_oracle_the_cross_check_is_reported_not_run() {
        assert!(!cross_checked(), "nothing in the harness installs one");
        assert!(oracle_line().contains("not run"), "{}", oracle_line());
        let input = Input::MulG {
            scalar: vec![1; 32],
        };
        let mut answers = PolicyAnswers::new(Curve::Secp256k1, &input, &Expectation::default());
        let (name, answer) = answers.get(Policy::Strict);
        assert_eq!(name, "reference");
        let want = run(&Reference, Curve::Secp256k1, &input);
        assert_eq!(answer.agrees_with(&want), Some(true));
        assert!(answers.conflicts().is_empty());
        assert!(answers.computed().iter().all(|c| c.1 == "reference"));
    }
}
