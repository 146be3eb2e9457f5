//! The optimized ECgFp5 stack against the reference and goldilocks-crypto:
//! GF(p) and GF(p⁵) arithmetic, scalars (the 319-bit order, the sampling
//! mask, canonical parsing), Poseidon2, the window lookup, the recoding edge
//! (top digit 16), and the Go-v0.0.15-compatible verifier on the spec's
//! policy table (docs/ecgfp5.md §6).

use core::ops::{Add, Mul, Sub};
use num_bigint::BigUint;
use proptest::prelude::*;
use twinmul::ecgfp5::gf::Gf;
use twinmul::ecgfp5::gfp5::Gfp5;
use twinmul::ecgfp5::{mul as ecmul, point as ec, poseidon2, scalar as esc, schnorr};
use twinmul::Field;
use twinmul_reference::ecgfp5::{
    curve as rc, field as rf, poseidon2 as rp, scalar as rs, schnorr as rsch,
};

const P: u64 = 0xFFFF_FFFF_0000_0001;

fn to_ref(a: &Gfp5) -> rf::Fp5 {
    rf::Fp5(a.to_u64s())
}

proptest! {
    #[test]
    fn gf_ops_match(a in any::<u64>(), b in any::<u64>()) {
        let (x, y) = (Gf::new(a), Gf::new(b));
        let (ra, rb) = (a % P, b % P);
        prop_assert_eq!(x.mul(y).value(), rf::mul(ra, rb));
        prop_assert_eq!(x.add(y).value(), rf::add(ra, rb));
        prop_assert_eq!(x.sub(y).value(), rf::sub(ra, rb));
        prop_assert_eq!(x.invert().value(), rf::inv(ra));
        let (r, ok) = x.sqrt();
        let is_sq = ra == 0 || rf::pow(ra, (P - 1) / 2) == 1;
        prop_assert_eq!(bool::from(ok), is_sq);
        if is_sq { prop_assert_eq!(rf::mul(r.value(), r.value()), ra); }
        // The inverse root that comes with it (zero for zero), on the square
        // of x so that every case has a root.
        let sq = x.mul(x);
        let (r2, inv, ok2) = sq.sqrt_and_inverse();
        prop_assert!(bool::from(ok2));
        prop_assert_eq!(rf::mul(r2.value(), r2.value()), rf::mul(ra, ra));
        prop_assert_eq!(rf::mul(r2.value(), inv.value()), u64::from(ra != 0));
        check_gf_sqrt_vartime(ra);
        check_gf_sqrt_vartime(rf::mul(ra, ra));
    }

    #[test]
    fn gfp5_ops_match(a in proptest::array::uniform5(0..P), b in proptest::array::uniform5(0..P)) {
        let (x, y) = (Gfp5::from_u64s(a), Gfp5::from_u64s(b));
        let (ra, rb) = (rf::Fp5(a), rf::Fp5(b));
        prop_assert_eq!(to_ref(&x.mul(&y)), ra.mul(&rb));
        prop_assert_eq!(to_ref(&x.square()), ra.square());
        prop_assert_eq!(to_ref(&x.sub(&y)), ra.sub(&rb));
        prop_assert_eq!(to_ref(&x.add(&y)), ra.add(&rb));
        prop_assert_eq!(to_ref(&x.mul_small(0xFFFF_FFFF)), ra.mul(&rf::Fp5([0xFFFF_FFFF, 0, 0, 0, 0])));
        prop_assert_eq!(to_ref(&x.invert()), ra.invert());
        prop_assert_eq!(bool::from(x.is_square()), ra.is_square());
        let (r, ok) = x.sqrt();
        prop_assert_eq!(bool::from(ok), ra.is_square());
        if bool::from(ok) { prop_assert_eq!(to_ref(&r.square()), ra); }
        // Every square has its root (half of the random x above are not squares).
        let (r2, ok2) = x.square().sqrt();
        prop_assert!(bool::from(ok2));
        prop_assert_eq!(to_ref(&r2.square()), ra.square());
        for (v, square) in [(x, ra.is_square()), (x.square(), true)] {
            let (r, ok) = v.sqrt_vartime();
            prop_assert_eq!(bool::from(ok), square);
            if square { prop_assert_eq!(r.square(), v); }
        }
        prop_assert_eq!(to_ref(&x.frobenius(1)), ra.pow(&BigUint::from(P)));
    }

    #[test]
    fn poseidon2_permutation_matches_reference(s in proptest::array::uniform12(0..P)) {
        prop_assert_eq!(permute_ours(s), permute_ref(s));
    }

    #[test]
    fn poseidon2_matches_reference(input in proptest::collection::vec(0..P, 0..=20)) {
        let ours = poseidon2::hash_to_quintic_extension(&input.iter().map(|&v| Gf::new(v)).collect::<Vec<_>>());
        prop_assert_eq!(ours.to_u64s(), rp::hash_to_quintic_extension(&input).0);
    }
}

