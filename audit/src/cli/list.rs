//! `twinmul list`: every implementation, where it came from, and the
//! (curve, op) pairs it has.

use super::{Status, UsageError};
use crate::model::{Curve, Op};
use crate::outln;
use crate::registry::{Origin, Registry};

/// Runs `twinmul list`.
pub fn run(registry: Registry) -> Result<Status, UsageError> {
    for e in registry.entries() {
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
        let version = imp.version();
        let origin = match &e.origin {
            Origin::BuiltIn => String::new(),
            Origin::Added => " [added by the embedding program]".into(),
            Origin::Driver { command, from } => format!(" [driver `{command}`, from {from}]"),
        };
        let v = if version.is_empty() {
            String::new()
        } else {
            format!(" {version}")
        };
        outln!("{:<18} {what}{v}{origin}", imp.name());
    }
    Ok(Status::Ok)
}
