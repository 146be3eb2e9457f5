//! dudect for implementations that time their own calls (drivers' `time`
//! requests, docs/drivers.md): twinmul builds the two classes of inputs,
//! shuffles them, sends them in batches, and applies dudect's statistic to
//! the durations that come back — Welch's t between the classes, over all
//! samples and over those below each of a set of percentiles, keeping the
//! largest |t|, as `dudect-bencher` does for the compiled-in targets.
//!
//! Classes, as for those targets: the secret 1 against uniform random ones
//! (a scalar below n, or a secret key); everything public is alike in both
//! (the point of `mul` is one fixed point; a signature's message is fixed
//! and its nonce or aux_rand random in both classes).

use crate::edge::{encode_scalar, order};
use crate::implementation::{run, Implementation};
use crate::model::{Answer, Curve, Input, Op};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// Inputs sent in one `time` request at most.
pub const BATCH: usize = 1000;

/// Welch's t between two samples (0 when either has fewer than two).
pub fn welch_t(a: &[f64], b: &[f64]) -> f64 {
    if a.len() < 2 || b.len() < 2 {
        return 0.0;
    }
    let stats = |x: &[f64]| {
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (n, mean, var)
    };
    let (na, ma, va) = stats(a);
    let (nb, mb, vb) = stats(b);
    let se = (va / na + vb / nb).sqrt();
    if se == 0.0 {
        0.0
    } else {
        (ma - mb) / se
    }
}

/// dudect's statistic: the t of largest magnitude over all durations and
/// over the durations below each cropping percentile (of both classes
/// together), which removes the long tail of interrupts and preemption.
pub fn max_t(left: &[u64], right: &[u64]) -> f64 {
    let mut all: Vec<u64> = left.iter().chain(right).copied().collect();
    all.sort_unstable();
    let mut best = 0.0f64;
    let mut consider = |limit: u64| {
        let keep = |x: &[u64]| -> Vec<f64> {
            x.iter()
                .filter(|&&v| v <= limit)
                .map(|&v| v as f64)
                .collect()
        };
        let t = welch_t(&keep(left), &keep(right));
        if t.abs() > best.abs() {
            best = t;
        }
    };
    consider(u64::MAX);
    for p in [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99] {
        if let Some(&limit) = all.get(((all.len() as f64) * p) as usize) {
            consider(limit);
        }
    }
    best
}

/// The secret of class `right`: 1, or uniform below n.
fn secret(curve: Curve, right: bool, rng: &mut ChaCha20Rng) -> Vec<u8> {
    let n = order(curve);
    let v = if right {
        let mut b = vec![0u8; curve.scalar_len() + 8];
        rng.fill(&mut b[..]);
        BigUint::from_bytes_le(&b) % (&n - 1u32) + 1u32
    } else {
        BigUint::from(1u32)
    };
    encode_scalar(curve, &v).unwrap_or_default()
}

/// The public point every `mul` input of a run multiplies (a random one,
/// made by the reference); empty for the other ops.
pub fn public_point(curve: Curve, op: Op, rng: &mut ChaCha20Rng) -> Result<Vec<u8>, String> {
    if op != Op::Mul {
        return Ok(Vec::new());
    }
    let k = secret(curve, true, rng);
    match run(
        &crate::reference::Reference,
        curve,
        &Input::MulG { scalar: k },
    ) {
        Answer::Bytes(p) => Ok(p),
        other => Err(format!("no point to multiply: {other}")),
    }
}

/// Builds `count` inputs of `op` on `curve` (a `mul` multiplies `point`),
/// each with its class (`true`: the random class), in a random order.
/// `Err` for a pair without a secret input.
pub fn inputs(
    curve: Curve,
    op: Op,
    point: &[u8],
    count: usize,
    rng: &mut ChaCha20Rng,
) -> Result<Vec<(bool, Input)>, String> {
    let msg_len = if curve == Curve::Ecgfp5 { 40 } else { 32 };
    let message = vec![0x11u8; msg_len];
    (0..count)
        .map(|_| {
            let right = rng.gen::<bool>();
            let s = secret(curve, right, rng);
            let input = match op {
                Op::MulG => Input::MulG { scalar: s },
                Op::Mul => Input::Mul {
                    point: point.to_vec(),
                    scalar: s,
                },
                Op::Sign => Input::Sign {
                    secret_key: s,
                    message: message.clone(),
                    nonce: secret(curve, true, rng),
                },
                other => return Err(format!("{other} has no secret input to time")),
            };
            Ok((right, input))
        })
        .collect()
}

/// Fewest distinct durations that make timings evidence: a timer that
/// gives fewer (all zero, one constant, a coarse clock) cannot show a
/// difference of a few nanoseconds, so its "no leak" would mean nothing.
pub const MIN_DISTINCT: usize = 16;

