//! twinmul-adapters: the implementations the harness does not hold itself.
//! The optimized crate, in its constant-time and variable-time flavours and
//! as the fast oracle of every policy, and the peer libraries, one file
//! each, translating the interop bytes to and from their library's types.
//! Also the fuzz targets' checks ([`fuzzing`]) and the vector generator
//! ([`generate`]), which need the peers.
//!
//! [`registry`] is everything compiled in; building it (or calling
//! [`install`]) installs the optimized crate as the judge's cross-check.

pub mod flavours;
pub mod fuzzing;
pub mod generate;
pub mod optimized;

mod arkworks;
#[allow(unsafe_code)] // raw FFI bindings: blst exposes its point API only as `extern "C"`.
mod blst;
mod goldilocks;
mod k256;
mod libsecp256k1;
mod pornin;
mod zkcrypto;

/// The optimized crate's checks of its own internals, shared with its
/// tests (`optimized/tests/suite/checks.rs`), so that the fuzz targets run the same
/// checks and none lives only in one place.
#[path = "../../optimized/tests/suite/checks.rs"]
#[allow(missing_docs, clippy::unwrap_used)]
pub mod lowlevel;

use twinmul_harness::implementation::Implementations;
use twinmul_harness::policy::Policy;
use twinmul_harness::registry::{reference_implementations, with_env_drivers};
use twinmul_harness::{Answer, Curve, Registry};

/// Installs the optimized crate as the fast oracle of every policy (see
/// `twinmul_harness::judge`); idempotent.
pub fn install() {
    twinmul_harness::judge::install_fast_oracles(|| {
        Policy::ALL
            .into_iter()
            .map(|p| -> Box<dyn twinmul_harness::Implementation> {
                match p {
                    Policy::Strict => Box::new(optimized::Optimized::constant_time()),
                    _ => Box::new(flavours::Flavour::new(p)),
                }
            })
            .collect()
    });
}

/// The peer adapters, in a fixed order.
pub fn peers() -> Implementations {
    vec![
        Box::new(k256::K256),
        Box::new(libsecp256k1::LibSecp256k1::new()),
        Box::new(arkworks::ArkBn254),
        Box::new(arkworks::ArkBls12_381),
        Box::new(blst::Blst),
        Box::new(zkcrypto::Bls12_381),
        Box::new(goldilocks::GoldilocksCrypto),
        Box::new(pornin::Pornin),
    ]
}

/// Everything compiled in, in report order: the reference, the optimized
/// crate's constant-time and variable-time flavours and its portable paths
/// (`optimized-portable`), twinmul's two
/// implementations of each other policy (`optimized@go-v0.0.15`,
/// `reference@go-v0.0.15`, …), then each peer library. Installs the
/// optimized crate as the judge's cross-check.
pub fn implementations() -> Implementations {
    install();
    let mut reference = reference_implementations().into_iter();
    let mut v: Implementations = Vec::new();
    v.extend(reference.next());
    v.push(Box::new(optimized::Optimized::constant_time()));
    v.push(Box::new(optimized::Optimized::vartime()));
    v.push(Box::new(optimized::Optimized::portable()));
    for (p, r) in Policy::ALL
        .into_iter()
        .filter(|&p| p != Policy::Strict)
        .zip(reference)
    {
        v.push(Box::new(flavours::Flavour::new(p)));
        v.push(r);
    }
    v.extend(peers());
    v
}

/// [`implementations`] as a registry, to which a program adds its own.
pub fn registry() -> Registry {
    Registry::new(implementations())
}

/// Every implementation compiled in, plus the drivers named in the
/// `TWINMUL_DRIVERS` environment variable (for fuzz targets and property
/// tests).
///
/// # Panics
/// When the variable cannot be read as drivers.
pub fn implementations_with_env_drivers() -> Implementations {
    with_env_drivers(registry())
}

/// Reads a big-endian byte string as an integer and reduces it mod `n`
/// (hex constant). Adapters whose library wants a canonical scalar use this
/// to apply the contract's "multiplier scalars are reduced mod n" rule.
pub(crate) fn reduce_be(bytes: &[u8], n_hex: &str) -> Vec<u8> {
    let n = num_bigint::BigUint::parse_bytes(n_hex.as_bytes(), 16).expect("hex constant");
    let v = num_bigint::BigUint::from_bytes_be(bytes) % &n;
    let raw = v.to_bytes_be();
    let mut out = vec![0u8; bytes.len()];
    if raw != [0] {
        out[bytes.len() - raw.len()..].copy_from_slice(&raw);
    }
    out
}

/// The answer for a scalar of the wrong length.
pub(crate) fn bad_scalar_len(curve: Curve, got: usize) -> Answer {
    Answer::Rejected(format!(
        "scalar must be {} bytes, got {got}",
        curve.scalar_len()
    ))
}
