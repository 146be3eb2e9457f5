//! Declassification points for the valgrind secret-taint checks.
//!
//! A secret API sometimes has to branch on a value derived from secrets that
//! is itself public by design: whether a secret key is in range (the caller
//! learns it from the error anyway) or the BIP340 "k′ = 0" failure
//! (probability 2⁻²⁵⁶). `declassify` marks such a value as defined for
//! memcheck, like libsecp256k1's `secp256k1_declassify`. It does nothing
//! unless the crate is built with the `ctgrind` feature (the taint harness
//! of `ct-tests` turns it on).
//!
//! [`barrier`] is the optimisation barrier the constant-time masks of the
//! multi-limb code go through: it hides the value of a mask from LLVM so that
//! `(a & m) | (b & !m)` cannot be turned back into a branch on the secret bit
//! (RUSTSEC-2024-0344).

/// `x`, which memcheck is told may be branched on (only with the `ctgrind`
/// feature; otherwise `x` itself). The caller branches on the value
/// returned: it is read back from the memory memcheck was told about,
/// after the request. Told about a shared borrow instead, LLVM may keep
/// the copy it had in a register before the request, whose taint memcheck
/// still sees, and branch on that.
#[inline(always)]
pub fn declassify<T: Copy>(x: T) -> T {
    #[cfg(feature = "ctgrind")]
    {
        let mut slot = x;
        let at: *mut T = &mut slot;
        valgrind::make_mem_defined(at as u64, core::mem::size_of::<T>() as u64);
        // SAFETY: `at` points to `slot`, a live, initialised local of type T.
        #[allow(unsafe_code)]
        unsafe {
            core::ptr::read_volatile(at)
        }
    }
    #[cfg(not(feature = "ctgrind"))]
    x
}

/// Returns `x` unchanged, but opaque to the optimiser.
///
/// On x86-64 and AArch64 this is an empty `asm!` block that takes `x` in a
/// register and hands it back: LLVM must assume any value comes out, so a
/// mask derived from a secret bit stays a mask, and no instruction is
/// emitted. `core::hint::black_box` gives the same guarantee but forces a
/// store and a reload, which cost a measurable share of a Montgomery
/// multiplication (BENCHMARKS.md, decisions). This need is one of the two unsafe
/// blocks of normal builds (the other calls SHA-NI after detecting it).
#[inline(always)]
pub fn barrier(x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut x = x;
        // SAFETY: the template is empty: no instruction runs and no memory,
        // stack or flags are touched; `x` is only declared as rewritten.
        #[allow(unsafe_code)]
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
        }
        x
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        core::hint::black_box(x)
    }
}

#[cfg(feature = "ctgrind")]
#[allow(unsafe_code)]
mod valgrind {
    /// VALGRIND_MAKE_MEM_DEFINED via the memcheck client-request preamble.
    pub fn make_mem_defined(addr: u64, len: u64) {
        let args = [0x4D43_0002u64, addr, len, 0, 0, 0];
        // SAFETY: the preamble leaves every register as it found it (rdi is
        // rotated by 128 bits in total; `xchg rbx, rbx` is a no-op); valgrind
        // reads `args` through rax and writes rdx.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51", "xchg rbx, rbx",
                inout("rdx") 0u64 => _,
                in("rax") args.as_ptr(),
                inout("rdi") 0u64 => _,
                options(nostack),
            );
        }
    }
}
