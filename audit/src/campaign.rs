//! The audit run behind `twinmul audit`: every vector file and official
//! suite on every implementation, then a seeded random differential campaign
//! over all curves and operations, timing each implementation's answer.
//!
//! A *disagreement* is an answer (not a decline) that differs from the
//! reference's; declines are counted apart and never as agreement.

use crate::edge::{biased_scalar, order};
use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input, Op};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// What one implementation did for one (curve, op) in the campaign.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Cell {
    /// Answers equal to the reference's.
    pub agreed: usize,
    /// Answers different from the reference's.
    pub disagreed: usize,
    /// Declines.
    pub declined: usize,
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
    /// Side-by-side reports of every disagreement.
    pub disagreements: Vec<String>,
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
    /// Runs `input` on every implementation, comparing with the reference
    /// (which must be `impls[0]`) and timing each call.
    pub fn run_case(&mut self, curve: Curve, input: &Input, impls: &[Box<dyn Implementation>]) {
        let mut answers = Vec::with_capacity(impls.len());
        for imp in impls {
            let t = Instant::now();
            let a = run(imp.as_ref(), curve, input);
            answers.push((imp.name(), a, t.elapsed().as_nanos() as u64));
        }
        let reference = answers[0].1.clone();
        let mut bad = false;
        for (name, a, ns) in &answers {
            let cell = self
                .cells
                .entry((curve, input.op(), name.to_string()))
                .or_default();
            match reference.agrees_with(a) {
                None => cell.declined += 1,
                Some(true) => {
                    cell.agreed += 1;
                    cell.times_ns.push(*ns);
                }
                Some(false) => {
                    cell.disagreed += 1;
                    cell.times_ns.push(*ns);
                    bad = true;
                }
            }
        }
        if bad {
            let c = crate::check::Comparison {
                curve,
                input: input.clone(),
                answers: answers.into_iter().map(|(n, a, _)| (n, a)).collect(),
            };
            self.disagreements.push(c.report());
        }
    }

    /// Total disagreements.
    pub fn disagreed(&self) -> usize {
        self.cells.values().map(|c| c.disagreed).sum()
    }
}

/// The random campaign: `cases` inputs per (curve, op), seeded.
pub fn campaign(
    impls: &[Box<dyn Implementation>],
    cases: usize,
    seed: u64,
    progress: &indicatif::ProgressBar,
) -> Campaign {
    assert_eq!(impls[0].name(), "reference", "the reference comes first");
    let mut out = Campaign::default();
    let ops = |c: Curve| -> Vec<Op> {
        Op::ALL
            .into_iter()
            .filter(|o| c.has_signatures() || !matches!(o, Op::Sign | Op::Verify))
            .collect()
    };
    let total: usize = Curve::ALL.iter().map(|&c| ops(c).len() * cases).sum();
    progress.set_length(total as u64);
    for (ci, curve) in Curve::ALL.into_iter().enumerate() {
        for op in ops(curve) {
            let mut rng =
                ChaCha20Rng::seed_from_u64(seed ^ ((ci as u64) << 40) ^ ((op as u64) << 32));
            progress.set_message(format!("{curve} {op}"));
            for _ in 0..cases {
                let input = random_input(curve, op, impls[0].as_ref(), &mut rng);
                out.run_case(curve, &input, impls);
                progress.inc(1);
            }
        }
    }
    out
}
