//! Adapter for `goldilocks-crypto` 0.1.2 (the Rust port of Lighter's Go code).
//!
//! The crate follows its own policy, not the interop contract's
//! (docs/policies.md, docs/ecgfp5.md §§2, 6, 9): it reads field limbs ≥ p
//! mod p, accepts the neutral public key, and writes possibly non-canonical
//! output limbs. The adapter declares that policy, so the harness holds the
//! crate to it (twinmul's `optimized@goldilocks-crypto-0.1.2` gives the
//! answers it is compared with). It canonicalises every output, and
//! *declines* only the inputs where the crate has no defined answer: a
//! secret key, nonce or s ≥ n, which it reads raw into a recoding that is
//! wrong past n.

use goldilocks_crypto::{sign_with_nonce, verify_signature, Fp5Element, Point, ScalarField};
use num_bigint::BigUint;
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};
use twinmul_harness::policy::Policy;
use twinmul_harness::reference::policies::RAW_SCALAR;

const N_HEX: &str =
    "7ffffffd800000077ffffff1000000167fffffe6cfb80639e8885c39d724a09ce80fd996948bffe1";

/// `goldilocks-crypto` 0.1.2.
pub struct GoldilocksCrypto;

fn limbs(bytes: &[u8]) -> [u64; 5] {
    std::array::from_fn(|i| {
        u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes"))
    })
}

fn below_n(bytes: &[u8]) -> bool {
    let n = BigUint::parse_bytes(N_HEX.as_bytes(), 16).expect("hex");
    bytes.len() == 40 && BigUint::from_bytes_le(bytes) < n
}

fn encode(p: &Point) -> Answer {
    let w = p.encode();
    let mut out = Vec::with_capacity(40);
    for g in w.0 {
        out.extend_from_slice(&g.to_canonical_u64().to_le_bytes());
    }
    Answer::Bytes(out)
}

fn decode(bytes: &[u8]) -> Result<Point, Answer> {
    if bytes.len() != 40 {
        return Err(Answer::Rejected("point must be 40 bytes".into()));
    }
    // Limbs ≥ p go to the crate as they are: it reads them mod p, its policy.
    Point::decode(&Fp5Element::from_uint64_array(limbs(bytes)))
        .ok_or_else(|| Answer::Rejected("no point has this encoding".into()))
}

fn scalar(bytes: &[u8]) -> Result<ScalarField, Answer> {
    if bytes.len() != 40 {
        return Err(Answer::Rejected("scalar must be 40 bytes".into()));
    }
    Ok(ScalarField::from_non_canonical_limbs(limbs(bytes)))
}

impl Implementation for GoldilocksCrypto {
    fn name(&self) -> &'static str {
        "goldilocks-crypto"
    }

    fn version(&self) -> String {
        "goldilocks-crypto 0.1.2".into()
    }

    fn policy(&self) -> Option<Policy> {
        Some(Policy::GoldilocksCrypto0_1_2)
    }

    fn supports(&self, curve: Curve, _op: Op) -> bool {
        curve == Curve::Ecgfp5
    }

    fn mul_g(&self, _: Curve, s: &[u8]) -> Answer {
        scalar(s).map_or_else(|a| a, |k| encode(&Point::generator().mul(&k)))
    }

    fn mul(&self, _: Curve, point: &[u8], s: &[u8]) -> Answer {
        match (decode(point), scalar(s)) {
            (Err(a), _) | (_, Err(a)) => a,
            (Ok(p), Ok(k)) => encode(&p.mul(&k)),
        }
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        decode(point).map_or_else(|a| a, |p| encode(&p))
    }

    fn sign(&self, _: Curve, sk: &[u8], hm: &[u8], k: &[u8]) -> Answer {
        if sk.len() != 40 || hm.len() != 40 || k.len() != 40 {
            return Answer::Rejected("secret key, message and nonce are 40 bytes".into());
        }
        if !below_n(sk) || !below_n(k) {
            return Answer::Declined(RAW_SCALAR.into());
        }
        match sign_with_nonce(sk, hm, k) {
            // s and e come from canonical scalar arithmetic; re-canonicalise anyway.
            Ok(sig) => {
                let s = ScalarField::from_non_canonical_limbs(limbs(&sig[..40])).to_bytes_le();
                let e = ScalarField::from_non_canonical_limbs(limbs(&sig[40..])).to_bytes_le();
                Answer::Bytes([s, e].concat())
            }
            Err(e) => Answer::rejected(e),
        }
    }

    fn verify(&self, _: Curve, pk: &[u8], hm: &[u8], sig: &[u8]) -> Answer {
        if pk.len() != 40 || hm.len() != 40 || sig.len() != 80 {
            return Answer::Verdict(false);
        }
        if !below_n(&sig[..40]) {
            return Answer::Declined(RAW_SCALAR.into());
        }
        Answer::Verdict(verify_signature(sig, hm, pk).unwrap_or(false))
    }
}