/// The variable-time GF(p) root against the reference's Euler criterion:
/// same verdict, a root that squares back, and its inverse.
fn check_gf_sqrt_vartime(a: u64) {
    let (r, inv, ok) = Gf::new(a).sqrt_and_inverse_vartime();
    let is_sq = a == 0 || rf::pow(a, (P - 1) / 2) == 1;
    assert_eq!(bool::from(ok), is_sq, "vartime verdict on {a}");
    if is_sq {
        assert_eq!(rf::mul(r.value(), r.value()), a, "vartime root of {a}");
        assert_eq!(
            rf::mul(r.value(), inv.value()),
            u64::from(a != 0),
            "vartime inverse root of {a}"
        );
    }
}

fn permute_ours(s: [u64; 12]) -> [u64; 12] {
    let mut g = s.map(Gf::new);
    poseidon2::permute(&mut g);
    g.map(|x| x.value())
}

fn permute_ref(mut s: [u64; 12]) -> [u64; 12] {
    rp::permute(&mut s);
    s
}

/// The permutation on states that push its lazy reductions to their
/// bounds: all lanes p − 1 (the largest products and linear sums), zero,
/// and mixes of both (the internal layer's 128-bit lanes feeding the last
/// external rounds, a planted bug that these states caught).
#[test]
fn poseidon2_permutation_edges() {
    let mixed: [u64; 12] = core::array::from_fn(|i| if i % 2 == 0 { P - 1 } else { 0 });
    let ramp: [u64; 12] = core::array::from_fn(|i| P - 1 - i as u64);
    for s in [[0u64; 12], [P - 1; 12], [1; 12], mixed, ramp] {
        assert_eq!(permute_ours(s), permute_ref(s), "state {s:?}");
    }
}

/// GF(p) products, inverses and Legendre symbols at the edges of the
/// reduction (each borrow and carry path of `reduce128`).
#[test]
fn gf_edges() {
    let edges = [
        0u64,
        1,
        2,
        0xFFFF_FFFF,
        1 << 32,
        (1 << 32) + 1,
        1 << 63,
        P - 2,
        P - 1,
        0xFFFF_FFFE_FFFF_FFFF,
        0x8000_0000_7FFF_FFFF,
    ];
    for a in edges {
        let x = Gf::new(a);
        assert_eq!(x.invert().value(), rf::inv(a), "inv {a}");
        let is_sq = a == 0 || rf::pow(a, (P - 1) / 2) == 1;
        assert_eq!(bool::from(x.is_square()), is_sq, "legendre {a}");
        for b in edges {
            assert_eq!(x.mul(Gf::new(b)).value(), rf::mul(a, b), "{a} · {b}");
            assert_eq!(x.add(Gf::new(b)).value(), rf::add(a, b), "{a} + {b}");
        }
    }
}

