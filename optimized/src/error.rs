//! The typed errors of decoding and signing.

use core::fmt;

/// Why an input was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// Wrong length.
    Length,
    /// A prefix or flag combination outside the encoding.
    Flags,
    /// A coordinate ≥ p.
    NonCanonical,
    /// Not on the curve (or no point has this x).
    NotOnCurve,
    /// On the curve, outside the prime-order subgroup.
    NotInSubgroup,
    /// A scalar out of range where a canonical one is required.
    InvalidScalar,
    /// A prepared nonce used in a process other than the one that made it.
    ForkedNonce,
    /// The neutral element where a public key is required.
    Identity,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::Length => "wrong length",
            Error::Flags => "bad prefix or flag bits",
            Error::NonCanonical => "coordinate not below p",
            Error::NotOnCurve => "not a point on the curve",
            Error::NotInSubgroup => "not in the prime-order subgroup",
            Error::InvalidScalar => "scalar out of range",
            Error::ForkedNonce => "prepared nonce used after fork",
            Error::Identity => "the neutral element is not a valid public key",
        })
    }
}

impl std::error::Error for Error {}
