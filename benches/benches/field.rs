//! Field-multiplication latency (a chain of dependent multiplications), the
//! unit cost behind every scalar multiplication: ours per curve, for the
//! field-mul counts in BENCHMARKS.md.
#![allow(missing_docs, unsafe_code, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twinmul::curves::{bls12_381, bn254, secp256k1};
use twinmul::Field;

fn chain<F: Field>(c: &mut Criterion, name: &str) {
    let a = F::from_u64(0x1234_5678_9abc_def1).invert().unwrap();
    let b = a.square() + F::ONE;
    c.bench_function(&format!("field/{name}/mul x100"), |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x = x * b;
            }
            x
        })
    });
    c.bench_function(&format!("field/{name}/invert"), |bn| {
        bn.iter(|| black_box(a).invert())
    });
    c.bench_function(&format!("field/{name}/invert_vartime"), |bn| {
        bn.iter(|| black_box(a).invert_vartime())
    });
    c.bench_function(&format!("field/{name}/square x100"), |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x = x.square();
            }
            x
        })
    });
}

fn fields(c: &mut Criterion) {
    chain::<secp256k1::Fe>(c, "secp256k1");
    chain::<bn254::Fe>(c, "bn254");
    chain::<bls12_381::Fe>(c, "bls12-381");
}

criterion_group!(benches, fields, peers, gfp5);
criterion_main!(benches);

fn peers(c: &mut Criterion) {
    use ark_ff::Field as _;
    let a = ark_bn254::Fq::from(0x1234_5678_9abc_def1u64)
        .inverse()
        .unwrap();
    let b = a.square() + ark_bn254::Fq::from(1u64);
    c.bench_function("field/bn254/ark mul x100", |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x *= b;
            }
            x
        })
    });
    let a = ark_bls12_381::Fq::from(0x1234_5678_9abc_def1u64)
        .inverse()
        .unwrap();
    let b = a.square() + ark_bls12_381::Fq::from(1u64);
    c.bench_function("field/bls12-381/ark mul x100", |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x *= b;
            }
            x
        })
    });
    // blst's assembly Montgomery product (mulx/adcx/adox where the CPU has
    // them, chosen at run time).
    let mut a = blst::blst_fp::default();
    unsafe { blst::blst_fp_from_uint64(&mut a, [0x1234_5678_9abc_def1, 7, 0, 0, 0, 1].as_ptr()) };
    let b = a;
    c.bench_function("field/bls12-381/blst mul x100", |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                let y = x;
                unsafe { blst::blst_fp_mul(&mut x, &y, &b) };
            }
            x
        })
    });
}

fn gfp5(c: &mut Criterion) {
    use twinmul::ecgfp5::gfp5::Gfp5;
    let a = Gfp5::from_u64s([1, 2, 3, 4, 5]).invert();
    let b = a.square();
    c.bench_function("field/gfp5/mul x100", |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x = x.mul(&b);
            }
            x
        })
    });
    c.bench_function("field/gfp5/square x100", |bn| {
        bn.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x = x.square();
            }
            x
        })
    });
}
