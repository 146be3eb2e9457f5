//! The checker's tally: what each implementation passed, failed, skipped
//! and had explained, the suspect vectors and oracle conflicts, and the
//! report lines made of them.

use crate::judge::PolicyAnswers;
use crate::model::{Answer, Curve, Expected, Input, Op};
use crate::policy::{Expectation, Policy};
use serde_json::Value;
use std::collections::BTreeMap;
/// " case N" after a file name; nothing after a suite case's own label.
fn case_suffix(case: &str) -> String {
    if case.is_empty() {
        String::new()
    } else {
        format!(" case {case}")
    }
}

/// A case an implementation answered wrongly (or failed to answer).
#[derive(Clone, Debug)]
pub struct CaseFailure {
    /// File (or suite) and case.
    pub label: String,
    /// The case's index or name within it.
    pub case: String,
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: Input,
    /// The implementation.
    pub implementation: String,
    /// What was expected.
    pub expected: Expected,
    /// What it answered.
    pub got: Answer,
    /// What the answer is, when a known policy gives it (the implementation
    /// declared another, or the run's policy was chosen).
    pub note: Option<String>,
}

impl CaseFailure {
    /// One report line.
    pub fn line(&self) -> String {
        let note = self
            .note
            .as_ref()
            .map_or(String::new(), |n| format!(" [{n}]"));
        format!(
            "FAIL {}{} {} {}: expected {}, got {}{note}",
            self.label,
            case_suffix(&self.case),
            self.input.op(),
            self.implementation,
            self.expected,
            self.got
        )
    }

    /// The failure as JSON, inputs included.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "file": self.label, "case": self.case, "curve": self.curve.id(),
            "op": self.input.op().id(), "inputs": self.input.fields_json(),
            "implementation": self.implementation,
            "expected": self.expected.to_string(), "got": self.got.to_json(),
            "note": self.note,
        })
    }
}

/// A case an implementation declined.
#[derive(Clone, Debug)]
pub struct CaseSkip {
    /// File (or suite) and case.
    pub label: String,
    /// The case's index or name within it.
    pub case: String,
    /// The op.
    pub op: Op,
    /// The implementation.
    pub implementation: String,
    /// Its reason.
    pub reason: String,
}

impl CaseSkip {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "SKIP {}{} {} {}: {}",
            self.label,
            case_suffix(&self.case),
            self.op,
            self.implementation,
            self.reason
        )
    }
}

/// An answer that differs from the case's but is another policy's, which
/// the run excuses (docs/policies.md).
#[derive(Clone, Debug)]
pub struct CaseExplained {
    /// File (or suite) and case.
    pub label: String,
    /// The case's index or name within it.
    pub case: String,
    /// The op.
    pub op: Op,
    /// The implementation.
    pub implementation: String,
    /// The policy whose answer it gave.
    pub matches: Policy,
    /// The policy it was held to.
    pub held_to: Policy,
}

impl CaseExplained {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "POLICY {}{} {} {}: not the {} answer; policy: matches {}",
            self.label,
            case_suffix(&self.case),
            self.op,
            self.implementation,
            self.held_to,
            self.matches
        )
    }
}

/// Where an answer comes from: a case of a file or suite.
pub struct At<'a> {
    /// The file or suite.
    pub label: &'a str,
    /// The case's index or name.
    pub case: String,
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: &'a Input,
    /// The input class of the catalogue the case belongs to, where it
    /// says (a vector case's `class`, an official case the reader
    /// classifies); else the class of the rule that refuses its point.
    pub class: Option<&'a str>,
}

/// Counts of a check run, in total and per implementation, with every
/// failure and every skip kept for reports.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Cases × implementations that matched.
    pub passed: usize,
    /// Mismatches and failures to answer.
    pub failed: usize,
    /// Declines.
    pub skipped: usize,
    /// Answers that are another policy's than the case's, excused.
    pub explained: usize,
    /// Answers to a case that states another policy's answer than the one
    /// the implementation is held to, where the implementation gave its
    /// own policy's answer: nothing to check against the case.
    pub other_policy: usize,
    /// `[passed, failed, skipped, explained]` per implementation.
    pub per_impl: BTreeMap<String, [usize; 4]>,
    /// Every failure.
    pub failures: Vec<CaseFailure>,
    /// Wrong answers in a class the implementation has as a known finding
    /// ([`crate::Implementation::known_findings`]), with the class:
    /// reported, not failing.
    pub known: Vec<(String, CaseFailure)>,
    /// Each implementation's known findings, by name (see
    /// [`Tally::knowing`]).
    pub known_classes: BTreeMap<String, Vec<String>>,
    /// Every skip.
    pub skips: Vec<CaseSkip>,
    /// Every excused policy difference.
    pub explanations: Vec<CaseExplained>,
    /// Cases whose stated answer everybody contradicts alike.
    pub suspects: Vec<Suspect>,
    /// Cases where twinmul's two implementations of a policy disagree.
    pub conflicts: Vec<CaseConflict>,
    /// Answers judged against the answer of the implementation's own
    /// policy, computed by twinmul, where the file states only another
    /// policy's.
    pub computed_cases: usize,
    /// Where each implementation that declares no policy stands.
    pub placements: BTreeMap<String, crate::judge::Placement>,
    /// Why the check ended before its last case, if it did.
    pub stopped: Option<crate::stop::Why>,
}

