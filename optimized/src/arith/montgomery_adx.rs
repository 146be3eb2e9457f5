//! The 6-limb Montgomery product and square on MULX, ADCX and ADOX
//! (x86-64 with BMI2 and ADX): BLS12-381's base field, the lazy
//! representation of `montgomery.rs`. (The same rows for BN254's four
//! limbs made its variable-time `mul` slower: BENCHMARKS.md.)
//!
//! The product is that file's no-carry CIOS, row for row, with the same
//! quotient digit per row, so the two give the same limbs (tested); the
//! square computes the same integer by separated operand scanning. What
//! the assembly adds is two carry chains at once: ADCX carries in CF and
//! ADOX in OF, so each row's products are summed by one instruction per
//! half word, where the compiled Rust needs a pair of add-with-carry per
//! `u128` accumulation. LLVM never emits ADCX/ADOX by itself.
//!
//! Constant time: straight-line code, no branch and no memory index that
//! depends on the operands. The choice between this and the Rust product
//! depends on the CPU alone.

use core::arch::asm;

/// Proof that the CPU has BMI2 (MULX) and ADX (ADCX, ADOX): only
/// [`Adx::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Adx(());

impl Adx {
    /// The proof, where the CPU has the extensions (a compile-time answer
    /// when the build targets them, else std's cached detection).
    #[inline(always)]
    pub(crate) fn detect() -> Option<Adx> {
        let has = std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx");
        has.then_some(Adx(()))
    }
}

/// The first half of a CIOS row, as assembly text: t += a[i]·b, with
/// `acc` receiving the word above t. Each `(offset, word j, word j + 1)`
/// names b's limb j and the running sum's words it lands in: the low half
/// of a[i]·b[j] rides the OF chain into word j, the high half the CF chain
/// into word j + 1 (the last limb's word j + 1 is `{acc}`).
macro_rules! add_product_row {
    ($i:literal, $(($off:literal, $word:literal, $next:literal)),+) => {
        concat!(
            "mov rdx, qword ptr [{a} + 8*", $i, "]\n",
            "xor {acc:e}, {acc:e}\n",
            $(
                "mulx {hi}, {lo}, qword ptr [{b} + ", $off, "]\n",
                "adox ", $word, ", {lo}\n",
                "adcx ", $next, ", {hi}\n",
            )+
            "mov {lo:e}, 0\n",
            "adox {acc}, {lo}\n",
        )
    };
}

/// One Montgomery reduction step, as assembly text: t = (t + m·p)/2⁶⁴
/// with m = t₀·(−p⁻¹) mod 2⁶⁴ (−p⁻¹ at byte `$inv` of `{p}`) clearing the
/// low word, and `$top` (a register, or `{lo}`, zero there) added to the
/// new top word `$last`. Each `(offset, word j − 1, word j)` names p's
/// limb j and the words it shifts between: the old word j and the high
/// half of m·p[j − 1] ride the CF chain, the low half of m·p[j] the OF
/// chain, and the sum goes to word j − 1.
macro_rules! reduce_row {
    ($inv:literal, $top:literal, $last:literal, $(($off:literal, $low:literal, $word:literal)),+) => {
        concat!(
            "mov rdx, {t0}\n",
            "imul rdx, qword ptr [{p} + ", $inv, "]\n",
            "xor {lo:e}, {lo:e}\n",
            "mulx {hi}, {lo}, qword ptr [{p}]\n",
            "adcx {lo}, {t0}\n",
            "mov {t0}, {hi}\n",
            $(
                "mulx {hi}, {lo}, qword ptr [{p} + ", $off, "]\n",
                "adcx ", $low, ", ", $word, "\n",
                "adox ", $low, ", {lo}\n",
                "mov ", $word, ", {hi}\n",
            )+
            "mov {lo:e}, 0\n",
            "adcx ", $last, ", ", $top, "\n",
            "adox ", $last, ", {lo}\n",
        )
    };
}

/// [`reduce_row!`] for six limbs (−p⁻¹ after them, at byte 48).
macro_rules! reduce_row6 {
    ($top:literal) => {
        reduce_row!(
            48,
            $top,
            "{t5}",
            (8, "{t0}", "{t1}"),
            (16, "{t1}", "{t2}"),
            (24, "{t2}", "{t3}"),
            (32, "{t3}", "{t4}"),
            (40, "{t4}", "{t5}")
        )
    };
}

