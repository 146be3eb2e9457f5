//! Running one loaded vector file on every implementation and judging each
//! answer (the file itself judged too: suspect vectors, oracle conflicts).

use super::file::LoadedFile;
use super::tally::{At, CaseConflict, Suspect, Tally};
use crate::implementation::{each, run_each, Implementation};
use crate::judge::PolicyAnswers;
use crate::model::{Answer, Expected};
use crate::policy::{Expectation, Policy};

/// Checks every case of a loaded file on every implementation that has its
/// (curve, op) pair, under the run's `expectation`. The file is judged
/// too: where twinmul's two implementations of the case's policy disagree
/// (an oracle conflict), or agree with each other and with every
/// implementation held to that policy but not with the file (a suspect
/// vector), the case is reported as such and no implementation is blamed.
pub fn check(
    file: &LoadedFile,
    impls: &[Box<dyn Implementation>],
    expectation: &Expectation,
    progress: &dyn Fn(),
) -> Tally {
    let mut t = Tally::knowing(impls);
    // Which (input, policy) the file states: a case of another policy than
    // an implementation's is judged against its own policy's answer,
    // computed by twinmul, unless the file states that one too.
    let stated: std::collections::HashSet<(String, Policy)> = file
        .cases
        .iter()
        .map(|c| (format!("{:?}", c.input), c.policy))
        .collect();
    let several = Policy::ALL.iter().filter(|p| p.covers(file.curve)).count() > 1;
    for c in &file.cases {
        if let Some(why) = crate::stop::stopped() {
            t.stopped = Some(why);
            break;
        }
        progress();
        let at = At {
            label: &file.label,
            case: c.index.to_string(),
            curve: file.curve,
            input: &c.input,
            class: c.class.as_deref(),
        };
        let mut policies = PolicyAnswers::new(file.curve, &c.input, expectation);
        let answers: Vec<(&str, Option<Policy>, Answer)> =
            run_each(each(impls), file.curve, &c.input)
                .answers
                .into_iter()
                .map(|r| (r.implementation.name(), r.implementation.policy(), r.answer))
                .collect();
        for (name, _, a) in &answers {
            policies.offer(name, a);
        }
        if policies.conflicted(c.policy) {
            for conflict in policies.conflicts() {
                t.conflicts.push(CaseConflict {
                    label: file.label.clone(),
                    case: at.case.clone(),
                    op: c.input.op(),
                    conflict,
                });
            }
            continue;
        }
        let oracle = policies.get(c.policy).1.clone();
        if c.expected.matches(&oracle) == Some(false) {
            let held =
                |p: Option<Policy>| expectation.for_implementation(p, file.curve) == c.policy;
            let all_agree = answers
                .iter()
                .filter(|(_, p, a)| held(*p) && !a.is_declined())
                .all(|(_, _, a)| a.agrees_with(&oracle) == Some(true));
            if all_agree {
                t.suspects.push(Suspect {
                    label: file.label.clone(),
                    case: at.case.clone(),
                    op: c.input.op(),
                    input: c.input.clone(),
                    file_says: c.expected.clone(),
                    everybody: oracle,
                    answered_by: answers
                        .iter()
                        .filter(|(_, _, a)| !a.is_declined())
                        .map(|(n, _, _)| n.to_string())
                        .collect(),
                });
                continue;
            }
        }
        let input_key = format!("{:?}", c.input);
        for (name, declared, got) in answers {
            if declared.is_none() && several {
                if let Some(cs) = crate::judge::consistent_policies(&got, &mut policies) {
                    t.placements.entry(name.to_string()).or_default().narrow(
                        &cs,
                        file.curve,
                        || format!("{} case {} ({})", file.label, c.index, c.input.op()),
                    );
                }
            }
            let held_to = expectation.for_implementation(declared, file.curve);
            if held_to != c.policy && !stated.contains(&(input_key.clone(), held_to)) {
                let own = match policies.get(held_to).1 {
                    Answer::Bytes(b) => Some(Expected::Bytes(b.clone())),
                    Answer::Verdict(v) => Some(Expected::Verdict(*v)),
                    Answer::Rejected(_) => Some(Expected::Rejected),
                    _ => None,
                };
                if let Some(own) = own {
                    t.computed_cases += 1;
                    let case = (&own, held_to);
                    t.record_under(&at, name, declared, case, got, expectation, &mut policies);
                    continue;
                }
            }
            let case = (&c.expected, c.policy);
            t.record_under(&at, name, declared, case, got, expectation, &mut policies);
        }
    }
    t
}
