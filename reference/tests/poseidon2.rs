//! The reference's Poseidon2 against the `poseidon-hash` 0.1.4 crate (the
//! permutation Lighter's Go code and goldilocks-crypto use): the permutation
//! on random and edge states, and HashToQuinticExtension for input lengths
//! 0..=20 (docs/ecgfp5.md §8(b)).
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use poseidon_hash::{hash_to_quintic_extension, permute, Goldilocks};
use proptest::prelude::*;
use twinmul_reference::ecgfp5::poseidon2;

const P: u64 = 0xFFFF_FFFF_0000_0001;

fn peer_permute(s: [u64; 12]) -> [u64; 12] {
    let mut g = s.map(Goldilocks::from_canonical_u64);
    permute(&mut g);
    g.map(|x| x.to_canonical_u64())
}

fn peer_hash(input: &[u64]) -> [u64; 5] {
    let g: Vec<Goldilocks> = input
        .iter()
        .map(|&x| Goldilocks::from_canonical_u64(x))
        .collect();
    hash_to_quintic_extension(&g)
        .0
        .map(|x| x.to_canonical_u64())
}

#[test]
fn permutation_edge_states() {
    for s in [[0u64; 12], [P - 1; 12], std::array::from_fn(|i| i as u64)] {
        let mut ours = s;
        poseidon2::permute(&mut ours);
        assert_eq!(ours, peer_permute(s), "state {s:?}");
    }
}

proptest! {
    #[test]
    fn permutation_matches(s in proptest::array::uniform12(0..P)) {
        let mut ours = s;
        poseidon2::permute(&mut ours);
        prop_assert_eq!(ours, peer_permute(s));
    }

    #[test]
    fn hash_to_quintic_matches(input in proptest::collection::vec(0..P, 0..=20)) {
        prop_assert_eq!(poseidon2::hash_to_quintic_extension(&input).0, peer_hash(&input));
    }
}