/// One CIOS row for six limbs: t = (t + a[i]·b + m·p)/2⁶⁴.
macro_rules! cios_row6 {
    ($i:literal) => {
        concat!(
            add_product_row!(
                $i,
                (0, "{t0}", "{t1}"),
                (8, "{t1}", "{t2}"),
                (16, "{t2}", "{t3}"),
                (24, "{t3}", "{t4}"),
                (32, "{t4}", "{t5}"),
                (40, "{t5}", "{acc}")
            ),
            reduce_row6!("{acc}"),
        )
    };
}

/// Words 2i and 2i + 1 of the square from the doubled cross products, as
/// assembly text: the registers `$w0`/`$w1` (cross words 2i and 2i + 1)
/// doubled in the CF chain, plus aᵢ² in the OF chain.
#[rustfmt::skip]
macro_rules! square_diagonal {
    ($i:literal, $w0:literal, $w1:literal) => {
        concat!(
            "mov rdx, qword ptr [{a} + 8*", $i, "]\n",
            "mulx {hi}, {lo}, rdx\n",
            "adcx ", $w0, ", ", $w0, "\n",
            "adox ", $w0, ", {lo}\n",
            "adcx ", $w1, ", ", $w1, "\n",
            "adox ", $w1, ", {hi}\n",
        )
    };
}

/// [`square_diagonal!`] for words kept in the scratch `s` (byte offsets
/// `$o0`, `$o1`), through the register `{u}`.
#[rustfmt::skip]
macro_rules! square_diagonal_in_s {
    ($i:literal, $o0:literal, $o1:literal) => {
        concat!(
            "mov rdx, qword ptr [{a} + 8*", $i, "]\n",
            "mulx {hi}, {lo}, rdx\n",
            "mov {u}, qword ptr [{s} + ", $o0, "]\n",
            "adcx {u}, {u}\n",
            "adox {u}, {lo}\n",
            "mov qword ptr [{s} + ", $o0, "], {u}\n",
            "mov {u}, qword ptr [{s} + ", $o1, "]\n",
            "adcx {u}, {u}\n",
            "adox {u}, {hi}\n",
            "mov qword ptr [{s} + ", $o1, "], {u}\n",
        )
    };
}

/// a·b·R⁻¹ + (0 or p), below 2p, for R = 2³⁸⁴ and a modulus p with 4p < R
/// and a, b < 2p: `montgomery.rs`'s `mont_mul_cios_unreduced` for N = 6,
/// limb for limb. `p_inv` is p's six limbs, then −p⁻¹ mod 2⁶⁴.
///
/// The running sum lives in registers: six words, the seventh between the
/// row's halves, the product's two halves, RDX (MULX's implicit operand)
/// and the three pointers take 13 of the 13 general registers an `asm!`
/// block may have on x86-64, so the operands are read from memory.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn mul6(_: Adx, a: &[u64; 6], b: &[u64; 6], p_inv: &[u64; 7]) -> [u64; 6] {
    let (mut t0, mut t1, mut t2, mut t3, mut t4, mut t5) = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    // SAFETY: `Adx` proves that the CPU has MULX, ADCX and ADOX; the three
    // pointers are to arrays of 6, 6 and 7 limbs, read within them; the
    // flags and every register written are declared.
    unsafe {
        asm!(
            cios_row6!(0),
            cios_row6!(1),
            cios_row6!(2),
            cios_row6!(3),
            cios_row6!(4),
            cios_row6!(5),
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p_inv.as_ptr(),
            t0 = inout(reg) t0,
            t1 = inout(reg) t1,
            t2 = inout(reg) t2,
            t3 = inout(reg) t3,
            t4 = inout(reg) t4,
            t5 = inout(reg) t5,
            acc = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3, t4, t5]
}

