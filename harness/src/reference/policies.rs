//! The reference's implementations of the policies other than the contract
//! (docs/policies.md): `reference@POLICY`, on
//! `twinmul_reference::ecgfp5::{go_v0_0_15, goldilocks_crypto}`. They answer
//! what Lighter's Go v0.0.15 and goldilocks-crypto 0.1.2 answer; the judge
//! takes a policy's expected answer from here and cross-checks it with the
//! optimized crate's flavour of the same policy when one is installed
//! ([`crate::judge::install_fast_oracles`]).
//!
//! Only ECgFp5 has policies. `mul_g` is the contract's (scalars are reduced
//! mod n by every policy); `decode` and `mul` read point limbs mod p; `sign`
//! and `verify` follow each policy. goldilocks-crypto's answers for a secret
//! key, nonce or s ≥ n are not a function of the value (its recoding is
//! wrong past n): that policy declines them, as its adapter does.
//!
//! Variable time throughout: an oracle, never for secrets.

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};
use crate::policy::Policy;
use num_bigint::BigUint;
use twinmul_reference::ecgfp5::{curve as rc, go_v0_0_15, goldilocks_crypto, scalar as rsc};

/// One policy on the reference.
pub struct ReferencePolicy {
    policy: Policy,
    name: String,
}

impl ReferencePolicy {
    /// `policy` on the reference, named `reference@POLICY`.
    ///
    /// # Panics
    /// For [`Policy::Strict`]: the contract is [`super::Reference`] itself.
    pub fn new(policy: Policy) -> ReferencePolicy {
        assert_ne!(policy, Policy::Strict, "the contract has its own adapter");
        ReferencePolicy {
            policy,
            name: format!("reference@{}", policy.id()),
        }
    }
}

/// goldilocks-crypto's undefined inputs: a secret key or nonce ≥ n.
pub const RAW_SCALAR: &str =
    "goldilocks-crypto 0.1.2 reads a secret key, nonce or s ≥ n raw and its recoding is wrong past n: no defined answer";

/// Whether 40 little-endian bytes read as an integer ≥ n of ECgFp5 (the
/// inputs goldilocks-crypto 0.1.2 gives no defined answer for).
pub fn at_least_n(bytes: &[u8]) -> bool {
    BigUint::from_bytes_le(bytes) >= rc::order()
}

fn bytes<E: std::fmt::Display>(r: Result<impl AsRef<[u8]>, E>) -> Answer {
    r.map_or_else(Answer::rejected, |b| Answer::Bytes(b.as_ref().to_vec()))
}

impl Implementation for ReferencePolicy {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        format!(
            "twinmul-reference {}, {} policy",
            env!("CARGO_PKG_VERSION"),
            self.policy
        )
    }

    fn policy(&self) -> Option<Policy> {
        Some(self.policy)
    }

    fn supports(&self, curve: Curve, _op: Op) -> bool {
        curve == Curve::Ecgfp5
    }

    fn mul_g(&self, _: Curve, scalar: &[u8]) -> Answer {
        bytes(rsc::from_bytes_reduced(scalar).map(|k| rc::encode(&rc::mul_g(&k))))
    }

    fn mul(&self, _: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        bytes(rc::decode_lax(point).and_then(|p| {
            let k = rsc::from_bytes_reduced(scalar)?;
            Ok(rc::encode(&rc::mul(&k, &p)))
        }))
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        bytes(rc::decode_lax(point).map(|p| rc::encode(&p)))
    }

    fn sign(&self, _: Curve, sk: &[u8], hm: &[u8], k: &[u8]) -> Answer {
        if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
            return Answer::Rejected("secret key, message and nonce are 40 bytes".into());
        }
        match self.policy {
            Policy::GoV0_0_15 => bytes(go_v0_0_15::sign_with_nonce(sk, hm, k)),
            _ if at_least_n(sk) || at_least_n(k) => Answer::Declined(RAW_SCALAR.into()),
            _ => bytes(goldilocks_crypto::sign_with_nonce(sk, hm, k)),
        }
    }

    fn verify(&self, _: Curve, pk: &[u8], hm: &[u8], sig: &[u8]) -> Answer {
        if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
            return Answer::Verdict(false);
        }
        let valid = match self.policy {
            Policy::GoV0_0_15 => Some(go_v0_0_15::verify(pk, hm, sig)),
            _ if at_least_n(&sig[..40]) => None,
            _ => goldilocks_crypto::verify(pk, hm, sig).ok(),
        };
        valid.map_or_else(|| Answer::Declined(RAW_SCALAR.into()), Answer::Verdict)
    }
}
