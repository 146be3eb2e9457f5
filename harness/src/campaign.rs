//! The random differential campaign of `twinmul audit` and `twinmul
//! selftest`: every class of the catalogue ([`crate::classes`]) that
//! applies to a (curve, op) pair, `per_class` inputs each, plus `uniform`
//! inputs of the uniform class, on every implementation that has the pair,
//! each answer judged and timed, and counted per implementation × pair ×
//! class.
//!
//! Only pairs that at least two selected implementations have are run; a
//! cell exists only for an implementation that has its pair. An answer
//! *agrees* when it equals the answer of the policy its implementation is
//! held to (see [`crate::judge`]); it is *explained* when it is another
//! policy's answer and the run excuses that; a *disagreement* is any other
//! answer, a *failure* an implementation that could not answer (a driver
//! that broke, an adapter that panicked). Declines are counted apart and
//! never as agreement. An implementation that answered nothing that could
//! be judged is *silent*, and a silent implementation fails the run.
//!
//! Each class draws from its own ChaCha20 stream, seeded from the run's
//! seed and the class's (curve, op, name): one seed replays the whole
//! campaign byte for byte, and [`Campaign::digest`] (SHA-256 over every
//! input in order) shows that it did.

use crate::check::{Comparison, Outcome};
use crate::classes::{classes_for, Class};
use crate::implementation::{each, run_each, Implementation};
use crate::judge::Verdict;
use crate::model::{Curve, Input, Op};
use crate::policy::Expectation;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// How many inputs a campaign draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Inputs per class and (curve, op) pair, the uniform class excepted.
    pub per_class: usize,
    /// Inputs of the uniform class per (curve, op) pair.
    pub uniform: usize,
    /// The seed.
    pub seed: u64,
}

impl Settings {
    /// Inputs per pair of the default audit for each edge class: enough
    /// that every stratum of every class is drawn (the largest class has
    /// 17 strata) and every planted bug of [`crate::planted`] is caught.
    pub const PER_CLASS: usize = 17;
    /// Uniform inputs per pair of the default audit.
    pub const UNIFORM: usize = 16;
}

/// A fresh seed from the operating system.
pub fn fresh_seed() -> u64 {
    use rand::RngCore;
    rand::rngs::OsRng.next_u64()
}

/// What one implementation did with one (curve, op) pair or class.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Cell {
    /// Answers equal to the answer of the policy the implementation is
    /// held to (the contract's unless it declares another).
    pub agreed: usize,
    /// Answers different from their policy's that no policy excuses.
    pub disagreed: usize,
    /// Answers that are another policy's, excused (docs/policies.md).
    pub explained: usize,
    /// Wrong answers in a class the implementation has as a known finding
    /// ([`Implementation::known_findings`]): reported, not failing.
    pub known: usize,
    /// Declines (and answers no policy defines: not judged).
    pub declined: usize,
    /// Failures to answer.
    pub failed: usize,
    /// Answers left unjudged because twinmul's two implementations of the
    /// policy disagreed (an oracle conflict, reported apart).
    pub conflicted: usize,
    /// Nanoseconds per answered call.
    #[serde(skip)]
    pub times_ns: Vec<u64>,
    /// The first decline's reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decline_reason: Option<String>,
}

impl Cell {
    /// Median time per answered call, in microseconds.
    pub fn median_us(&self) -> Option<f64> {
        let mut t = self.times_ns.clone();
        if t.is_empty() {
            return None;
        }
        t.sort_unstable();
        Some(t[t.len() / 2] as f64 / 1000.0)
    }

    /// Answers that were judged (agreed, explained, known or disagreed).
    pub fn judged(&self) -> usize {
        self.agreed + self.explained + self.known + self.disagreed
    }

    /// Whether everything judged agreed and nothing failed.
    pub fn clean(&self) -> bool {
        self.disagreed == 0 && self.failed == 0
    }

    fn count(&mut self, verdict: &Verdict, answer: &crate::Answer, ns: u64, known: bool) {
        if known {
            self.known += 1;
            self.times_ns.push(ns);
            return;
        }
        match verdict {
            Verdict::Failed => self.failed += 1,
            Verdict::Declined | Verdict::Unjudged { .. } => {
                self.declined += 1;
                if self.decline_reason.is_none() {
                    self.decline_reason = Some(match (verdict, answer) {
                        (_, crate::Answer::Declined(why)) => why.clone(),
                        (v, _) => v.note(),
                    });
                }
            }
            Verdict::OracleConflict { .. } => self.conflicted += 1,
            Verdict::Expected { .. } => self.agreed += 1,
            v if v.is_explained() => self.explained += 1,
            _ => self.disagreed += 1,
        }
        if !matches!(verdict, Verdict::Failed | Verdict::Declined) {
            self.times_ns.push(ns);
        }
    }
}

