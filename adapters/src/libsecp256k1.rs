//! Adapter for `secp256k1` (rust bindings of Bitcoin Core's libsecp256k1).
//!
//! libsecp256k1 cannot represent the point at infinity as a public key and
//! has no multiplication by zero, so those inputs are declined. Its
//! constant-time variable-base multiply is ECDH (`shared_secret_point`);
//! `PublicKey::mul_tweak` is variable time and is not used here. Its parser
//! also accepts the "hybrid" tags 06/07, which the interop contract does not;
//! the adapter refuses them as part of translating the contract's encoding.

use crate::{bad_scalar_len, reduce_be};
use secp256k1::{ecdh, schnorr, All, Keypair, PublicKey, Secp256k1, SecretKey, XOnlyPublicKey};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};

const N: &str = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

/// `secp256k1` 0.31.1 (libsecp256k1 via `secp256k1-sys`).
pub struct LibSecp256k1 {
    ctx: Secp256k1<All>,
}

impl LibSecp256k1 {
    /// A fresh context.
    pub fn new() -> Self {
        LibSecp256k1 {
            ctx: Secp256k1::new(),
        }
    }
}

impl Default for LibSecp256k1 {
    fn default() -> Self {
        Self::new()
    }
}

/// The reduced scalar as a `SecretKey`; `Err` holds the answer to give instead.
fn scalar(s: &[u8]) -> Result<SecretKey, Answer> {
    if s.len() != 32 {
        return Err(bad_scalar_len(Curve::Secp256k1, s.len()));
    }
    let k: [u8; 32] = reduce_be(s, N).try_into().expect("32 bytes");
    SecretKey::from_byte_array(k)
        .map_err(|_| Answer::Declined("libsecp256k1 cannot multiply by 0 mod n".into()))
}

fn parse(point: &[u8]) -> Result<PublicKey, Answer> {
    match point {
        [0x00] => Err(Answer::Declined(
            "libsecp256k1 has no encoding of infinity".into(),
        )),
        [0x06 | 0x07, ..] => Err(Answer::Rejected(
            "hybrid encoding is not SEC1 interop".into(),
        )),
        _ => PublicKey::from_slice(point).map_err(Answer::rejected),
    }
}

impl Implementation for LibSecp256k1 {
    fn name(&self) -> &'static str {
        "libsecp256k1"
    }

    fn version(&self) -> String {
        "secp256k1 0.31.1 (libsecp256k1 via secp256k1-sys 0.11.0)".into()
    }

    fn supports(&self, curve: Curve, _op: Op) -> bool {
        curve == Curve::Secp256k1
    }

    fn mul_g(&self, _: Curve, s: &[u8]) -> Answer {
        match scalar(s) {
            Ok(k) => Answer::Bytes(
                PublicKey::from_secret_key(&self.ctx, &k)
                    .serialize()
                    .to_vec(),
            ),
            Err(a) => a,
        }
    }

    fn mul(&self, _: Curve, point: &[u8], s: &[u8]) -> Answer {
        let p = match parse(point) {
            Ok(p) => p,
            Err(a) => return a,
        };
        let k = match scalar(s) {
            Ok(k) => k,
            Err(a) => return a,
        };
        // ECDH's point output is x ‖ y (64 bytes); k ≠ 0 and the group has
        // prime order, so the result is never infinity.
        let xy = ecdh::shared_secret_point(&p, &k);
        let mut out = vec![if xy[63] & 1 == 1 { 0x03 } else { 0x02 }];
        out.extend_from_slice(&xy[..32]);
        Answer::Bytes(out)
    }

    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        match parse(point) {
            Ok(p) => Answer::Bytes(p.serialize().to_vec()),
            Err(a) => a,
        }
    }

    fn sign(&self, _: Curve, sk: &[u8], msg: &[u8], aux: &[u8]) -> Answer {
        let Ok(aux) = <[u8; 32]>::try_from(aux) else {
            return Answer::Rejected("aux_rand must be 32 bytes".into());
        };
        let Ok(sk) = <[u8; 32]>::try_from(sk) else {
            return Answer::Rejected("secret key must be 32 bytes".into());
        };
        let kp = match Keypair::from_seckey_byte_array(&self.ctx, sk) {
            Ok(k) => k,
            Err(e) => return Answer::rejected(e),
        };
        Answer::Bytes(
            self.ctx
                .sign_schnorr_with_aux_rand(msg, &kp, &aux)
                .to_byte_array()
                .to_vec(),
        )
    }

    fn verify(&self, _: Curve, pk: &[u8], msg: &[u8], sig: &[u8]) -> Answer {
        let (Ok(pk), Ok(sig)) = (<[u8; 32]>::try_from(pk), <[u8; 64]>::try_from(sig)) else {
            return Answer::Verdict(false);
        };
        let Ok(pk) = XOnlyPublicKey::from_byte_array(pk) else {
            return Answer::Verdict(false);
        };
        let sig = schnorr::Signature::from_byte_array(sig);
        Answer::Verdict(self.ctx.verify_schnorr(&sig, msg, &pk).is_ok())
    }
}
