//! `twinmul list`: every implementation, where it came from, and the
//! (curve, op) pairs it has. Drivers are started, so their handshakes show.

use super::{Status, UsageError};
use crate::outln;
use twinmul_harness::model::{Curve, Op};
use twinmul_harness::registry::{Origin, Registry};

/// Runs `twinmul list`.
pub fn run(registry: Registry) -> Result<Status, UsageError> {
    let entries = registry.start_all();
    for e in &entries {
        let imp = &e.implementation;
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
            "(no curve/op pair)".to_string()
        } else {
            parts.join("; ")
        };
        outln!("{:<34} {what}", imp.name());
        let version = imp.version();
        match &e.origin {
            Origin::Driver { command, from } => {
                let hs = if version.is_empty() {
                    "handshake FAILED".into()
                } else {
                    version
                };
                outln!("{:<34} driver `{command}` (from {from}): {hs}", "");
                let unknown = imp.unknown();
                if !unknown.is_empty() {
                    outln!(
                        "{:<34} names twinmul does not know, ignored: {}",
                        "",
                        unknown.join(", ")
                    );
                }
            }
            _ if !version.is_empty() => outln!("{:<34} {version}", ""),
            _ => {}
        }
    }
    let impls: Vec<_> = entries.into_iter().map(|e| e.implementation).collect();
    let problems = super::problems(&impls);
    for p in &problems {
        outln!("{p}");
    }
    Ok(if problems.is_empty() {
        Status::Ok
    } else {
        Status::Failed
    })
}
