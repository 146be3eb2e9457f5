//! A crate's own implementation in the whole `twinmul` command line: an
//! adapter from the interop bytes to the crate's API (here RustCrypto
//! `k256`'s k·G), registered beside the built-in ones. Then
//! `cargo run -p custom-implementation -- vectors check vectors/secp256k1.json --impl my-k256 --impl reference`
//! and every other subcommand take it like any other implementation.

use k256::elliptic_curve::{ops::Reduce, sec1::ToEncodedPoint};
use k256::{FieldBytes, ProjectivePoint, Scalar, U256};
use twinmul_harness::{Answer, Curve, Implementation, Op, Registry};

struct MyK256;

impl Implementation for MyK256 {
    fn name(&self) -> &str {
        "my-k256"
    }

    fn supports(&self, curve: Curve, op: Op) -> bool {
        curve == Curve::Secp256k1 && op == Op::MulG
    }

    fn mul_g(&self, _: Curve, scalar: &[u8]) -> Answer {
        let Ok(bytes) = <[u8; 32]>::try_from(scalar) else {
            return Answer::Rejected("a scalar is 32 bytes".into());
        };
        let k = <Scalar as Reduce<U256>>::reduce_bytes(&FieldBytes::from(bytes));
        let p = (ProjectivePoint::GENERATOR * k).to_affine();
        Answer::Bytes(p.to_encoded_point(true).as_bytes().to_vec())
    }
}

fn main() -> std::process::ExitCode {
    twinmul_cli::main_with(Registry::reference().with(MyK256))
}
