//! twinmul's implementations of other policies than the contract
//! (docs/policies.md): for each, one on the optimized crate
//! (`optimized@POLICY`, `twinmul::ecgfp5::compat`) and one on the
//! reference (`reference@POLICY`, `twinmul_reference::ecgfp5::{go_v0_0_15,
//! goldilocks_crypto}`), written apart so that each checks the other. They
//! answer what Lighter's Go v0.0.15 and goldilocks-crypto 0.1.2 answer, and
//! their answers are what lets the harness say "policy: matches …".
//!
//! Only ECgFp5 has policies. `mul_g` is the contract's (scalars are reduced
//! mod n by every policy); `decode` and `mul` read point limbs mod p; `sign`
//! and `verify` follow each policy. goldilocks-crypto's answers for a secret
//! key, nonce or s ≥ n are not a function of the value (its recoding is
//! wrong past n): that flavour declines them, as its adapter does.

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};
use crate::policy::Policy;
use num_bigint::BigUint;
use twinmul::ecgfp5::{compat, mul as ecmul, scalar as esc};
use twinmul_reference::ecgfp5::{curve as rc, go_v0_0_15, goldilocks_crypto, scalar as rsc};

/// One policy on one of twinmul's two implementations.
pub struct Flavour {
    policy: Policy,
    naive: bool,
    name: String,
}

impl Flavour {
    /// `policy` on the reference (`naive`) or the optimized crate.
    ///
    /// # Panics
    /// For [`Policy::Strict`]: the contract is `reference` and `optimized`.
    pub fn new(policy: Policy, naive: bool) -> Flavour {
        assert_ne!(policy, Policy::Strict, "the contract has its own adapters");
        let on = if naive { "reference" } else { "optimized" };
        Flavour {
            policy,
            naive,
            name: format!("{on}@{}", policy.id()),
        }
    }

    /// Every flavour: each non-contract policy, optimized then reference.
    pub fn all() -> Vec<Flavour> {
        Policy::ALL
            .into_iter()
            .filter(|&p| p != Policy::Strict)
            .flat_map(|p| [Flavour::new(p, false), Flavour::new(p, true)])
            .collect()
    }

    fn is_go(&self) -> bool {
        self.policy == Policy::GoV0_0_15
    }
}

/// The n of ECgFp5.
fn order() -> BigUint {
    rc::order()
}

fn at_least_n(bytes: &[u8]) -> bool {
    BigUint::from_bytes_le(bytes) >= order()
}

/// goldilocks-crypto's undefined inputs: a secret key or nonce ≥ n.
pub(crate) const RAW_SCALAR: &str =
    "goldilocks-crypto 0.1.2 reads a secret key, nonce or s ≥ n raw and its recoding is wrong past n: no defined answer";

fn bytes<E: std::fmt::Display>(r: Result<impl AsRef<[u8]>, E>) -> Answer {
    r.map_or_else(Answer::rejected, |b| Answer::Bytes(b.as_ref().to_vec()))
}

impl Flavour {
    fn decode_lax(&self, point: &[u8]) -> Answer {
        if self.naive {
            bytes(rc::decode_lax(point).map(|p| rc::encode(&p)))
        } else {
            bytes(compat::decode_lax(point).map(|p| p.encode()))
        }
    }

    fn mul_lax(&self, point: &[u8], scalar: &[u8]) -> Answer {
        if self.naive {
            bytes(rc::decode_lax(point).and_then(|p| {
                let k = rsc::from_bytes_reduced(scalar)?;
                Ok(rc::encode(&rc::mul(&k, &p)))
            }))
        } else {
            match (compat::decode_lax(point), esc::from_bytes_reduced(scalar)) {
                (Err(e), _) => Answer::rejected(e),
                (_, None) => crate::adapters::bad_scalar_len(Curve::Ecgfp5, scalar.len()),
                (Ok(p), Some(k)) => Answer::Bytes(ecmul::mul(&p, &k).encode().to_vec()),
            }
        }
    }
}

impl Implementation for Flavour {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        let on = if self.naive {
            "twinmul-reference"
        } else {
            "twinmul"
        };
        format!("{on} {}, {} policy", env!("CARGO_PKG_VERSION"), self.policy)
    }

    fn policy(&self) -> Option<Policy> {
        Some(self.policy)
    }

    fn supports(&self, curve: Curve, _op: Op) -> bool {
        curve == Curve::Ecgfp5
    }

    fn mul_g(&self, _: Curve, scalar: &[u8]) -> Answer {
        if self.naive {
            bytes(rsc::from_bytes_reduced(scalar).map(|k| rc::encode(&rc::mul_g(&k))))
        } else {
            esc::from_bytes_reduced(scalar).map_or_else(
                || crate::adapters::bad_scalar_len(Curve::Ecgfp5, scalar.len()),
                |k| Answer::Bytes(ecmul::mul_g(&k).encode().to_vec()),
            )
        }
    }

    fn mul(&self, _: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        self.mul_lax(point, scalar)
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        self.decode_lax(point)
    }

    fn sign(&self, _: Curve, sk: &[u8], hm: &[u8], k: &[u8]) -> Answer {
        if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
            return Answer::Rejected("secret key, message and nonce are 40 bytes".into());
        }
        match (self.is_go(), self.naive) {
            (true, true) => bytes(go_v0_0_15::sign_with_nonce(sk, hm, k)),
            (true, false) => bytes(compat::sign_go_v0_0_15(sk, hm, k)),
            (false, _) if at_least_n(sk) || at_least_n(k) => Answer::Declined(RAW_SCALAR.into()),
            (false, true) => bytes(goldilocks_crypto::sign_with_nonce(sk, hm, k)),
            (false, false) => bytes(compat::sign_goldilocks_crypto_0_1_2(sk, hm, k)),
        }
    }

    fn verify(&self, _: Curve, pk: &[u8], hm: &[u8], sig: &[u8]) -> Answer {
        if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
            return Answer::Verdict(false);
        }
        let valid = match (self.is_go(), self.naive) {
            (true, true) => Some(go_v0_0_15::verify(pk, hm, sig)),
            (true, false) => Some(compat::verify_go_v0_0_15(pk, hm, sig)),
            (false, _) if at_least_n(&sig[..40]) => None,
            (false, true) => goldilocks_crypto::verify(pk, hm, sig).ok(),
            (false, false) => compat::verify_goldilocks_crypto_0_1_2(pk, hm, sig),
        };
        valid.map_or_else(|| Answer::Declined(RAW_SCALAR.into()), Answer::Verdict)
    }
}
