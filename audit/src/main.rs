//! `twinmul`: the command line of the audit harness.
//!
//! - `twinmul list` — the implementations compiled in and what each supports;
//! - `twinmul vectors check FILE... [--impl NAME]... [--no-skip]` — the
//!   interop contract's checker;
//! - `twinmul vectors generate [--seed S] [--out DIR]` — regenerate
//!   `vectors/*.json` from the peer libraries;
//! - `twinmul compare --curve C --op OP ...` — one input, every answer side by side.
//!
//! Exit codes: 0 success, 1 a failed vector or a disagreement, 2 bad usage or
//! unreadable input (one error line, never a panic).

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use twinmul_audit::implementation::select;
use twinmul_audit::{compare, implementations, vectors, Curve, Input, Op};

#[derive(Parser)]
#[command(
    name = "twinmul",
    version,
    about = "Differential audit of elliptic-curve scalar multiplication"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List the implementations and the curve/op pairs each supports.
    List,
    /// Check or generate vector files.
    Vectors {
        #[command(subcommand)]
        cmd: VectorsCmd,
    },
    /// Run one input on every implementation and print the answers side by side.
    Compare(CompareArgs),
}

#[derive(Subcommand)]
enum VectorsCmd {
    /// Check vector files against implementations.
    Check {
        /// Vector files in the interop format.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only these implementations (repeatable; default: all built).
        #[arg(long = "impl", value_name = "NAME")]
        impls: Vec<String>,
        /// Treat skipped (declined) cases as an error.
        #[arg(long)]
        no_skip: bool,
    },
    /// Regenerate vector files from the peer libraries.
    Generate {
        /// RNG seed.
        #[arg(long, default_value_t = twinmul_audit::generate::DEFAULT_SEED)]
        seed: u64,
        /// Output directory.
        #[arg(long, default_value = "vectors")]
        out: PathBuf,
    },
}

#[derive(Args)]
struct CompareArgs {
    /// Curve id: secp256k1, bn254, bls12-381, ecgfp5.
    #[arg(long)]
    curve: String,
    /// Operation: mul_g, mul, decode, sign, verify.
    #[arg(long)]
    op: String,
    /// Scalar (hex), for mul_g and mul.
    #[arg(long)]
    scalar: Option<String>,
    /// Encoded point (hex), for mul and decode.
    #[arg(long)]
    point: Option<String>,
    /// Secret key (hex), for sign.
    #[arg(long)]
    secret_key: Option<String>,
    /// Message (hex), for sign and verify.
    #[arg(long)]
    message: Option<String>,
    /// Nonce / aux_rand (hex), for sign.
    #[arg(long)]
    nonce: Option<String>,
    /// Public key (hex), for verify.
    #[arg(long)]
    public_key: Option<String>,
    /// Signature (hex), for verify.
    #[arg(long)]
    signature: Option<String>,
    /// Only these implementations (repeatable).
    #[arg(long = "impl", value_name = "NAME")]
    impls: Vec<String>,
}

/// A usage or input error: printed as one line, exit code 2.
struct UsageError(String);

fn hex_arg(name: &str, v: &Option<String>) -> Result<Vec<u8>, UsageError> {
    let s = v
        .as_deref()
        .ok_or_else(|| UsageError(format!("--{name} is required for this op")))?;
    hex::decode(s.trim_start_matches("0x"))
        .map_err(|e| UsageError(format!("--{name}: bad hex ({e})")))
}

fn compare_cmd(a: &CompareArgs) -> Result<ExitCode, UsageError> {
    let curve = Curve::from_id(&a.curve).ok_or_else(|| {
        UsageError(format!(
            "unknown curve '{}' (secp256k1, bn254, bls12-381, ecgfp5)",
            a.curve
        ))
    })?;
    let op = Op::from_id(&a.op).ok_or_else(|| {
        UsageError(format!(
            "unknown op '{}' (mul_g, mul, decode, sign, verify)",
            a.op
        ))
    })?;
    let input = match op {
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
    };
    let impls = select(&a.impls).map_err(UsageError)?;
    let c = compare(curve, &input, &impls);
    print!("{}", c.report());
    let n = c.answered_count();
    if c.agreed() {
        println!(
            "agreed: {n} implementations answered, {} declined",
            c.answers.len() - n
        );
        Ok(ExitCode::SUCCESS)
    } else {
        println!("DISAGREEMENT among the {n} implementations that answered");
        Ok(ExitCode::from(1))
    }
}

fn list_cmd() {
    for imp in implementations() {
        let mut parts = Vec::new();
        for curve in Curve::ALL {
            let ops: Vec<&str> = Op::ALL
                .iter()
                .filter(|&&o| imp.supports(curve, o))
                .map(|o| o.id())
                .collect();
            if !ops.is_empty() {
                parts.push(format!("{curve}: {}", ops.join(" ")));
            }
        }
        let what = if parts.is_empty() {
            "(nothing yet: declines every op)".to_string()
        } else {
            parts.join("; ")
        };
        println!("{:<18} {what}", imp.name());
    }
}

fn check_cmd(files: &[PathBuf], impls: &[String], no_skip: bool) -> Result<ExitCode, UsageError> {
    let impls = select(impls).map_err(UsageError)?;
    let bar = indicatif::ProgressBar::new(0).with_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} cases {msg}")
            .expect("valid template"),
    );
    let mut total = vectors::Tally::default();
    let mut unreadable = false;
    let mut stdout = std::io::stdout();
    for f in files {
        match vectors::check_file(f, &impls, &mut stdout, &bar) {
            Ok(tally) => total.add(&tally),
            Err(e) => {
                bar.suspend(|| eprintln!("twinmul: error: {e}"));
                total.failed += 1;
                unreadable = true;
            }
        }
    }
    bar.finish_and_clear();
    println!("{}", total.closing_line());
    if unreadable {
        return Ok(ExitCode::from(2));
    }
    Ok(if total.failed > 0 || (no_skip && total.skipped > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn generate_cmd(seed: u64, out: &PathBuf) -> Result<ExitCode, UsageError> {
    let files = twinmul_audit::generate::generate(seed)
        .map_err(|e| UsageError(format!("generation failed: {e}")))?;
    std::fs::create_dir_all(out).map_err(|e| UsageError(format!("{}: {e}", out.display())))?;
    for (curve, file) in files {
        let path = out.join(format!("{}.json", curve.id()));
        let text = twinmul_audit::vectors::to_json(&file);
        std::fs::write(&path, text).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        println!("wrote {} ({} cases)", path.display(), file.cases.len());
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match &cli.cmd {
        Cmd::List => {
            list_cmd();
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Vectors {
            cmd:
                VectorsCmd::Check {
                    files,
                    impls,
                    no_skip,
                },
        } => check_cmd(files, impls, *no_skip),
        Cmd::Vectors {
            cmd: VectorsCmd::Generate { seed, out },
        } => generate_cmd(*seed, out),
        Cmd::Compare(a) => compare_cmd(a),
    };
    r.unwrap_or_else(|UsageError(msg)| {
        eprintln!("twinmul: error: {msg}");
        ExitCode::from(2)
    })
}