/// [`mul6`]`(a, a)`, limb for limb, in fewer products: 21 for the square
/// (the 15 cross products once, then doubled, and the 6 squares) where the
/// CIOS rows take 36, then the reduction's 6 rows of 6. Separated operand
/// scanning: the square's twelve words (the finished ones kept in `s`),
/// REDC of its low six, then its high six added. The result is the same
/// integer (a² + M·p)/R < 2p: the quotient M < R is fixed by
/// M ≡ −a²·p⁻¹ (mod R), whichever order its digits are found in.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn square6(_: Adx, a: &[u64; 6], p_inv: &[u64; 7]) -> [u64; 6] {
    let mut s = [0u64; 12];
    let (t0, t1, t2, t3, t4, t5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: as in `mul6`; `s` is a local array of 12 limbs that the
    // assembly writes and reads within.
    unsafe {
        asm!(
            // The cross products aᵢ·aⱼ, i < j, row by row; each row's two
            // lowest words are final and go to s.
            "mov rdx, qword ptr [{a}]",
            "mulx {t1}, {t0}, qword ptr [{a} + 8]",
            "mulx {t2}, {lo}, qword ptr [{a} + 16]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{a} + 24]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 32]",
            "adc {t3}, {lo}",
            "mulx {t5}, {lo}, qword ptr [{a} + 40]",
            "adc {t4}, {lo}",
            "adc {t5}, 0",
            "mov qword ptr [{s} + 8], {t0}",
            "mov qword ptr [{s} + 16], {t1}",
            "mov rdx, qword ptr [{a} + 8]",
            "xor {t0:e}, {t0:e}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adox {t2}, {lo}",
            "adcx {t3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adox {t3}, {lo}",
            "adcx {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 32]",
            "adox {t4}, {lo}",
            "adcx {t5}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 40]",
            "adox {t5}, {lo}",
            "adcx {t0}, {hi}",
            "mov {lo:e}, 0",
            "adox {t0}, {lo}",
            "mov qword ptr [{s} + 24], {t2}",
            "mov qword ptr [{s} + 32], {t3}",
            "mov rdx, qword ptr [{a} + 16]",
            "xor {t1:e}, {t1:e}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adox {t4}, {lo}",
            "adcx {t5}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 32]",
            "adox {t5}, {lo}",
            "adcx {t0}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 40]",
            "adox {t0}, {lo}",
            "adcx {t1}, {hi}",
            "mov {lo:e}, 0",
            "adox {t1}, {lo}",
            "mov qword ptr [{s} + 40], {t4}",
            "mov qword ptr [{s} + 48], {t5}",
            "mov rdx, qword ptr [{a} + 24]",
            "xor {t2:e}, {t2:e}",
            "mulx {hi}, {lo}, qword ptr [{a} + 32]",
            "adox {t0}, {lo}",
            "adcx {t1}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 40]",
            "adox {t1}, {lo}",
            "adcx {t2}, {hi}",
            "mov {lo:e}, 0",
            "adox {t2}, {lo}",
            "mov qword ptr [{s} + 56], {t0}",
            "mov qword ptr [{s} + 64], {t1}",
            "mov rdx, qword ptr [{a} + 32]",
            "mulx {t3}, {lo}, qword ptr [{a} + 40]",
            "add {t2}, {lo}",
            "adc {t3}, 0",
            "mov qword ptr [{s} + 72], {t2}",
            "mov qword ptr [{s} + 80], {t3}",
            // Twice the cross products plus the squares: words 0…5 into
            // t0…t5, words 6…11 back to s.
            "mov rdx, qword ptr [{a}]",
            "xor {t1:e}, {t1:e}",
            "mulx {hi}, {t0}, rdx",
            "mov {t1}, qword ptr [{s} + 8]",
            "adcx {t1}, {t1}",
            "adox {t1}, {hi}",
            "mov {t2}, qword ptr [{s} + 16]",
            "mov {t3}, qword ptr [{s} + 24]",
            square_diagonal!(1, "{t2}", "{t3}"),
            "mov {t4}, qword ptr [{s} + 32]",
            "mov {t5}, qword ptr [{s} + 40]",
            square_diagonal!(2, "{t4}", "{t5}"),
            square_diagonal_in_s!(3, 48, 56),
            square_diagonal_in_s!(4, 64, 72),
            // Cross word 11 is 0 (s[11] too, from its initialisation).
            square_diagonal_in_s!(5, 80, 88),
            // REDC of the low half, then the high half added.
            reduce_row6!("{lo}"),
            reduce_row6!("{lo}"),
            reduce_row6!("{lo}"),
            reduce_row6!("{lo}"),
            reduce_row6!("{lo}"),
            reduce_row6!("{lo}"),
            "add {t0}, qword ptr [{s} + 48]",
            "adc {t1}, qword ptr [{s} + 56]",
            "adc {t2}, qword ptr [{s} + 64]",
            "adc {t3}, qword ptr [{s} + 72]",
            "adc {t4}, qword ptr [{s} + 80]",
            "adc {t5}, qword ptr [{s} + 88]",
            a = in(reg) a.as_ptr(),
            s = in(reg) s.as_mut_ptr(),
            p = in(reg) p_inv.as_ptr(),
            t0 = out(reg) t0,
            t1 = out(reg) t1,
            t2 = out(reg) t2,
            t3 = out(reg) t3,
            t4 = out(reg) t4,
            t5 = out(reg) t5,
            u = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack),
        );
    }
    [t0, t1, t2, t3, t4, t5]
}
