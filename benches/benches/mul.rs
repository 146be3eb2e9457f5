//! Variable-base scalar multiplication k·P, ours against the peers, one
//! criterion group per curve so the implementations sit side by side.
//!
//! Inputs are decoded and prepared outside the timed closures; each closure
//! does the multiplication and nothing else (results stay projective unless
//! the peer's API returns affine). libsecp256k1's constant-time variable-base
//! multiply is ECDH (`shared_secret_point`, which also normalises to affine).
//! The reference runs with a small sample size, for scale only.
#![allow(missing_docs, unsafe_code, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use twinmul::curves::{bls12_381 as t_bls, bn254 as t_bn, secp256k1 as t_secp};
use twinmul::point::projective::ProjectivePoint;
use twinmul::{mul, ScalarField};
use twinmul_benches::scalars;

fn secp(c: &mut Criterion) {
    let ks = scalars(2);
    let (k, j) = (ks[0], ks[1]);
    let mut g = c.benchmark_group("secp256k1/mul");
    let ours_k = t_secp::Scalar::from_bytes_reduced(&k).unwrap();
    let ours_p = mul::mul_vartime(
        &t_secp::Point::generator(),
        &t_secp::Scalar::from_bytes_reduced(&j).unwrap(),
    );
    g.bench_function(BenchmarkId::new("optimized", "ct"), |b| {
        b.iter(|| mul::mul(black_box(&ours_p), black_box(&ours_k)))
    });
    g.bench_function(BenchmarkId::new("optimized-portable", "ct"), |b| {
        b.iter(|| mul::mul_portable(black_box(&ours_p), black_box(&ours_k)))
    });
    g.bench_function(BenchmarkId::new("optimized-vartime", "vartime"), |b| {
        b.iter(|| mul::mul_vartime(black_box(&ours_p), black_box(&ours_k)))
    });
    {
        use k256::elliptic_curve::ops::Reduce;
        let kk = <k256::Scalar as Reduce<k256::U256>>::reduce_bytes(&k.into());
        let kj = <k256::Scalar as Reduce<k256::U256>>::reduce_bytes(&j.into());
        let p = k256::ProjectivePoint::GENERATOR * kj;
        g.bench_function(BenchmarkId::new("k256", "ct"), |b| {
            b.iter(|| black_box(p) * black_box(kk))
        });
    }
    {
        let ctx = secp256k1::Secp256k1::new();
        let sk = secp256k1::SecretKey::from_byte_array(k).unwrap();
        let pk = secp256k1::PublicKey::from_secret_key(
            &ctx,
            &secp256k1::SecretKey::from_byte_array(j).unwrap(),
        );
        g.bench_function(BenchmarkId::new("libsecp256k1", "ecdh-ct"), |b| {
            b.iter(|| secp256k1::ecdh::shared_secret_point(black_box(&pk), black_box(&sk)))
        });
    }
    g.finish();
}

fn bn(c: &mut Criterion) {
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::PrimeField;
    let ks = scalars(2);
    let (k, j) = (ks[0], ks[1]);
    let mut g = c.benchmark_group("bn254/mul");
    let ours_k = t_bn::Scalar::from_bytes_reduced(&k).unwrap();
    let ours_p = mul::mul_vartime(
        &t_bn::Point::generator(),
        &t_bn::Scalar::from_bytes_reduced(&j).unwrap(),
    );
    g.bench_function(BenchmarkId::new("optimized", "ct"), |b| {
        b.iter(|| mul::mul(black_box(&ours_p), black_box(&ours_k)))
    });
    g.bench_function(BenchmarkId::new("optimized-vartime", "vartime"), |b| {
        b.iter(|| mul::mul_vartime(black_box(&ours_p), black_box(&ours_k)))
    });
    let fk = ark_bn254::Fr::from_be_bytes_mod_order(&k);
    let p = (ark_bn254::G1Affine::generator() * ark_bn254::Fr::from_be_bytes_mod_order(&j))
        .into_affine();
    let pp: ark_bn254::G1Projective = p.into();
    g.bench_function(BenchmarkId::new("ark-bn254", "vartime"), |b| {
        b.iter(|| black_box(pp) * black_box(fk))
    });
    g.sample_size(10);
    let r = twinmul_reference::bn254::curve();
    let rp = r.mul_g(&num_bigint::BigUint::from_bytes_be(&j));
    let rk = num_bigint::BigUint::from_bytes_be(&k);
    g.bench_function(BenchmarkId::new("reference", "naive"), |b| {
        b.iter(|| r.mul(black_box(&rk), black_box(&rp)))
    });
    g.finish();
}

fn bls(c: &mut Criterion) {
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::PrimeField;
    let ks = scalars(2);
    let (k, j) = (ks[0], ks[1]);
    let mut g = c.benchmark_group("bls12-381/mul");
    let ours_k = t_bls::Scalar::from_bytes_reduced(&k).unwrap();
    let ours_p: ProjectivePoint<t_bls::Bls12_381> = mul::mul_vartime(
        &t_bls::Point::generator(),
        &t_bls::Scalar::from_bytes_reduced(&j).unwrap(),
    );
    g.bench_function(BenchmarkId::new("optimized", "ct"), |b| {
        b.iter(|| mul::mul(black_box(&ours_p), black_box(&ours_k)))
    });
    g.bench_function(BenchmarkId::new("optimized-vartime", "vartime"), |b| {
        b.iter(|| mul::mul_vartime(black_box(&ours_p), black_box(&ours_k)))
    });
    {
        let mut le = k;
        le.reverse();
        let gen = unsafe { *blst::blst_p1_generator() };
        let mut jl = j;
        jl.reverse();
        let mut p = blst::blst_p1::default();
        // SAFETY: owned values, 256-bit little-endian scalars.
        unsafe { blst::blst_p1_mult(&mut p, &gen, jl.as_ptr(), 256) };
        g.bench_function(BenchmarkId::new("blst", "ct"), |b| {
            b.iter(|| {
                let mut out = blst::blst_p1::default();
                // SAFETY: as above.
                unsafe { blst::blst_p1_mult(&mut out, black_box(&p), black_box(le.as_ptr()), 255) };
                out
            })
        });
    }
    {
        let wide = |s: [u8; 32]| {
            let mut w = [0u8; 64];
            for (i, b) in s.iter().rev().enumerate() {
                w[i] = *b;
            }
            bls12_381::Scalar::from_bytes_wide(&w)
        };
        let p = bls12_381::G1Projective::generator() * wide(j);
        let kk = wide(k);
        g.bench_function(BenchmarkId::new("bls12_381", "ct"), |b| {
            b.iter(|| black_box(p) * black_box(kk))
        });
    }
    {
        let fk = ark_bls12_381::Fr::from_be_bytes_mod_order(&k);
        let p: ark_bls12_381::G1Projective = (ark_bls12_381::G1Affine::generator()
            * ark_bls12_381::Fr::from_be_bytes_mod_order(&j))
        .into_affine()
        .into();
        g.bench_function(BenchmarkId::new("ark-bls12-381", "vartime"), |b| {
            b.iter(|| black_box(p) * black_box(fk))
        });
    }
    g.finish();
}

criterion_group!(benches, secp, bn, bls);
criterion_main!(benches);
