//! The driver protocol's round-trip overhead: one request through a driver
//! process that answers at once (the reference, asked to decode a 3-byte
//! BN254 point, which it refuses without arithmetic), against the same call
//! in process. The difference is what the protocol costs per request.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twinmul_harness::driver::{Driver, DriverSpec, DEFAULT_TIMEOUT};
use twinmul_harness::{Curve, Implementation};

fn round_trip(c: &mut Criterion) {
    let exe = env!("CARGO_BIN_EXE_serve_reference");
    let spec = DriverSpec::new("served", exe, None, "bench", DEFAULT_TIMEOUT).unwrap();
    let driver = Driver::start(spec);
    assert!(driver.problems().is_empty(), "{:?}", driver.problems());
    let local = twinmul_harness::reference::Reference;
    let point = [0u8; 3];
    let mut g = c.benchmark_group("driver");
    g.bench_function("round trip (decode, answered at once)", |b| {
        b.iter(|| driver.decode(Curve::Bn254, black_box(&point)))
    });
    g.bench_function("in process (same call)", |b| {
        b.iter(|| local.decode(Curve::Bn254, black_box(&point)))
    });
    g.finish();
}

criterion_group!(benches, round_trip);
criterion_main!(benches);
