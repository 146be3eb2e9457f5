//! SHA-256 (FIPS 180-4), for BIP340's tagged hashes, so the optimized
//! crate keeps its dependency list to subtle, zeroize and getrandom. Straight
//! from the standard; no data-dependent branches or indices. At run time the
//! compression uses the x86-64 SHA extensions where the CPU has them
//! (several times faster per block, which matters in a BIP340 signature's
//! five blocks); the portable rounds remain for other
//! CPUs and for the compile-time midstates. Tested against the `sha2` crate,
//! the BIP340 vectors (through the signatures), and one path against the
//! other.

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// An incremental SHA-256.
#[derive(Clone)]
pub struct Sha256 {
    h: [u32; 8],
    buf: [u8; 64],
    len: usize,
    total: u64,
}

impl Default for Sha256 {
    fn default() -> Self {
        Self::new()
    }
}

impl Sha256 {
    /// A fresh hash.
    pub fn new() -> Self {
        Sha256 {
            h: H0,
            buf: [0; 64],
            len: 0,
            total: 0,
        }
    }

    /// The state after absorbing `prefix`, whose length must be a multiple
    /// of 64 bytes, at compile time: the midstates of BIP340's tagged
    /// hashes, whose 64-byte prefix SHA256(tag) ‖ SHA256(tag) is the same
    /// for every message (libsecp256k1 hard-codes them the same way).
    pub const fn with_prefix_blocks(prefix: &[u8]) -> Sha256 {
        assert!(prefix.len().is_multiple_of(64));
        let mut h = H0;
        let mut i = 0;
        while i < prefix.len() {
            let mut block = [0u8; 64];
            let mut j = 0;
            while j < 64 {
                block[j] = prefix[i + j];
                j += 1;
            }
            Self::compress(&mut h, &block);
            i += 64;
        }
        Sha256 {
            h,
            buf: [0; 64],
            len: 0,
            total: prefix.len() as u64,
        }
    }

    const fn compress(h: &mut [u32; 8], block: &[u8; 64]) {
        let mut w = [0u32; 64];
        let mut i = 0;
        while i < 16 {
            w[i] = u32::from_be_bytes([
                block[4 * i],
                block[4 * i + 1],
                block[4 * i + 2],
                block[4 * i + 3],
            ]);
            i += 1;
        }
        while i < 64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
            i += 1;
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = *h;
        let mut i = 0;
        while i < 64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
            i += 1;
        }
        let v = [a, b, c, d, e, f, g, hh];
        let mut k = 0;
        while k < 8 {
            h[k] = h[k].wrapping_add(v[k]);
            k += 1;
        }
    }

    /// One block at run time: SHA-NI when available, else the portable rounds.
    fn compress_rt(h: &mut [u32; 8], block: &[u8; 64]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(ni) = shani::ShaNi::detect() {
            ni.compress(h, block);
            return;
        }
        Self::compress(h, block);
    }

    /// Absorbs bytes.
    pub fn update(&mut self, mut data: &[u8]) -> &mut Self {
        self.total += data.len() as u64;
        while !data.is_empty() {
            let take = (64 - self.len).min(data.len());
            self.buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            data = &data[take..];
            if self.len == 64 {
                let block = self.buf;
                Self::compress_rt(&mut self.h, &block);
                self.len = 0;
            }
        }
        self
    }

    /// The digest: 0x80, zeros and the bit length, written into the
    /// buffer directly (one or two final blocks).
    pub fn finalize(mut self) -> [u8; 32] {
        let bits = self.total.wrapping_mul(8);
        let mut block = self.buf;
        block[self.len] = 0x80;
        block[self.len + 1..].fill(0);
        if self.len >= 56 {
            Self::compress_rt(&mut self.h, &block);
            block = [0; 64];
        }
        block[56..].copy_from_slice(&bits.to_be_bytes());
        Self::compress_rt(&mut self.h, &block);
        let mut out = [0u8; 32];
        for (i, v) in self.h.iter().enumerate() {
            out[4 * i..4 * i + 4].copy_from_slice(&v.to_be_bytes());
        }
        out
    }
}

/// SHA-256 of one byte string.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(data);
    h.finalize()
}

/// SHA-256 of one byte string at compile time (for the tag hashes).
pub const fn sha256_const(data: &[u8]) -> [u8; 32] {
    assert!(data.len() < 56, "one block only");
    let mut block = [0u8; 64];
    let mut i = 0;
    while i < data.len() {
        block[i] = data[i];
        i += 1;
    }
    block[data.len()] = 0x80;
    let bits = (data.len() as u64 * 8).to_be_bytes();
    let mut i = 0;
    while i < 8 {
        block[56 + i] = bits[i];
        i += 1;
    }
    let mut h = H0;
    Sha256::compress(&mut h, &block);
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 8 {
        let b = h[i].to_be_bytes();
        out[4 * i] = b[0];
        out[4 * i + 1] = b[1];
        out[4 * i + 2] = b[2];
        out[4 * i + 3] = b[3];
        i += 1;
    }
    out
}

