//! The one error type of the reference: why an input was rejected.

use std::fmt;

/// Why the reference rejected an input. Every decoder and signer returns one
/// of these instead of panicking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The byte string has the wrong length for this curve and operation.
    Length,
    /// A prefix or flag byte (SEC1 tag, ZCash flag bits) is not allowed.
    Flags,
    /// A coordinate or limb is not below the field modulus.
    NonCanonicalCoordinate,
    /// The point does not satisfy the curve equation (or, for a compressed
    /// encoding or an ECgFp5 w, no point has this encoding).
    NotOnCurve,
    /// The point is on the curve but outside the prime-order subgroup.
    NotInSubgroup,
    /// A scalar that must be canonical (0 < k < n for a key or nonce) is not.
    InvalidScalar,
    /// A message given as field elements has a limb ≥ p.
    NonCanonicalMessage,
    /// Signing produced an unusable value (e.g. a zero BIP340 nonce).
    SigningFailed,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Error::Length => "wrong length",
            Error::Flags => "bad prefix or flag bits",
            Error::NonCanonicalCoordinate => "coordinate not below the field modulus",
            Error::NotOnCurve => "point not on the curve",
            Error::NotInSubgroup => "point not in the prime-order subgroup",
            Error::InvalidScalar => "scalar out of range",
            Error::NonCanonicalMessage => "message limb not below p",
            Error::SigningFailed => "signing failed",
        };
        f.write_str(s)
    }
}

impl std::error::Error for Error {}
