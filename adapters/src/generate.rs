//! `twinmul vectors generate`: vector files whose expected values come from
//! the peer libraries, never from the code under test.
//!
//! Every case is run on every peer that supports it; the peers must agree,
//! and their common answer is the expected value. Inputs where the
//! contract is strict and no peer follows it (e.g. ECgFp5 limbs ≥ p, which
//! goldilocks-crypto reads mod p) get the value the interop contract
//! prescribes — always a rejection or `valid: false` — and their comment
//! says so. On ECgFp5, each case whose answer differs under another known
//! policy (docs/policies.md) is followed by a case stating that policy's
//! answer (`"policy"`): the answer of twinmul's two independent
//! implementations of the policy, which must agree, and of the peer that
//! follows it wherever the peer answers. The RNG is
//! ChaCha20 seeded from `--seed`, one stream per curve, so the files are
//! reproducible byte for byte (a test regenerates them).

use crate::flavours::Flavour;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use twinmul_harness::edge::{biased_scalar, edge_scalars, encode_scalar, order};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::implementation::{each, run, run_each};
use twinmul_harness::model::{Answer, Curve, Expected, Input};
use twinmul_harness::policy::Policy;
use twinmul_harness::reference::policies::ReferencePolicy;
use twinmul_harness::vectors::{CaseOut, VectorFile};

/// The peers (and exact versions) the expected values come from.
pub const PEER_VERSIONS: &str =
    "k256 0.13.4, secp256k1 0.31.1 (libsecp256k1 via secp256k1-sys 0.11.0), \
ark-bn254 0.5.0, ark-bls12-381 0.5.0, blst 0.3.16, bls12_381 0.8.0, goldilocks-crypto 0.1.2";

pub use twinmul_harness::vectors::DEFAULT_SEED;

struct Gen {
    curve: Curve,
    peers: Vec<Box<dyn Implementation>>,
    rng: ChaCha20Rng,
    cases: Vec<(Input, Expected, CaseOut)>,
}

impl Gen {
    /// Each peer that has the input's (curve, op) pair: its name, declared
    /// policy and answer.
    fn answers(&self, input: &Input) -> Vec<(&str, Option<Policy>, Answer)> {
        run_each(each(&self.peers), self.curve, input)
            .answers
            .into_iter()
            .map(|r| (r.implementation.name(), r.implementation.policy(), r.answer))
            .collect()
    }

    /// The peers' common answer; an error if they disagree, one fails, or
    /// none answers. Used where every policy answers alike (the cases whose
    /// answer a policy changes go through [`Gen::push_invalid`]).
    fn consensus(&self, input: &Input) -> Result<Answer, String> {
        let answers = self.answers(input);
        let report = || {
            let lines: Vec<String> = answers
                .iter()
                .map(|(n, _, a)| format!("  {n}: {a}"))
                .collect();
            format!("{} {}:\n{}", self.curve, input.op(), lines.join("\n"))
        };
        let mut answered = answers.iter().filter(|(_, _, a)| !a.is_declined());
        let Some((_, _, first)) = answered.next() else {
            return Err(format!("no peer answers:\n{}", report()));
        };
        if matches!(first, Answer::Failed(_))
            || answered.any(|(_, _, a)| first.agrees_with(a) != Some(true))
        {
            return Err(format!("peers disagree:\n{}", report()));
        }
        Ok(first.clone())
    }

    /// Where `input` is already a case, adds `comment` to that case's and
    /// says so: a file holds each input once (a duplicate would be counted
    /// twice; the checker refuses it).
    fn merged(&mut self, input: &Input, comment: &str) -> bool {
        let Some((_, _, case)) = self.cases.iter_mut().find(|(i, _, _)| i == input) else {
            return false;
        };
        let c = case.comment.get_or_insert_with(String::new);
        let cut = c.find(" (contract rule;").unwrap_or(c.len());
        c.insert_str(cut, &format!("; {comment}"));
        if let Some(class) = drawn_class(comment) {
            case.class.get_or_insert_with(|| class.to_string());
        }
        true
    }

