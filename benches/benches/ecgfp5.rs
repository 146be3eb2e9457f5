//! ECgFp5: k·G, k·P, s·G + e·P, Lighter sign and verify — ours against
//! goldilocks-crypto 0.1.2 (the Rust port of Lighter's Go code) and Pornin's
//! own implementation (vendored, `peers/ecgfp5-pornin`; it has the curve but
//! no Lighter signature), side by side. Pornin's k·G and k·P run twice: as
//! published, whose window lookup compiles to a branch on the secret digit,
//! and mended (`peers/ecgfp5-pornin-mended`), constant time like ours: the
//! like-with-like comparison. Inputs are canonical and prepared outside the
//! timed closures.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use twinmul::ecgfp5::{mul as ecmul, point as ec, scalar as esc, schnorr};

fn inputs() -> ([u8; 40], [u8; 40], [u8; 40]) {
    let mut k = [0u8; 40];
    let mut j = [0u8; 40];
    for i in 0..40 {
        k[i] = (i as u8).wrapping_mul(37).wrapping_add(11);
        j[i] = (i as u8).wrapping_mul(91).wrapping_add(5);
    }
    k[39] = 0x3f;
    j[39] = 0x2f;
    let hm: [u8; 40] = core::array::from_fn(|i| if i % 8 == 7 { 0 } else { i as u8 });
    (k, j, hm)
}

