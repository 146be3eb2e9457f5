//! The optimized crate's lower layers against the reference's big integers:
//! derived field constants, field and scalar arithmetic on random and edge
//! values, GLV decomposition bounds, recoding, the lookup table, the
//! subgroup check, and exhaustive runs on the toy curve of order 199.

use crate::checks::{
    all_fields, big, check_split, glv, limbs, lookup_case, mul_paths, ref_toy, to_ref, Oracle,
};
use num_bigint::BigUint;
use proptest::prelude::*;
use twinmul::arith::field::FieldParams;
use twinmul::arith::montgomery::Fp;
use twinmul::curves::{bls12_381, bn254, secp256k1, toy};
use twinmul::point::affine::AffinePoint;
use twinmul::point::params::CurveParams;
use twinmul::point::projective::ProjectivePoint;
use twinmul::{mul, Field, ScalarField};
use twinmul_reference::weierstrass as rw;

/// The derived constants R, R², −p⁻¹ against big integers.
fn constants<P: FieldParams<N>, const N: usize>() {
    let p = big(&P::MODULUS);
    let r = BigUint::from(1u32) << (64 * N);
    assert_eq!(big(&Fp::<P, N>::R), &r % &p, "R");
    assert_eq!(big(&Fp::<P, N>::R2), (&r * &r) % &p, "R²");
    let inv = Fp::<P, N>::INV;
    assert_eq!(
        P::MODULUS[0].wrapping_mul(inv),
        u64::MAX,
        "p·(−p⁻¹) ≡ −1 mod 2⁶⁴"
    );
    assert_eq!(big(&Fp::<P, N>::ONE.montgomery_limbs()), &r % &p);
}

/// Edge values for a field of modulus p: 0, 1, 2, p−1, p−2, (p±1)/2, R mod p,
/// R⁻¹ mod p, 2^(64N) − 1 reduced, powers of two.
fn edges<const N: usize>(m: &[u64; N]) -> Vec<BigUint> {
    let p = big(m);
    let r = BigUint::from(1u32) << (64 * N);
    let rinv = (&r % &p).modpow(&(&p - 2u32), &p);
    let mut v: Vec<BigUint> = vec![
        0u32.into(),
        1u32.into(),
        2u32.into(),
        &p - 1u32,
        &p - 2u32,
        (&p - 1u32) >> 1,
        (&p + 1u32) >> 1,
        &r % &p,
        rinv,
        (&r - 1u32) % &p,
    ];
    for i in [63u32, 64, 127, 128, 191, 192, 254, 255] {
        v.push((BigUint::from(1u32) << i) % &p);
    }
    v
}

#[test]
fn derived_constants_match_big_integers() {
    constants::<secp256k1::BaseParams, 4>();
    constants::<secp256k1::ScalarParams, 4>();
    constants::<bn254::BaseParams, 4>();
    constants::<bn254::ScalarParams, 4>();
    constants::<bls12_381::BaseParams, 6>();
    constants::<bls12_381::ScalarParams, 4>();
    constants::<toy::BaseParams, 1>();
    constants::<toy::ScalarParams, 4>();
}

#[test]
fn field_edge_values() {
    let mut all = edges(&secp256k1::BaseParams::MODULUS);
    all.extend(edges(&bn254::BaseParams::MODULUS));
    all.extend(edges(&bls12_381::BaseParams::MODULUS));
    all.extend(edges(&secp256k1::ScalarParams::MODULUS));
    for a in &all {
        for b in all.iter().step_by(3) {
            all_fields(a, b);
        }
    }
}