    /// The case for `input`, with its class: the catalogue's where it was
    /// drawn from a class (its comment is `class NAME`), else the class of
    /// the rule the reference refuses its point by, if any.
    fn case_out(&self, input: &Input, expected: &Expected, comment: &str) -> CaseOut {
        let mut case = CaseOut::new(input, expected, comment);
        case.class = match drawn_class(comment) {
            Some(class) => Some(class.to_string()),
            None => twinmul_harness::classes::rule::of_refused_point(self.curve, input)
                .map(str::to_string),
        };
        case
    }

    fn push(&mut self, input: Input, comment: &str) -> Result<Answer, String> {
        let a = self.consensus(&input)?;
        if self.merged(&input, comment) {
            return Ok(a);
        }
        let exp = match &a {
            Answer::Bytes(b) => Expected::Bytes(b.clone()),
            Answer::Verdict(v) => Expected::Verdict(*v),
            Answer::Rejected(_) => Expected::Rejected,
            Answer::Declined(why) | Answer::Failed(why) => {
                return Err(format!("no consensus ({why}):\n{}", input.op()))
            }
        };
        let case = self.case_out(&input, &exp, comment);
        self.cases.push((input, exp, case));
        Ok(a)
    }

    /// A case whose contract answer is a rejection / `false`: peers that
    /// answer must agree with it; if none answers, the contract decides.
    fn push_invalid(&mut self, input: Input, comment: &str) -> Result<(), String> {
        if self.merged(&input, comment) {
            return Ok(());
        }
        let expected = match input {
            Input::Verify { .. } => Expected::Verdict(false),
            _ => Expected::Rejected,
        };
        // Peers that follow the contract must give its answer; a peer that
        // declares another policy may not (the policy cases check it).
        let answers = self.answers(&input);
        let mut backing = 0;
        for (name, policy, a) in &answers {
            let strict = matches!(policy, None | Some(Policy::Strict));
            match expected.matches(a) {
                Some(true) => backing += 1,
                None if a.is_declined() => {}
                _ if !strict => {}
                _ => {
                    return Err(format!(
                        "peer {name} answers {a} where the contract says {expected}: {} {}",
                        self.curve,
                        input.op()
                    ))
                }
            }
        }
        let comment = if backing == 0 {
            format!("{comment} (contract rule; no peer gives the contract's answer here)")
        } else {
            comment.to_string()
        };
        let case = self.case_out(&input, &expected, &comment);
        self.cases.push((input, expected, case));
        Ok(())
    }

    fn point(&mut self, scalar: &BigUint) -> Result<Vec<u8>, String> {
        let s = encode_scalar(self.curve, scalar).ok_or("scalar too large")?;
        match self.consensus(&Input::MulG { scalar: s })? {
            Answer::Bytes(b) => Ok(b),
            other => Err(format!("mul_g gave {other}")),
        }
    }

    fn random_below_n(&mut self) -> BigUint {
        let n = order(self.curve);
        loop {
            let mut b = vec![0u8; self.curve.scalar_len()];
            self.rng.fill(&mut b[..]);
            let v = BigUint::from_bytes_le(&b) % &n;
            if v != BigUint::from(0u32) {
                return v;
            }
        }
    }

    fn random_scalar_bytes(&mut self) -> Vec<u8> {
        let v = self.random_below_n();
        encode_scalar(self.curve, &v).expect("fits")
    }
}

/// Generates the four vector files for `seed`.
pub fn generate(seed: u64) -> Result<Vec<(Curve, VectorFile)>, String> {
    let mut out = Vec::new();
    for (i, curve) in Curve::ALL.into_iter().enumerate() {
        let mut g = Gen {
            curve,
            peers: crate::peers(),
            rng: ChaCha20Rng::seed_from_u64(seed ^ ((i as u64 + 1) << 56)),
            cases: Vec::new(),
        };
        scalar_mults(&mut g)?;
        encodings(&mut g)?;
        match curve {
            Curve::Secp256k1 => bip340(&mut g)?,
            Curve::Ecgfp5 => lighter(&mut g)?,
            _ => {}
        }
        catalogue(&mut g, seed)?;
        let mut cases = Vec::new();
        for (input, expected, case) in &g.cases {
            cases.push(serde_json::to_value(case).expect("serializable"));
            for variant in policy_cases(&g, input, expected, case)? {
                cases.push(serde_json::to_value(variant).expect("serializable"));
            }
        }
        let source = format!(
            "twinmul vectors generate --seed {seed}. Expected values: the consensus of the peer \
libraries that support each case ({PEER_VERSIONS}); cases no peer answers carry the interop \
contract's rejection and say so in their comment; a case with a \"policy\" field states that \
policy's answer (docs/policies.md), given alike by twinmul's two implementations of it and by \
the peer that follows it wherever that peer answers."
        );
        out.push((
            curve,
            VectorFile {
                curve: curve.id().into(),
                source,
                cases,
            },
        ));
    }
    Ok(out)
}

