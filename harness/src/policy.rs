//! Policies: the rules an implementation follows where the math leaves a
//! choice (what a non-canonical encoding means, which signatures are
//! valid). twinmul's contract is [`Policy::Strict`]; the others are known
//! implementations' policies, each reproduced by twinmul twice — on the
//! optimized crate and, independently, on the reference — so that an
//! answer that differs from the contract's can be *explained* ("policy:
//! matches go-v0.0.15") rather than reported as a bare disagreement
//! (docs/policies.md).

use crate::model::Curve;
use std::fmt;

/// A policy name that is none of [`Policy::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown policy '{0}' (known: {known})", known = Policy::ALL.map(Policy::id).join(", "))]
pub struct UnknownPolicy(pub String);

/// A known policy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Policy {
    /// The interop contract (docs/interop.md): canonical encodings only,
    /// s, e < n, the neutral public key refused.
    #[default]
    Strict,
    /// Lighter's Go code at v0.0.15 (ECgFp5): limbs mod p, scalars mod n,
    /// the neutral key accepted, and its `IsInf` bug.
    GoV0_0_15,
    /// goldilocks-crypto 0.1.2 (ECgFp5): point limbs mod p, raw scalars,
    /// the neutral key accepted, non-canonical messages refused.
    GoldilocksCrypto0_1_2,
}

impl Policy {
    /// Every policy, the contract first.
    pub const ALL: [Policy; 3] = [
        Policy::Strict,
        Policy::GoV0_0_15,
        Policy::GoldilocksCrypto0_1_2,
    ];

    /// The name used by `--policy`, vector files and reports.
    pub fn id(self) -> &'static str {
        match self {
            Policy::Strict => "strict",
            Policy::GoV0_0_15 => "go-v0.0.15",
            Policy::GoldilocksCrypto0_1_2 => "goldilocks-crypto-0.1.2",
        }
    }

    /// Parses a policy name.
    pub fn from_id(s: &str) -> Result<Policy, UnknownPolicy> {
        Policy::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| UnknownPolicy(s.to_string()))
    }

    /// Whether the policy says anything about `curve`: the contract covers
    /// every curve, the others ECgFp5 only (elsewhere they are the contract).
    pub fn covers(self, curve: Curve) -> bool {
        self == Policy::Strict || curve == Curve::Ecgfp5
    }

    /// twinmul's naive implementation of the policy, on the reference
    /// crate: the one whose answer is the policy's answer.
    pub fn naive_name(self) -> &'static str {
        match self {
            Policy::Strict => "reference",
            Policy::GoV0_0_15 => "reference@go-v0.0.15",
            Policy::GoldilocksCrypto0_1_2 => "reference@goldilocks-crypto-0.1.2",
        }
    }

    /// twinmul's fast implementation of the policy, on the optimized crate:
    /// the naive one's cross-check (and the code under test).
    pub fn fast_name(self) -> &'static str {
        match self {
            Policy::Strict => "optimized",
            Policy::GoV0_0_15 => "optimized@go-v0.0.15",
            Policy::GoldilocksCrypto0_1_2 => "optimized@goldilocks-crypto-0.1.2",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What a run expects: the policy implementations follow unless they
/// declare their own, and whether the user chose it (`--policy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expectation {
    /// The run's policy.
    pub policy: Policy,
    /// Chosen with `--policy`: an undeclared implementation that follows
    /// another policy then fails instead of being explained.
    pub explicit: bool,
    /// The fuzz targets' trade: a policy's answer is taken from whichever
    /// of twinmul's implementations of it answered in the comparison, else
    /// computed by the fast one, without the naive cross-check. Sound for
    /// a check that fails on any disagreement whoever is blamed; never for
    /// a report that names who is wrong.
    pub cheap_oracle: bool,
}

impl Expectation {
    /// The run of `--policy NAME`.
    pub fn chosen(policy: Policy) -> Expectation {
        Expectation {
            policy,
            explicit: true,
            cheap_oracle: false,
        }
    }

    /// The policy an implementation declaring `declared` is held to on
    /// `curve`: its own if it declares one, else the run's; the contract
    /// where that policy says nothing about the curve.
    pub fn for_implementation(&self, declared: Option<Policy>, curve: Curve) -> Policy {
        let p = declared.unwrap_or(self.policy);
        if p.covers(curve) {
            p
        } else {
            Policy::Strict
        }
    }

    /// The report line that says what the run expects.
    pub fn describe(&self) -> String {
        if self.explicit {
            format!(
                "policy: {} (chosen); implementations that declare no policy are held to it, and any other answer fails",
                self.policy
            )
        } else {
            format!(
                "policy: {} (the contract) for implementations that declare none; an answer another known policy gives is reported as a policy difference, not a failure",
                self.policy
            )
        }
    }

    /// Whether an implementation declaring `declared` that follows another
    /// policy than its own fails the run: when it declared a policy (its
    /// declaration is wrong) or the user chose the run's policy.
    pub fn deviation_fails(&self, declared: Option<Policy>) -> bool {
        declared.is_some() || self.explicit
    }
}