/// Square roots where Tonelli–Shanks runs many rounds: powers of c = 7^q,
/// a generator of the 2³²-torsion (even powers are squares of every 2-adic
/// order, odd powers are non-squares).
#[test]
fn gf_sqrt_deep_two_adic() {
    let c = rf::pow(7, 0xFFFF_FFFF);
    for k in [
        1u64,
        2,
        3,
        5,
        1 << 10,
        (1 << 20) + 7,
        (1 << 31) - 1,
        1 << 30,
    ] {
        for (e, square) in [(2 * k, true), (2 * k + 1, false)] {
            let a = rf::pow(c, e);
            let (r, ok) = Gf::new(a).sqrt();
            assert_eq!(bool::from(ok), square, "c^{e}");
            if square {
                assert_eq!(rf::mul(r.value(), r.value()), a, "c^{e}");
            }
        }
    }
    // The variable-time root reads the discrete log in four 8-bit digits:
    // every digit position and value (c^(j·2^(8i)), j < 256), every 2-adic
    // order (c^(2^i)), and those times a random odd-order element.
    let g = rf::pow(0x1234_5678_9abc_def1, 1 << 32); // in the odd-order part
    let mut cases = vec![];
    for i in 0..4 {
        for j in 0..256u64 {
            cases.push(rf::pow(c, j << (8 * i)));
        }
    }
    for i in 0..33 {
        cases.push(rf::pow(c, 1u64 << i));
        cases.push(rf::pow(c, (1u64 << i) + 2));
    }
    for a in cases.clone() {
        check_gf_sqrt_vartime(a);
        check_gf_sqrt_vartime(rf::mul(a, g));
    }
    for a in [0, 1, 2, 3, 7, P - 1, P - 2, (P - 1) / 2, 1 << 32, 1 << 63] {
        check_gf_sqrt_vartime(a);
    }
}

#[test]
fn gfp5_edges() {
    // m has Montgomery form p − 1 (m = (p − 1)/2⁶⁴ mod p, 2⁶⁴ ≡ 2³² − 1):
    // the largest internal limb, the worst case for the product sums.
    let m = rf::mul(P - 1, rf::inv(0xFFFF_FFFF));
    let edges = [
        [0u64; 5],
        [1, 0, 0, 0, 0],
        [P - 1; 5],
        [0, 0, 0, 0, 1],
        [P - 1, 0, 0, 0, 0],
        [m; 5],
        [m, 0, 0, 0, m],
        [0, m, P - 1, m, 1],
    ];
    for v in edges {
        let (x, rx) = (Gfp5::from_u64s(v), rf::Fp5(v));
        assert_eq!(x.to_u64s(), v, "round trip");
        assert_eq!(to_ref(&x.invert()), rx.invert());
        assert_eq!(to_ref(&x.square()), rx.square());
        assert_eq!(bool::from(x.is_square()), rx.is_square());
        // Square roots, including of 0 (the inverse of sqrt(0) = 0 is 0).
        let (r, ok) = x.sqrt();
        assert_eq!(bool::from(ok), rx.is_square());
        if bool::from(ok) {
            assert_eq!(to_ref(&r.square()), rx);
        }
        let (r, ok) = x.sqrt_vartime();
        assert_eq!(bool::from(ok), rx.is_square());
        if bool::from(ok) {
            assert_eq!(to_ref(&r.square()), rx);
        }
        for w in edges {
            let (y, ry) = (Gfp5::from_u64s(w), rf::Fp5(w));
            assert_eq!(to_ref(&x.mul(&y)), rx.mul(&ry));
            assert_eq!(to_ref(&x.add(&y)), rx.add(&ry));
            assert_eq!(to_ref(&x.sub(&y)), rx.sub(&ry));
        }
    }
}

