//! The audit run behind `twinmul audit`: every vector file and official
//! suite on every implementation, then a seeded random differential campaign
//! over all curves and operations, timing each implementation's answer.
//!
//! Only (curve, op) pairs that at least two selected implementations have
//! are run; a cell exists only for an implementation that has its pair. An
//! answer *agrees* when it equals the answer of the policy its
//! implementation is held to (twinmul's own implementation of that policy
//! gives it; see [`crate::judge`]); it is *explained* when it is another
//! policy's answer and the run excuses that; a *disagreement* is any other
//! answer, a *failure* an implementation that could not answer (a driver
//! that broke, an adapter that panicked). Declines are counted apart and
//! never as agreement.

use crate::check::{Comparison, Outcome};
use crate::edge::{biased_scalar, order};
use crate::implementation::{run, Implementation};
use crate::judge::Verdict;
use crate::model::{Answer, Curve, Input, Op};
use crate::policy::Expectation;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// What one implementation did for one (curve, op) in the campaign.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Cell {
    /// Answers equal to the answer of the policy the implementation is
    /// held to (the contract's unless it declares another).
    pub agreed: usize,
    /// Answers different from their policy's that no policy excuses.
    pub disagreed: usize,
    /// Answers that are another policy's, excused (docs/policies.md).
    pub explained: usize,
    /// Declines.
    pub declined: usize,
    /// Failures to answer.
    pub failed: usize,
    /// Nanoseconds per answered call.
    #[serde(skip)]
    pub times_ns: Vec<u64>,
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
}

/// The campaign's results.
#[derive(Clone, Debug, Default)]
pub struct Campaign {
    /// (curve, op, implementation) → cell.
    pub cells: BTreeMap<(Curve, Op, String), Cell>,
    /// Every comparison that did not agree, in full.
    pub disagreements: Vec<Comparison>,
    /// Every comparison whose answers differ only as policies explain.
    pub explained: Vec<Comparison>,
    /// (curve, op) pairs not run because fewer than two selected
    /// implementations have them, with the one that does (if any).
    pub not_compared: Vec<(Curve, Op, Vec<String>)>,
    /// Inputs at least two implementations answered: comparisons made.
    pub compared: usize,
    /// Inputs fewer than two implementations answered (the others
    /// declined): nothing was compared, and nothing is claimed for them.
    pub uncompared: usize,
}

fn random_below_n(curve: Curve, rng: &mut ChaCha20Rng) -> Vec<u8> {
    let n = order(curve);
    let mut b = vec![0u8; curve.scalar_len() + 8];
    rng.fill(&mut b[..]);
    let v = (BigUint::from_bytes_le(&b) % (&n - 1u32)) + 1u32;
    crate::edge::encode_scalar(curve, &v).expect("fits")
}

fn reference_bytes(reference: &dyn Implementation, curve: Curve, input: &Input) -> Vec<u8> {
    match run(reference, curve, input) {
        Answer::Bytes(b) => b,
        _ => Vec::new(),
    }
}

/// A random input of `op` on `curve` (biased scalars; points and signatures
/// made by the reference; a quarter of decode/verify inputs mutated).
pub fn random_input(
    curve: Curve,
    op: Op,
    reference: &dyn Implementation,
    rng: &mut ChaCha20Rng,
) -> Input {
    let point = |rng: &mut ChaCha20Rng| {
        let k = random_below_n(curve, rng);
        reference_bytes(reference, curve, &Input::MulG { scalar: k })
    };
    match op {
        Op::MulG => Input::MulG {
            scalar: biased_scalar(curve, rng),
        },
        Op::Mul => Input::Mul {
            point: point(rng),
            scalar: biased_scalar(curve, rng),
        },
        Op::Decode => {
            let mut p = point(rng);
            if rng.gen_bool(0.25) && !p.is_empty() {
                let i = rng.gen_range(0..p.len());
                p[i] ^= 1 << rng.gen_range(0..8);
            }
            Input::Decode { point: p }
        }
        Op::Sign | Op::Verify => {
            let sk = random_below_n(curve, rng);
            let (msg, nonce) = if curve == Curve::Ecgfp5 {
                let m: Vec<u8> = (0..5)
                    .flat_map(|_| rng.gen_range(0..0xFFFF_FFFF_0000_0001u64).to_le_bytes())
                    .collect();
                (m, random_below_n(curve, rng))
            } else {
                let len = [0usize, 1, 32, 100][rng.gen_range(0..4)];
                let mut m = vec![0u8; len];
                rng.fill(&mut m[..]);
                let mut aux = vec![0u8; 32];
                rng.fill(&mut aux[..]);
                (m, aux)
            };
            let sign = Input::Sign {
                secret_key: sk.clone(),
                message: msg.clone(),
                nonce,
            };
            if op == Op::Sign {
                return sign;
            }
            let mut sig = reference_bytes(reference, curve, &sign);
            let mut pk = reference_bytes(reference, curve, &Input::MulG { scalar: sk });
            if curve == Curve::Secp256k1 && pk.len() == 33 {
                pk.remove(0);
            }
            if rng.gen_bool(0.25) && !sig.is_empty() {
                let i = rng.gen_range(0..sig.len());
                sig[i] ^= 1;
            }
            Input::Verify {
                public_key: pk,
                message: msg,
                signature: sig,
            }
        }
    }
}