/// The cases that state another policy's answer to `input`, for each
/// policy whose answer differs from the contract's `expected`.
fn policy_cases(
    g: &Gen,
    input: &Input,
    expected: &Expected,
    case: &CaseOut,
) -> Result<Vec<CaseOut>, String> {
    let mut out = Vec::new();
    for policy in Policy::ALL {
        if policy == Policy::Strict || !policy.covers(g.curve) {
            continue;
        }
        let fast = run(&Flavour::new(policy), g.curve, input);
        let naive = run(&ReferencePolicy::new(policy), g.curve, input);
        if fast.is_declined() && naive.is_declined() {
            continue;
        }
        if fast.agrees_with(&naive) != Some(true) {
            return Err(format!(
                "twinmul's two implementations of {policy} disagree on {} {}: {fast} vs {naive}",
                g.curve,
                input.op()
            ));
        }
        if expected.matches(&fast) == Some(true) {
            continue;
        }
        let mut peers = Vec::new();
        for (name, declared, a) in g.answers(input) {
            if declared == Some(policy) && !a.is_declined() {
                if a.agrees_with(&fast) != Some(true) {
                    return Err(format!(
                        "{name} does not follow its declared policy {policy} on {} {}: {a} vs {fast}",
                        g.curve,
                        input.op()
                    ));
                }
                peers.push(name.to_string());
            }
        }
        let exp = match &fast {
            Answer::Bytes(b) => Expected::Bytes(b.clone()),
            Answer::Verdict(v) => Expected::Verdict(*v),
            Answer::Rejected(_) => Expected::Rejected,
            other => return Err(format!("{policy} gave {other}")),
        };
        let also = if peers.is_empty() {
            String::new()
        } else {
            format!(" and {}", peers.join(", "))
        };
        let base = case.comment.as_deref().unwrap_or("");
        let base = base.split(" (contract rule;").next().unwrap_or(base);
        let mut v = CaseOut::new(
            input,
            &exp,
            format!("{base} — under {policy} (its two twinmul implementations{also})"),
        );
        v.policy = Some(policy.id().to_string());
        v.class = case.class.clone();
        out.push(v);
    }
    Ok(out)
}

/// The class a case was drawn from: its comment begins `class NAME`.
fn drawn_class(comment: &str) -> Option<&str> {
    comment.strip_prefix("class ")?.split_whitespace().next()
}

fn scalar_mults(g: &mut Gen) -> Result<(), String> {
    let curve = g.curve;
    let edges = edge_scalars(curve);
    for (label, s) in &edges {
        g.push(
            Input::MulG { scalar: s.clone() },
            &format!("edge scalar {label}"),
        )?;
    }
    for _ in 0..16 {
        let s = biased_scalar(curve, &mut g.rng);
        g.push(
            Input::MulG { scalar: s },
            "random scalar (biased: uniform / low / high Hamming weight)",
        )?;
    }
    let r = g.random_below_n();
    let p1 = g.point(&r)?;
    for (label, s) in &edges {
        g.push(
            Input::Mul {
                point: p1.clone(),
                scalar: s.clone(),
            },
            &format!("random point, edge scalar {label}"),
        )?;
    }
    let gen = g.point(&BigUint::from(1u32))?;
    let neg_gen = g.point(&(order(curve) - 1u32))?;
    let infinity = g.point(&BigUint::from(0u32))?;
    for (label, p) in [("G", gen), ("-G", neg_gen), ("infinity", infinity)] {
        let s = g.random_scalar_bytes();
        g.push(
            Input::Mul {
                point: p,
                scalar: s,
            },
            &format!("point {label}, random scalar"),
        )?;
    }
    for _ in 0..12 {
        let r = g.random_below_n();
        let p = g.point(&r)?;
        let s = biased_scalar(curve, &mut g.rng);
        g.push(
            Input::Mul {
                point: p,
                scalar: s,
            },
            "random point, random scalar",
        )?;
    }
    // A scalar of the wrong length is an error, not a multiplier.
    let short = vec![1u8; curve.scalar_len() - 1];
    g.push_invalid(
        Input::MulG {
            scalar: short.clone(),
        },
        "scalar one byte short",
    )?;
    g.push_invalid(
        Input::Mul {
            point: p1,
            scalar: short,
        },
        "scalar one byte short",
    )?;
    Ok(())
}