#[test]
fn scalar_order_mask_and_canonical_parsing() {
    let n = rc::order();
    assert_eq!(n.bits(), u64::from(esc::NUM_BITS), "n has 319 bits");
    assert_eq!(BigUint::from_bytes_le(&[0xff; 40].map(|b| b)).bits(), 320);
    // the mask keeps exactly bits 0..319
    let mut top = [0xffu8; 40];
    top[39] &= esc::RANDOM_MASK_TOP;
    assert_eq!(
        BigUint::from_bytes_le(&top),
        (BigUint::from(1u32) << 319) - 1u32
    );
    let nb = rs::to_bytes(&n);
    let nm1 = rs::to_bytes(&(&n - 1u32));
    assert!(
        bool::from(esc::from_canonical_bytes(&nb).is_none()),
        "n is not canonical"
    );
    assert!(bool::from(esc::from_canonical_bytes(&nm1).is_some()));
    assert!(!bool::from(esc::is_canonical(&nb)) && bool::from(esc::is_canonical(&nm1)));
    for _ in 0..200 {
        let s = esc::random_nonzero().unwrap();
        let v = BigUint::from_bytes_le(&esc::to_bytes(&s));
        assert!(v > BigUint::from(0u32) && v < n);
    }
}

#[test]
fn window_lookup_equals_indexed_read_and_top_digit_16() {
    let p = ecmul::mul(&ec::Point::GENERATOR, &esc::Scalar::from_u64(987654321));
    let t = ecmul::multiples_table(&p);
    let id = ec::AffinePoint::default();
    for d in -16i8..=16 {
        let got = ec::Point::NEUTRAL.add_affine(&t.select(d, id));
        let want = match d {
            0 => ec::Point::NEUTRAL,
            d if d > 0 => ec::Point::NEUTRAL.add_affine(&t.get_vartime(d as usize - 1)),
            d => ec::Point::NEUTRAL
                .add_affine(&t.get_vartime((-d) as usize - 1))
                .neg(),
        };
        assert!(bool::from(got.equals(&want)), "digit {d}");
    }
    // n − 1 recodes with a top digit of 16 (the spec's recoding caveat).
    let nm1 = esc::from_bytes_reduced(&rs::to_bytes(&(rc::order() - 1u32))).unwrap();
    let d = twinmul::mul::recode::recode(&nm1.to_canonical_limbs(), 5, 64);
    assert_eq!(d[63], 16);
    let want = rc::encode(&rc::mul_g(&(rc::order() - 1u32)));
    assert_eq!(ecmul::mul_g(&nm1).encode(), want);
}

fn sign_ref(sk: &BigUint, hm: &[u8; 40], k: &BigUint) -> [u8; 80] {
    rsch::sign_with_nonce(&rs::to_bytes(sk), hm, &rs::to_bytes(k)).unwrap()
}

