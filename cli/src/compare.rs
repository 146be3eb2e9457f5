//! `twinmul compare`: one input (or N random ones), every applicable
//! implementation's answer side by side.
//!
//! "agreed" needs at least two answers; answers that differ only as known
//! policies explain are "agreed up to policy" (docs/policies.md). A pair that no selected
//! implementation has, or an input that fewer than two answered, compares
//! nothing and is an error (exit 2).

use super::{Status, UsageError};
use crate::outln;
use clap::Args;
use twinmul_harness::check::{Comparison, Outcome};
use twinmul_harness::model::{Curve, Input, Op};
use twinmul_harness::registry::Registry;

/// `twinmul compare`'s arguments.
#[derive(Args)]
pub struct CompareArgs {
    /// Curve id: secp256k1, bn254, bls12-381, ecgfp5.
    #[arg(long)]
    pub curve: String,
    /// Operation: mul_g, mul, decode, sign, verify.
    #[arg(long)]
    pub op: String,
    /// Scalar (hex), for mul_g and mul.
    #[arg(long)]
    pub scalar: Option<String>,
    /// Encoded point (hex), for mul and decode.
    #[arg(long)]
    pub point: Option<String>,
    /// Secret key (hex), for sign.
    #[arg(long)]
    pub secret_key: Option<String>,
    /// Message (hex), for sign and verify.
    #[arg(long)]
    pub message: Option<String>,
    /// Nonce / aux_rand (hex), for sign.
    #[arg(long)]
    pub nonce: Option<String>,
    /// Public key (hex), for verify.
    #[arg(long)]
    pub public_key: Option<String>,
    /// Signature (hex), for verify.
    #[arg(long)]
    pub signature: Option<String>,
    /// Only these implementations (repeatable).
    #[arg(long = "impl", value_name = "NAME")]
    pub impls: Vec<String>,
    /// Instead of one given input, N random inputs of the op (with timings;
    /// the reference makes them, so it is always run).
    #[arg(long, value_name = "N")]
    pub random: Option<usize>,
    /// Seed for --random.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Send fields of a length the contract never uses as given, to see
    /// what each implementation does with them (otherwise bad usage).
    #[arg(long)]
    pub any_length: bool,
    /// The run's policy.
    #[command(flatten)]
    pub policy: super::PolicyArg,
    /// Outside implementations.
    #[command(flatten)]
    pub drivers: super::DriverArgs,
}

fn hex_arg(name: &str, v: &Option<String>) -> Result<Vec<u8>, UsageError> {
    let s = v
        .as_deref()
        .ok_or_else(|| UsageError(format!("--{name} is required for this op")))?;
    hex::decode(s.trim_start_matches("0x"))
        .map_err(|e| UsageError(format!("--{name}: bad hex ({e})")))
}

/// Parses `--curve` and `--op`.
pub fn curve_op(curve: &str, op: &str) -> Result<(Curve, Op), UsageError> {
    let c = Curve::from_id(curve).ok_or_else(|| {
        UsageError(format!(
            "unknown curve '{curve}' (secp256k1, bn254, bls12-381, ecgfp5)"
        ))
    })?;
    let o = Op::from_id(op).ok_or_else(|| {
        UsageError(format!(
            "unknown op '{op}' (mul_g, mul, decode, sign, verify)"
        ))
    })?;
    Ok((c, o))
}

/// A field of a length the contract never uses is a typo (a 1-byte
/// scalar), not an input: bad usage unless `--any-length` asks for it.
fn check_lengths(curve: Curve, input: &Input, any_length: bool) -> Result<(), UsageError> {
    if any_length {
        return Ok(());
    }
    for (field, hex) in input.fields() {
        let got = hex.len() / 2;
        let (ok, want) = if field == "point" {
            let l = curve.point_lengths();
            let want: Vec<String> = l.iter().map(|n| n.to_string()).collect();
            (l.contains(&got), want.join(" or "))
        } else {
            match curve.field_len(field) {
                Some(n) => (got == n, n.to_string()),
                None => (true, String::new()),
            }
        };
        if !ok {
            return Err(UsageError(format!(
                "--{}: {got} bytes, but a {field} on {curve} is {want} bytes (--any-length sends it as given)",
                field.replace('_', "-")
            )));
        }
    }
    Ok(())
}

fn input(op: Op, a: &CompareArgs) -> Result<Input, UsageError> {
    Ok(match op {
        Op::MulG => Input::MulG {
            scalar: hex_arg("scalar", &a.scalar)?,
        },
        Op::Mul => Input::Mul {
            point: hex_arg("point", &a.point)?,
            scalar: hex_arg("scalar", &a.scalar)?,
        },
        Op::Decode => Input::Decode {
            point: hex_arg("point", &a.point)?,
        },
        Op::Sign => Input::Sign {
            secret_key: hex_arg("secret-key", &a.secret_key)?,
            message: hex_arg("message", &a.message)?,
            nonce: hex_arg("nonce", &a.nonce)?,
        },
        Op::Verify => Input::Verify {
            public_key: hex_arg("public-key", &a.public_key)?,
            message: hex_arg("message", &a.message)?,
            signature: hex_arg("signature", &a.signature)?,
        },
    })
}