/// A suspect vector: twinmul's two implementations of the case's policy,
/// and every implementation held to it that answered, agree with each
/// other and not with the file.
#[derive(Clone, Debug)]
pub struct Suspect {
    /// The file.
    pub label: String,
    /// The case.
    pub case: String,
    /// Its op.
    pub op: Op,
    /// Its input.
    pub input: Input,
    /// What the file says.
    pub file_says: Expected,
    /// What everybody answered.
    pub everybody: Answer,
    /// Who answered it.
    pub answered_by: Vec<String>,
}

impl Suspect {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "SUSPECT VECTOR {} case {} ({}): every implementation answers {}; the file says {}",
            self.label, self.case, self.op, self.everybody, self.file_says
        )
    }
}

/// An oracle conflict on one case of a file.
#[derive(Clone, Debug)]
pub struct CaseConflict {
    /// The file.
    pub label: String,
    /// The case.
    pub case: String,
    /// Its op.
    pub op: Op,
    /// The conflict.
    pub conflict: crate::judge::Conflict,
}

impl CaseConflict {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "{} case {} ({}): {}",
            self.label,
            self.case,
            self.op,
            self.conflict.line()
        )
    }
}

impl Tally {
    /// An empty tally that files wrong answers in an implementation's
    /// known-finding classes apart (see [`Tally::known`]).
    pub fn knowing(impls: &[Box<dyn crate::Implementation>]) -> Tally {
        Tally {
            known_classes: impls
                .iter()
                .filter(|i| !i.known_findings().is_empty())
                .map(|i| (i.name().to_string(), i.known_findings().to_vec()))
                .collect(),
            ..Tally::default()
        }
    }

