//! Prepared nonces: signatures verify (ours, the reference, goldilocks-crypto
//! on canonical inputs) and open to the announced commitment, a forked
//! child's copy is refused, and zeroize wipes. (A second use does not
//! compile: the doc test on `sign_prepared`.)
#![allow(clippy::unwrap_used, unsafe_code)] // tests; fork needs libc

use twinmul::ecgfp5::point::Point;
use twinmul::ecgfp5::schnorr::{sign_prepared, verify, PreparedNonce, SecretKey};
use twinmul::ecgfp5::{mul as ecmul, scalar as esc};
use zeroize_check::wipe_and_check;

mod zeroize_check {
    use twinmul::ecgfp5::schnorr::PreparedNonce;
    use zeroize::Zeroize;
    pub fn wipe_and_check(mut n: PreparedNonce) -> bool {
        assert!(!n.is_wiped());
        n.zeroize();
        n.is_wiped()
    }
}

#[test]
fn prepared_signatures_verify_everywhere() {
    let sk = SecretKey::from_bytes(&[9u8; 40]).unwrap();
    let pk = sk.public_key();
    for i in 0..5u8 {
        let hm = [i; 40];
        let n = PreparedNonce::new().unwrap();
        let r = n.commitment();
        let sig = sign_prepared(&sk, &hm, n).unwrap();
        assert!(verify(&pk, &hm, &sig));
        // s = k − e·x, so s·G + e·Q = k·G: the commitment it announced
        let s = esc::from_bytes_reduced(&sig[..40]).unwrap();
        let e = esc::from_bytes_reduced(&sig[40..]).unwrap();
        let q = Point::decode(&pk).unwrap();
        assert_eq!(ecmul::mul2_vartime(&s, &e, &q).encode(), r);
        assert!(twinmul_reference::ecgfp5::schnorr::verify(&pk, &hm, &sig));
        assert_eq!(
            goldilocks_crypto::verify_signature(&sig, &hm, &pk).ok(),
            Some(true)
        );
    }
}

#[test]
fn zeroize_wipes_k_and_r() {
    assert!(wipe_and_check(PreparedNonce::new().unwrap()));
}

#[test]
fn a_forked_child_cannot_use_the_parents_nonce() {
    let sk = SecretKey::from_bytes(&[9u8; 40]).unwrap();
    let nonce = PreparedNonce::new().unwrap();
    // SAFETY: the child only calls sign_prepared (no locks, no allocation on
    // that path) and leaves with _exit; the parent waits for it.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0, "fork failed");
    if pid == 0 {
        let refused = matches!(
            sign_prepared(&sk, &[1u8; 40], nonce),
            Err(twinmul::Error::ForkedNonce)
        );
        unsafe { libc::_exit(if refused { 0 } else { 1 }) };
    }
    let mut status = 0;
    let w = unsafe { libc::waitpid(pid, &mut status, 0) };
    assert_eq!(w, pid);
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "the child signed with the parent's nonce"
    );
    // the parent may still use it, once
    assert!(sign_prepared(&sk, &[1u8; 40], nonce).is_ok());
}
