//! The documented policy differences between the interop contract (and the
//! reference's strict policy) and the peer libraries, each shown directly on
//! the peer's own API so the adapters' declines and refusals stay justified.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report
#![cfg(feature = "peers")]

use twinmul_audit::implementation::{run, Implementation};
use twinmul_audit::implementations;
use twinmul_audit::{Answer, Curve, Input};
use twinmul_reference::ecgfp5::{curve as ec, poseidon2, scalar as esc, schnorr};

fn get(name: &str) -> Box<dyn Implementation> {
    implementations()
        .into_iter()
        .find(|i| i.name() == name)
        .expect("implementation")
}

/// A (s, e) that verifies for the neutral key where it is accepted: R = s·G.
fn forged_for_neutral(hm: &[u8; 40]) -> Vec<u8> {
    let s = num_bigint::BigUint::from(12345u32);
    let r = ec::encode(&ec::mul_g(&s));
    let mut pre: Vec<u64> = twinmul_reference::ecgfp5::field::limbs_le(&r).to_vec();
    pre.extend(twinmul_reference::ecgfp5::field::limbs_le(hm));
    let e = esc::from_gfp5(&poseidon2::hash_to_quintic_extension(&pre));
    [esc::to_bytes(&s), esc::to_bytes(&e)].concat()
}

#[test]
fn neutral_public_key_forgery_is_accepted_by_goldilocks_crypto_and_rejected_strictly() {
    let hm = [7u8; 40];
    let sig = forged_for_neutral(&hm);
    let zero = [0u8; 40];
    assert_eq!(
        goldilocks_crypto::verify_signature(&sig, &hm, &zero).ok(),
        Some(true),
        "the crate accepts the forgery"
    );
    assert!(
        !schnorr::verify(&zero, &hm, &sig),
        "the strict reference rejects it"
    );
    let input = Input::Verify {
        public_key: zero.to_vec(),
        message: hm.to_vec(),
        signature: sig,
    };
    assert!(run(get("goldilocks-crypto").as_ref(), Curve::Ecgfp5, &input).is_declined());
    assert_eq!(
        run(get("reference").as_ref(), Curve::Ecgfp5, &input),
        Answer::Verdict(false)
    );
}

#[test]
fn non_canonical_limbs_decode_in_goldilocks_crypto_but_not_strictly() {
    const P: u64 = 0xFFFF_FFFF_0000_0001;
    let mut w = [0u8; 40];
    w[..8].copy_from_slice(&(4 + P).to_le_bytes());
    let limbs = twinmul_reference::ecgfp5::field::limbs_le(&w);
    let fe = goldilocks_crypto::Fp5Element::from_uint64_array(limbs);
    assert!(
        goldilocks_crypto::Point::decode(&fe).is_some(),
        "the crate reads [4 + p, 0, 0, 0, 0] as G"
    );
    assert!(ec::decode(&w).is_err(), "the strict decoder rejects it");
}

#[test]
fn k256_accepts_the_compact_tag_which_the_contract_does_not() {
    use k256::elliptic_curve::sec1::FromEncodedPoint;
    let g = twinmul_reference::secp256k1::encode(&twinmul_reference::secp256k1::curve().g);
    let mut compact = g.clone();
    compact[0] = 0x05;
    let ep = k256::EncodedPoint::from_bytes(&compact).expect("sec1 parses tag 05");
    assert!(
        bool::from(k256::AffinePoint::from_encoded_point(&ep).is_some()),
        "k256 decodes it"
    );
    let a = run(
        get("k256").as_ref(),
        Curve::Secp256k1,
        &Input::Decode { point: compact },
    );
    assert!(
        matches!(a, Answer::Rejected(_)),
        "the adapter refuses tag 05: {a}"
    );
}

#[test]
fn libsecp256k1_accepts_hybrid_keys_which_the_contract_does_not() {
    let c = twinmul_reference::secp256k1::curve();
    let mut hybrid = twinmul_reference::secp256k1::encode_uncompressed(&c.g);
    hybrid[0] = 0x06 | (hybrid[64] & 1);
    assert!(
        secp256k1::PublicKey::from_slice(&hybrid).is_ok(),
        "libsecp256k1 parses a hybrid key"
    );
    let a = run(
        get("libsecp256k1").as_ref(),
        Curve::Secp256k1,
        &Input::Decode { point: hybrid },
    );
    assert!(
        matches!(a, Answer::Rejected(_)),
        "the adapter refuses it: {a}"
    );
}
