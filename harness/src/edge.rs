//! Edge-case scalars and biased random scalars, shared by the vector
//! generator, the property tests and (later) the fuzz targets.
//!
//! These are *inputs*; expected values never come from here.

use crate::model::Curve;
use num_bigint::BigUint;
use rand::Rng;

/// The group order n of `curve` (taken from the reference's parameters:
/// an input constant, not an expected value).
pub fn order(curve: Curve) -> BigUint {
    use twinmul_reference as r;
    match curve {
        Curve::Secp256k1 => r::secp256k1::curve().n.clone(),
        Curve::Bn254 => r::bn254::curve().n.clone(),
        Curve::Bls12_381 => r::bls12_381::curve().n.clone(),
        Curve::Ecgfp5 => r::ecgfp5::curve::order(),
    }
}

/// The GLV eigenvalue λ, for the curves that have one.
pub fn lambda(curve: Curve) -> Option<BigUint> {
    use twinmul_reference as r;
    match curve {
        Curve::Secp256k1 => Some(r::secp256k1::lambda()),
        Curve::Bn254 => Some(r::bn254::lambda()),
        Curve::Bls12_381 => Some(r::bls12_381::lambda()),
        Curve::Ecgfp5 => None,
    }
}

/// Encodes an integer as a scalar of `curve` (32 bytes BE, or 40 bytes LE for
/// ECgFp5); `None` when it does not fit.
pub fn encode_scalar(curve: Curve, v: &BigUint) -> Option<Vec<u8>> {
    let len = curve.scalar_len();
    if v.bits() > 8 * len as u64 {
        return None;
    }
    let mut le = v.to_bytes_le();
    le.resize(len, 0);
    if curve != Curve::Ecgfp5 {
        le.reverse();
    }
    Some(le)
}

/// Decodes a scalar of `curve` as an (unreduced) integer.
pub fn decode_scalar(curve: Curve, bytes: &[u8]) -> BigUint {
    if curve == Curve::Ecgfp5 {
        BigUint::from_bytes_le(bytes)
    } else {
        BigUint::from_bytes_be(bytes)
    }
}

/// The edge scalars of `curve`, with a label each: 0, 1, 2, n−1, n−2, n, n+1,
/// (n±1)/2, λ and n−λ, powers of two and their neighbours, the all-ones value,
/// and everything in between that docs/ecgfp5.md §8 singles out.
pub fn edge_scalars(curve: Curve) -> Vec<(String, Vec<u8>)> {
    let n = order(curve);
    let one = BigUint::from(1u32);
    let bits = 8 * curve.scalar_len() as u32;
    let pow2 = |i: u32| &one << i;
    let mut v: Vec<(String, BigUint)> = vec![
        ("0".into(), BigUint::from(0u32)),
        ("1".into(), one.clone()),
        ("2".into(), BigUint::from(2u32)),
        ("3".into(), BigUint::from(3u32)),
        ("n-1".into(), &n - 1u32),
        ("n-2".into(), &n - 2u32),
        ("n".into(), n.clone()),
        ("n+1".into(), &n + 1u32),
        ("(n-1)/2".into(), (&n - 1u32) >> 1),
        ("(n+1)/2".into(), (&n + 1u32) >> 1),
        ("2n-1".into(), (&n << 1) - 1u32),
        (format!("2^{}-1", bits), pow2(bits) - 1u32),
        (format!("2^{}", bits - 1), pow2(bits - 1)),
        (format!("2^{}-n", bits), pow2(bits) - &n),
    ];
    for i in [31u32, 32, 63, 64, 127, 128, 191, 192, 255, 256, 318, 319] {
        if i < bits {
            v.push((format!("2^{i}"), pow2(i)));
            v.push((format!("2^{i}-1"), pow2(i) - 1u32));
        }
    }
    if curve == Curve::Ecgfp5 {
        // Digit boundaries of the signed 5-bit recoding (docs/ecgfp5.md §8(b)).
        for k in [4u32, 5, 15, 16, 17, 31, 32, 33, 255, 256] {
            v.push((k.to_string(), BigUint::from(k)));
        }
    }
    if let Some(l) = lambda(curve) {
        v.push(("lambda".into(), l.clone()));
        v.push(("n-lambda".into(), &n - &l));
        v.push(("lambda^2".into(), (&l * &l) % &n));
    }
    // One case per value: 2^(w−1) is also a listed power of two.
    let mut seen = std::collections::HashSet::new();
    v.into_iter()
        .filter(|(_, x)| seen.insert(x.clone()))
        .filter_map(|(label, x)| Some((label, encode_scalar(curve, &x)?)))
        .collect()
}

/// A random scalar of the full byte length (not reduced), biased: a third
/// uniform, a third of low Hamming weight, a third of high Hamming weight
/// (long runs of zero and one bits, as libsecp256k1's test RNG does).
pub fn biased_scalar(curve: Curve, rng: &mut impl Rng) -> Vec<u8> {
    let len = curve.scalar_len();
    let bits = 8 * len;
    let mut out = vec![0u8; len];
    match rng.gen_range(0..3) {
        0 => rng.fill(&mut out[..]),
        mode => {
            let ones = mode == 2;
            out.fill(if ones { 0xff } else { 0 });
            for _ in 0..rng.gen_range(1..8) {
                let i = rng.gen_range(0..bits);
                out[i / 8] ^= 1 << (i % 8);
            }
        }
    }
    out
}
