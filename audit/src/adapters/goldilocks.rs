//! Adapter for `goldilocks-crypto` 0.1.2 (the Rust port of Lighter's Go code).
//!
//! The crate's policies differ from the interop contract in documented ways
//! (docs/ecgfp5.md §§2, 6, 9): it reads field limbs ≥ p and scalars ≥ n raw, accepts the
//! neutral public key, and writes possibly non-canonical output limbs. The
//! adapter canonicalises every output, reduces multiplier scalars mod n
//! before the crate sees them (its recoding is wrong for unreduced values),
//! and *declines* the input classes where the crate's policy is not the
//! contract's — non-canonical limbs or scalars, and the neutral public key —
//! instead of pretending to know what the crate "would" say.

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Op};
use goldilocks_crypto::{sign_with_nonce, verify_signature, Fp5Element, Point, ScalarField};
use num_bigint::BigUint;

const P: u64 = 0xFFFF_FFFF_0000_0001;
const N_HEX: &str =
    "7ffffffd800000077ffffff1000000167fffffe6cfb80639e8885c39d724a09ce80fd996948bffe1";

/// `goldilocks-crypto` 0.1.2.
pub struct GoldilocksCrypto;

fn limbs(bytes: &[u8]) -> [u64; 5] {
    std::array::from_fn(|i| {
        u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes"))
    })
}

fn canonical_limbs(bytes: &[u8]) -> bool {
    bytes.len() == 40 && limbs(bytes).iter().all(|&l| l < P)
}

fn below_n(bytes: &[u8]) -> bool {
    let n = BigUint::parse_bytes(N_HEX.as_bytes(), 16).expect("hex");
    bytes.len() == 40 && BigUint::from_bytes_le(bytes) < n
}

fn is_zero(bytes: &[u8]) -> bool {
    bytes.iter().all(|&b| b == 0)
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
    if !canonical_limbs(bytes) {
        return Err(Answer::Declined(
            "goldilocks-crypto reads limbs ≥ p mod p (lax)".into(),
        ));
    }
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
        if !below_n(sk) || is_zero(sk) || !below_n(k) || is_zero(k) {
            return Answer::Declined(
                "goldilocks-crypto uses keys and nonces ≥ n or = 0 raw".into(),
            );
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
        if !canonical_limbs(pk) || is_zero(pk) || !below_n(&sig[..40]) || !below_n(&sig[40..]) {
            return Answer::Declined(
                "goldilocks-crypto accepts the neutral key, limbs ≥ p and s ≥ n (policy differs)"
                    .into(),
            );
        }
        Answer::Verdict(verify_signature(sig, hm, pk).unwrap_or(false))
    }
}