/// One draw of every class of the catalogue (docs/classes.md) on every
/// pair of the curve, the stratum 0 of each, from the classes' own
/// streams. The reference says only whether the contract refuses the input
/// (then the contract decides, and every strict peer that answers must
/// agree); otherwise the expected value is the peers' consensus.
fn catalogue(g: &mut Gen, seed: u64) -> Result<(), String> {
    let reference = twinmul_harness::reference::Reference;
    for (curve, op) in twinmul_harness::campaign::pairs() {
        if curve != g.curve {
            continue;
        }
        for class in twinmul_harness::classes::classes_for(curve, op) {
            let input = twinmul_harness::campaign::class_inputs(seed, curve, op, class, 1)
                .pop()
                .ok_or("a class drew nothing")?;
            let comment = format!("class {}", class.name);
            match run(&reference, curve, &input) {
                Answer::Rejected(_) | Answer::Verdict(false) => g.push_invalid(input, &comment)?,
                _ => {
                    g.push(input, &comment)?;
                }
            }
        }
    }
    Ok(())
}

/// Valid encodings in every accepted form, then invalid ones of every kind.
fn encodings(g: &mut Gen) -> Result<(), String> {
    let curve = g.curve;
    for k in [1u32, 2, 3] {
        let p = g.point(&BigUint::from(k))?;
        g.push(Input::Decode { point: p }, &format!("{k}·G"))?;
    }
    for _ in 0..4 {
        let r = g.random_below_n();
        let p = g.point(&r)?;
        g.push(Input::Decode { point: p }, "random point")?;
    }
    let inf = g.point(&BigUint::from(0u32))?;
    g.push(Input::Decode { point: inf }, "infinity")?;
    let r = g.random_below_n();
    let valid = g.point(&r)?;
    let mut invalid: Vec<(String, Vec<u8>)> = vec![
        ("empty".into(), vec![]),
        ("one byte short".into(), valid[..valid.len() - 1].to_vec()),
        ("one byte long".into(), [valid.clone(), vec![0]].concat()),
    ];
    match curve {
        Curve::Secp256k1 => secp_encodings(g, &valid, &mut invalid)?,
        Curve::Bn254 => bn_encodings(&valid, &mut invalid),
        Curve::Bls12_381 => bls_encodings(g, &valid, &mut invalid)?,
        Curve::Ecgfp5 => ecgfp5_encodings(g, &mut invalid)?,
    }
    for (label, bytes) in invalid {
        g.push_invalid(
            Input::Decode {
                point: bytes.clone(),
            },
            &label,
        )?;
    }
    // Multiplication refuses what decoding refuses.
    let s = g.random_scalar_bytes();
    let mut bad = valid;
    let last = bad.len() - 1;
    bad[last] ^= 1;
    g.push(
        Input::Mul {
            point: bad,
            scalar: s,
        },
        "last byte of a valid point flipped",
    )?;
    Ok(())
}

fn be_bytes(v: &BigUint, len: usize) -> Vec<u8> {
    let mut b = v.to_bytes_be();
    while b.len() < len {
        b.insert(0, 0);
    }
    b
}

