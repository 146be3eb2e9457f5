//! Poseidon2 over Goldilocks as Lighter uses it (docs/ecgfp5.md §5): width 12, rate 8,
//! S-box x⁷, 4 + 22 + 4 rounds, plonky2's overwrite sponge without padding.
//! Constant time (no data-dependent control flow). The lanes are held in
//! Montgomery form (v·2⁶⁴ mod p) inside the permutation, so each S-box
//! product is reduced by `montyred`, a few instructions shorter than a
//! plain 128-bit reduction; the external linear layer works unchanged, the
//! round constants and the internal diagonal are stored in Montgomery form
//! (so the diagonal products are reduced by `montyred` too, and the
//! internal rounds keep their lanes in u64). Constants: as in
//! `poseidon_crypto`'s config (and the `poseidon-hash` 0.1.4 crate that the
//! tests compare against).

use super::gf::{montyred, reduce96_nc, to_mont, Gf};
use super::gfp5::Gfp5;

/// State width.
pub const WIDTH: usize = 12;
/// Sponge rate.
pub const RATE: usize = 8;

const EXTERNAL_CONSTANTS: [[u64; WIDTH]; 8] = [
    [
        15492826721047263190,
        11728330187201910315,
        8836021247773420868,
        16777404051263952451,
        5510875212538051896,
        6173089941271892285,
        2927757366422211339,
        10340958981325008808,
        8541987352684552425,
        9739599543776434497,
        15073950188101532019,
        12084856431752384512,
    ],
    [
        4584713381960671270,
        8807052963476652830,
        54136601502601741,
        4872702333905478703,
        5551030319979516287,
        12889366755535460989,
        16329242193178844328,
        412018088475211848,
        10505784623379650541,
        9758812378619434837,
        7421979329386275117,
        375240370024755551,
    ],
    [
        3331431125640721931,
        15684937309956309981,
        578521833432107983,
        14379242000670861838,
        17922409828154900976,
        8153494278429192257,
        15904673920630731971,
        11217863998460634216,
        3301540195510742136,
        9937973023749922003,
        3059102938155026419,
        1895288289490976132,
    ],
    [
        5580912693628927540,
        10064804080494788323,
        9582481583369602410,
        10186259561546797986,
        247426333829703916,
        13193193905461376067,
        6386232593701758044,
        17954717245501896472,
        1531720443376282699,
        2455761864255501970,
        11234429217864304495,
        4746959618548874102,
    ],
    [
        13571697342473846203,
        17477857865056504753,
        15963032953523553760,
        16033593225279635898,
        14252634232868282405,
        8219748254835277737,
        7459165569491914711,
        15855939513193752003,
        16788866461340278896,
        7102224659693946577,
        3024718005636976471,
        13695468978618890430,
    ],
    [
        8214202050877825436,
        2670727992739346204,
        16259532062589659211,
        11869922396257088411,
        3179482916972760137,
        13525476046633427808,
        3217337278042947412,
        14494689598654046340,
        15837379330312175383,
        8029037639801151344,
        2153456285263517937,
        8301106462311849241,
    ],
    [
        13294194396455217955,
        17394768489610594315,
        12847609130464867455,
        14015739446356528640,
        5879251655839607853,
        9747000124977436185,
        8950393546890284269,
        10765765936405694368,
        14695323910334139959,
        16366254691123000864,
        15292774414889043182,
        10910394433429313384,
    ],
    [
        17253424460214596184,
        3442854447664030446,
        3005570425335613727,
        10859158614900201063,
        9763230642109343539,
        6647722546511515039,
        909012944955815706,
        18101204076790399111,
        11588128829349125809,
        15863878496612806566,
        5201119062417750399,
        176665553780565743,
    ],
];

const INTERNAL_CONSTANTS: [u64; 22] = [
    11921381764981422944,
    10318423381711320787,
    8291411502347000766,
    229948027109387563,
    9152521390190983261,
    7129306032690285515,
    15395989607365232011,
    8641397269074305925,
    17256848792241043600,
    6046475228902245682,
    12041608676381094092,
    12785542378683951657,
    14546032085337914034,
    3304199118235116851,
    16499627707072547655,
    10386478025625759321,
    13475579315436919170,
    16042710511297532028,
    1411266850385657080,
    9024840976168649958,
    14047056970978379368,
    838728605080212101,
];

const DIAGONAL: [u64; WIDTH] = [
    0xc3b6c08e23ba9300,
    0xd84b5de94a324fb6,
    0x0d0c371c5b35b84f,
    0x7964f570e7188037,
    0x5daf18bbd996604b,
    0x6743bc47b9595257,
    0x5528b9362c59bb70,
    0xac45e25b7127b68b,
    0xa2077d7dfbb606b5,
    0xf3faac6faee378ae,
    0x0c6388b51545e883,
    0xd27dbb6944917b60,
];

/// The round constants in Montgomery form (compile time).
const fn mont<const N: usize>(mut c: [u64; N]) -> [u64; N] {
    let mut i = 0;
    while i < N {
        c[i] = to_mont(c[i]);
        i += 1;
    }
    c
}
const EXTERNAL_M: [[u64; WIDTH]; 8] = {
    let mut t = EXTERNAL_CONSTANTS;
    let mut r = 0;
    while r < 8 {
        t[r] = mont(t[r]);
        r += 1;
    }
    t
};
const INTERNAL_M: [u64; 22] = mont(INTERNAL_CONSTANTS);

