//! The adapter for the optimized crate `twinmul`, in its constant-time
//! (`optimized`) and variable-time (`optimized-vartime`) flavours.
//!
//! The optimized crate is still a skeleton: the `[glv]`, `[fixed-base]` and
//! `[ecgfp5]` issues fill it in. Until an operation lands, this adapter
//! supports nothing, so every comparison shows it as declined — never as
//! agreeing.

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};

/// The optimized implementation; `vartime` selects the `_vartime` entry points.
pub struct Optimized {
    /// Use the variable-time functions (for public inputs).
    pub vartime: bool,
}

fn not_yet() -> Answer {
    Answer::Declined("not implemented in the optimized crate yet".into())
}

impl Implementation for Optimized {
    fn name(&self) -> &'static str {
        if self.vartime {
            "optimized-vartime"
        } else {
            "optimized"
        }
    }

    fn supports(&self, _curve: Curve, _op: Op) -> bool {
        false
    }

    fn mul_g(&self, _: Curve, _: &[u8]) -> Answer {
        not_yet()
    }

    fn mul(&self, _: Curve, _: &[u8], _: &[u8]) -> Answer {
        not_yet()
    }

    fn decode(&self, _: Curve, _: &[u8]) -> Answer {
        not_yet()
    }

    fn sign(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        not_yet()
    }

    fn verify(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        not_yet()
    }
}