#[test]
fn non_canonical_field_bytes_are_rejected() {
    let mut p = vec![0u8; 32];
    twinmul::arith::limbs::to_be_bytes(&secp256k1::BaseParams::MODULUS, &mut p);
    assert!(
        bool::from(secp256k1::Fe::from_be_bytes(&p).is_none()),
        "p itself"
    );
    assert!(bool::from(
        secp256k1::Fe::from_be_bytes(&[0xff; 32]).is_none()
    ));
    assert!(
        bool::from(secp256k1::Fe::from_be_bytes(&[0; 31]).is_none()),
        "wrong length"
    );
    let mut n = vec![0u8; 32];
    twinmul::arith::limbs::to_be_bytes(&bn254::ScalarParams::MODULUS, &mut n);
    assert!(
        bool::from(bn254::Scalar::from_canonical_bytes(&n).is_none()),
        "n is not canonical"
    );
    let n_minus_1 = {
        let mut x = n.clone();
        x[31] -= 1;
        x
    };
    assert!(bool::from(
        bn254::Scalar::from_canonical_bytes(&n_minus_1).is_some()
    ));
    // from_bytes_reduced agrees with big-integer reduction on 2^256 − 1.
    let r = bn254::Scalar::from_bytes_reduced(&[0xff; 32]).unwrap();
    let want = ((BigUint::from(1u32) << 256) - 1u32) % big(&bn254::ScalarParams::MODULUS);
    assert_eq!(big(&r.to_le_limbs()), want);
}

