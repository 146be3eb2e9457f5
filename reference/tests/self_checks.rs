//! Self-checks of the reference against published constants and group laws.
//! Expected values come from the curves' specifications (SEC 2, EIP-196,
//! the BLS12-381 and ECgFp5 papers/specs), never from the code itself.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use num_bigint::BigUint;
use num_traits::{One, Zero};
use twinmul_reference::ecgfp5::{curve as ec, field, poseidon2, scalar as esc};
use twinmul_reference::weierstrass::{Curve, Point};
use twinmul_reference::{bls12_381, bn254, secp256k1, Error};

fn glv_checks(c: &Curve, beta: BigUint, lambda: BigUint) {
    assert!(c.is_on_curve(&c.g), "G on the curve");
    assert!(c.mul(&c.n, &c.g).is_none(), "n·G = O");
    assert!(c.mul(&(&c.n - 1u32), &c.g) == c.neg(&c.g), "(n−1)·G = −G");
    assert!(
        beta.modpow(&BigUint::from(3u32), &c.p).is_one() && !beta.is_one(),
        "β³ = 1, β ≠ 1"
    );
    let l2 = (&lambda * &lambda + &lambda + 1u32) % &c.n;
    assert!(l2.is_zero(), "λ² + λ + 1 = 0 mod n");
    let (gx, gy) = c.g.clone().expect("finite");
    let phi_g: Point = Some((c.fmul(&beta, &gx), gy));
    assert_eq!(phi_g, c.mul(&lambda, &c.g), "φ(G) = λ·G");
}

#[test]
fn secp256k1_constants() {
    glv_checks(secp256k1::curve(), secp256k1::beta(), secp256k1::lambda());
}

#[test]
fn bn254_constants() {
    glv_checks(bn254::curve(), bn254::beta(), bn254::lambda());
}

#[test]
fn bls12_381_constants() {
    glv_checks(bls12_381::curve(), bls12_381::beta(), bls12_381::lambda());
}

#[test]
fn encodings_round_trip_and_reject() {
    let c = secp256k1::curve();
    for k in [1u32, 2, 3, 1000] {
        let pt = c.mul_g(&BigUint::from(k));
        assert_eq!(secp256k1::decode(&secp256k1::encode(&pt)), Ok(pt.clone()));
        assert_eq!(
            secp256k1::decode(&secp256k1::encode_uncompressed(&pt)),
            Ok(pt)
        );
    }
    assert_eq!(secp256k1::decode(&[0]), Ok(None));
    assert_eq!(secp256k1::decode(&[]), Err(Error::Length));
    assert_eq!(secp256k1::decode(&[5; 33]), Err(Error::Flags));
    let mut big_x = vec![2u8];
    big_x.extend([0xff; 32]);
    assert_eq!(
        secp256k1::decode(&big_x),
        Err(Error::NonCanonicalCoordinate)
    );

    let c = bn254::curve();
    let g2 = c.mul_g(&BigUint::from(2u32));
    assert_eq!(bn254::decode(&bn254::encode(&g2)), Ok(g2));
    assert_eq!(bn254::decode(&[0; 64]), Ok(None));
    let mut off = [0u8; 64];
    off[31] = 1;
    off[63] = 3; // (1, 3) is not on y² = x³ + 3
    assert_eq!(bn254::decode(&off), Err(Error::NotOnCurve));

    let c = bls12_381::curve();
    let g3 = c.mul_g(&BigUint::from(3u32));
    assert_eq!(bls12_381::decode(&bls12_381::encode(&g3)), Ok(g3.clone()));
    assert_eq!(
        bls12_381::decode(&bls12_381::encode_uncompressed(&g3)),
        Ok(g3)
    );
    assert_eq!(bls12_381::decode(&bls12_381::encode(&None)), Ok(None));
    assert_eq!(
        bls12_381::decode(&bls12_381::encode_uncompressed(&None)),
        Ok(None)
    );
    let mut inf_bad = bls12_381::encode(&None);
    inf_bad[47] = 1;
    assert_eq!(bls12_381::decode(&inf_bad), Err(Error::Flags));
    // The published compressed generator.
    let g_hex = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
    assert_eq!(hex::encode(bls12_381::encode(&c.g)), g_hex);
}

fn u(limbs: [u64; 5]) -> field::Fp5 {
    field::Fp5(limbs)
}

