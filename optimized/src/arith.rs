//! The arithmetic layer: limbs, prime fields and scalars, below every
//! point formula.
//!
//! - [`limbs`]: carry and borrow chains on `[u64; N]`;
//! - [`field`]: the [`Field`](field::Field) trait and a field's modulus;
//! - [`montgomery`]: one generic Montgomery field `Fp<P, N>`;
//! - `montgomery_adx`: its 6-limb product on MULX/ADCX/ADOX (x86-64);
//! - [`fe52`]: secp256k1's base field in 5 × 52-bit limbs with lazy sums;
//! - `fe52x4`: four of those side by side in AVX-512 IFMA vectors (x86-64);
//! - `secp256k1_sqrt`: the square root by libsecp256k1's addition chain;
//! - [`vartime`]: the variable-time view of a field element, for public inputs;
//! - `safegcd`: Bernstein–Yang constant-time inversion;
//! - [`scalar`]: the [`ScalarField`](scalar::ScalarField) trait (integers mod n).
//!
//! Constant time unless a name ends in `_vartime` or the type is
//! [`Vartime`](vartime::Vartime).

pub mod fe52;
#[cfg(target_arch = "x86_64")]
pub(crate) mod fe52x4;
pub mod field;
pub mod limbs;
pub mod montgomery;
#[cfg(target_arch = "x86_64")]
mod montgomery_adx;
mod safegcd;
pub mod scalar;
mod secp256k1_sqrt;
pub mod vartime;