/// The compression function on the x86-64 SHA extensions (Intel's
/// published round structure: the state as ABEF / CDGH, two rounds per
/// `sha256rnds2`, the schedule by `sha256msg1` / `sha256msg2`). The
/// instructions' timing does not depend on the data.
#[cfg(target_arch = "x86_64")]
mod shani {
    use super::K;
    use core::arch::x86_64::*;

    /// Proof that the CPU has SHA, SSSE3 and SSE4.1: only [`ShaNi::detect`]
    /// makes one, so holding one is the precondition of `rounds`, checked.
    #[derive(Clone, Copy)]
    pub(super) struct ShaNi(());

    impl ShaNi {
        /// The proof, where the CPU has the extensions (cached by std).
        pub(super) fn detect() -> Option<ShaNi> {
            let has = std::is_x86_feature_detected!("sha")
                && std::is_x86_feature_detected!("ssse3")
                && std::is_x86_feature_detected!("sse4.1");
            has.then_some(ShaNi(()))
        }

        /// One block.
        pub(super) fn compress(self, h: &mut [u32; 8], block: &[u8; 64]) {
            #[allow(unsafe_code)]
            // SAFETY: the only requirement of `rounds` is that the CPU has
            // the features it is compiled for; `self` exists only where
            // `detect` found them.
            unsafe {
                rounds(h, block)
            }
        }
    }

    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    fn rounds(h: &mut [u32; 8], block: &[u8; 64]) {
        let w = |i: usize| {
            u32::from_be_bytes([
                block[4 * i],
                block[4 * i + 1],
                block[4 * i + 2],
                block[4 * i + 3],
            ]) as i32
        };
        let v = |x: &[u32]| _mm_set_epi32(x[3] as i32, x[2] as i32, x[1] as i32, x[0] as i32);
        let dcba = v(&h[..4]);
        let hgfe = v(&h[4..]);
        let cdab = _mm_shuffle_epi32::<0xB1>(dcba);
        let efgh = _mm_shuffle_epi32::<0x1B>(hgfe);
        let mut abef = _mm_alignr_epi8::<8>(cdab, efgh);
        let mut cdgh = _mm_blend_epi16::<0xF0>(efgh, cdab);
        let (abef0, cdgh0) = (abef, cdgh);
        let mut m = [_mm_setzero_si128(); 16];
        for i in 0..16 {
            m[i] = if i < 4 {
                _mm_set_epi32(w(4 * i + 3), w(4 * i + 2), w(4 * i + 1), w(4 * i))
            } else {
                // W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16], four at a time.
                let x = _mm_sha256msg1_epu32(m[i - 4], m[i - 3]);
                let x = _mm_add_epi32(x, _mm_alignr_epi8::<4>(m[i - 1], m[i - 2]));
                _mm_sha256msg2_epu32(x, m[i - 1])
            };
            let wk = _mm_add_epi32(m[i], v(&K[4 * i..4 * i + 4]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32::<0x0E>(wk));
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
        let feba = _mm_shuffle_epi32::<0x1B>(abef);
        let dchg = _mm_shuffle_epi32::<0xB1>(cdgh);
        let dcba = _mm_blend_epi16::<0xF0>(feba, dchg);
        let hgfe = _mm_alignr_epi8::<8>(dchg, feba);
        let lanes = |x: __m128i| {
            [
                _mm_extract_epi32::<0>(x) as u32,
                _mm_extract_epi32::<1>(x) as u32,
                _mm_extract_epi32::<2>(x) as u32,
                _mm_extract_epi32::<3>(x) as u32,
            ]
        };
        h[..4].copy_from_slice(&lanes(dcba));
        h[4..].copy_from_slice(&lanes(hgfe));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run-time compression (SHA-NI here when the CPU has it) equals the
    /// portable rounds on a chain of pseudo-random states and blocks.
    #[test]
    fn runtime_compression_equals_portable() {
        #[cfg(target_arch = "x86_64")]
        if shani::ShaNi::detect().is_none() {
            eprintln!("SKIPPED: this CPU has no SHA extensions; only the portable path runs");
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut a, mut b) = (H0, H0);
        for _ in 0..2000 {
            let mut block = [0u8; 64];
            for c in block.chunks_mut(8) {
                c.copy_from_slice(&next().to_le_bytes());
            }
            Sha256::compress(&mut a, &block);
            Sha256::compress_rt(&mut b, &block);
            assert_eq!(a, b);
        }
        // FIPS 180-4's "abc".
        assert_eq!(
            sha256(b"abc")[..4],
            [0xba, 0x78, 0x16, 0xbf],
            "SHA-256(\"abc\") begins ba7816bf"
        );
    }

    /// The fast path is taken wherever the CPU reports the three
    /// extensions it needs (a `detect` that found nothing would leave every
    /// hash right and several times slower).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_sha_extensions_are_found_where_the_cpu_has_them() {
        let has = std::is_x86_feature_detected!("sha")
            && std::is_x86_feature_detected!("ssse3")
            && std::is_x86_feature_detected!("sse4.1");
        assert_eq!(shani::ShaNi::detect().is_some(), has);
    }
}