#[test]
fn ecgfp5_curve_constants() {
    const P: u64 = field::P;
    // Spec §2: A and B of the Weierstrass model.
    assert_eq!(ec::coeff_a(), u([6148914689804861439, 263, 0, 0, 0]));
    assert_eq!(
        ec::coeff_b(),
        u([15713893096167979237, 6148914689804861265, 0, 0, 0])
    );
    assert_eq!(ec::a_over_3(), field::Fp5::from_u64(6148914689804861441));
    // Spec §2: G in Weierstrass form (Go GENERATOR_WEIERSTRASS).
    let g = ec::generator();
    let gx = u([
        11712523173042564207,
        14090224426659529053,
        13197813503519687414,
        16280770174934269299,
        15998333998318935536,
    ]);
    let gy = u([
        14639054205878357578,
        17426078571020221072,
        2548978194165003307,
        8663895577921260088,
        9793640284382595140,
    ]);
    assert_eq!(g, Some((gx, gy)));
    assert!(ec::is_on_curve(&g));
    let n = ec::order();
    assert_eq!(n.bits(), 319);
    assert!(ec::mul(&n, &g).is_none(), "n·G = neutral");
    // 2G and −G encodings from the spec.
    let two_g = u([
        9158372289535233080,
        10327954189174774606,
        15619016834217869504,
        16517814385077291378,
        10141215455047792195,
    ]);
    assert_eq!(ec::encode_w(&ec::mul_g(&BigUint::from(2u32))), two_g);
    assert_eq!(
        ec::encode_w(&ec::mul_g(&(&n - 1u32))),
        u([P - 4, 0, 0, 0, 0])
    );
    // Small w that decode, and ones that do not (spec §2).
    for w in [0u64, 4, 6, 7, 8] {
        assert!(
            ec::decode_w(&field::Fp5::from_u64(w)).is_ok(),
            "w = {w} decodes"
        );
    }
    for w in [1u64, 2, 3, 5, 9, 10, 11, 12] {
        assert_eq!(
            ec::decode_w(&field::Fp5::from_u64(w)),
            Err(Error::NotOnCurve),
            "w = {w}"
        );
    }
    // Strict limbs: [4 + p, 0, 0, 0, 0] is G to Go and the crate, an error here.
    let mut nc = [0u8; 40];
    nc[..8].copy_from_slice(&(4u64.wrapping_add(P)).to_le_bytes());
    assert_eq!(ec::decode(&nc), Err(Error::NonCanonicalCoordinate));
}

#[test]
fn ecgfp5_encode_decode_round_trip() {
    for k in [1u32, 2, 3, 12345] {
        let pt = ec::mul_g(&BigUint::from(k));
        assert_eq!(ec::decode(&ec::encode(&pt)), Ok(pt));
    }
}

#[test]
fn ecgfp5_from_gfp5_edges() {
    // Spec §4: "limbs of n" → 0, "limbs of 2n" → 0.
    let n = ec::order();
    for m in [1u32, 2] {
        let v = &n * m;
        let bytes = esc::to_bytes(&v);
        let limbs = field::limbs_le(&bytes);
        assert!(
            limbs.iter().all(|&l| l < field::P),
            "n and 2n have canonical limbs"
        );
        assert!(esc::from_gfp5(&u(limbs)).is_zero());
    }
    let all = u([field::P - 1; 5]);
    let v = BigUint::from_bytes_le(&all.to_bytes());
    assert_eq!(esc::from_gfp5(&all), v % &n);
}

#[test]
fn poseidon2_sponge_shape() {
    // No padding: H([]) = 0 and trailing zeros in a block do not matter (spec §5).
    assert!(poseidon2::hash_to_quintic_extension(&[]).is_zero());
    assert_eq!(
        poseidon2::hash_to_quintic_extension(&[7]),
        poseidon2::hash_to_quintic_extension(&[7, 0, 0, 0, 0, 0, 0, 0])
    );
    assert_ne!(
        poseidon2::hash_to_quintic_extension(&[7]),
        poseidon2::hash_to_quintic_extension(&[7, 0, 0, 0, 0, 0, 0, 0, 0])
    );
}

/// The Jacobian double-and-add equals the affine chord-and-tangent one on
/// every curve, for small and edge scalars (0, 1, 2, n − 1, n, n + 1, and
/// scalars whose partial sums meet ±P and ∞), on G and on another point.
#[test]
fn jacobian_multiplication_equals_the_affine_one() {
    use twinmul_reference::ecgfp5::curve as ec;
    for c in [
        twinmul_reference::secp256k1::curve(),
        twinmul_reference::bn254::curve(),
        twinmul_reference::bls12_381::curve(),
    ] {
        let p = c.mul_affine(&BigUint::from(12345u32), &c.g);
        let n = c.n.clone();
        let mut ks: Vec<BigUint> = (0u32..40).map(BigUint::from).collect();
        ks.extend([
            &n - 1u32,
            n.clone(),
            &n + 1u32,
            &n >> 1,
            (&n >> 1) + 1u32,
            &n + &n - 1u32,
        ]);
        for k in &ks {
            for pt in [&c.g, &p, &None] {
                assert_eq!(c.mul(k, pt), c.mul_affine(k, pt), "k = {k}");
            }
        }
    }
    let n = ec::order();
    let g = ec::generator();
    let p = ec::mul_affine(&BigUint::from(777u32), &g);
    let mut ks: Vec<BigUint> = (0u32..24).map(BigUint::from).collect();
    ks.extend([&n - 1u32, n.clone(), &n + 1u32, &n >> 1]);
    for k in &ks {
        for pt in [&g, &p, &None] {
            assert_eq!(ec::mul(k, pt), ec::mul_affine(k, pt), "ecgfp5, k = {k}");
        }
    }
}