/// Why the durations of the two classes are no evidence, if they are not:
/// all zero, one class constant, or fewer than [`MIN_DISTINCT`] distinct
/// values.
pub fn unusable(left: &[u64], right: &[u64]) -> Option<String> {
    let all: Vec<u64> = left.iter().chain(right).copied().collect();
    if all.is_empty() {
        return Some("no durations".into());
    }
    if all.iter().all(|&d| d == 0) {
        return Some("every duration is 0".into());
    }
    let constant = |x: &[u64]| x.windows(2).all(|w| w[0] == w[1]);
    if constant(left) || constant(right) {
        return Some("one class has a single duration".into());
    }
    let mut distinct = all.clone();
    distinct.sort_unstable();
    distinct.dedup();
    (distinct.len() < MIN_DISTINCT).then(|| {
        format!(
            "only {} distinct durations in {} calls (at least {MIN_DISTINCT} needed)",
            distinct.len(),
            all.len()
        )
    })
}

/// A t-series and whether its durations were evidence.
pub struct Series {
    /// (calls timed so far, max t) after each step.
    pub steps: Vec<(usize, f64)>,
    /// Why the durations are no evidence (see [`unusable`]), if so.
    pub unusable: Option<String>,
}

/// Times `samples` calls of (curve, op) on `imp` in `steps` equal steps;
/// returns (calls timed so far, max t) after each, and whether the
/// durations could show anything.
pub fn series(
    imp: &dyn Implementation,
    curve: Curve,
    op: Op,
    samples: usize,
    steps: usize,
    seed: u64,
) -> Result<Series, String> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let per_step = (samples / steps.max(1)).max(2);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    let point = public_point(curve, op, &mut rng)?;
    for _ in 0..steps {
        let batch = inputs(curve, op, &point, per_step, &mut rng)?;
        for chunk in batch.chunks(BATCH) {
            let list: Vec<Input> = chunk.iter().map(|(_, i)| i.clone()).collect();
            let ns = imp.time(curve, op, &list)?;
            for ((is_right, _), d) in chunk.iter().zip(ns) {
                if *is_right {
                    right.push(d);
                } else {
                    left.push(d);
                }
            }
        }
        out.push((left.len() + right.len(), max_t(&left, &right)));
    }
    Ok(Series {
        steps: out,
        unusable: unusable(&left, &right),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recorded durations: a leaky pair (one class 40 ns slower, with
    /// noise) is flagged far past 10; two draws of one distribution stay
    /// under 5; a long tail on one class does not hide a shift.
    #[test]
    fn made_up_timings_are_no_evidence() {
        let real: Vec<u64> = (0..200).map(|i| 1000 + (i * 7919) % 97).collect();
        assert_eq!(unusable(&real[..100], &real[100..]), None);
        assert!(unusable(&[0; 50], &[0; 50]).unwrap().contains("0"));
        assert!(unusable(&[5; 50], &real[..50]).unwrap().contains("single"));
        let coarse: Vec<u64> = (0..100).map(|i| 1000 * (i % 3)).collect();
        assert!(unusable(&coarse, &coarse).unwrap().contains("distinct"));
    }

    #[test]
    fn the_statistic_flags_a_shift_and_not_noise() {
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        let noise = |rng: &mut ChaCha20Rng, base: u64| -> Vec<u64> {
            (0..5000).map(|_| base + rng.gen_range(0..50)).collect()
        };
        let a = noise(&mut rng, 1000);
        let b = noise(&mut rng, 1040);
        assert!(max_t(&a, &b).abs() > 10.0, "{}", max_t(&a, &b));
        let c = noise(&mut rng, 1000);
        assert!(max_t(&a, &c).abs() < 5.0, "{}", max_t(&a, &c));
        let mut tail = b.clone();
        tail.extend((0..50).map(|i| 1_000_000 + i));
        assert!(max_t(&a, &tail).abs() > 10.0);
    }

    #[test]
    fn classes_differ_in_the_secret_only() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let point = public_point(Curve::Bn254, Op::Mul, &mut rng).unwrap();
        let xs = inputs(Curve::Bn254, Op::Mul, &point, 200, &mut rng).unwrap();
        let lefts = xs.iter().filter(|(r, _)| !r).count();
        assert!(lefts > 60 && lefts < 140, "classes interleaved at random");
        let points: std::collections::BTreeSet<_> = xs
            .iter()
            .map(|(_, i)| match i {
                Input::Mul { point, .. } => point.clone(),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(
            points.into_iter().collect::<Vec<_>>(),
            vec![point],
            "one public point for both classes"
        );
        assert!(inputs(Curve::Bn254, Op::Decode, &[], 1, &mut rng).is_err());
    }
}
