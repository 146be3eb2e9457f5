//! dudect timing tests (Reparaz–Balasch–Verbauwhede 2017, via
//! `dudect-bencher`) of the constant-time code of `twinmul`: two input
//! classes per target, interleaved at random; Welch's t-test on the timings.
//!
//! Every family has a deliberately leaky control (`*_control`) run under the
//! same harness: if a control is not flagged, the run proves nothing. The
//! verdicts are made by `twinmul ct`, which runs this binary and parses the
//! `max t` of each target. `DUDECT_N` sets the samples per target
//! (default 100 000).
#![allow(missing_docs)]

use dudect_bencher::rand::RngExt;
use dudect_bencher::{ctbench_main, BenchRng, Class, CtRunner};
use std::hint::black_box;
use twinmul::arith::field::FieldParams;
use twinmul::curves::secp256k1::{Fe, Point, Scalar, Secp256k1};
use twinmul::ecgfp5::{mul as ecmul, point as ec, scalar as esc, schnorr};
use twinmul::mul::comb::GeneratorContext;
use twinmul::mul::lookup;
use twinmul::{bip340, mul, Field, LookupTable, ScalarField};

mod peers;
use peers::*;

fn n() -> usize {
    std::env::var("DUDECT_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

/// The samples of a target that costs about `div` lookups a call.
fn classes_n(div: usize) -> usize {
    (n() / div).max(100)
}

fn classes(rng: &mut BenchRng) -> Vec<Class> {
    (0..n())
        .map(|_| {
            if rng.random::<bool>() {
                Class::Left
            } else {
                Class::Right
            }
        })
        .collect()
}

fn scalar(rng: &mut BenchRng) -> Scalar {
    let mut b = [0u8; 32];
    rng.fill(&mut b[..]);
    Scalar::from_bytes_reduced(&b).unwrap_or(Scalar::ONE)
}

/// Builds every input before any timing starts (a store right before the
/// timed call would itself be a class-dependent effect: store forwarding).
fn prepare<T>(
    rng: &mut BenchRng,
    count: usize,
    mut make: impl FnMut(bool, &mut BenchRng) -> T,
) -> Vec<(Class, T)> {
    classes(rng)
        .into_iter()
        .take(count)
        .map(|c| {
            let right = matches!(c, Class::Right);
            (c, make(right, rng))
        })
        .collect()
}

/// GLV window lookup: digit 1 vs a random digit in [−8, 8].
fn ct_lookup_glv(r: &mut CtRunner, rng: &mut BenchRng) {
    let g = Point::generator();
    let mut e = [g; 8];
    for i in 1..8 {
        e[i] = e[i - 1].add(&g);
    }
    let t = LookupTable::new(e);
    let id = Point::identity();
    for (c, d) in prepare(rng, classes_n(1), |right, rng| {
        if right {
            rng.random_range(-8i8..=8)
        } else {
            1
        }
    }) {
        r.run_one(c, || t.select(black_box(d), id));
    }
}

/// secp256k1 comb row (32 affine entries) by `scan_xy`, the scan of the
/// constant-time `mul` and `mul_g`: position 0 vs a random position.
fn ct_lookup_xy(r: &mut CtRunner, rng: &mut BenchRng) {
    use twinmul::mul::comb::GeneratorTable;
    let e = 1 << (Secp256k1::SHAPE.teeth - 1);
    let row = &Secp256k1::table()[e..2 * e];
    for (c, pos) in prepare(rng, classes_n(1), |right, rng| {
        if right {
            rng.random_range(0u8..32)
        } else {
            0
        }
    }) {
        r.run_one(c, || lookup::scan_xy(black_box(row), black_box(pos)));
    }
}

/// ECgFp5 generator-table row: digit 1 vs a random digit in [−16, 16].
fn ct_lookup_ecgfp5_table(r: &mut CtRunner, rng: &mut BenchRng) {
    let row = &ecmul::generator_rows()[17];
    for (c, d) in prepare(rng, classes_n(1), |right, rng| {
        if right {
            rng.random_range(-16i8..=16)
        } else {
            1
        }
    }) {
        r.run_one(c, || {
            lookup::select_from(black_box(row), black_box(d), ec::AffinePoint::default())
        });
    }
}

/// Control: a secret index straight into a 4 MiB table (cache timing).
fn leaky_lookup_control(r: &mut CtRunner, rng: &mut BenchRng) {
    let table: Vec<u64> = (0..(1u64 << 19)).collect();
    let len = table.len();
    for (c, i) in prepare(rng, classes_n(1), |right, rng| {
        if right {
            rng.random_range(0..len)
        } else {
            0
        }
    }) {
        r.run_one(c, || black_box(table[black_box(i)]));
    }
}

/// secp256k1 scalar parsing: n − 1 (just below n) vs n + x (just above).
fn ct_scalar_canonical(r: &mut CtRunner, rng: &mut BenchRng) {
    let mut n_bytes = [0u8; 32];
    twinmul::arith::limbs::to_be_bytes(
        &twinmul::curves::secp256k1::ScalarParams::MODULUS,
        &mut n_bytes,
    );
    let inputs = prepare(rng, classes_n(1), |right, rng| {
        let mut b = n_bytes;
        if right {
            b[31] += rng.random_range(0..16u8);
        } else {
            b[31] -= 1;
        }
        b
    });
    for (c, b) in inputs {
        r.run_one(c, || Scalar::from_canonical_bytes(black_box(&b)).is_some());
    }
}

/// ECgFp5 IsCanonical: n − 1 vs n + x.
fn ct_ecgfp5_is_canonical(r: &mut CtRunner, rng: &mut BenchRng) {
    let mut n_bytes = [0u8; 40];
    for (i, l) in <esc::OrderParams as FieldParams<5>>::MODULUS
        .iter()
        .enumerate()
    {
        n_bytes[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
    }
    let inputs = prepare(rng, classes_n(1), |right, rng| {
        let mut b = n_bytes;
        if right {
            b[0] += rng.random_range(0..16u8);
        } else {
            b[0] -= 1;
        }
        b
    });
    for (c, b) in inputs {
        r.run_one(c, || esc::is_canonical(black_box(&b)));
    }
}

/// Control: an early-exit comparison, equal vs differing in the first byte.
fn leaky_compare_control(r: &mut CtRunner, rng: &mut BenchRng) {
    let secret = [0x5au8; 64];
    let inputs = prepare(rng, classes_n(1), |right, rng| {
        let mut g = secret;
        if right {
            g[0] ^= rng.random_range(1..=255u8);
        }
        g
    });
    for (c, guess) in inputs {
        r.run_one(c, || {
            black_box(&secret)
                .iter()
                .zip(black_box(&guess))
                .all(|(a, b)| a == b)
        });
    }
}

fn random_fe(rng: &mut BenchRng) -> Fe {
    Fe::from_u64(rng.random::<u64>() | 1) * Fe::from_u64(rng.random::<u64>() | 1)
}

/// Field inversion: a fixed element vs random ones.
fn ct_field_invert(r: &mut CtRunner, rng: &mut BenchRng) {
    for (c, x) in prepare(rng, classes_n(10), |right, rng| {
        if right {
            random_fe(rng)
        } else {
            Fe::from_u64(3)
        }
    }) {
        r.run_one(c, || black_box(x).invert());
    }
}

/// Control: the variable-time inversion (binary GCD) under the same classes.
fn leaky_invert_vartime_control(r: &mut CtRunner, rng: &mut BenchRng) {
    for (c, x) in prepare(rng, classes_n(10), |right, rng| {
        if right {
            random_fe(rng)
        } else {
            Fe::from_u64(1)
        }
    }) {
        r.run_one(c, || black_box(x).invert_vartime());
    }
}

/// Field square root (decompression): x³ + 7 for a fixed x vs random x.
fn ct_field_sqrt(r: &mut CtRunner, rng: &mut BenchRng) {
    for (c, x) in prepare(rng, classes_n(10), |right, rng| {
        if right {
            random_fe(rng)
        } else {
            Fe::from_u64(2)
        }
    }) {
        r.run_one(c, || black_box(x).sqrt());
    }
}

/// GLV decomposition and signed recoding: k = 1 vs random k.
fn ct_glv_decompose(r: &mut CtRunner, rng: &mut BenchRng) {
    use twinmul::point::params::CurveParams;
    for (c, k) in prepare(rng, classes_n(1), |right, rng| {
        if right {
            scalar(rng)
        } else {
            Scalar::ONE
        }
    }) {
        let glv = Secp256k1::ENDOMORPHISM.map(|e| e.glv);
        let glv = glv.as_ref().expect("secp256k1 has its GLV endomorphism");
        r.run_one(c, || {
            let s = twinmul::mul::glv::decompose(black_box(&k), glv);
            twinmul::mul::recode::recode(&s.k1, 4, 33)
        });
    }
}

/// ECgFp5 variable-base window (16 affine entries): digit 1 vs random.
fn ct_lookup_ecgfp5_window(r: &mut CtRunner, rng: &mut BenchRng) {
    let t = ecmul::multiples_table(&ecmul::mul_g(&esc::Scalar::from_u64(5)));
    for (c, d) in prepare(rng, classes_n(1), |right, rng| {
        if right {
            rng.random_range(-16i8..=16)
        } else {
            1
        }
    }) {
        r.run_one(c, || t.select(black_box(d), ec::AffinePoint::default()));
    }
}

/// Times `f(P, k)` on secp256k1: k = 1 vs random k.
fn secp_mul_classes(r: &mut CtRunner, rng: &mut BenchRng, f: fn(&Point, &Scalar) -> Point) {
    let p = mul::mul_vartime(&Point::generator(), &Scalar::from_u64(12345));
    for (c, k) in prepare(rng, classes_n(50), |right, rng| {
        if right {
            scalar(rng)
        } else {
            Scalar::ONE
        }
    }) {
        r.run_one(c, || f(black_box(&p), black_box(&k)));
    }
}

/// Variable-base k·P: k = 1 vs random k.
fn ct_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    secp_mul_classes(r, rng, mul::mul);
}

/// The same k·P on the portable loop, which `ct_mul` does not reach on a
/// CPU with AVX-512 IFMA (there it times the vector loop).
fn ct_mul_portable(r: &mut CtRunner, rng: &mut BenchRng) {
    secp_mul_classes(r, rng, mul::mul_portable);
}

/// Times `mul::mul(P, k)` on a curve of the Montgomery fields: k = 1 vs
/// random k.
fn montgomery_curve_mul_classes<C: twinmul::point::params::CurveParams>(
    r: &mut CtRunner,
    rng: &mut BenchRng,
) {
    type Pt<C> = twinmul::point::projective::ProjectivePoint<C>;
    let p = mul::mul_vartime(&Pt::<C>::generator(), &C::Scalar::from_u64(12345));
    for (class, k) in prepare(rng, classes_n(50), |right, rng| {
        let mut b = [0u8; 32];
        rng.fill(&mut b[..]);
        let k = C::Scalar::from_bytes_reduced(&b).unwrap_or(C::Scalar::ONE);
        if right {
            k
        } else {
            C::Scalar::ONE
        }
    }) {
        r.run_one(class, || mul::mul(black_box(&p), black_box(&k)));
    }
}

/// BN254's k·P (the lazy [0, 2p) field): k = 1 vs random k.
fn ct_mul_bn254(r: &mut CtRunner, rng: &mut BenchRng) {
    montgomery_curve_mul_classes::<twinmul::curves::bn254::Bn254>(r, rng);
}

/// BLS12-381's k·P (six limbs, the MULX/ADX product where the CPU has
/// it: valgrind hides ADX, so this is that product's constant-time
/// check): k = 1 vs random k.
fn ct_mul_bls12_381(r: &mut CtRunner, rng: &mut BenchRng) {
    montgomery_curve_mul_classes::<twinmul::curves::bls12_381::Bls12_381>(r, rng);
}

/// Control: `mul_vartime` (wNAF skips zero digits) under the same classes.
fn leaky_mul_vartime_control(r: &mut CtRunner, rng: &mut BenchRng) {
    let p = mul::mul_vartime(&Point::generator(), &Scalar::from_u64(12345));
    for (c, k) in prepare(rng, classes_n(50), |right, rng| {
        if right {
            scalar(rng)
        } else {
            Scalar::ONE
        }
    }) {
        r.run_one(c, || mul::mul_vartime(black_box(&p), black_box(&k)));
    }
}

/// Blinded comb k·G (on the IFMA formulas where present): k = 1 vs random k.
fn ct_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    comb_classes(r, rng, GeneratorContext::mul_g);
}

/// Blinded comb k·G on the portable formulas: k = 1 vs random k.
fn ct_mul_g_portable(r: &mut CtRunner, rng: &mut BenchRng) {
    comb_classes(r, rng, GeneratorContext::mul_g_portable);
}

/// k = 1 vs random k through one of the blinded comb's entry points.
fn comb_classes(
    r: &mut CtRunner,
    rng: &mut BenchRng,
    mul_g: fn(&GeneratorContext<Secp256k1>, &Scalar) -> Point,
) {
    let ctx = GeneratorContext::<Secp256k1>::new().expect("getrandom");
    for (c, k) in prepare(rng, classes_n(20), |right, rng| {
        if right {
            scalar(rng)
        } else {
            Scalar::ONE
        }
    }) {
        r.run_one(c, || mul_g(black_box(&ctx), black_box(&k)));
    }
}

/// An ECgFp5 scalar of one class: 1 (left) or uniform random (right).
fn ecgfp5_scalar(right: bool, rng: &mut BenchRng) -> esc::Scalar {
    if right {
        let mut b = [0u8; 40];
        rng.fill(&mut b[..]);
        esc::from_bytes_reduced(&b).unwrap_or(esc::Scalar::ONE)
    } else {
        esc::Scalar::ONE
    }
}

/// ECgFp5 k·G (position-weighted table): k = 1 vs random k.
fn ct_ecgfp5_mul_g(r: &mut CtRunner, rng: &mut BenchRng) {
    let inputs = prepare(rng, classes_n(20), ecgfp5_scalar);
    for (c, k) in inputs {
        r.run_one(c, || ecmul::mul_g(black_box(&k)));
    }
}

/// ECgFp5 k·P (windows over the 16 multiples of P, scanned whole): the
/// scalar 1 vs random scalars, P fixed.
fn ct_ecgfp5_mul(r: &mut CtRunner, rng: &mut BenchRng) {
    let p = ecmul::mul_g(&esc::from_bytes_reduced(&[0x5a; 40]).unwrap_or(esc::Scalar::ONE));
    let inputs = prepare(rng, classes_n(20), ecgfp5_scalar);
    for (c, k) in inputs {
        r.run_one(c, || ecmul::mul(black_box(&p), black_box(&k)));
    }
}

/// BIP340 signing: a fixed secret key vs random ones (same message; a
/// random aux_rand in both classes, so the public R is alike in both).
fn ct_bip340_sign(r: &mut CtRunner, rng: &mut BenchRng) {
    let ctx = GeneratorContext::<Secp256k1>::new().expect("getrandom");
    let inputs = prepare(rng, classes_n(50), |right, rng| {
        let mut sk = [0x11u8; 32];
        if right {
            rng.fill(&mut sk[1..]);
        }
        let mut aux = [0u8; 32];
        rng.fill(&mut aux[..]);
        (sk, aux)
    });
    for (c, (sk, aux)) in inputs {
        r.run_one(c, || {
            bip340::sign(&ctx, black_box(&sk), b"message", black_box(&aux))
        });
    }
}

/// Lighter signing: a fixed secret key vs random ones (fixed nonce and message).
fn ct_lighter_sign(r: &mut CtRunner, rng: &mut BenchRng) {
    let hm = [1u8; 40];
    let k = [0x22u8; 40];
    let inputs = prepare(rng, classes_n(20), |right, rng| {
        let mut b = [0x11u8; 40];
        if right {
            rng.fill(&mut b[..39]);
        }
        schnorr::SecretKey::from_bytes(&b).expect("valid key")
    });
    for (c, sk) in inputs {
        r.run_one(c, || schnorr::sign_with_nonce(black_box(&sk), &hm, &k));
    }
}

ctbench_main!(
    ct_lookup_glv,
    ct_lookup_xy,
    ct_lookup_ecgfp5_table,
    leaky_lookup_control,
    ct_scalar_canonical,
    ct_ecgfp5_is_canonical,
    leaky_compare_control,
    ct_field_invert,
    ct_field_sqrt,
    leaky_invert_vartime_control,
    ct_glv_decompose,
    ct_lookup_ecgfp5_window,
    ct_mul,
    ct_mul_portable,
    ct_mul_bn254,
    ct_mul_bls12_381,
    leaky_mul_vartime_control,
    ct_mul_g,
    ct_mul_g_portable,
    ct_ecgfp5_mul_g,
    ct_ecgfp5_mul,
    ct_bip340_sign,
    ct_lighter_sign,
    peer_k256_mul_g,
    peer_k256_mul,
    peer_k256_sign,
    peer_libsecp256k1_mul_g,
    peer_libsecp256k1_mul,
    peer_libsecp256k1_sign,
    peer_libsecp256k1_parse_sk,
    peer_blst_mul_g,
    peer_blst_mul,
    peer_bls12_381_mul_g,
    peer_bls12_381_mul,
    peer_ark_bn254_mul_g,
    peer_ark_bn254_mul,
    peer_ark_bls12_381_mul_g,
    peer_ark_bls12_381_mul,
    peer_goldilocks_crypto_mul_g,
    peer_goldilocks_crypto_mul,
    peer_goldilocks_crypto_sign,
    peer_ecgfp5_pornin_mul_g,
    peer_ecgfp5_pornin_mul,
    peer_ecgfp5_pornin_mended_mul_g,
    peer_ecgfp5_pornin_mended_mul,
    peer_reference_mul
);