fn secp_encodings(
    g: &mut Gen,
    valid: &[u8],
    invalid: &mut Vec<(String, Vec<u8>)>,
) -> Result<(), String> {
    let c = twinmul_reference::secp256k1::curve();
    // Uncompressed forms of valid points are valid input.
    for k in [1u32, 7] {
        let pt = c.mul_g(&BigUint::from(k));
        let unc = twinmul_reference::secp256k1::encode_uncompressed(&pt);
        g.push(
            Input::Decode { point: unc.clone() },
            &format!("{k}·G uncompressed"),
        )?;
        let mut off = unc.clone();
        off[64] ^= 1;
        invalid.push((format!("{k}·G uncompressed with y+1 (off the curve)"), off));
        let mut hybrid = unc;
        hybrid[0] = 0x06 | (hybrid[64] & 1);
        invalid.push((
            format!("{k}·G hybrid encoding (06/07 is not in the contract)"),
            hybrid,
        ));
    }
    invalid.push((
        "prefix 05".into(),
        [vec![0x05], valid[1..].to_vec()].concat(),
    ));
    invalid.push((
        "prefix 04 on 33 bytes".into(),
        [vec![0x04], valid[1..].to_vec()].concat(),
    ));
    invalid.push(("x = p".into(), [vec![0x02], be_bytes(&c.p, 32)].concat()));
    invalid.push((
        "x = 2^256 - 1".into(),
        [vec![0x03], vec![0xff; 32]].concat(),
    ));
    invalid.push(("infinity with a trailing byte".into(), vec![0x00, 0x00]));
    invalid.push((
        "04 and 64 zero bytes".into(),
        [vec![0x04], vec![0; 64]].concat(),
    ));
    for x in 0u32..12 {
        let bytes = [vec![0x02], be_bytes(&BigUint::from(x), 32)].concat();
        g.push(
            Input::Decode { point: bytes },
            &format!("compressed small x = {x}"),
        )?;
    }
    Ok(())
}

fn bn_encodings(valid: &[u8], invalid: &mut Vec<(String, Vec<u8>)>) {
    let c = twinmul_reference::bn254::curve();
    let p = be_bytes(&c.p, 32);
    invalid.push(("x = p".into(), [p.clone(), valid[32..].to_vec()].concat()));
    invalid.push(("y = p".into(), [valid[..32].to_vec(), p].concat()));
    let mut off = valid.to_vec();
    off[63] ^= 1;
    invalid.push(("y flipped in its last bit (off the curve)".into(), off));
    invalid.push((
        "(1, 3)".into(),
        [
            be_bytes(&BigUint::from(1u32), 32),
            be_bytes(&BigUint::from(3u32), 32),
        ]
        .concat(),
    ));
    invalid.push((
        "(0, 1)".into(),
        [vec![0; 32], be_bytes(&BigUint::from(1u32), 32)].concat(),
    ));
    invalid.push(("all ones".into(), vec![0xff; 64]));
}

fn bls_encodings(
    g: &mut Gen,
    valid: &[u8],
    invalid: &mut Vec<(String, Vec<u8>)>,
) -> Result<(), String> {
    use twinmul_reference::bls12_381 as r;
    let c = r::curve();
    for k in [1u32, 5] {
        let unc = r::encode_uncompressed(&c.mul_g(&BigUint::from(k)));
        g.push(
            Input::Decode { point: unc.clone() },
            &format!("{k}·G uncompressed"),
        )?;
        let mut flag = unc.clone();
        flag[0] |= 0x80;
        invalid.push((format!("{k}·G uncompressed with the compression bit"), flag));
        let mut sort = unc.clone();
        sort[0] |= 0x20;
        invalid.push((format!("{k}·G uncompressed with the sort bit"), sort));
        let mut off = unc;
        off[95] ^= 1;
        invalid.push((
            format!("{k}·G uncompressed, y flipped in its last bit"),
            off,
        ));
    }
    g.push(
        Input::Decode {
            point: r::encode_uncompressed(&None),
        },
        "infinity uncompressed",
    )?;
    let mut no_c = valid.to_vec();
    no_c[0] &= 0x7f;
    invalid.push(("compressed without the compression bit".into(), no_c));
    let mut inf_s = vec![0u8; 48];
    inf_s[0] = 0xe0;
    invalid.push(("compressed infinity with the sort bit".into(), inf_s));
    let mut inf_x = vec![0u8; 48];
    inf_x[0] = 0xc0;
    inf_x[47] = 1;
    invalid.push(("compressed infinity with a non-zero body".into(), inf_x));
    let mut inf_u = vec![0u8; 96];
    inf_u[0] = 0x40;
    inf_u[95] = 1;
    invalid.push(("uncompressed infinity with a non-zero body".into(), inf_u));
    invalid.push(("96 zero bytes (no infinity flag)".into(), vec![0u8; 96]));
    let mut x_p = be_bytes(&c.p, 48);
    x_p[0] |= 0x80;
    invalid.push(("compressed x = p".into(), x_p));
    // (0, ±2) is on y² = x³ + 4 but has order 3, so it is outside G1.
    let two = be_bytes(&BigUint::from(2u32), 48);
    invalid.push((
        "(0, 2): on the curve, order 3, not in G1".into(),
        [vec![0u8; 48], two].concat(),
    ));
    let mut zero_c = vec![0u8; 48];
    zero_c[0] = 0x80;
    invalid.push(("compressed x = 0: order 3, not in G1".into(), zero_c));
    // Small x: some are on the curve (and then almost surely outside G1), some not.
    for x in 1u32..8 {
        let mut b = be_bytes(&BigUint::from(x), 48);
        b[0] |= 0x80;
        invalid.push((format!("compressed small x = {x}"), b));
    }
    Ok(())
}