impl Campaign {
    /// Runs `input` on every implementation that has its pair, timing each
    /// call, and judges each answer under `expectation` (see
    /// [`crate::judge`]).
    pub fn run_case(
        &mut self,
        curve: Curve,
        input: &Input,
        impls: &[Box<dyn Implementation>],
        expectation: &Expectation,
    ) {
        let mut answers = Vec::with_capacity(impls.len());
        let mut times = Vec::with_capacity(impls.len());
        let mut not_applicable = Vec::new();
        for imp in impls {
            if !imp.supports(curve, input.op()) {
                not_applicable.push(imp.name().to_string());
                continue;
            }
            let t = Instant::now();
            let a = run(imp.as_ref(), curve, input);
            times.push(t.elapsed().as_nanos() as u64);
            answers.push((imp.name().to_string(), imp.policy(), a));
        }
        let c = Comparison::judged(curve, input, answers, not_applicable, expectation);
        for (((name, _), verdict), ns) in c.answers.iter().zip(&c.verdicts).zip(times) {
            let cell = self
                .cells
                .entry((curve, input.op(), name.clone()))
                .or_default();
            let slot = match verdict {
                Verdict::Failed => {
                    cell.failed += 1;
                    continue;
                }
                Verdict::Declined | Verdict::Unjudged { .. } => {
                    cell.declined += 1;
                    continue;
                }
                Verdict::Expected { .. } => &mut cell.agreed,
                v if v.is_explained() => &mut cell.explained,
                _ => &mut cell.disagreed,
            };
            *slot += 1;
            cell.times_ns.push(ns);
        }
        match c.outcome() {
            Outcome::Agreed => self.compared += 1,
            Outcome::Explained => {
                self.compared += 1;
                self.explained.push(c);
            }
            Outcome::Disagreed => {
                self.compared += 1;
                self.disagreements.push(c);
            }
            Outcome::TooFewAnswers => self.uncompared += 1,
        }
    }

    /// Answers that differ from the reference's, in total.
    pub fn disagreed(&self) -> usize {
        self.cells.values().map(|c| c.disagreed).sum()
    }

    /// Failures to answer, in total.
    pub fn failed(&self) -> usize {
        self.cells.values().map(|c| c.failed).sum()
    }

    /// Whether every comparison agreed.
    pub fn ok(&self) -> bool {
        self.disagreements.is_empty()
    }
}

/// The (curve, op) pairs of the contract.
pub fn pairs() -> Vec<(Curve, Op)> {
    Curve::ALL
        .into_iter()
        .flat_map(|c| {
            Op::ALL
                .into_iter()
                .filter(move |o| c.has_signatures() || !matches!(o, Op::Sign | Op::Verify))
                .map(move |o| (c, o))
        })
        .collect()
}

/// The random campaign: `cases` inputs per (curve, op) pair that at least
/// two of `impls` have, seeded. Inputs are made by the reference, which must
/// be among `impls`; `progress` is called once per case.
pub fn campaign(
    impls: &[Box<dyn Implementation>],
    cases: usize,
    seed: u64,
    expectation: &Expectation,
    progress: &dyn Fn(Curve, Op),
) -> Result<Campaign, String> {
    let reference = impls
        .iter()
        .find(|i| i.name() == "reference")
        .ok_or("the random campaign needs the reference (it makes the inputs)")?;
    let mut out = Campaign::default();
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
        let ci = Curve::ALL.iter().position(|&c| c == curve).unwrap_or(0);
        let mut rng = ChaCha20Rng::seed_from_u64(seed ^ ((ci as u64) << 40) ^ ((op as u64) << 32));
        for _ in 0..cases {
            let input = random_input(curve, op, reference.as_ref(), &mut rng);
            out.run_case(curve, &input, impls, expectation);
            progress(curve, op);
        }
    }
    Ok(out)
}

/// The comparison of one random input, every answer with its time in
/// microseconds (for `compare --random`).
pub fn timed_comparison(
    curve: Curve,
    input: &Input,
    impls: &[Box<dyn Implementation>],
    expectation: &Expectation,
) -> (Comparison, Vec<(String, f64)>) {
    let mut times = Vec::new();
    let mut answers = Vec::new();
    let mut not_applicable = Vec::new();
    for imp in impls {
        if !imp.supports(curve, input.op()) {
            not_applicable.push(imp.name().to_string());
            continue;
        }
        let t = Instant::now();
        let a = run(imp.as_ref(), curve, input);
        times.push((imp.name().to_string(), t.elapsed().as_secs_f64() * 1e6));
        answers.push((imp.name().to_string(), imp.policy(), a));
    }
    let c = Comparison::judged(curve, input, answers, not_applicable, expectation);
    (c, times)
}