/// x⁷ on a Montgomery lane < 2⁶⁴ (not necessarily canonical), result < 2⁶⁴:
/// `montyred` of a product of Montgomery forms is the Montgomery form of
/// the product, for any operands below 2⁶⁴.
#[inline(always)]
fn sbox(x: u64) -> u64 {
    let x2 = montyred(x as u128 * x as u128);
    let x3 = montyred(x2 as u128 * x as u128);
    let x4 = montyred(x2 as u128 * x2 as u128);
    montyred(x3 as u128 * x4 as u128)
}

/// M_E: the circulant M4 = circ(2, 3, 1, 1) on each 4-lane block, then every
/// lane plus the sum of the lanes congruent to it mod 4 — left unreduced:
/// each output is a sum of at most 28 lanes, < 2⁶⁹.
#[inline(always)]
fn external_linear(s: &[u64; WIDTH]) -> [u128; WIDTH] {
    let mut m = [0u128; WIDTH];
    for (c, o) in s.chunks_exact(4).zip(m.chunks_exact_mut(4)) {
        let [a, b, cc, d] = [c[0], c[1], c[2], c[3]].map(|v| v as u128);
        let sum = a + b + cc + d;
        o[0] = sum + a + 2 * b;
        o[1] = sum + b + 2 * cc;
        o[2] = sum + cc + 2 * d;
        o[3] = sum + d + 2 * a;
    }
    let col: [u128; 4] = core::array::from_fn(|i| m[i] + m[i + 4] + m[i + 8]);
    for (i, v) in m.iter_mut().enumerate() {
        *v += col[i % 4];
    }
    m
}

/// The internal diagonal in Montgomery form (compile time).
const DIAGONAL_M: [u64; WIDTH] = mont(DIAGONAL);

/// M_I = J + diag(D) in place: lane i becomes `sᵢ·dᵢ + Σ`, the product
/// reduced by `montyred` (a lane < 2⁶⁴ times a canonical constant is below
/// p·2⁶⁴, so the result is canonical) and the sum added with one carry fold
/// (a canonical value plus one below 2⁶⁴: after a carry the low word is
/// below p, so adding 2³² − 1 cannot wrap).
#[inline(always)]
fn internal_linear(s: &mut [u64; WIDTH]) {
    let sum = reduce96_nc(s.iter().map(|&v| v as u128).sum());
    for (l, &d) in s.iter_mut().zip(DIAGONAL_M.iter()) {
        let (v, c) = montyred(*l as u128 * d as u128).overflowing_add(sum);
        *l = v + (0xFFFF_FFFF & crate::ct::barrier((c as u64).wrapping_neg()));
    }
}

/// The permutation. Internally the lanes are in Montgomery form, kept below
/// 2⁶⁴ but not canonical, the linear layers and the round-constant additions are done
/// on u128 and reduced once per lane and round; only the output is made
/// canonical (the same values mod p as the textbook rounds: the
/// differential tests against `poseidon-hash` pin it).
pub fn permute(state: &mut [Gf; WIDTH]) {
    // Into Montgomery form: montyred(v·2¹²⁸ mod p) = v·2⁶⁴ mod p.
    const R2: u128 = 0xFFFF_FFFE_0000_0001;
    let mut s = [0u64; WIDTH];
    for (l, v) in s.iter_mut().zip(state.iter()) {
        *l = montyred(v.0 as u128 * R2);
    }
    let mut m = external_linear(&s);
    for rc in &EXTERNAL_M[..4] {
        for i in 0..WIDTH {
            s[i] = sbox(reduce96_nc(m[i] + rc[i] as u128));
        }
        m = external_linear(&s);
    }
    for (l, &v) in s.iter_mut().zip(m.iter()) {
        *l = reduce96_nc(v);
    }
    for &rc in &INTERNAL_M {
        s[0] = sbox(reduce96_nc(s[0] as u128 + rc as u128));
        internal_linear(&mut s);
    }
    let mut m = s.map(|v| v as u128);
    for rc in &EXTERNAL_M[4..] {
        for i in 0..WIDTH {
            s[i] = sbox(reduce96_nc(m[i] + rc[i] as u128));
        }
        m = external_linear(&s);
    }
    // Out of Montgomery form, canonical: montyred of a value < 2⁶⁴ is < p.
    for (l, &v) in state.iter_mut().zip(m.iter()) {
        *l = Gf(montyred(reduce96_nc(v) as u128));
    }
}

/// HashToQuinticExtension: overwrite-absorb 8-element chunks, permute after
/// each, output the first five lanes (no padding, no length: H([]) = 0).
pub fn hash_to_quintic_extension(input: &[Gf]) -> Gfp5 {
    let mut s = [Gf::ZERO; WIDTH];
    for chunk in input.chunks(RATE) {
        s[..chunk.len()].copy_from_slice(chunk);
        permute(&mut s);
    }
    Gfp5::from_gf_limbs([s[0], s[1], s[2], s[3], s[4]])
}