/// The final subtraction of a Montgomery product is needed only when the
/// REDC result lands in [p, 2p), and the variable-time products skip it
/// when the top limb shows r < p. A result v + p with v small has p's top
/// limb, so only products equal to small Montgomery limbs v reach the
/// deciding case; random inputs almost never do, so they are built: z with
/// limbs v, x arbitrary, y = z/x, and a good share of the x land in
/// [p, 2p). Both the constant-time and the variable-time product must give
/// exactly v. Two fields take these paths: secp256k1's base field, whose
/// reduction folds R ≡ c (a REDC result in [p, R) without a carry; a
/// planted `due = top` fails here), and BLS12-381's scalar field, the one
/// non-lazy field of the no-carry CIOS (a skip on `r[N−1] <= p[N−1]`
/// fails here).
fn reduction_rare_case<P: FieldParams<4>>(vs: &[u64]) {
    type F<P> = Fp<P, 4>;
    let p = big(&P::MODULUS);
    let r_inv = (BigUint::from(1u32) << 256u32).modpow(&(&p - 2u32), &p);
    for &v in vs {
        let zc = (BigUint::from(v) * &r_inv) % &p;
        let z = F::<P>::from_canonical_limbs(&limbs(&zc)).unwrap();
        assert_eq!(z.montgomery_limbs(), [v, 0, 0, 0]);
        for i in 1..64u64 {
            let x = F::<P>::from_u64(i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let y = z * x.invert().unwrap();
            assert_eq!((x * y).montgomery_limbs(), [v, 0, 0, 0], "x·y");
            assert_eq!(
                x.mul_vartime(&y).montgomery_limbs(),
                [v, 0, 0, 0],
                "vartime"
            );
        }
    }
}

#[test]
fn reduction_rare_cases() {
    reduction_rare_case::<secp256k1::BaseParams>(&[1, 2, 977, (1 << 32) + 976]);
    reduction_rare_case::<bls12_381::ScalarParams>(&[0, 1, 2, 1 << 40]);
}

proptest! {
    #[test]
    fn field_ops_match_big_integers(a in proptest::collection::vec(any::<u8>(), 48), b in proptest::collection::vec(any::<u8>(), 48)) {
        all_fields(&BigUint::from_bytes_le(&a), &BigUint::from_bytes_le(&b));
    }
}

fn glv_edges<C: CurveParams>() -> Vec<C::Scalar> {
    let n = big(&C::Scalar::ORDER);
    let l = big(&glv::<C>().lambda);
    let mut v: Vec<BigUint> = vec![
        0u32.into(),
        1u32.into(),
        2u32.into(),
        &n - 1u32,
        &n - 2u32,
        (&n - 1u32) >> 1,
        (&n + 1u32) >> 1,
        l.clone(),
        &n - &l,
    ];
    // Values near the rounding boundaries of c₁, c₂: k = ⌊(j + 1/2)·2^m/g⌋ ± 1.
    for g in [glv::<C>().g1, glv::<C>().g2] {
        let g = big(&g);
        if g == BigUint::from(0u32) {
            continue;
        }
        for j in [1u32, 2, 3, 1000, 123456789] {
            let t = ((BigUint::from(2 * j + 1) << (glv::<C>().shift - 1)) / &g) % &n;
            v.extend([t.clone(), (&t + 1u32) % &n, (&t + &n - 1u32) % &n]);
        }
    }
    for i in [64u32, 127, 128, 129, 130, 200, 250] {
        v.push((BigUint::from(1u32) << i) % &n);
        v.push(((BigUint::from(1u32) << i) - 1u32) % &n);
    }
    v.into_iter()
        .map(|x| C::Scalar::from_le_limbs_reduced(&limbs::<4>(&x)))
        .collect()
}

#[test]
fn glv_split_edges() {
    fn run<C: CurveParams>() {
        for k in glv_edges::<C>() {
            check_split::<C>(&k);
        }
    }
    run::<secp256k1::Secp256k1>();
    run::<bn254::Bn254>();
    run::<bls12_381::Bls12_381>();
}

/// The Jacobian `mul2_vartime` (generated G table, P's effective-affine
/// table on E″) equals the projective one — itself pinned to the reference
/// by `mul_paths_match_reference` and exhaustively on the toy curve — on
/// the cases where its additions meet their exceptional branches: P = ±G
/// and small multiples (G and P table entries coincide or cancel),
/// a = ±b, zero halves, the identity P, and the GLV edge scalars.
#[test]
fn mul2_vartime_edges() {
    fn run<C: twinmul::mul::comb::GeneratorTable>() {
        let g = ProjectivePoint::<C>::generator();
        let k = C::Scalar::from_le_limbs_reduced(&[0x1234_5678_9abc_def1, 7, 0xdead_beef, 3]);
        let points = [
            g,
            g.neg(),
            g.double(),
            g.double().add(&g),
            ProjectivePoint::identity(),
            mul::mul_vartime(&g, &k),
        ];
        let one = C::Scalar::ONE;
        let mut pairs = vec![
            (C::Scalar::ZERO, C::Scalar::ZERO),
            (one, C::Scalar::ZERO),
            (C::Scalar::ZERO, one),
            (one, one),
            (one, -one),
            (one.double(), -one),
            (k, -k),
            (k, k),
        ];
        let e = glv_edges::<C>();
        for (i, a) in e.iter().enumerate() {
            pairs.push((*a, e[(i + 3) % e.len()]));
            pairs.push((*a, -*a));
            pairs.push((*a, *a));
        }
        for p in &points {
            for (a, b) in &pairs {
                let slow = mul::mul2_vartime_projective(a, b, p);
                for (path, fast) in [
                    ("mul2_vartime", mul::mul2_vartime(a, b, p)),
                    ("portable", mul::mul2_vartime_portable(a, b, p)),
                ] {
                    assert!(
                        bool::from(subtle::ConstantTimeEq::ct_eq(&fast, &slow)),
                        "{path}({:?}, {:?}, P)",
                        a.to_le_limbs(),
                        b.to_le_limbs()
                    );
                }
            }
        }
    }
    run::<secp256k1::Secp256k1>();
    run::<bn254::Bn254>();
    run::<bls12_381::Bls12_381>();
}

/// secp256k1's vector backend (AVX-512 IFMA) is taken where the CPU has
/// it, and nowhere else; where it is, it equals the portable Straus sum on
/// random scalars and points (the edge cases are `mul2_vartime_edges`).
#[test]
fn mul2_vartime_vector_backend() {
    use twinmul::mul::comb::GeneratorTable;
    let has = has_ifma();
    let g = secp256k1::Point::generator();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || xorshift(&mut x);
    for _ in 0..200 {
        let mut scalar =
            || secp256k1::Scalar::from_le_limbs_reduced(&[next(), next(), next(), next()]);
        let (a, b, k) = (scalar(), scalar(), scalar());
        let p = mul::mul_vartime(&g, &k);
        let vector = secp256k1::Secp256k1::mul2_vartime_accelerated(&a, &b, &p);
        assert_eq!(
            vector.is_some(),
            has,
            "the vector path where, and only where, the CPU has IFMA"
        );
        if let Some(v) = vector {
            let portable = mul::mul2_vartime_portable(&a, &b, &p);
            assert!(
                bool::from(subtle::ConstantTimeEq::ct_eq(&v, &portable)),
                "k = {:?}",
                k.to_le_limbs()
            );
        }
    }
}

/// k·P on secp256k1's vector backend, constant time and variable time:
/// both hooks answer where, and only where, the CPU has IFMA, and `mul`
/// and `mul_vartime` equal their portable loops on random points and
/// scalars and on the GLV edge scalars (the formulas' special cases are
/// the unit tests of `point/jacobian4.rs`).
#[test]
fn mul_vector_backend() {
    use secp256k1::{Fe, Secp256k1};
    let has = has_ifma();
    let g = secp256k1::Point::generator();
    let table = [(Fe::ONE, Fe::ONE); 16];
    let hook = Secp256k1::glv_odd_digits_accelerated(&table, &[1; 26], &[1; 26], 5);
    assert_eq!(
        hook.is_some(),
        has,
        "the vector path where, and only where, the CPU has IFMA"
    );
    let three = secp256k1::Scalar::from_u64(3);
    let hook = Secp256k1::mul_vartime_accelerated(&[g.x, g.y, g.z], &three);
    assert_eq!(
        hook.is_some(),
        has,
        "the vector mul_vartime where, and only where, the CPU has IFMA"
    );
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || xorshift(&mut x);
    let mut scalars = glv_edges::<Secp256k1>();
    for _ in 0..200 {
        scalars.push(secp256k1::Scalar::from_le_limbs_reduced(&[
            next(),
            next(),
            next(),
            next(),
        ]));
    }
    for (i, k) in scalars.iter().enumerate() {
        let p = mul::mul_vartime(&g, &scalars[(i + 1) % scalars.len()]);
        let (fast, portable) = (mul::mul(&p, k), mul::mul_portable(&p, k));
        assert!(
            bool::from(subtle::ConstantTimeEq::ct_eq(&fast, &portable)),
            "k = {:?}",
            k.to_le_limbs()
        );
        let (fast, portable) = (mul::mul_vartime(&p, k), mul::mul_vartime_portable(&p, k));
        assert!(
            bool::from(subtle::ConstantTimeEq::ct_eq(&fast, &portable)),
            "vartime, k = {:?}",
            k.to_le_limbs()
        );
    }
}

/// The blinded comb on secp256k1's vector backend: the hook answers where,
/// and only where, the CPU has IFMA, and `mul_g` equals `mul_g_portable`
/// under one blinding on random scalars, the GLV edge scalars and the
/// scalars k = b + j whose comb sum comb(k − b) = comb(j) has all its digits
/// −1, or all +1 but the top (d = 0 and d = n − 1, module doc of
/// `mul/comb.rs`), or is 0 (its last addition meets −acc).
#[test]
fn mul_g_vector_backend() {
    use secp256k1::{Fe, Scalar, Secp256k1};
    use twinmul::mul::comb::{GeneratorContext, GeneratorTable};
    let has = has_ifma();
    assert_eq!(
        Secp256k1::comb_accelerated(&[1, 2, 3, 4], &Fe::ONE).is_some(),
        has,
        "the vector comb where, and only where, the CPU has IFMA"
    );
    let sh = Secp256k1::SHAPE;
    let two_b = Scalar::power_of_two((sh.blocks * sh.teeth * sh.spacing) as u32);
    // The blinding b of the seed below: its first 32 bytes, little-endian.
    let b = Scalar::from_le_limbs_reduced(&[0x3c3c_3c3c_3c3c_3c3c; 4]);
    let mut scalars = glv_edges::<Secp256k1>();
    for j in [
        Scalar::ONE - two_b,
        Scalar::ZERO - Scalar::ONE - two_b,
        Scalar::ZERO,
    ] {
        scalars.push(b + j);
    }
    let mut x = 0x5851_F42D_4C95_7F2Du64;
    let mut next = || xorshift(&mut x);
    for _ in 0..100 {
        scalars.push(Scalar::from_le_limbs_reduced(&[
            next(),
            next(),
            next(),
            next(),
        ]));
    }
    let mut ctx = GeneratorContext::<Secp256k1>::new().unwrap();
    ctx.rerandomize_with(&[0x3c; 64]);
    for k in &scalars {
        let (fast, portable) = (ctx.mul_g(k), ctx.mul_g_portable(k));
        assert!(
            bool::from(subtle::ConstantTimeEq::ct_eq(&fast, &portable)),
            "k = {:?}",
            k.to_le_limbs()
        );
    }
}

/// Whether the CPU runs the vector backend (AVX-512 IFMA and VL); says so
/// where it does not.
fn has_ifma() -> bool {
    let has = is_x86_feature_detected("avx512ifma") && is_x86_feature_detected("avx512vl");
    if !has {
        eprintln!("SKIPPED: this CPU has no AVX-512 IFMA; only the portable path runs");
    }
    has
}

/// One xorshift64 step: the tests' reproducible random words.
fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

#[cfg(target_arch = "x86_64")]
fn is_x86_feature_detected(f: &str) -> bool {
    match f {
        "avx512ifma" => std::is_x86_feature_detected!("avx512ifma"),
        "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
        _ => false,
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn is_x86_feature_detected(_: &str) -> bool {
    false
}

/// `mul_shift_round(a, b, m)` is ⌊a·b / 2^m⌉ (halves round up), against
/// big integers; a is cut to m bits where m < 256 so that the quotient
/// fits in 256 bits, as the function requires.
fn check_mul_shift_round(a: &[u64; 4], b: &[u64; 4], m: u32) {
    let a = limbs::<4>(&(big(a) % (BigUint::from(1u32) << m.min(256))));
    let want = (big(&a) * big(b) + (BigUint::from(1u32) << (m - 1))) >> m;
    assert_eq!(
        big(&twinmul::mul::glv::mul_shift_round(&a, b, m)),
        want,
        "m = {m}"
    );
}

/// The rounding at its boundaries: a·b = 5·2^(m−1) (2.5 after the shift,
/// which rounds up) and one unit of b either side of it, for shifts on and
/// off limb boundaries.
#[test]
fn mul_shift_round_boundaries() {
    for m in [
        64u32, 65, 127, 128, 200, 255, 256, 257, 320, 383, 384, 385, 447, 448,
    ] {
        let s = (m - 1).saturating_sub(250);
        let b = limbs::<4>(&(BigUint::from(1u32) << s));
        let a = BigUint::from(5u32) << (m - 1 - s);
        for a in [&a - 1u32, a.clone(), &a + 1u32] {
            check_mul_shift_round(&limbs::<4>(&a), &b, m);
        }
    }
}

proptest! {
    #[test]
    fn mul_shift_round_random(a in any::<[u64; 4]>(), b in any::<[u64; 4]>(), m in 64u32..=448) {
        check_mul_shift_round(&a, &b, m);
    }

    #[test]
    fn glv_split_random(k in any::<[u64; 4]>()) {
        check_split::<secp256k1::Secp256k1>(&secp256k1::Scalar::from_le_limbs_reduced(&k));
        check_split::<bn254::Bn254>(&bn254::Scalar::from_le_limbs_reduced(&k));
        check_split::<bls12_381::Bls12_381>(&bls12_381::Scalar::from_le_limbs_reduced(&k));
    }
}

/// Every index and sign of the constant-time lookup equals the indexed read.
#[test]
fn lookup_select_equals_indexed_read() {
    for d in -8i8..=8 {
        lookup_case(&[3, 1, 4, 1], d);
    }
}

/// Toy curve: every scalar through every multiplication path, every pair of
/// points through addition, mixed addition and doubling.
#[test]
fn toy_curve_exhaustive() {
    let r = ref_toy();
    let g = toy::Point::generator();
    let mut pts = vec![toy::Point::identity()];
    for _ in 1..199 {
        let last = *pts.last().unwrap();
        pts.push(last.add(&g));
    }
    // the group really has order 199 and matches the reference element by element
    assert!(bool::from(pts[198].add(&g).is_identity()));
    for (k, p) in pts.iter().enumerate() {
        assert_eq!(to_ref(p), r.mul_g(&BigUint::from(k)), "{k}·G");
    }
    for (i, p) in pts.iter().enumerate() {
        let pa = p.to_affine();
        assert_eq!(to_ref(&p.double()), r.double(&to_ref(p)), "2·({i}G)");
        for (j, q) in pts.iter().enumerate() {
            let want = &pts[(i + j) % 199];
            assert!(
                bool::from(subtle::ConstantTimeEq::ct_eq(&q.add(p), want)),
                "{j}G + {i}G"
            );
            assert!(
                bool::from(subtle::ConstantTimeEq::ct_eq(&q.add_mixed(&pa), want)),
                "mixed {j}G + {i}G"
            );
        }
    }
    // every scalar × a spread of points, through every path
    for (i, p) in pts.iter().enumerate().step_by(7) {
        for k in 0..199u64 {
            let s = toy::Scalar::from_u64(k);
            let want = &pts[(i * k as usize) % 199];
            for (name, got) in [
                ("mul", mul::mul(p, &s)),
                ("mul_vartime", mul::mul_vartime(p, &s)),
                ("mul_complete", mul::mul_complete(p, &s)),
                ("double-and-add", mul::mul_double_and_add(p, &s)),
            ] {
                assert!(
                    bool::from(subtle::ConstantTimeEq::ct_eq(&got, want)),
                    "{name}: {k}·({i}G)"
                );
            }
            check_split::<toy::Toy>(&s);
            for k2 in [0u64, 1, 5, 198] {
                let got = mul::mul2_vartime_projective(&s, &toy::Scalar::from_u64(k2), p);
                let want = &pts[(k as usize + i * k2 as usize) % 199];
                assert!(
                    bool::from(subtle::ConstantTimeEq::ct_eq(&got, want)),
                    "mul2 {k}·G + {k2}·({i}G)"
                );
            }
        }
    }
    // batch_to_affine with identities mixed in
    let mut out = vec![AffinePoint::<toy::Toy>::identity(); pts.len()];
    twinmul::point::projective::batch_to_affine(&pts, &mut out);
    for (p, a) in pts.iter().zip(&out) {
        assert!(bool::from(subtle::ConstantTimeEq::ct_eq(&p.to_affine(), a)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn mul_paths_match_reference(k in any::<[u64; 4]>(), j in any::<[u64; 4]>()) {
        mul_paths::<secp256k1::Secp256k1>(Oracle::Reference(twinmul_reference::secp256k1::curve()), &k, &j);
        mul_paths::<bn254::Bn254>(Oracle::Reference(twinmul_reference::bn254::curve()), &k, &j);
        mul_paths::<bls12_381::Bls12_381>(Oracle::Reference(twinmul_reference::bls12_381::curve()), &k, &j);
    }
}

/// Scott's subgroup test agrees with n·P = O on curve points that are
/// mostly outside G1 (x chosen freely), and λ = −x² mod n.
#[test]
fn bls_subgroup_check_matches_order_check() {
    let n = big(&bls12_381::ScalarParams::MODULUS);
    let x = BigUint::from(bls12_381::X_ABS);
    assert_eq!(
        big(&glv::<bls12_381::Bls12_381>().lambda),
        (&n - (&x * &x) % &n) % &n,
        "λ = −x² mod n"
    );
    let r = twinmul_reference::bls12_381::curve();
    let (mut inside, mut outside) = (0, 0);
    for xi in 0u64..40 {
        let fx = bls12_381::Fe::from_u64(xi);
        let Some(p) = Option::<AffinePoint<bls12_381::Bls12_381>>::from(
            twinmul::point::projective::lift_x(fx),
        ) else {
            continue;
        };
        let ours = bool::from(bls12_381::is_torsion_free(&p.into()));
        let theirs = r.is_in_subgroup(&to_ref(&ProjectivePoint::from(p)));
        assert_eq!(ours, theirs, "x = {xi}");
        if ours {
            inside += 1
        } else {
            outside += 1
        }
    }
    // cofactor-cleared points are inside
    for xi in 0u64..5 {
        let fx = bls12_381::Fe::from_u64(xi + 100);
        if let Some(p) = Option::<AffinePoint<bls12_381::Bls12_381>>::from(
            twinmul::point::projective::lift_x(fx),
        ) {
            let h = BigUint::parse_bytes(b"396c8c005555e1568c00aaab0000aaab", 16).unwrap();
            let q = r.mul(&h, &to_ref(&ProjectivePoint::from(p)));
            let (qx, qy) = q.unwrap();
            let qa = AffinePoint::<bls12_381::Bls12_381> {
                x: bls12_381::Fe::from_be_bytes(&rw::to_be(&qx, 48)).unwrap(),
                y: bls12_381::Fe::from_be_bytes(&rw::to_be(&qy, 48)).unwrap(),
                infinity: subtle::Choice::from(0),
            };
            assert!(bool::from(bls12_381::is_torsion_free(&qa.into())));
            inside += 1;
        }
    }
    assert!(
        outside > 5 && inside >= 1,
        "both verdicts exercised: {inside} in, {outside} out"
    );
}

/// A curve declared without its endomorphism: the generic windowed paths
/// of a curve without GLV, at full size. secp256k1's 256-bit order takes
/// 52 odd digits over 260 bits; BLS12-381's 255-bit order takes 51 over
/// exactly 255, the case where the digits end at the order's top bit.
macro_rules! plain_curve {
    ($name:ident, $curve:ident, $marker:ident) => {
        #[derive(Clone, Copy, Debug)]
        struct $name;

        impl CurveParams for $name {
            type Fe = $curve::Fe;
            type Scalar = $curve::Scalar;
            const B: Self::Fe = $curve::$marker::B;
            const B3: Self::Fe = $curve::$marker::B3;
            const GENERATOR: (Self::Fe, Self::Fe) = $curve::$marker::GENERATOR;
            const ENDOMORPHISM: Option<
                twinmul::point::params::Endomorphism<Self::Fe, Self::Scalar>,
            > = None;
        }
    };
}
plain_curve!(Secp256k1Plain, secp256k1, Secp256k1);
plain_curve!(Bls12_381Plain, bls12_381, Bls12_381);

/// Every multiplication path of a curve without endomorphism equals the
/// reference `r` on k, 0, 1 and n − 1, at the point j·G.
fn plain_curve_case<C: CurveParams>(
    r: &rw::Curve,
    k: [u64; 4],
    j: u64,
) -> Result<(), TestCaseError> {
    let j = C::Scalar::from_u64(j);
    let p = mul::mul_vartime(&ProjectivePoint::<C>::generator(), &j);
    let pref = r.mul_g(&big(&j.to_le_limbs()));
    for k in [k, [0; 4], [1, 0, 0, 0], limbs::<4>(&(r.n.clone() - 1u32))] {
        let k = C::Scalar::from_le_limbs_reduced(&k);
        let want = r.mul(&big(&k.to_le_limbs()), &pref);
        prop_assert_eq!(to_ref(&mul::mul(&p, &k)), want.clone(), "mul");
        prop_assert_eq!(
            to_ref(&mul::mul_vartime(&p, &k)),
            want.clone(),
            "mul_vartime"
        );
        prop_assert_eq!(
            to_ref(&mul::mul_complete(&p, &k)),
            want.clone(),
            "mul_complete"
        );
        let two = mul::mul2_vartime_projective(&j, &k, &p);
        prop_assert_eq!(to_ref(&two), r.add(&pref, &want), "mul2_vartime_projective");
    }
    Ok(())
}

proptest! {
    /// Every multiplication path of the curves without endomorphism equals
    /// the reference, on edge and random scalars.
    #[test]
    fn curve_without_endomorphism_matches_reference(
        k in proptest::array::uniform4(any::<u64>()),
        j in 1u64..,
    ) {
        plain_curve_case::<Secp256k1Plain>(twinmul_reference::secp256k1::curve(), k, j)?;
        plain_curve_case::<Bls12_381Plain>(twinmul_reference::bls12_381::curve(), k, j)?;
    }
}