fn ecgfp5_encodings(g: &mut Gen, invalid: &mut Vec<(String, Vec<u8>)>) -> Result<(), String> {
    const P: u64 = 0xFFFF_FFFF_0000_0001;
    let w = |limbs: [u64; 5]| {
        limbs
            .iter()
            .flat_map(|l| l.to_le_bytes())
            .collect::<Vec<u8>>()
    };
    for v in [0u64, 4, 6, 7, 8] {
        g.push(
            Input::Decode {
                point: w([v, 0, 0, 0, 0]),
            },
            &format!("w = {v} decodes (docs/ecgfp5.md §2)"),
        )?;
    }
    for v in [1u64, 2, 3, 5, 9, 10, 11, 12] {
        g.push(
            Input::Decode {
                point: w([v, 0, 0, 0, 0]),
            },
            &format!("w = {v} does not decode (docs/ecgfp5.md §2)"),
        )?;
    }
    invalid.push((
        "w = [4 + p, 0, 0, 0, 0]: G with a non-canonical limb".into(),
        w([4u64.wrapping_add(P), 0, 0, 0, 0]),
    ));
    invalid.push((
        "w = [p, 0, 0, 0, 0]: the neutral with a non-canonical limb".into(),
        w([P, 0, 0, 0, 0]),
    ));
    invalid.push((
        "w = [0, 0, 0, 0, 2^64 - 1]".into(),
        w([0, 0, 0, 0, u64::MAX]),
    ));
    for _ in 0..8 {
        let limbs: [u64; 5] = std::array::from_fn(|_| g.rng.gen_range(0..P));
        g.push(
            Input::Decode { point: w(limbs) },
            "random canonical w (about half decode)",
        )?;
    }
    Ok(())
}

fn bip340(g: &mut Gen) -> Result<(), String> {
    let n = order(Curve::Secp256k1);
    let msg_lens = [0usize, 1, 32, 100, 17, 32];
    let mut signed = Vec::new();
    for i in 0..12 {
        let sk = match i {
            0 => BigUint::from(1u32),
            1 => &n - 1u32,
            _ => g.random_below_n(),
        };
        let sk = encode_scalar(Curve::Secp256k1, &sk).expect("fits");
        let mut msg = vec![0u8; msg_lens[i % msg_lens.len()]];
        g.rng.fill(&mut msg[..]);
        let mut aux = [0u8; 32];
        if i % 3 != 0 {
            g.rng.fill(&mut aux[..]);
        }
        let input = Input::Sign {
            secret_key: sk.clone(),
            message: msg.clone(),
            nonce: aux.to_vec(),
        };
        let sig = match g.push(input, &format!("BIP340 sign, {}-byte message", msg.len()))? {
            Answer::Bytes(b) => b,
            other => return Err(format!("sign gave {other}")),
        };
        let pk = g.point(&BigUint::from_bytes_be(&sk))?[1..].to_vec();
        signed.push((pk, msg, sig));
    }
    for (i, (pk, msg, sig)) in signed.iter().enumerate() {
        let v = |pk: &[u8], msg: &[u8], sig: &[u8]| Input::Verify {
            public_key: pk.to_vec(),
            message: msg.to_vec(),
            signature: sig.to_vec(),
        };
        g.push(v(pk, msg, sig), "valid signature")?;
        let mut bad = sig.clone();
        bad[i % 64] ^= 1 << (i % 8);
        g.push(v(pk, msg, &bad), "one signature bit flipped")?;
        let mut m2 = msg.clone();
        m2.push(0);
        g.push(v(pk, &m2, sig), "message with an extra zero byte")?;
        let other = &signed[(i + 1) % signed.len()].0;
        g.push(v(other, msg, sig), "another key")?;
    }
    let (pk, msg, sig) = signed[2].clone();
    let c = twinmul_reference::secp256k1::curve();
    let s_n = [sig[..32].to_vec(), be_bytes(&n, 32)].concat();
    g.push_invalid(
        Input::Verify {
            public_key: pk.clone(),
            message: msg.clone(),
            signature: s_n,
        },
        "s = n",
    )?;
    let r_p = [be_bytes(&c.p, 32), sig[32..].to_vec()].concat();
    g.push_invalid(
        Input::Verify {
            public_key: pk.clone(),
            message: msg.clone(),
            signature: r_p,
        },
        "r = p",
    )?;
    g.push_invalid(
        Input::Verify {
            public_key: be_bytes(&c.p, 32),
            message: msg.clone(),
            signature: sig.clone(),
        },
        "public key x = p",
    )?;
    g.push_invalid(
        Input::Verify {
            public_key: pk.clone(),
            message: msg.clone(),
            signature: sig[..63].to_vec(),
        },
        "63-byte signature",
    )?;
    for (label, sk) in [
        ("secret key 0", BigUint::from(0u32)),
        ("secret key n", n.clone()),
    ] {
        let sk = encode_scalar(Curve::Secp256k1, &sk).expect("fits");
        g.push_invalid(
            Input::Sign {
                secret_key: sk,
                message: msg.clone(),
                nonce: vec![0; 32],
            },
            label,
        )?;
    }
    Ok(())
}