/// The policy table of docs/ecgfp5.md §6, on the strict verifier and the Go-compatible one.
#[test]
fn go_v0_0_15_compat_reproduces_the_policy_table() {
    let n = rc::order();
    // limb 0 small, so that limb 0 + p still fits in 64 bits
    let hm: [u8; 40] = core::array::from_fn(|i| {
        if i < 8 {
            (i == 0) as u8 * 5
        } else {
            i as u8 * 3 + 1
        }
    });
    let sk = BigUint::from(0x1234_5678_9abc_def0u64) * 977u32;
    let pk = rc::encode(&rc::mul_g(&sk));
    let sig = sign_ref(&sk, &hm, &BigUint::from(424242u32));
    let add_n = |b: &[u8]| rs::to_bytes(&(BigUint::from_bytes_le(b) + &n));
    let strict = |pk: &[u8], hm: &[u8], sig: &[u8]| schnorr::verify(pk, hm, sig);
    let go =
        |pk: &[u8], hm: &[u8], sig: &[u8]| twinmul::ecgfp5::compat::verify_go_v0_0_15(pk, hm, sig);

    // valid
    assert!(strict(&pk, &hm, &sig) && go(&pk, &hm, &sig));
    // s → s + n, e → e + n: Go accepts, strict rejects
    let s_n = [add_n(&sig[..40]).to_vec(), sig[40..].to_vec()].concat();
    let e_n = [sig[..40].to_vec(), add_n(&sig[40..]).to_vec()].concat();
    assert!(go(&pk, &hm, &s_n) && !strict(&pk, &hm, &s_n));
    assert!(go(&pk, &hm, &e_n) && !strict(&pk, &hm, &e_n));
    // nonce k = 0: r = 0, e = H(0 ‖ hm), s = −e·sk — valid maths, Go rejects
    let mut pre: Vec<u64> = vec![0; 5];
    pre.extend(rf::limbs_le(&hm));
    let e0 = rs::from_gfp5(&rp::hash_to_quintic_extension(&pre));
    let s0 = (&n - (&e0 * &sk) % &n) % &n;
    let k0 = [rs::to_bytes(&s0), rs::to_bytes(&e0)].concat();
    assert!(strict(&pk, &hm, &k0), "k = 0 is valid mathematics");
    assert!(rsch::verify(&pk, &hm, &k0), "the reference agrees");
    assert!(!go(&pk, &hm, &k0), "Go v0.0.15 rejects it (IsInf bug)");
    // neutral public key with a forged (s, e): Go accepts, strict rejects
    let s = BigUint::from(5u32);
    let mut pre: Vec<u64> = rf::limbs_le(&rc::encode(&rc::mul_g(&s))).to_vec();
    pre.extend(rf::limbs_le(&hm));
    let ef = rs::from_gfp5(&rp::hash_to_quintic_extension(&pre));
    let forged = [rs::to_bytes(&s), rs::to_bytes(&ef)].concat();
    assert!(go(&[0; 40], &hm, &forged) && !strict(&[0; 40], &hm, &forged));
    // public-key limb + p, message limb + p: Go accepts, strict rejects
    let mut pk_nc = pk;
    let l0 = u64::from_le_bytes(pk_nc[..8].try_into().unwrap());
    if let Some(v) = l0.checked_add(P) {
        pk_nc[..8].copy_from_slice(&v.to_le_bytes());
        assert!(go(&pk_nc, &hm, &sig) && !strict(&pk_nc, &hm, &sig));
    }
    let mut hm_nc = hm;
    let m0 = u64::from_le_bytes(hm_nc[..8].try_into().unwrap());
    hm_nc[..8].copy_from_slice(&(m0 + P).to_le_bytes());
    assert!(go(&pk, &hm_nc, &sig) && !strict(&pk, &hm_nc, &sig));
    // sk = n − 1 (pk = −G): a valid signature verifies in both
    let skm = &n - 1u32;
    let pkm = rc::encode(&rc::mul_g(&skm));
    let sigm = sign_ref(&skm, &hm, &BigUint::from(99u32));
    assert!(strict(&pkm, &hm, &sigm) && go(&pkm, &hm, &sigm));
    // off-curve public key: both reject
    let mut off = [0u8; 40];
    off[0] = 1; // w = 1 does not decode
    assert!(!go(&off, &hm, &sig) && !strict(&off, &hm, &sig));
}

#[test]
fn secret_key_debug_is_redacted_and_bad_keys_are_errors() {
    let sk = schnorr::SecretKey::from_bytes(&[7u8; 40]).unwrap();
    assert_eq!(format!("{sk:?}"), "SecretKey(<redacted>)");
    assert_eq!(
        schnorr::SecretKey::from_bytes(&[0u8; 40]).err(),
        Some(twinmul::Error::InvalidScalar)
    );
    assert_eq!(
        schnorr::SecretKey::from_bytes(&[0xffu8; 40]).err(),
        Some(twinmul::Error::InvalidScalar)
    );
    assert_eq!(
        schnorr::SecretKey::from_bytes(&[1u8; 39]).err(),
        Some(twinmul::Error::Length)
    );
    // random-nonce signing verifies
    let hm = [3u8; 40];
    let sig = schnorr::sign(&sk, &hm).unwrap();
    assert!(schnorr::verify(&sk.public_key(), &hm, &sig));
    assert!(
        rsch::verify(&sk.public_key(), &hm, &sig),
        "the reference agrees"
    );
}

