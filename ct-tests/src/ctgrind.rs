//! Valgrind secret-taint checks (the approach of libsecp256k1's
//! `ctime_tests`): mark secret inputs *undefined* with memcheck client
//! requests, run the secret API, and let memcheck report any conditional
//! jump or memory address that depends on them. Run under
//! `valgrind --error-exitcode=42 target/release/twinmul-ctgrind TARGET` (a
//! release build: debug builds branch where release builds do not). Outputs
//! are marked defined again before they are used.
//!
//! Constant-time targets must run clean; the `*_control` targets must be
//! reported (exit 42): `twinmul ct --valgrind` checks both. The binary is
//! built with `--cfg twinmul_ctgrind`, which turns on the library's
//! `ct::declassify` points (key validity, BIP340's k′ = 0).
#![allow(missing_docs, unsafe_code)] // the client requests are inline asm

use std::hint::black_box;
use twinmul::curves::secp256k1::{Point, Scalar, Secp256k1};
use twinmul::ecgfp5::{mul as ecmul, point as ec, scalar as esc};
use twinmul::mul::comb::GeneratorContext;
use twinmul::mul::lookup;
use twinmul::{mul, Field, LookupTable, ScalarField};

const MAKE_MEM_UNDEFINED: u64 = 0x4D43_0001;
const MAKE_MEM_DEFINED: u64 = 0x4D43_0002;

/// A memcheck client request: the magic preamble valgrind recognises
/// (four rotations of rdi summing to 128 bits, then `xchg rbx, rbx`); a
/// no-op returning `default` outside valgrind.
fn client_request(req: u64, addr: u64, len: u64) -> u64 {
    let args = [req, addr, len, 0, 0, 0];
    let mut result: u64 = 0;
    // SAFETY: the instruction sequence leaves every register as it found it
    // (rdi is rotated by 3 + 13 + 61 + 51 = 128 bits; xchg rbx, rbx is a
    // no-op); valgrind reads `args` through rax and writes rdx.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51", "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            inout("rdi") 0u64 => _,
            options(nostack),
        );
    }
    result
}