fn lighter(g: &mut Gen) -> Result<(), String> {
    const P: u64 = 0xFFFF_FFFF_0000_0001;
    let n = order(Curve::Ecgfp5);
    let le = |v: &BigUint| encode_scalar(Curve::Ecgfp5, v).expect("fits");
    let mut signed = Vec::new();
    for i in 0..10 {
        let sk = match i {
            0 => BigUint::from(1u32),
            1 => &n - 1u32,
            _ => g.random_below_n(),
        };
        let k = g.random_below_n();
        let hm: Vec<u8> = (0..5)
            .flat_map(|_| g.rng.gen_range(0..P).to_le_bytes())
            .collect();
        let input = Input::Sign {
            secret_key: le(&sk),
            message: hm.clone(),
            nonce: le(&k),
        };
        let sig = match g.push(input, "Lighter sign with an explicit nonce")? {
            Answer::Bytes(b) => b,
            other => return Err(format!("sign gave {other}")),
        };
        let pk = g.point(&sk)?;
        signed.push((pk, hm, sig));
    }
    let v = |pk: &[u8], hm: &[u8], sig: &[u8]| Input::Verify {
        public_key: pk.to_vec(),
        message: hm.to_vec(),
        signature: sig.to_vec(),
    };
    let add_n = |b: &[u8], d: &BigUint| le(&((BigUint::from_bytes_le(b) + d) % (&n << 1u32)));
    for (i, (pk, hm, sig)) in signed.iter().enumerate() {
        g.push(v(pk, hm, sig), "valid signature")?;
        let s1 = [add_n(&sig[..40], &BigUint::from(1u32)), sig[40..].to_vec()].concat();
        if BigUint::from_bytes_le(&s1[..40]) < n {
            g.push(v(pk, hm, &s1), "s + 1")?;
        }
        let mut hm2 = hm.clone();
        hm2[0] ^= 1;
        g.push(v(pk, &hm2, sig), "message limb 0 changed")?;
        let other = &signed[(i + 1) % signed.len()].0;
        g.push(v(other, hm, sig), "another key")?;
    }
    let (pk, hm, sig) = signed[2].clone();
    let s_plus_n = [add_n(&sig[..40], &n), sig[40..].to_vec()].concat();
    g.push_invalid(
        v(&pk, &hm, &s_plus_n),
        "s + n (strict: s must be < n; Go v0.0.15 accepts)",
    )?;
    let e_plus_n = [sig[..40].to_vec(), add_n(&sig[40..], &n)].concat();
    g.push_invalid(
        v(&pk, &hm, &e_plus_n),
        "e + n (strict: e must be < n; Go v0.0.15 accepts)",
    )?;
    // A limb + p fits in 8 bytes only below 2³² − 1: the key of sk = 1 is G,
    // w = [4, 0, 0, 0, 0], which then has a non-canonical twin.
    let k = g.random_below_n();
    let one = Input::Sign {
        secret_key: le(&BigUint::from(1u32)),
        message: hm.clone(),
        nonce: le(&k),
    };
    let sig_1 = match g.push(one, "Lighter sign with the secret key 1")? {
        Answer::Bytes(b) => b,
        other => return Err(format!("sign gave {other}")),
    };
    let mut g_nc = vec![0u8; 40];
    g_nc[..8].copy_from_slice(&4u64.wrapping_add(P).to_le_bytes());
    g.push_invalid(
        v(&g_nc, &hm, &sig_1),
        "public key G with limb 0 + p (strict: limbs < p)",
    )?;
    let mut hm_nc = hm.clone();
    hm_nc[32..].copy_from_slice(&u64::MAX.to_le_bytes());
    g.push_invalid(v(&pk, &hm_nc, &sig), "message limb 4 ≥ p")?;
    g.push_invalid(
        Input::Sign {
            secret_key: le(&BigUint::from(7u32)),
            message: hm_nc.clone(),
            nonce: le(&BigUint::from(11u32)),
        },
        "sign a message with limb 4 ≥ p",
    )?;
    // The neutral key: e = H(enc(s·G) ‖ hm) makes (s, e) "valid" for pk = 0 in
    // Go v0.0.15 and goldilocks-crypto. The strict policy rejects the key.
    let forged = forge_for_neutral_key(g, &sig[..40], &hm)?;
    g.push_invalid(
        v(&[0u8; 40], &hm, &forged),
        "neutral public key (strict: rejected; forgeable)",
    )?;
    // Multiplication reads its point as decoding does.
    let k = g.random_scalar_bytes();
    g.push_invalid(
        Input::Mul {
            point: g_nc,
            scalar: k,
        },
        "G with a non-canonical limb (w = [4 + p, 0, 0, 0, 0]) times a random scalar",
    )?;
    // A signature made with the nonce 0: R is the neutral (w = 0), which
    // Go v0.0.15's flagged infinity mishandles in verification.
    let sk7 = BigUint::from(7u32);
    let pk7 = g.point(&sk7)?;
    let e = challenge(&[0u8; 40], &hm);
    let s0 = (&n - (BigUint::from_bytes_le(&e) * &sk7) % &n) % &n;
    g.push(
        v(&pk7, &hm, &[le(&s0), e].concat()),
        "signature made with the nonce 0 (R = the neutral)",
    )?;
    for (label, sk, k) in [
        ("secret key 0", BigUint::from(0u32), BigUint::from(7u32)),
        ("secret key n", n.clone(), BigUint::from(7u32)),
        ("nonce 0", BigUint::from(7u32), BigUint::from(0u32)),
        ("nonce n", BigUint::from(7u32), n.clone()),
    ] {
        g.push_invalid(
            Input::Sign {
                secret_key: le(&sk),
                message: hm.clone(),
                nonce: le(&k),
            },
            label,
        )?;
    }
    Ok(())
}