/// The one line that says what a comparison showed; `Err` when it
/// compared nothing.
fn verdict_line(c: &Comparison) -> Result<(String, Status), UsageError> {
    let n = c.answered_count();
    let declined = c.declined_count();
    match c.outcome() {
        Outcome::Agreed => Ok((
            format!("agreed: {n} implementations answered alike, {declined} declined"),
            Status::Ok,
        )),
        Outcome::Explained => Ok((
            format!(
                "agreed up to policy: {n} implementations answered, {} as another policy than the one they are held to ({declined} declined; docs/policies.md)",
                c.verdicts.iter().filter(|v| v.is_explained()).count()
            ),
            Status::Ok,
        )),
        Outcome::Disagreed => Ok((
            format!("DISAGREEMENT among the {n} implementations that answered ({declined} declined)"),
            Status::Failed,
        )),
        Outcome::TooFewAnswers if n == 0 => Err(UsageError(format!(
            "nothing compared: every applicable implementation declined ({declined})"
        ))),
        Outcome::TooFewAnswers => Err(UsageError(format!(
            "nothing compared: only {} answered ({declined} declined); select at least two implementations that answer",
            c.answered().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// Checks that at least two of the selected implementations have the pair.
fn applicable(
    curve: Curve,
    op: Op,
    impls: &twinmul_harness::implementation::Implementations,
) -> Result<(), UsageError> {
    let have: Vec<&str> = impls
        .iter()
        .filter(|i| i.supports(curve, op))
        .map(|i| i.name())
        .collect();
    let selected = impls
        .iter()
        .map(|i| i.name())
        .collect::<Vec<_>>()
        .join(", ");
    match have.len() {
        0 => Err(UsageError(format!(
            "no selected implementation has {op} on {curve} (selected: {selected})"
        ))),
        1 => Err(UsageError(format!(
            "only {} has {op} on {curve}: nothing to compare it with (selected: {selected})",
            have[0]
        ))),
        _ => Ok(()),
    }
}

/// Runs `twinmul compare`.
pub fn run(a: &CompareArgs, registry: Registry) -> Result<Status, UsageError> {
    let (curve, op) = curve_op(&a.curve, &a.op)?;
    if let Some(n) = a.random {
        return random(curve, op, n, a, registry);
    }
    let input = input(op, a)?;
    let expectation = a.policy.expectation()?;
    let sel = super::select(registry, &a.impls)?;
    applicable(curve, op, &sel.impls)?;
    check_lengths(curve, &input, a.any_length)?;
    for l in &sel.header {
        outln!("{l}");
    }
    outln!("{}", expectation.describe());
    outln!("{}", twinmul_harness::judge::oracle_line());
    let c = twinmul_harness::check::compare_under(curve, &input, &sel.impls, &expectation);
    for l in c.report().lines() {
        outln!("{l}");
    }
    let (line, status) = verdict_line(&c)?;
    outln!("{line}");
    Ok(status.and(report_problems(&sel.impls)))
}

/// Prints the implementations' own problems; `Failed` if there were any.
fn report_problems(impls: &twinmul_harness::implementation::Implementations) -> Status {
    let p = super::problems(impls);
    for l in &p {
        outln!("{l}");
    }
    if p.is_empty() {
        Status::Ok
    } else {
        Status::Failed
    }
}

/// `compare --random N`: N random inputs, every answer and its time.
fn random(
    curve: Curve,
    op: Op,
    n: usize,
    a: &CompareArgs,
    registry: Registry,
) -> Result<Status, UsageError> {
    if n == 0 {
        return Err(UsageError("--random 0: nothing to compare".into()));
    }
    let expectation = a.policy.expectation()?;
    let mut names = a.impls.clone();
    if !names.is_empty() && !names.iter().any(|x| x == "reference") {
        names.insert(0, "reference".into());
    }
    let sel = super::select(registry, &names)?;
    let impls = sel.impls;
    applicable(curve, op, &impls)?;
    for l in &sel.header {
        outln!("{l}");
    }
    outln!("{}", expectation.describe());
    outln!("{}", twinmul_harness::judge::oracle_line());
    // The i-th case is drawn from the catalogue's classes in turn, so a
    // few cases already reach the edges (docs/classes.md).
    let classes = twinmul_harness::classes::classes_for(curve, op);
    let mut rngs: Vec<_> = classes
        .iter()
        .map(|c| twinmul_harness::campaign::class_rng(a.seed, curve, op, c.name))
        .collect();
    let (mut agreed, mut status) = (0, Status::Ok);
    for i in 0..n {
        let (k, index) = (i % classes.len(), i / classes.len());
        let input = classes[k].draw(curve, op, index, &mut rngs[k]);
        let (c, times) =
            twinmul_harness::campaign::timed_comparison(curve, &input, &impls, &expectation);
        outln!("case {i} [{}]: {}", classes[k].name, c.report().trim_end());
        for (name, us) in times {
            outln!("  {name:<18} {us:>10.1} µs");
        }
        let (line, s) = verdict_line(&c)?;
        outln!("  {line}");
        agreed += usize::from(s == Status::Ok);
        status = status.and(s);
    }
    outln!("{agreed} of {n} cases agreed");
    Ok(status.and(report_problems(&impls)))
}
