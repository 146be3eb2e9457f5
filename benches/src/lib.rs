//! Shared inputs for the criterion benches: fixed, seeded scalars so every
//! implementation in a group multiplies the same values.

use rand::{RngCore, SeedableRng};

/// 32 pseudo-random bytes per scalar, the same on every run.
pub fn scalars(n: usize) -> Vec<[u8; 32]> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    (0..n)
        .map(|_| {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            b[0] &= 0x3f; // below every order here (all > 2^253)
            b
        })
        .collect()
}