fn limbs(b: &[u8; 40]) -> [u64; 5] {
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

fn ecgfp5(c: &mut Criterion) {
    use goldilocks_crypto::{Point, ScalarField};
    let (k, j, hm) = inputs();
    let ks = esc::from_bytes_reduced(&k).unwrap();
    let p = ecmul::mul_g(&esc::from_bytes_reduced(&j).unwrap());
    let gk = ScalarField::from_non_canonical_limbs(limbs(&k));
    let gp = Point::generator().mul(&ScalarField::from_non_canonical_limbs(limbs(&j)));
    let pk_ = ecgfp5_pornin::scalar::Scalar::decode_reduce(&k);
    let pp = ecgfp5_pornin::curve::Point::mulgen(ecgfp5_pornin::scalar::Scalar::decode_reduce(&j));
    let mk = ecgfp5_pornin_mended::scalar::Scalar::decode_reduce(&k);
    let mp = ecgfp5_pornin_mended::curve::Point::mulgen(
        ecgfp5_pornin_mended::scalar::Scalar::decode_reduce(&j),
    );

    let mut g = c.benchmark_group("ecgfp5/mul_g");
    g.bench_function(BenchmarkId::new("optimized", "table"), |b| {
        b.iter(|| ecmul::mul_g(black_box(&ks)))
    });
    g.bench_function(BenchmarkId::new("optimized", "window"), |b| {
        b.iter(|| ecmul::mul_g_window(black_box(&ks)))
    });
    g.bench_function(BenchmarkId::new("goldilocks-crypto", "mul"), |b| {
        b.iter(|| Point::generator().mul(black_box(&gk)))
    });
    g.bench_function(BenchmarkId::new("ecgfp5-pornin", "mulgen"), |b| {
        b.iter(|| ecgfp5_pornin::curve::Point::mulgen(black_box(pk_)))
    });
    g.bench_function(
        BenchmarkId::new("ecgfp5-pornin", "mulgen, lookup mended"),
        |b| b.iter(|| ecgfp5_pornin_mended::curve::Point::mulgen(black_box(mk))),
    );
    g.finish();

    let mut g = c.benchmark_group("ecgfp5/mul");
    g.bench_function(BenchmarkId::new("optimized", "ct"), |b| {
        b.iter(|| ecmul::mul(black_box(&p), black_box(&ks)))
    });
    g.bench_function(BenchmarkId::new("goldilocks-crypto", "mul"), |b| {
        b.iter(|| black_box(&gp).mul(black_box(&gk)))
    });
    g.bench_function(BenchmarkId::new("ecgfp5-pornin", "mul"), |b| {
        b.iter(|| black_box(pp) * black_box(pk_))
    });
    g.bench_function(
        BenchmarkId::new("ecgfp5-pornin", "mul, lookup mended"),
        |b| b.iter(|| black_box(mp) * black_box(mk)),
    );
    g.finish();

    // s·G + e·P, a verification's core on public inputs. Ours is variable
    // time; Pornin's crate has no variable-time form of it that returns the
    // point (its `verify_muladd_vartime` checks s·G + e·P = R, which needs R
    // and so cannot verify Lighter's (s, e) signature), so its rows are its
    // constant-time `mulgen(s) + P·e`, as published and mended.
    let mut g = c.benchmark_group("ecgfp5/muladd");
    let (js, ps) = (
        esc::from_bytes_reduced(&j).unwrap(),
        ecgfp5_pornin::scalar::Scalar::decode_reduce(&j),
    );
    g.bench_function(BenchmarkId::new("optimized", "vartime"), |b| {
        b.iter(|| ecmul::mul2_vartime(black_box(&js), black_box(&ks), black_box(&p)))
    });
    g.bench_function(BenchmarkId::new("ecgfp5-pornin", "mulgen(s) + P·e"), |b| {
        b.iter(|| {
            ecgfp5_pornin::curve::Point::mulgen(black_box(ps)) + black_box(pp) * black_box(pk_)
        })
    });
    let ms = ecgfp5_pornin_mended::scalar::Scalar::decode_reduce(&j);
    g.bench_function(
        BenchmarkId::new("ecgfp5-pornin", "mulgen(s) + P·e, lookup mended"),
        |b| {
            b.iter(|| {
                ecgfp5_pornin_mended::curve::Point::mulgen(black_box(ms))
                    + black_box(mp) * black_box(mk)
            })
        },
    );
    g.finish();

    let sk = schnorr::SecretKey::from_bytes(&k).unwrap();
    let pk = sk.public_key();
    let nonce = j;
    let sig = schnorr::sign_with_nonce(&sk, &hm, &nonce).unwrap();
    let mut g = c.benchmark_group("ecgfp5/sign");
    g.bench_function(BenchmarkId::new("optimized", "random-nonce"), |b| {
        b.iter(|| schnorr::sign(black_box(&sk), black_box(&hm)))
    });
    g.bench_function(
        BenchmarkId::new("optimized", "prepared-nonce-online"),
        |b| {
            b.iter_batched(
                || schnorr::PreparedNonce::new().unwrap(),
                |n| schnorr::sign_prepared(&sk, black_box(&hm), n),
                criterion::BatchSize::SmallInput,
            )
        },
    );
    g.bench_function(
        BenchmarkId::new("goldilocks-crypto", "sign_with_nonce"),
        |b| {
            b.iter(|| {
                goldilocks_crypto::sign_with_nonce(black_box(&k), black_box(&hm), black_box(&nonce))
            })
        },
    );
    g.finish();

    let mut g = c.benchmark_group("ecgfp5/verify");
    g.bench_function(BenchmarkId::new("optimized", "strict"), |b| {
        b.iter(|| schnorr::verify(black_box(&pk), black_box(&hm), black_box(&sig)))
    });
    let key = schnorr::PreparedPublicKey::new(&pk).unwrap();
    g.bench_function(BenchmarkId::new("optimized", "prepared-key"), |b| {
        b.iter(|| black_box(&key).verify(black_box(&hm), black_box(&sig)))
    });
    g.bench_function(
        BenchmarkId::new("goldilocks-crypto", "verify_signature"),
        |b| {
            b.iter(|| {
                goldilocks_crypto::verify_signature(black_box(&sig), black_box(&hm), black_box(&pk))
            })
        },
    );
    g.finish();

    // Where a strict verification's time goes (our code only; ratios are
    // against nothing, they are for the profile in the notes).
    let mut g = c.benchmark_group("ecgfp5/verify_parts");
    let q = ec::Point::decode(&pk).unwrap();
    let ss = esc::from_bytes_reduced(&sig[..40]).unwrap();
    let se = esc::from_bytes_reduced(&sig[40..]).unwrap();
    let tq = ecmul::OddMultiples::<8>::new(&q);
    let id = |v: &str| BenchmarkId::new("optimized", v);
    g.bench_function(id("decode"), |b| {
        b.iter(|| ec::Point::decode(black_box(&pk)))
    });
    g.bench_function(id("odd-multiples-8"), |b| {
        b.iter(|| ecmul::OddMultiples::<8>::new(black_box(&q)))
    });
    g.bench_function(id("mul2-over-table"), |b| {
        b.iter(|| ecmul::mul2_vartime_table(black_box(&ss), black_box(&se), black_box(&tq)))
    });
    g.bench_function(id("encode"), |b| b.iter(|| black_box(&q).encode()));
    use twinmul::ecgfp5::{gf::Gf, gfp5::Gfp5, poseidon2};
    let pre: [Gf; 10] = core::array::from_fn(|i| Gf::new(i as u64 * 12345 + 7));
    g.bench_function(id("hash-10-elements"), |b| {
        b.iter(|| poseidon2::hash_to_quintic_extension(black_box(&pre)))
    });
    let a5 = Gfp5::from_u64s(limbs(&k));
    g.bench_function(id("gfp5-mul"), |b| {
        b.iter(|| black_box(&a5).mul(black_box(&a5)))
    });
    g.bench_function(id("gfp5-square"), |b| b.iter(|| black_box(&a5).square()));
    let g1 = Gf::new(0x1234_5678_9abc_def1);
    g.bench_function(id("gf-sqrt-inv"), |b| {
        b.iter(|| black_box(g1).sqrt_and_inverse())
    });
    g.bench_function(id("gf-sqrt-inv-vartime"), |b| {
        b.iter(|| black_box(g1).sqrt_and_inverse_vartime())
    });
    g.bench_function(id("decode-vartime"), |b| {
        b.iter(|| ec::Point::decode_vartime(black_box(&pk)))
    });
    g.finish();
}

criterion_group!(benches, ecgfp5);
criterion_main!(benches);
