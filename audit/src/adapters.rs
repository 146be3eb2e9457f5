//! One adapter per implementation, each translating the interop bytes to and
//! from its library's types.

pub mod flavours;
pub mod optimized;
pub mod reference;

#[cfg(feature = "peers")]
mod arkworks;
#[cfg(feature = "peers")]
#[allow(unsafe_code)] // raw FFI bindings: blst exposes its point API only as `extern "C"`.
mod blst;
#[cfg(feature = "peers")]
mod goldilocks;
#[cfg(feature = "peers")]
mod k256;
#[cfg(feature = "peers")]
mod libsecp256k1;
#[cfg(feature = "peers")]
mod zkcrypto;

use crate::implementation::Implementation;

/// The peer adapters, in a fixed order.
#[cfg(feature = "peers")]
pub fn peers() -> Vec<Box<dyn Implementation>> {
    vec![
        Box::new(k256::K256),
        Box::new(libsecp256k1::LibSecp256k1::new()),
        Box::new(arkworks::ArkBn254),
        Box::new(arkworks::ArkBls12_381),
        Box::new(blst::Blst),
        Box::new(zkcrypto::Bls12_381),
        Box::new(goldilocks::GoldilocksCrypto),
    ]
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
pub(crate) fn bad_scalar_len(curve: crate::Curve, got: usize) -> crate::Answer {
    crate::Answer::Rejected(format!(
        "scalar must be {} bytes, got {got}",
        curve.scalar_len()
    ))
}
