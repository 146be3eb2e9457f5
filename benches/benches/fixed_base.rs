//! k·G and BIP340 on secp256k1 (ours against libsecp256k1 and k256), and k·G
//! on BN254 / BLS12-381 (ours: comb against our own variable-base mul), side
//! by side. libsecp256k1 is called with a pre-randomised context, so it is
//! not charged for re-randomisation.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use twinmul::curves::{bls12_381 as t_bls, bn254 as t_bn, secp256k1 as t_secp};
use twinmul::mul::comb::mul_g_vartime;
use twinmul::mul::comb::GeneratorContext;
use twinmul::point::projective::ProjectivePoint;
use twinmul::{bip340, mul, ScalarField};
use twinmul_benches::scalars;

fn secp(c: &mut Criterion) {
    let k = scalars(1)[0];
    let ours = t_secp::Scalar::from_bytes_reduced(&k).unwrap();
    let ctx = GeneratorContext::<t_secp::Secp256k1>::new().unwrap();
    let mut lctx = secp256k1::Secp256k1::new();
    lctx.seeded_randomize(&[42; 32]);
    let sk = secp256k1::SecretKey::from_byte_array(k).unwrap();
    let mut g = c.benchmark_group("secp256k1/mul_g");
    g.bench_function(BenchmarkId::new("optimized", "comb-ct"), |b| {
        b.iter(|| ctx.mul_g(black_box(&ours)).to_affine())
    });
    g.bench_function(BenchmarkId::new("optimized-portable", "comb-ct"), |b| {
        b.iter(|| ctx.mul_g_portable(black_box(&ours)).to_affine())
    });
    g.bench_function(BenchmarkId::new("optimized-vartime", "comb"), |b| {
        b.iter(|| mul_g_vartime::<t_secp::Secp256k1>(black_box(&ours)).to_affine_vartime())
    });
    g.bench_function(BenchmarkId::new("libsecp256k1", "pubkey_create"), |b| {
        b.iter(|| secp256k1::PublicKey::from_secret_key(&lctx, black_box(&sk)))
    });
    {
        use k256::elliptic_curve::ops::Reduce;
        let kk = <k256::Scalar as Reduce<k256::U256>>::reduce_bytes(&k.into());
        g.bench_function(BenchmarkId::new("k256", "mul_by_generator"), |b| {
            b.iter(|| (k256::ProjectivePoint::GENERATOR * black_box(kk)).to_affine())
        });
    }
    g.finish();

    let msg = [7u8; 32];
    let aux = [9u8; 32];
    let kp = bip340::Keypair::new(&ctx, &k).unwrap();
    let sig = bip340::sign_with_keypair(&ctx, &kp, &msg, &aux).unwrap();
    let pk = kp.public_key();
    let lkp = secp256k1::Keypair::from_seckey_byte_array(&lctx, k).unwrap();
    let lsig = lctx.sign_schnorr_with_aux_rand(&msg, &lkp, &aux);
    let (lpk, _) = lkp.x_only_public_key();
    let ksk = k256::schnorr::SigningKey::from_bytes(&k).unwrap();
    let kvk = *ksk.verifying_key();
    let ksig = k256::schnorr::Signature::try_from(&sig[..]).unwrap();
    let mut g = c.benchmark_group("secp256k1/bip340_sign");
    g.bench_function(BenchmarkId::new("optimized", "keypair"), |b| {
        b.iter(|| bip340::sign_with_keypair(&ctx, black_box(&kp), black_box(&msg), black_box(&aux)))
    });
    g.bench_function(BenchmarkId::new("libsecp256k1", "keypair"), |b| {
        b.iter(|| {
            lctx.sign_schnorr_with_aux_rand(black_box(&msg), black_box(&lkp), black_box(&aux))
        })
    });
    g.bench_function(BenchmarkId::new("k256", "sign_raw"), |b| {
        b.iter(|| ksk.sign_raw(black_box(&msg), black_box(&aux)))
    });
    g.finish();
    // Each peer's verify takes a parsed key (libsecp256k1's `xonly_pubkey`,
    // k256's `VerifyingKey`: the square root of lift_x already done), so
    // ours does too here; `bip340_verify_bytes` charges everyone the parse.
    let ppk = bip340::PublicKey::from_bytes(&pk).unwrap();
    let mut g = c.benchmark_group("secp256k1/bip340_verify");
    g.bench_function(BenchmarkId::new("optimized", "parsed-key"), |b| {
        b.iter(|| black_box(&ppk).verify(black_box(&msg), black_box(&sig)))
    });
    g.bench_function(BenchmarkId::new("libsecp256k1", "verify"), |b| {
        b.iter(|| lctx.verify_schnorr(black_box(&lsig), black_box(&msg), black_box(&lpk)))
    });
    g.bench_function(BenchmarkId::new("k256", "verify_raw"), |b| {
        b.iter(|| kvk.verify_raw(black_box(&msg), black_box(&ksig)))
    });
    g.finish();
    let mut g = c.benchmark_group("secp256k1/bip340_verify_bytes");
    g.bench_function(BenchmarkId::new("optimized", "bytes"), |b| {
        b.iter(|| bip340::verify(black_box(&pk), black_box(&msg), black_box(&sig)))
    });
    g.bench_function(BenchmarkId::new("libsecp256k1", "parse+verify"), |b| {
        b.iter(|| {
            let k = secp256k1::XOnlyPublicKey::from_byte_array(black_box(pk)).unwrap();
            lctx.verify_schnorr(black_box(&lsig), black_box(&msg), &k)
        })
    });
    g.bench_function(BenchmarkId::new("k256", "parse+verify_raw"), |b| {
        b.iter(|| {
            let k = k256::schnorr::VerifyingKey::from_bytes(black_box(&pk)).unwrap();
            k.verify_raw(black_box(&msg), black_box(&ksig))
        })
    });
    g.finish();

    // Where a verification's time goes (our code only; for the profile in
    // the notes, no peer to compare with).
    use twinmul::point::projective::lift_x_vartime;
    use twinmul::Field;
    let mut g = c.benchmark_group("secp256k1/verify_parts");
    let id = |v: &str| BenchmarkId::new("optimized", v);
    let x = t_secp::Fe::from_be_bytes(&pk).unwrap();
    let p = ProjectivePoint::from(lift_x_vartime::<t_secp::Secp256k1>(x).unwrap());
    let s = t_secp::Scalar::from_bytes_reduced(&sig[32..]).unwrap();
    let e = t_secp::Scalar::from_bytes_reduced(&k).unwrap();
    let rr = mul::mul2_vartime(&s, &e, &p);
    g.bench_function(id("lift-x"), |b| {
        b.iter(|| lift_x_vartime::<t_secp::Secp256k1>(black_box(x)))
    });
    g.bench_function(id("challenge-hash"), |b| {
        b.iter(|| bip340::tagged_hash("BIP0340/challenge", &[&sig[..32], black_box(&pk), &msg]))
    });
    g.bench_function(id("mul2-vartime"), |b| {
        b.iter(|| mul::mul2_vartime(black_box(&s), black_box(&e), black_box(&p)))
    });
    g.bench_function(id("mul2-vartime-portable"), |b| {
        b.iter(|| mul::mul2_vartime_portable(black_box(&s), black_box(&e), black_box(&p)))
    });
    g.bench_function(id("to-affine-vartime"), |b| {
        b.iter(|| black_box(&rr).to_affine_vartime())
    });
    g.bench_function(id("fe-mul"), |b| b.iter(|| black_box(x) * black_box(x)));
    g.bench_function(id("fe-square"), |b| b.iter(|| black_box(x).square()));
    g.finish();
}

