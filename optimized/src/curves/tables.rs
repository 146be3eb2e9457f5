//! Generated comb tables (one file per curve and size; see `comb.rs`).
//! The secp256k1 size is chosen by cargo feature: `comb-small` (2 blocks ×
//! 5 teeth × 26, 2 KiB), `comb-medium` (11 × 6 × 4, 22 KiB), default
//! (43 × 6 × 1, 86 KiB: the fastest once the scans became cheap, 11.5 vs
//! 12.1 µs per k·G in a hot-cache bench); `mul_g_vartime` has its own 15 × 9 × 2 table
//! (240 KiB; not with `comb-small`, which keeps the footprint small). The
//! `*_odd` tables hold odd multiples of G for `mul2_vartime`: 64 for BN254
//! and BLS12-381, 4096 (256 KiB) for secp256k1, whose BIP340 verification
//! is benched against libsecp256k1's (see `comb::SECP256K1_ODD_ENTRIES`).

pub(crate) mod bls12_381_comb;
pub(crate) mod bls12_381_odd;
pub(crate) mod bn254_comb;
pub(crate) mod bn254_odd;
#[cfg(not(any(feature = "comb-small", feature = "comb-medium")))]
pub(crate) mod secp256k1_comb_large;
#[cfg(all(feature = "comb-medium", not(feature = "comb-small")))]
pub(crate) mod secp256k1_comb_medium;
#[cfg(feature = "comb-small")]
pub(crate) mod secp256k1_comb_small;
#[cfg(not(feature = "comb-small"))]
pub(crate) mod secp256k1_comb_vartime;
pub(crate) mod secp256k1_odd;