    /// Adds another tally into this one.
    pub fn add(&mut self, o: &Tally) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.skipped += o.skipped;
        self.explained += o.explained;
        self.other_policy += o.other_policy;
        for (k, v) in &o.per_impl {
            let e = self.per_impl.entry(k.clone()).or_default();
            for i in 0..4 {
                e[i] += v[i];
            }
        }
        self.failures.extend(o.failures.iter().cloned());
        self.known.extend(o.known.iter().cloned());
        for (k, v) in &o.known_classes {
            self.known_classes
                .entry(k.clone())
                .or_insert_with(|| v.clone());
        }
        self.skips.extend(o.skips.iter().cloned());
        self.explanations.extend(o.explanations.iter().cloned());
        self.suspects.extend(o.suspects.iter().cloned());
        self.conflicts.extend(o.conflicts.iter().cloned());
        self.computed_cases += o.computed_cases;
        self.stopped = self.stopped.or(o.stopped);
        for (name, p) in &o.placements {
            let mine = self.placements.entry(name.clone()).or_default();
            if let Some(c) = &p.candidates {
                let keep = mine.candidates.get_or_insert_with(|| Policy::ALL.to_vec());
                keep.retain(|x| c.contains(x));
            }
            for (k, v) in &p.ruled_out {
                mine.ruled_out.entry(*k).or_insert_with(|| v.clone());
            }
        }
    }

    /// The implementations that declare no policy and whose answers no
    /// single policy explains: one line each.
    pub fn two_policy_lines(&self) -> Vec<String> {
        self.placements
            .iter()
            .filter_map(|(n, p)| p.verdict().err().map(|e| format!("TWO POLICIES {n}: {e}")))
            .collect()
    }

    /// What fails a check: wrong answers, suspect vectors, oracle
    /// conflicts, implementations that follow two policies.
    pub fn findings(&self) -> usize {
        self.failed + self.suspects.len() + self.conflicts.len() + self.two_policy_lines().len()
    }

    /// The suspect-vector, oracle-conflict and two-policy lines.
    pub fn file_lines(&self) -> Vec<String> {
        self.suspects
            .iter()
            .map(Suspect::line)
            .chain(self.conflicts.iter().map(CaseConflict::line))
            .chain(self.two_policy_lines())
            .collect()
    }

    /// The failure lines for a text report: at most `per_impl` for each
    /// implementation, then one line saying how many more there are.
    pub fn failure_lines(&self, per_impl: usize) -> Vec<String> {
        let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
        let mut out = Vec::new();
        for f in &self.failures {
            let n = shown.entry(&f.implementation).or_default();
            *n += 1;
            if *n <= per_impl {
                out.push(f.line());
            }
        }
        for (imp, n) in shown {
            if n > per_impl {
                out.push(format!(
                    "… and {} more failures of {imp} (--json lists every one)",
                    n - per_impl
                ));
            }
        }
        out
    }

    /// One line per (implementation, class) of known findings that showed:
    /// how many wrong answers, and the first case.
    pub fn known_lines(&self) -> Vec<String> {
        let mut by: BTreeMap<(&str, &str), (usize, &CaseFailure)> = BTreeMap::new();
        for (class, f) in &self.known {
            by.entry((&f.implementation, class)).or_insert((0, f)).0 += 1;
        }
        by.into_iter()
            .map(|((imp, class), (n, f))| {
                format!(
                    "KNOWN FINDING {imp} {class}: {n} wrong answer(s), as recorded; first: {}",
                    f.line()
                )
            })
            .collect()
    }

    /// The lines of excused policy differences: at most `limit`, then one
    /// line saying how many more there are.
    pub fn explanation_lines(&self, limit: usize) -> Vec<String> {
        let mut out: Vec<String> = self
            .explanations
            .iter()
            .take(limit)
            .map(CaseExplained::line)
            .collect();
        if self.explanations.len() > limit {
            out.push(format!(
                "… and {} more policy differences (--json lists every one)",
                self.explanations.len() - limit
            ));
        }
        out
    }

    /// Answers compared with an expectation (passed or failed).
    pub fn checked(&self) -> usize {
        self.passed + self.failed
    }

    /// The closing line of the interop contract.
    pub fn closing_line(&self) -> String {
        format!(
            "vectors: {} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        )
    }

    /// Judges one answer to the case `at` against its expectation (under
    /// the contract) and counts it.
    pub fn record(&mut self, at: &At<'_>, imp: &str, expected: &Expected, got: Answer) {
        match (expected.matches(&got), &got) {
            (None, Answer::Declined(why)) => self.skip(at, imp, why),
            (Some(true), _) => self.pass(imp),
            _ => self.fail(at, imp, expected, got, None),
        }
    }

    /// Judges one answer to a case that states `case_policy`'s answer,
    /// given by an implementation that declares `declared`, under the
    /// run's `expectation` (see [`crate::judge`]; `policies` gives the
    /// policies' answers to this case's input):
    /// - held to the case's policy, or where its own policy's answer is the
    ///   case's: it must match the case;
    /// - held to another policy whose answer differs from the case's: not
    ///   checked against the case (counted in `other_policy`; the case of its
    ///   own policy, or the contract's, judges its answer);
    /// - an answer that is not the one it is held to, but another known
    ///   policy's, is explained (or fails, when the run says so).
    #[allow(clippy::too_many_arguments)]
    pub fn record_under(
        &mut self,
        at: &At<'_>,
        imp: &str,
        declared: Option<Policy>,
        case: (&Expected, Policy),
        got: Answer,
        expectation: &Expectation,
        policies: &mut PolicyAnswers<'_>,
    ) {
        let (expected, case_policy) = case;
        let held_to = expectation.for_implementation(declared, at.curve);
        match &got {
            Answer::Declined(why) => return self.skip(at, imp, why),
            Answer::Failed(_) => return self.fail(at, imp, expected, got, None),
            _ => {}
        }
        if case_policy != held_to {
            let theirs = policies.get(held_to).1;
            if !theirs.is_declined() && expected.matches(theirs) != Some(true) {
                // The case states another policy's answer than the one this
                // implementation is held to; the file's case of that policy
                // (or of the contract) is where its answer is judged.
                self.other_policy += 1;
                return;
            }
        }
        if expected.matches(&got) == Some(true) {
            return self.pass(imp);
        }
        let curve = at.curve;
        let matches = Policy::ALL.into_iter().find(|&p| {
            p != held_to && p.covers(curve) && got.agrees_with(policies.get(p).1) == Some(true)
        });
        match matches {
            Some(p) if !expectation.deviation_fails(declared) => {
                self.explanations.push(CaseExplained {
                    label: at.label.into(),
                    case: at.case.clone(),
                    op: at.input.op(),
                    implementation: imp.into(),
                    matches: p,
                    held_to,
                });
                self.explained += 1;
                self.per_impl.entry(imp.to_string()).or_default()[3] += 1;
            }
            Some(p) => {
                let note = format!("policy: matches {p}, held to {held_to}");
                self.fail(at, imp, expected, got, Some(note));
            }
            None => self.fail(at, imp, expected, got, None),
        }
    }

    fn pass(&mut self, imp: &str) {
        self.passed += 1;
        self.per_impl.entry(imp.to_string()).or_default()[0] += 1;
    }

    fn skip(&mut self, at: &At<'_>, imp: &str, why: &str) {
        self.skips.push(CaseSkip {
            label: at.label.into(),
            case: at.case.clone(),
            op: at.input.op(),
            implementation: imp.into(),
            reason: why.to_string(),
        });
        self.skipped += 1;
        self.per_impl.entry(imp.to_string()).or_default()[2] += 1;
    }

    fn fail(
        &mut self,
        at: &At<'_>,
        imp: &str,
        expected: &Expected,
        got: Answer,
        note: Option<String>,
    ) {
        // The case's class, or the one the contract's rule that refuses
        // its point gives: a wrong answer is a known finding where the
        // implementation has either recorded.
        let known = match (&got, self.known_classes.get(imp)) {
            (Answer::Failed(_), _) | (_, None) => None,
            (_, Some(recorded)) => {
                crate::classes::rule::known_finding(recorded, at.class, at.curve, at.input)
                    .map(str::to_string)
            }
        };
        let f = CaseFailure {
            label: at.label.into(),
            case: at.case.clone(),
            curve: at.curve,
            input: at.input.clone(),
            implementation: imp.into(),
            expected: expected.clone(),
            got,
            note,
        };
        if let Some(class) = known {
            self.known.push((class, f));
            return;
        }
        self.failures.push(f);
        self.failed += 1;
        self.per_impl.entry(imp.to_string()).or_default()[1] += 1;
    }

    /// The line on policy differences, when there were any.
    pub fn policy_line(&self) -> Option<String> {
        (self.explained + self.other_policy > 0).then(|| {
            format!(
                "policies: {} answers explained by another policy; {} answers to cases of another policy than the implementation's, not checked against them (docs/policies.md)",
                self.explained, self.other_policy
            )
        })
    }

    /// The tally as JSON: counts, per implementation, every failure and skip.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "passed": self.passed, "failed": self.failed, "skipped": self.skipped,
            "explained": self.explained, "other_policy": self.other_policy,
            "judged_against_computed_answers": self.computed_cases,
            "two_policies": self.two_policy_lines(),
            "per_implementation": self.per_impl.iter().map(|(k, v)| {
                (k.clone(), serde_json::json!({"passed": v[0], "failed": v[1], "skipped": v[2], "explained": v[3]}))
            }).collect::<serde_json::Map<_, _>>(),
            "explanations": self.explanations.iter().map(|x| serde_json::json!({
                "file": x.label, "case": x.case, "op": x.op.id(), "implementation": x.implementation,
                "matches": x.matches.id(), "held_to": x.held_to.id(),
            })).collect::<Vec<_>>(),
            "failures": self.failures.iter().map(CaseFailure::to_json).collect::<Vec<_>>(),
            "known_findings": self.known.iter().map(|(class, f)| {
                let mut j = f.to_json();
                j["class"] = class.as_str().into();
                j
            }).collect::<Vec<_>>(),
            "suspect_vectors": self.suspects.iter().map(|x| serde_json::json!({
                "file": x.label, "case": x.case, "op": x.op.id(), "inputs": x.input.fields_json(),
                "file_says": x.file_says.to_string(), "everybody_answers": x.everybody.to_json(),
                "answered_by": x.answered_by,
            })).collect::<Vec<_>>(),
            "oracle_conflicts": self.conflicts.iter().map(|x| {
                let mut v = x.conflict.to_json();
                v["file"] = x.label.clone().into();
                v["case"] = x.case.clone().into();
                v["op"] = x.op.id().into();
                v
            }).collect::<Vec<_>>(),
            "skips": self.skips.iter().map(|s| serde_json::json!({
                "file": s.label, "case": s.case, "op": s.op.id(),
                "implementation": s.implementation, "reason": s.reason,
            })).collect::<Vec<_>>(),
        })
    }
}
