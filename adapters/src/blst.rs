//! Adapter for `blst` (supranational), through its raw C bindings: the Rust
//! wrapper exposes G1 points only as BLS public keys, without a multiply.
//!
//! Every `unsafe` block below calls a blst function on stack values this
//! function owns, with buffers of the exact sizes blst documents (48-byte
//! compressed, 96-byte serialized input, 32-byte little-endian scalar).

use crate::bad_scalar_len;
use blst::{
    blst_p1, blst_p1_affine, blst_p1_affine_in_g1, blst_p1_compress, blst_p1_deserialize,
    blst_p1_from_affine, blst_p1_generator, blst_p1_mult, blst_p1_uncompress, BLST_ERROR,
};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::model::{Answer, Curve, Op};

/// `blst` 0.3.16.
pub struct Blst;

fn decode(bytes: &[u8]) -> Result<blst_p1, Answer> {
    let mut aff = blst_p1_affine::default();
    let err = match bytes.len() {
        // SAFETY: `bytes` holds the 48 bytes blst reads; `aff` is a valid out-pointer.
        48 => unsafe { blst_p1_uncompress(&mut aff, bytes.as_ptr()) },
        // blst_p1_deserialize would also take a compressed encoding here; the
        // contract's 96-byte form has the compression bit clear.
        96 if bytes[0] & 0x80 != 0 => return Err(Answer::Rejected("compression bit set".into())),
        // SAFETY: `bytes` holds the 96 bytes blst reads; `aff` is a valid out-pointer.
        96 => unsafe { blst_p1_deserialize(&mut aff, bytes.as_ptr()) },
        _ => {
            return Err(Answer::Rejected(
                "ZCash G1 point must be 48 or 96 bytes".into(),
            ))
        }
    };
    if err != BLST_ERROR::BLST_SUCCESS {
        return Err(Answer::Rejected(format!("{err:?}")));
    }
    // SAFETY: `aff` was initialised by blst above.
    if !unsafe { blst_p1_affine_in_g1(&aff) } {
        return Err(Answer::Rejected("not in G1".into()));
    }
    let mut p = blst_p1::default();
    // SAFETY: both pointers are to owned, initialised values.
    unsafe { blst_p1_from_affine(&mut p, &aff) };
    Ok(p)
}

fn mul(p: &blst_p1, s: &[u8]) -> Answer {
    if s.len() != 32 {
        return bad_scalar_len(Curve::Bls12_381, s.len());
    }
    // blst takes the scalar little-endian, any 256-bit value (no reduction needed
    // for a point of order n: k·P = (k mod n)·P).
    let le: Vec<u8> = s.iter().rev().copied().collect();
    let mut out = blst_p1::default();
    // SAFETY: `le` has 32 bytes = 256 bits; `out` and `p` are owned values.
    unsafe { blst_p1_mult(&mut out, p, le.as_ptr(), 256) };
    encode(&out)
}

fn encode(p: &blst_p1) -> Answer {
    let mut out = [0u8; 48];
    // SAFETY: `out` has the 48 bytes blst writes.
    unsafe { blst_p1_compress(out.as_mut_ptr(), p) };
    Answer::Bytes(out.to_vec())
}

impl Implementation for Blst {
    fn name(&self) -> &'static str {
        "blst"
    }

    fn version(&self) -> String {
        "blst 0.3.16".into()
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == Curve::Bls12_381 && matches!(op, Op::MulG | Op::Mul | Op::Decode)
    }
    fn mul_g(&self, _: Curve, s: &[u8]) -> Answer {
        // SAFETY: blst returns a pointer to its static generator.
        let g = unsafe { *blst_p1_generator() };
        mul(&g, s)
    }
    fn mul(&self, _: Curve, point: &[u8], s: &[u8]) -> Answer {
        match decode(point) {
            Ok(p) => mul(&p, s),
            Err(a) => a,
        }
    }
    fn decode(&self, _: Curve, point: &[u8]) -> Answer {
        decode(point).map_or_else(|a| a, |p| encode(&p))
    }
    fn sign(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
    fn verify(&self, _: Curve, _: &[u8], _: &[u8], _: &[u8]) -> Answer {
        Answer::Declined("no signature scheme".into())
    }
}