fn poison<T>(x: &T) {
    client_request(
        MAKE_MEM_UNDEFINED,
        x as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
}

fn unpoison<T>(x: &T) {
    client_request(
        MAKE_MEM_DEFINED,
        x as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
}

/// The classic leak: return at the first differing byte.
#[inline(never)]
fn early_exit_eq(a: &[u8; 32], b: &[u8; 32]) -> bool {
    for i in 0..32 {
        if black_box(a[i]) != black_box(b[i]) {
            return false;
        }
    }
    true
}

fn targets() -> Vec<(&'static str, fn())> {
    vec![
        ("ct_lookup_glv", || {
            let g = Point::generator();
            let mut e = [g; 8];
            for i in 1..8 {
                e[i] = e[i - 1].add(&g);
            }
            let t = LookupTable::new(e);
            let d: i8 = -5;
            poison(&d);
            let r = t.select(black_box(d), Point::identity());
            unpoison(&r);
            black_box(r);
        }),
        ("ct_lookup_xy", || {
            use twinmul::mul::comb::GeneratorTable;
            let pos: u8 = 21;
            poison(&pos);
            let e = 1 << (Secp256k1::SHAPE.teeth - 1);
            let r = lookup::scan_xy(&Secp256k1::table()[e..2 * e], black_box(pos));
            unpoison(&r);
            black_box(r);
        }),
        ("ct_lookup_ecgfp5_table", || {
            let d: i8 = 13;
            poison(&d);
            let r = lookup::select_from(
                &ecmul::generator_rows()[5],
                black_box(d),
                ec::AffinePoint::default(),
            );
            unpoison(&r);
            black_box(r);
        }),
        ("ct_scalar_canonical", || {
            let b = [0x7fu8; 32];
            poison(&b);
            let c = Scalar::from_canonical_bytes(black_box(&b)).is_some();
            unpoison(&c);
            black_box(c.unwrap_u8());
        }),
        ("ct_ecgfp5_is_canonical", || {
            let b = [0x33u8; 40];
            poison(&b);
            let c = esc::is_canonical(black_box(&b));
            unpoison(&c);
            black_box(c.unwrap_u8());
        }),
        ("ct_field_invert", || {
            let x = twinmul::curves::secp256k1::Fe::from_u64(123456789);
            poison(&x);
            let r = x.invert();
            unpoison(&r);
            black_box(r.is_some().unwrap_u8());
        }),
        ("ct_field_sqrt", || {
            let x = twinmul::curves::secp256k1::Fe::from_u64(987654321);
            poison(&x);
            let r = x.sqrt();
            unpoison(&r);
            black_box(r.is_some().unwrap_u8());
        }),
        ("ct_glv_decompose", || {
            use twinmul::point::params::CurveParams;
            let k =
                Scalar::from_u64(0x1234_5678_9abc_def1) * Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let glv = Secp256k1::ENDOMORPHISM.map(|e| e.glv);
            let glv = glv.as_ref().expect("secp256k1 has its GLV endomorphism");
            let s = twinmul::mul::glv::decompose(black_box(&k), glv);
            let d = twinmul::mul::recode::recode(&s.k1, 4, 33);
            unpoison(&d);
            black_box(d);
        }),
        ("ct_lookup_ecgfp5_window", || {
            let t = ecmul::multiples_table(&ecmul::mul_g(&esc::Scalar::from_u64(5)));
            let d: i8 = -11;
            poison(&d);
            let r = t.select(black_box(d), ec::AffinePoint::default());
            unpoison(&r);
            black_box(r);
        }),
        ("ct_mul", || {
            let p = mul::mul_vartime(&Point::generator(), &Scalar::from_u64(99));
            let k =
                Scalar::from_u64(0x1234_5678_9abc_def1) * Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let r = mul::mul(&p, black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
        // BN254 and BLS12-381 run the lazy [0, 2p) field representation.
        ("ct_mul_bn254", || {
            use twinmul::curves::bn254 as c;
            let p = mul::mul_vartime(&c::Point::generator(), &c::Scalar::from_u64(99));
            let k = c::Scalar::from_u64(0x1234_5678_9abc_def1)
                * c::Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let r = mul::mul(&p, black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
        ("ct_mul_g_bls12_381", || {
            use twinmul::curves::bls12_381 as c;
            let ctx = GeneratorContext::<c::Bls12_381>::new().expect("getrandom");
            let k = c::Scalar::from_u64(0x1234_5678_9abc_def1)
                * c::Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let r = ctx.mul_g(black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
        ("ct_mul_g", || {
            let ctx = GeneratorContext::<Secp256k1>::new().expect("getrandom");
            let k =
                Scalar::from_u64(0x1234_5678_9abc_def1) * Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let r = ctx.mul_g(black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
        ("ct_ecgfp5_mul_g", || {
            let k = esc::Scalar::from_u64(0x1234_5678_9abc_def1)
                * esc::Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let r = ecmul::mul_g(black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
        ("ct_ecgfp5_mul", || {
            let p = ecmul::mul_g(&esc::Scalar::from_u64(77));
            let k = esc::Scalar::from_u64(0x1234_5678_9abc_def1)
                * esc::Scalar::from_u64(0x0fed_cba9_8765_4321);
            poison(&k);
            let r = ecmul::mul(&p, black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
        ("ct_bip340_sign", || {
            let ctx = GeneratorContext::<Secp256k1>::new().expect("getrandom");
            let sk = [0x3cu8; 32];
            poison(&sk);
            let sig = twinmul::bip340::sign(&ctx, black_box(&sk), b"message", &[7u8; 32]);
            unpoison(&sig);
            black_box(sig.is_ok());
        }),
        ("ct_lighter_sign", || {
            let (sk, k) = ([0x3cu8; 40], [0x21u8; 40]);
            poison(&sk);
            poison(&k);
            let key = twinmul::ecgfp5::schnorr::SecretKey::from_bytes(black_box(&sk));
            let sig = key.map(|key| {
                twinmul::ecgfp5::schnorr::sign_with_nonce(&key, &[1u8; 40], black_box(&k))
            });
            unpoison(&sig);
            black_box(sig.is_ok());
        }),
        ("leaky_compare_control", || {
            let secret = [0x5au8; 32];
            let guess = [0x5au8; 32];
            poison(&secret);
            let eq = early_exit_eq(black_box(&secret), black_box(&guess));
            unpoison(&eq);
            black_box(eq);
        }),
        ("leaky_lookup_control", || {
            let table: Vec<u64> = (0..4096).collect();
            let i: usize = 1234;
            poison(&i);
            let v = table[black_box(i) % 4096];
            unpoison(&v);
            black_box(v);
        }),
        ("leaky_mul_vartime_control", || {
            let p = mul::mul_vartime(&Point::generator(), &Scalar::from_u64(99));
            let k = Scalar::from_u64(0x1234_5678_9abc_def1);
            poison(&k);
            let r = mul::mul_vartime(&p, black_box(&k));
            unpoison(&r);
            black_box(r);
        }),
    ]
}

fn main() {
    let want = std::env::args().nth(1);
    if want.as_deref() == Some("--list") {
        for (name, _) in targets() {
            println!("{name}");
        }
        return;
    }
    for (name, f) in targets() {
        if want.as_deref().is_none_or(|w| w == name) {
            f();
            println!("{name}: ran");
        }
    }
}
