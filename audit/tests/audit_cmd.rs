//! `twinmul audit`: a disagreement makes the campaign report it (negative
//! control with a deliberately wrong implementation), and the command runs
//! end to end with a small campaign and exits 0.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use twinmul_audit::campaign::campaign;
use twinmul_audit::implementation::{implementations, Implementation};
use twinmul_audit::{Answer, Curve, Op};

/// The reference, except that it gets k·G wrong for scalars ending in 0x07.
struct Planted(Box<dyn Implementation>);

impl Implementation for Planted {
    fn name(&self) -> &'static str {
        "planted"
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        self.0.supports(curve, op)
    }
    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        let last = if curve == Curve::Ecgfp5 {
            s[0]
        } else {
            s[s.len() - 1]
        };
        match self.0.mul_g(curve, s) {
            Answer::Bytes(mut b) if last & 0x0f == 0x07 => {
                let n = b.len();
                b[n - 1] ^= 1;
                Answer::Bytes(b)
            }
            a => a,
        }
    }
    fn mul(&self, curve: Curve, p: &[u8], s: &[u8]) -> Answer {
        self.0.mul(curve, p, s)
    }
    fn decode(&self, curve: Curve, p: &[u8]) -> Answer {
        self.0.decode(curve, p)
    }
    fn sign(&self, curve: Curve, sk: &[u8], m: &[u8], n: &[u8]) -> Answer {
        self.0.sign(curve, sk, m, n)
    }
    fn verify(&self, curve: Curve, pk: &[u8], m: &[u8], s: &[u8]) -> Answer {
        self.0.verify(curve, pk, m, s)
    }
}

#[test]
fn a_planted_disagreement_is_reported() {
    let mut impls = implementations();
    impls.truncate(1); // the reference
    let reference = implementations().into_iter().next().unwrap();
    impls.push(Box::new(Planted(reference)));
    let c = campaign(&impls, 24, 3, &indicatif::ProgressBar::hidden());
    assert!(c.disagreed() > 0, "the planted bug must be seen");
    assert!(c.disagreements[0].contains("planted"));
    let cell = &c.cells[&(Curve::Secp256k1, Op::Mul, "planted".to_string())];
    assert_eq!(cell.disagreed, 0, "mul is not planted");
}

#[test]
fn audit_command_runs_and_passes() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_twinmul"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["audit", "--cases", "3", "--json", "--no-ct"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true);
    assert!(v["vectors"]["passed"].as_u64().unwrap() > 1000);
    assert_eq!(v["campaign"]["disagreements"], 0);
}