/// Lighter's challenge e = FromGfp5(H(r ‖ hm)) for an encoded R `r`, as
/// the peer crate computes it (input construction only).
fn challenge(r: &[u8], hm: &[u8]) -> Vec<u8> {
    use goldilocks_crypto::{Goldilocks, ScalarField};
    let pre: Vec<Goldilocks> = r
        .chunks(8)
        .chain(hm.chunks(8))
        .map(|c| Goldilocks::from_canonical_u64(u64::from_le_bytes(c.try_into().expect("8 bytes"))))
        .collect();
    ScalarField::from_fp5_element(&poseidon_hash::hash_to_quintic_extension(&pre))
        .to_bytes_le()
        .to_vec()
}

/// A signature that verifies for the neutral public key under the lax
/// policies: R = s·G + e·0 = s·G, so e = FromGfp5(H(enc(s·G) ‖ hm)) works for
/// any s. Built with the peer crates (input construction only).
fn forge_for_neutral_key(g: &Gen, s: &[u8], hm: &[u8]) -> Result<Vec<u8>, String> {
    let r = match g.consensus(&Input::MulG { scalar: s.to_vec() })? {
        Answer::Bytes(b) => b,
        other => return Err(format!("mul_g gave {other}")),
    };
    Ok([s.to_vec(), challenge(&r, hm)].concat())
}
