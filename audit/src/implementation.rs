//! The one trait every implementation is wrapped in, and the registry.
//!
//! Adapters work on bytes only. An adapter that cannot do something — a curve
//! it does not have, an operation it lacks, or an input class where its
//! library follows a different policy than the contract — answers
//! [`Answer::Declined`] with a reason. It never invents an answer.

use crate::model::{Answer, Curve, Input, Op};

/// An implementation under comparison, seen through its adapter.
pub trait Implementation: Send + Sync {
    /// The name used by `--impl` and in reports.
    fn name(&self) -> &'static str;
    /// Whether the adapter implements `op` on `curve` at all.
    fn supports(&self, curve: Curve, op: Op) -> bool;
    /// k·G.
    fn mul_g(&self, curve: Curve, scalar: &[u8]) -> Answer;
    /// k·P.
    fn mul(&self, curve: Curve, point: &[u8], scalar: &[u8]) -> Answer;
    /// Decode then canonically re-encode.
    fn decode(&self, curve: Curve, point: &[u8]) -> Answer;
    /// Sign with an explicit nonce (BIP340: aux_rand).
    fn sign(&self, curve: Curve, secret_key: &[u8], message: &[u8], nonce: &[u8]) -> Answer;
    /// Verify.
    fn verify(&self, curve: Curve, public_key: &[u8], message: &[u8], signature: &[u8]) -> Answer;
}

/// Runs `input` on `imp`, declining what the adapter does not support.
pub fn run(imp: &dyn Implementation, curve: Curve, input: &Input) -> Answer {
    if !imp.supports(curve, input.op()) {
        return Answer::Declined(format!("{} has no {} on {}", imp.name(), input.op(), curve));
    }
    match input {
        Input::MulG { scalar } => imp.mul_g(curve, scalar),
        Input::Mul { point, scalar } => imp.mul(curve, point, scalar),
        Input::Decode { point } => imp.decode(curve, point),
        Input::Sign {
            secret_key,
            message,
            nonce,
        } => imp.sign(curve, secret_key, message, nonce),
        Input::Verify {
            public_key,
            message,
            signature,
        } => imp.verify(curve, public_key, message, signature),
    }
}

/// Every implementation compiled in: the reference, the optimized crate's two
/// flavours, then (with the `peers` feature) each peer library.
pub fn implementations() -> Vec<Box<dyn Implementation>> {
    #[allow(unused_mut)]
    let mut v: Vec<Box<dyn Implementation>> = vec![
        Box::new(crate::adapters::reference::Reference),
        Box::new(crate::adapters::optimized::Optimized::new(false)),
        Box::new(crate::adapters::optimized::Optimized::new(true)),
    ];
    #[cfg(feature = "peers")]
    v.extend(crate::adapters::peers());
    v
}

/// The peer libraries only (the oracles vector files are generated from).
pub fn peer_implementations() -> Vec<Box<dyn Implementation>> {
    #[cfg(feature = "peers")]
    return crate::adapters::peers();
    #[cfg(not(feature = "peers"))]
    Vec::new()
}

/// Selects implementations by name; an unknown name is an error listing the known ones.
pub fn select(names: &[String]) -> Result<Vec<Box<dyn Implementation>>, String> {
    let all = implementations();
    if names.is_empty() {
        return Ok(all);
    }
    let known: Vec<&str> = all.iter().map(|i| i.name()).collect();
    for n in names {
        if !known.contains(&n.as_str()) {
            return Err(format!(
                "unknown implementation '{n}' (known: {})",
                known.join(", ")
            ));
        }
    }
    Ok(all
        .into_iter()
        .filter(|i| names.iter().any(|n| n == i.name()))
        .collect())
}