/// The key of a class cell: implementation, curve, op, class name.
pub type ClassKey = (String, Curve, Op, &'static str);

/// The campaign's results.
#[derive(Clone, Debug, Default)]
pub struct Campaign {
    /// The settings it ran with.
    pub settings: Option<Settings>,
    /// (curve, op, implementation) → cell.
    pub cells: BTreeMap<(Curve, Op, String), Cell>,
    /// (implementation, curve, op, class) → cell.
    pub classes: BTreeMap<ClassKey, Cell>,
    /// Every comparison that did not agree, in full, with its class.
    pub disagreements: Vec<(&'static str, Comparison)>,
    /// Every comparison whose answers differ only as policies explain.
    pub explained: Vec<(&'static str, Comparison)>,
    /// Every comparison whose wrong answers are all known findings of
    /// their implementations in its class, with the class.
    pub known: Vec<(&'static str, Comparison)>,
    /// Per class cell, the recorded classes its known findings matched
    /// (the drawn class, or the class of the rule refusing the point).
    pub known_as: BTreeMap<ClassKey, std::collections::BTreeSet<String>>,
    /// (curve, op) pairs not run because fewer than two selected
    /// implementations have them, with the one that does (if any).
    pub not_compared: Vec<(Curve, Op, Vec<String>)>,
    /// Inputs at least two implementations answered: comparisons made.
    pub compared: usize,
    /// Inputs fewer than two implementations answered (the others
    /// declined): nothing was compared, and nothing is claimed for them.
    pub uncompared: usize,
    /// The implementations of the run, in order.
    pub implementations: Vec<String>,
    /// Where each implementation that declares no policy stands.
    pub placements: BTreeMap<String, crate::judge::Placement>,
    /// Why the campaign ended before drawing everything, if it did.
    pub stopped: Option<crate::stop::Why>,
    digest: Sha256,
}

impl Campaign {
    /// Runs `input`, of `class`, on every implementation that has its pair,
    /// timing each call, and judges each answer under `expectation`.
    pub fn run_case(
        &mut self,
        curve: Curve,
        class: &'static str,
        input: &Input,
        impls: &[Box<dyn Implementation>],
        expectation: &Expectation,
    ) {
        self.digest
            .update(format!("{curve} {class} {:?}\n", input.fields()));
        let (c, times) = timed_comparison(curve, input, impls, expectation);
        for ((name, _), consistent) in c.answers.iter().zip(&c.consistent) {
            if let Some(cs) = consistent {
                self.placements
                    .entry(name.clone())
                    .or_default()
                    .narrow(cs, curve, || format!("{curve} {} {class}", input.op()));
            }
        }
        // A wrong answer is a known finding where the implementation has
        // the input's class as one: the class it was drawn from, or the one
        // the contract's rule that refuses its point gives (a uniform draw
        // may be a point outside the subgroup).
        let known = |name: &str, verdict: &Verdict| -> Option<String> {
            if !verdict.fails() || *verdict == Verdict::Failed {
                return None;
            }
            let imp = impls.iter().find(|i| i.name() == name)?;
            crate::classes::rule::known_finding(imp.known_findings(), Some(class), curve, input)
                .map(str::to_string)
        };
        let mut all_known = true;
        for (((name, answer), verdict), (_, us)) in c.answers.iter().zip(&c.verdicts).zip(&times) {
            let ns = (us * 1000.0) as u64;
            let recorded = known(name, verdict);
            let k = recorded.is_some();
            if let Some(r) = recorded {
                self.known_as
                    .entry((name.clone(), curve, input.op(), class))
                    .or_default()
                    .insert(r);
            }
            all_known &= k || !verdict.fails();
            self.cells
                .entry((curve, input.op(), name.clone()))
                .or_default()
                .count(verdict, answer, ns, k);
            self.classes
                .entry((name.clone(), curve, input.op(), class))
                .or_default()
                .count(verdict, answer, ns, k);
        }
        match c.outcome() {
            Outcome::Disagreed if all_known && c.conflicts.is_empty() => {
                self.compared += 1;
                self.known.push((class, c));
            }
            Outcome::Agreed => self.compared += 1,
            Outcome::Explained => {
                self.compared += 1;
                self.explained.push((class, c));
            }
            Outcome::Disagreed => {
                self.compared += 1;
                self.disagreements.push((class, c));
            }
            Outcome::TooFewAnswers => self.uncompared += 1,
        }
    }

    /// SHA-256 over every input drawn, in order (hex): equal digests mean
    /// the same campaign.
    pub fn digest(&self) -> String {
        hex::encode(self.digest.clone().finalize())
    }

    /// Answers that differ from their policy's, in total.
    pub fn disagreed(&self) -> usize {
        self.cells.values().map(|c| c.disagreed).sum()
    }

    /// Failures to answer, in total.
    pub fn failed(&self) -> usize {
        self.cells.values().map(|c| c.failed).sum()
    }

    /// Whether every comparison agreed, no implementation was silent, and
    /// one policy explains each undeclared implementation's answers.
    pub fn ok(&self) -> bool {
        self.disagreements.is_empty() && self.silent().is_empty() && self.two_policies().is_empty()
    }

    /// One line per (implementation, class) of known findings that showed:
    /// the wrong answers and the inputs of the class.
    pub fn known_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (key, cell) in &self.classes {
            if cell.known == 0 {
                continue;
            }
            let (imp, curve, op, class) = key;
            let recorded: Vec<&str> = self
                .known_as
                .get(key)
                .map(|s| s.iter().map(String::as_str).collect())
                .unwrap_or_default();
            let drawn = if recorded == [*class] {
                String::new()
            } else {
                format!(", drawn as {class}")
            };
            out.push(format!(
                "KNOWN FINDING {imp} {} ({curve} {op}{drawn}): {} of {} answers wrong, as recorded",
                recorded.join(", "),
                cell.known,
                cell.judged() + cell.declined + cell.failed
            ));
        }
        out
    }

    /// The known findings no input of the campaign showed: (implementation,
    /// class), for the classes the campaign drew for it. A finding the
    /// configuration records but the run did not see is reported, so a
    /// fixed library (or a stale configuration) is noticed.
    pub fn unseen_known(&self, impls: &[Box<dyn Implementation>]) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for i in impls {
            for k in i.known_findings() {
                let cells: Vec<&Cell> = self
                    .classes
                    .iter()
                    .filter(|(key, _)| key.0 == i.name() && key.3 == k.as_str())
                    .map(|(_, c)| c)
                    .collect();
                if !cells.is_empty() && cells.iter().all(|c| c.known == 0) {
                    out.push((i.name().to_string(), k.clone()));
                }
            }
        }
        out
    }

    /// The implementations that declare no policy and whose answers no
    /// single policy explains, with why.
    pub fn two_policies(&self) -> Vec<(String, crate::judge::NoSinglePolicy)> {
        self.placements
            .iter()
            .filter_map(|(n, p)| p.verdict().err().map(|e| (n.clone(), e)))
            .collect()
    }

    /// The undeclared implementations placed under a policy other than the
    /// contract by their answers.
    pub fn placed(&self) -> Vec<(String, crate::Policy)> {
        self.placements
            .iter()
            .filter_map(|(n, p)| match p.verdict() {
                Ok(Some(pol)) if pol != crate::Policy::Strict => Some((n.clone(), pol)),
                _ => None,
            })
            .collect()
    }

    /// The coverage of `implementation`: (classes covered, classes
    /// applicable), counted over (curve, op, class). A class is covered
    /// when at least one of its answers was judged.
    pub fn coverage(&self, implementation: &str) -> (usize, usize) {
        let mine = self.classes.iter().filter(|(k, _)| k.0 == implementation);
        let (mut covered, mut all) = (0, 0);
        for (_, cell) in mine {
            all += 1;
            covered += usize::from(cell.judged() > 0);
        }
        (covered, all)
    }

    /// The classes `implementation` declined outright (no answer judged),
    /// with the first reason.
    pub fn declined_classes(&self, implementation: &str) -> Vec<(Curve, Op, &'static str, String)> {
        self.classes
            .iter()
            .filter(|(k, c)| k.0 == implementation && c.judged() == 0 && c.declined > 0)
            .map(|(k, c)| (k.1, k.2, k.3, c.decline_reason.clone().unwrap_or_default()))
            .collect()
    }

    /// The implementations that answered nothing that could be judged, each
    /// with why: a decline is not an answer, and an implementation that
    /// only declines (or has no pair of the run) proves nothing.
    pub fn silent(&self) -> Vec<(String, String)> {
        self.implementations
            .iter()
            .filter_map(|name| {
                let mine: Vec<&Cell> = self
                    .cells
                    .iter()
                    .filter(|(k, _)| &k.2 == name)
                    .map(|(_, c)| c)
                    .collect();
                if mine.iter().any(|c| c.judged() > 0) {
                    return None;
                }
                let declined: usize = mine.iter().map(|c| c.declined).sum();
                let failed: usize = mine.iter().map(|c| c.failed).sum();
                let why = if mine.is_empty() {
                    "it has no (curve, op) pair of the campaign".to_string()
                } else {
                    format!("answered nothing comparable ({declined} declined, {failed} failed)")
                };
                Some((name.clone(), why))
            })
            .collect()
    }
}

pub use crate::model::{has_pair, pairs};

/// The RNG of one class on one pair: the run's seed mixed with an FNV-1a
/// hash of the class's (curve, op, name), so that each class draws the
/// same inputs whatever else the catalogue holds.
pub fn class_rng(seed: u64, curve: Curve, op: Op, class: &str) -> ChaCha20Rng {
    let h = format!("{curve}/{op}/{class}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&h.to_le_bytes());
    ChaCha20Rng::from_seed(key)
}

/// The inputs of one class on one pair, in order.
pub fn class_inputs(seed: u64, curve: Curve, op: Op, class: &Class, count: usize) -> Vec<Input> {
    let mut rng = class_rng(seed, curve, op, class.name);
    (0..count)
        .map(|i| class.draw(curve, op, i, &mut rng))
        .collect()
}

/// How many inputs a campaign over `pairs` draws.
pub fn planned(pairs: &[(Curve, Op)], s: &Settings) -> usize {
    pairs
        .iter()
        .map(|&(c, o)| {
            classes_for(c, o)
                .iter()
                .map(|cl| {
                    if cl.name == "uniform" {
                        s.uniform
                    } else {
                        s.per_class
                    }
                })
                .sum::<usize>()
        })
        .sum()
}

/// The campaign over every (curve, op) pair that at least two of `impls`
/// have; `progress` is called once per input.
pub fn campaign(
    impls: &[Box<dyn Implementation>],
    settings: Settings,
    expectation: &Expectation,
    progress: &dyn Fn(Curve, Op),
) -> Campaign {
    let mut out = Campaign {
        settings: Some(settings),
        implementations: impls.iter().map(|i| i.name().to_string()).collect(),
        ..Campaign::default()
    };
    for (curve, op) in pairs() {
        let have: Vec<String> = impls
            .iter()
            .filter(|i| i.supports(curve, op))
            .map(|i| i.name().to_string())
            .collect();
        if have.len() < 2 {
            out.not_compared.push((curve, op, have));
            continue;
        }
        for class in classes_for(curve, op) {
            let count = if class.name == "uniform" {
                settings.uniform
            } else {
                settings.per_class
            };
            for input in class_inputs(settings.seed, curve, op, class, count) {
                if let Some(why) = crate::stop::stopped() {
                    out.stopped = Some(why);
                    return out;
                }
                out.run_case(curve, class.name, &input, impls, expectation);
                progress(curve, op);
            }
        }
    }
    out
}

/// The comparison of one input, every answer with its time in
/// microseconds (for the campaign and `compare --random`).
pub fn timed_comparison(
    curve: Curve,
    input: &Input,
    impls: &[Box<dyn Implementation>],
    expectation: &Expectation,
) -> (Comparison, Vec<(String, f64)>) {
    let round = run_each(each(impls), curve, input);
    let times = round
        .answers
        .iter()
        .map(|r| (r.name().to_string(), r.micros))
        .collect();
    let answers = round
        .answers
        .into_iter()
        .map(|r| (r.name().to_string(), r.implementation.policy(), r.answer))
        .collect();
    let c = Comparison::judged(curve, input, answers, round.not_applicable, expectation);
    (c, times)
}