/// Every index of every row of the generator table: the constant-time scan
/// equals the indexed read (and the neutral for digit 0).
#[test]
fn generator_table_lookup_every_index() {
    let rows = ecmul::generator_rows();
    let id = ec::AffinePoint::default();
    for row in rows {
        for d in -16i8..=16 {
            let got = ec::Point::NEUTRAL.add_affine(&twinmul::mul::lookup::select_from(row, d, id));
            let want = match d {
                0 => ec::Point::NEUTRAL,
                d if d > 0 => ec::Point::NEUTRAL.add_affine(&row[d as usize - 1]),
                d => ec::Point::NEUTRAL.add_affine(&row[(-d) as usize - 1]).neg(),
            };
            assert!(bool::from(got.equals(&want)), "digit {d}");
        }
    }
}

proptest! {
    #[test]
    fn mul_g_table_equals_window(k in proptest::array::uniform5(any::<u64>())) {
        let mut b = [0u8; 40];
        for (i, l) in k.iter().enumerate() { b[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes()); }
        let s = esc::from_bytes_reduced(&b).unwrap();
        prop_assert!(bool::from(ecmul::mul_g(&s).equals(&ecmul::mul_g_window(&s))));
    }
}

fn scalar_of(limbs: [u64; 5]) -> esc::Scalar {
    let mut b = [0u8; 40];
    for (i, l) in limbs.iter().enumerate() {
        b[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
    }
    esc::from_bytes_reduced(&b).unwrap()
}

/// s·G + e·P by the constant-time paths (each pinned to the reference).
fn mul2_ct(s: &esc::Scalar, e: &esc::Scalar, p: &ec::Point) -> ec::Point {
    ecmul::mul_g(s).add(&ecmul::mul(p, e))
}

proptest! {
    #[test]
    fn mul2_vartime_equals_ct_sum(
        s in proptest::array::uniform5(any::<u64>()),
        e in proptest::array::uniform5(any::<u64>()),
        k in proptest::array::uniform5(any::<u64>()),
    ) {
        let (s, e) = (scalar_of(s), scalar_of(e));
        let p = ecmul::mul_g(&scalar_of(k));
        let got = ecmul::mul2_vartime(&s, &e, &p);
        prop_assert_eq!(got.encode(), mul2_ct(&s, &e, &p).encode());
    }
}

/// Edge scalars (0, 1, 2, n − 1, n − 2, powers of two, dense and sparse wNAF
/// patterns) against edge points (neutral, G, −G, a random point), and the
/// cancelling pair s = −e·k for P = k·G, whose sum is the neutral.
#[test]
fn mul2_vartime_edges() {
    let one = esc::Scalar::ONE;
    let mut scalars = vec![esc::Scalar::ZERO, one, one + one, -one, -(one + one)];
    for limbs in [
        [0, 1, 0, 0, 0],
        [0, 0, 1, 0, 0],
        [0, 0, 0, 0, 1 << 62],
        [u64::MAX, u64::MAX, u64::MAX, u64::MAX, (1 << 62) - 1],
        [0x5555_5555_5555_5555; 5],
        [
            0xAAAA_AAAA_AAAA_AAAA,
            0x0F0F_0F0F_0F0F_0F0F,
            0x8000_0000_0000_0001,
            0x7F,
            1 << 40,
        ],
    ] {
        scalars.push(scalar_of(limbs));
    }
    let k = scalar_of([0x1234_5678, 0x9ABC_DEF0, 7, 11, 13]);
    let q = ecmul::mul_g(&k);
    let points = [
        ec::Point::NEUTRAL,
        ec::Point::GENERATOR,
        ec::Point::GENERATOR.neg(),
        q,
    ];
    for s in &scalars {
        for e in &scalars {
            for p in &points {
                let got = ecmul::mul2_vartime(s, e, p);
                assert_eq!(
                    got.encode(),
                    mul2_ct(s, e, p).encode(),
                    "s = {s:?}, e = {e:?}"
                );
            }
        }
        // s = −e·k: s·G + e·(k·G) = 0.
        let cancel = -(*s * k);
        let got = ecmul::mul2_vartime(&cancel, s, &q);
        assert!(bool::from(got.is_neutral()), "cancelling pair not neutral");
    }
}

/// The 40-byte little-endian encoding of five limbs.
fn bytes40(limbs: [u64; 5]) -> [u8; 40] {
    let mut b = [0u8; 40];
    for (i, l) in limbs.iter().enumerate() {
        b[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
    }
    b
}

proptest! {
    /// A prepared public key gives `verify`'s verdicts: on valid signatures,
    /// on signatures with one limb of s, e or the message changed, and on
    /// random signature bytes.
    #[test]
    fn prepared_public_key_verifies_like_verify(
        sk in proptest::array::uniform5(any::<u64>()),
        hm in proptest::array::uniform5(0..P),
        k in proptest::array::uniform5(any::<u64>()),
        junk in proptest::collection::vec(any::<u8>(), 80),
        limb in 0usize..15,
    ) {
        let Ok(sk) = schnorr::SecretKey::from_bytes(&esc::to_bytes(&scalar_of(sk))) else {
            return Ok(()); // sk = 0: not a key
        };
        let (pk, hm) = (sk.public_key(), bytes40(hm));
        let sig = schnorr::sign_with_nonce(&sk, &hm, &esc::to_bytes(&scalar_of(k))).unwrap();
        let key = schnorr::PreparedPublicKey::new(&pk).unwrap();
        prop_assert!(key.verify(&hm, &sig) && schnorr::verify(&pk, &hm, &sig));
        let (mut sig2, mut hm2) = (sig, hm);
        if limb < 10 {
            sig2[8 * limb] ^= 1;
        } else {
            hm2[8 * (limb - 10)] ^= 1;
        }
        prop_assert_eq!(key.verify(&hm2, &sig2), schnorr::verify(&pk, &hm2, &sig2));
        prop_assert!(!key.verify(&hm2, &sig2));
        prop_assert_eq!(key.verify(&hm, &junk), schnorr::verify(&pk, &hm, &junk));
    }
}

/// Preparing rejects what strict verification rejects: the neutral key,
/// wrong lengths, non-canonical limbs, w off the curve.
#[test]
fn prepared_public_key_rejects_bad_keys() {
    use twinmul::Error;
    assert_eq!(
        schnorr::PreparedPublicKey::new(&[0u8; 40]).err(),
        Some(Error::Identity)
    );
    assert_eq!(
        schnorr::PreparedPublicKey::new(&[0u8; 39]).err(),
        Some(Error::Length)
    );
    assert_eq!(
        schnorr::PreparedPublicKey::new(&bytes40([P, 0, 0, 0, 0])).err(),
        Some(Error::NonCanonical)
    );
    // Some small w is not a valid encoding (about half are not).
    let bad = (1..100u64)
        .map(|w| bytes40([w, 0, 0, 0, 0]))
        .find(|b| ec::Point::decode(b).is_err())
        .unwrap();
    assert_eq!(
        schnorr::PreparedPublicKey::new(&bad).err(),
        Some(Error::NotOnCurve)
    );
    let good = ec::Point::GENERATOR.encode();
    assert!(schnorr::PreparedPublicKey::new(&good).is_ok());
}

proptest! {
    /// The verifier's variable-time decoding against the constant-time one:
    /// the same verdict and the same point, on arbitrary limbs (about half
    /// decode, some are not canonical) and on encodings of random points.
    #[test]
    fn decode_vartime_matches_decode(
        limbs in proptest::array::uniform5(any::<u64>()),
        k in proptest::array::uniform5(any::<u64>()),
    ) {
        let point = ecmul::mul_g(&esc::from_bytes_reduced(&bytes40(k)).unwrap()).encode();
        for b in [bytes40(limbs), point] {
            let (ct, vt) = (ec::Point::decode(&b), ec::Point::decode_vartime(&b));
            prop_assert_eq!(ct.map(|p| p.encode()), vt.map(|p| p.encode()));
        }
        prop_assert!(ec::Point::decode_vartime(&point).is_ok());
    }
}