fn pairing_curves(c: &mut Criterion) {
    let k = scalars(1)[0];
    let kb = t_bn::Scalar::from_bytes_reduced(&k).unwrap();
    let ctx = GeneratorContext::<t_bn::Bn254>::new().unwrap();
    let mut g = c.benchmark_group("bn254/mul_g");
    g.bench_function(BenchmarkId::new("optimized", "comb-ct"), |b| {
        b.iter(|| ctx.mul_g(black_box(&kb)))
    });
    g.bench_function(BenchmarkId::new("optimized", "glv-mul-ct"), |b| {
        b.iter(|| mul::mul(&ProjectivePoint::<t_bn::Bn254>::generator(), black_box(&kb)))
    });
    g.bench_function(BenchmarkId::new("optimized-vartime", "comb"), |b| {
        b.iter(|| mul_g_vartime::<t_bn::Bn254>(black_box(&kb)))
    });
    g.finish();
    let kl = t_bls::Scalar::from_bytes_reduced(&k).unwrap();
    let ctx = GeneratorContext::<t_bls::Bls12_381>::new().unwrap();
    let mut g = c.benchmark_group("bls12-381/mul_g");
    g.bench_function(BenchmarkId::new("optimized", "comb-ct"), |b| {
        b.iter(|| ctx.mul_g(black_box(&kl)))
    });
    g.bench_function(BenchmarkId::new("optimized", "glv-mul-ct"), |b| {
        b.iter(|| {
            mul::mul(
                &ProjectivePoint::<t_bls::Bls12_381>::generator(),
                black_box(&kl),
            )
        })
    });
    g.bench_function(BenchmarkId::new("optimized-vartime", "comb"), |b| {
        b.iter(|| mul_g_vartime::<t_bls::Bls12_381>(black_box(&kl)))
    });
    g.finish();
}

criterion_group!(benches, secp, pairing_curves);
criterion_main!(benches);
