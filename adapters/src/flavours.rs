//! The optimized crate's implementations of the policies other than the
//! contract (docs/policies.md): `optimized@POLICY`, on
//! `twinmul::ecgfp5::compat`. Each is the fast twin of the reference's
//! `reference@POLICY` ([`twinmul_harness::reference::policies`]), written
//! apart so that each checks the other: the judge takes a policy's answer
//! from the reference and cross-checks it with this one.
//!
//! `mul_g` is the contract's; `decode` and `mul` read point limbs mod p;
//! `sign` and `verify` follow each policy; goldilocks-crypto's undefined
//! inputs (a secret key, nonce or s ≥ n) are declined, as there.

use twinmul::ecgfp5::{compat, mul as ecmul, scalar as esc};
use twinmul_harness::reference::policies::{at_least_n, RAW_SCALAR};
use twinmul_harness::{Answer, Curve, Implementation, Op, Policy};

/// One policy on the optimized crate.
pub struct Flavour {
    policy: Policy,
    name: String,
}

impl Flavour {
    /// `policy` on the optimized crate, named `optimized@POLICY`.
    ///
    /// # Panics
    /// For [`Policy::Strict`]: the contract is the `optimized` adapter.
    pub fn new(policy: Policy) -> Flavour {
        assert_ne!(policy, Policy::Strict, "the contract has its own adapters");
        Flavour {
            policy,
            name: format!("optimized@{}", policy.id()),
        }
    }

    fn is_go(&self) -> bool {
        self.policy == Policy::GoV0_0_15
    }
}

fn bytes<E: std::fmt::Display>(r: Result<impl AsRef<[u8]>, E>) -> Answer {
    r.map_or_else(Answer::rejected, |b| Answer::Bytes(b.as_ref().to_vec()))
}

impl Implementation for Flavour {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        format!(
            "twinmul {}, {} policy",
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
        esc::from_bytes_reduced(scalar).map_or_else(
            || crate::bad_scalar_len(Curve::Ecgfp5, scalar.len()),
            |k| Answer::Bytes(ecmul::mul_g(&k).encode().to_vec()),
        )
    }

    fn mul(&self, _: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        match (compat::decode_lax(point), esc::from_bytes_reduced(scalar)) {
            (Err(e), _) => Answer::rejected(e),
            (_, None) => crate::bad_scalar_len(Curve::Ecgfp5, scalar.len()),
            (Ok(p), Some(k)) => Answer::Bytes(ecmul::mul(&p, &k).encode().to_vec()),
        }
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        bytes(compat::decode_lax(point).map(|p| p.encode()))
    }

    fn sign(&self, _: Curve, sk: &[u8], hm: &[u8], k: &[u8]) -> Answer {
        if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
            return Answer::Rejected("secret key, message and nonce are 40 bytes".into());
        }
        if self.is_go() {
            bytes(compat::sign_go_v0_0_15(sk, hm, k))
        } else if at_least_n(sk) || at_least_n(k) {
            Answer::Declined(RAW_SCALAR.into())
        } else {
            bytes(compat::sign_goldilocks_crypto_0_1_2(sk, hm, k))
        }
    }

    fn verify(&self, _: Curve, pk: &[u8], hm: &[u8], sig: &[u8]) -> Answer {
        if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
            return Answer::Verdict(false);
        }
        let valid = if self.is_go() {
            Some(compat::verify_go_v0_0_15(pk, hm, sig))
        } else if at_least_n(&sig[..40]) {
            None
        } else {
            compat::verify_goldilocks_crypto_0_1_2(pk, hm, sig)
        };
        valid.map_or_else(|| Answer::Declined(RAW_SCALAR.into()), Answer::Verdict)
    }
}
