//! The dudect targets of `ct-tests/` as the side-by-side table sees them:
//! for each, the implementation and operation it times, what that
//! implementation claims for the operation, and its cost (a target of cost
//! c times `samples / c` calls, at least 100). A test checks this list
//! against the harness's source, target by target.
//!
//! The verdict rule lives here too: a leak fails the run only where constant
//! time is claimed; a control must be flagged; a leak where nothing is
//! claimed is reported, not failed.

/// |t| below which no leak is found (dudect's usual threshold).
pub const T_PASS: f64 = 5.0;
/// |t| above which a timing difference is certain (and a control flagged).
pub const T_CONTROL: f64 = 10.0;

/// What an implementation says of an operation's timing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Documented constant time in its secret input: a leak fails the run.
    ConstantTime,
    /// No constant-time claim (or documented variable time): reported only.
    None,
    /// Constant time claimed by a peer, with a leak on record in
    /// docs/constant-time.md ("Findings in the peers"): reported only, since
    /// twinmul cannot mend a peer and its run must not fail on a known
    /// finding; the table still shows whether the leak appeared.
    KnownLeak,
    /// A deliberately leaky control: it must be flagged, or the run proves
    /// nothing.
    Control,
}

impl Claim {
    /// The claim in the table's words.
    pub fn word(self) -> &'static str {
        match self {
            Claim::ConstantTime => "constant time",
            Claim::None => "none",
            Claim::KnownLeak => "known leak",
            Claim::Control => "control (leaks)",
        }
    }
}

/// One dudect target.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The function name in `ct-tests/`.
    pub name: &'static str,
    /// The implementation it times (as `twinmul list` names it), or
    /// `control` for twinmul's deliberately leaky twins.
    pub implementation: &'static str,
    /// The operation, with its secret.
    pub operation: &'static str,
    /// What the implementation claims for it.
    pub claim: Claim,
    /// Calls per sample asked: the target times `samples / cost` calls.
    pub cost: usize,
}

const fn t(
    name: &'static str,
    implementation: &'static str,
    operation: &'static str,
    claim: Claim,
    cost: usize,
) -> Target {
    Target {
        name,
        implementation,
        operation,
        claim,
        cost,
    }
}

use Claim::{ConstantTime as Ct, Control};

/// Every target, twinmul's first, then the peers' in registry order.
#[rustfmt::skip]
pub const TARGETS: &[Target] = &[
    t("ct_lookup_glv", "optimized", "secp256k1 GLV window lookup (digit)", Ct, 1),
    t("ct_lookup_xy", "optimized", "secp256k1 comb row scan (position)", Ct, 1),
    t("ct_lookup_ecgfp5_table", "optimized", "ECgFp5 generator-table row (digit)", Ct, 1),
    t("ct_lookup_ecgfp5_window", "optimized", "ECgFp5 k·P window (digit)", Ct, 1),
    t("ct_scalar_canonical", "optimized", "secp256k1 scalar parsing (n − 1 vs ≥ n)", Ct, 1),
    t("ct_ecgfp5_is_canonical", "optimized", "ECgFp5 scalar parsing (n − 1 vs ≥ n)", Ct, 1),
    t("ct_field_invert", "optimized", "secp256k1 field inversion", Ct, 10),
    t("ct_field_sqrt", "optimized", "secp256k1 field square root", Ct, 10),
    t("ct_glv_decompose", "optimized", "GLV split and recoding (k)", Ct, 1),
    t("ct_mul", "optimized", "secp256k1 k·P, IFMA loop where present (k)", Ct, 50),
    t("ct_mul_portable", "optimized", "secp256k1 k·P, portable loop (k)", Ct, 50),
    t("ct_mul_bn254", "optimized", "BN254 k·P (k)", Ct, 50),
    t("ct_mul_bls12_381", "optimized", "BLS12-381 k·P, MULX/ADX where present (k)", Ct, 50),
    t("ct_mul_g", "optimized", "secp256k1 k·G, IFMA comb where present (k)", Ct, 20),
    t("ct_mul_g_portable", "optimized", "secp256k1 k·G, portable comb (k)", Ct, 20),
    t("ct_ecgfp5_mul_g", "optimized", "ECgFp5 k·G (k)", Ct, 20),
    t("ct_ecgfp5_mul", "optimized", "ECgFp5 k·P (k)", Ct, 20),
    t("ct_bip340_sign", "optimized", "BIP340 sign (secret key)", Ct, 50),
    t("ct_lighter_sign", "optimized", "Lighter sign (secret key)", Ct, 20),
    t("leaky_lookup_control", "control", "secret index into 4 MiB", Control, 1),
    t("leaky_compare_control", "control", "early-exit comparison", Control, 1),
    t("leaky_invert_vartime_control", "control", "variable-time inversion", Control, 10),
    t("leaky_mul_vartime_control", "control", "secp256k1 mul_vartime (k)", Control, 50),
    t("peer_reference_mul", "reference", "secp256k1 k·P (k)", Control, 1000),
    t("peer_k256_mul_g", "k256", "secp256k1 k·G (k)", Ct, 20),
    t("peer_k256_mul", "k256", "secp256k1 k·P (k)", Ct, 20),
    t("peer_k256_sign", "k256", "BIP340 sign (secret key)", Ct, 50),
    t("peer_libsecp256k1_mul_g", "libsecp256k1", "secp256k1 k·G (k)", Ct, 20),
    t("peer_libsecp256k1_mul", "libsecp256k1", "secp256k1 k·P, ECDH (k)", Ct, 20),
    t("peer_libsecp256k1_sign", "libsecp256k1", "BIP340 sign (secret key)", Ct, 50),
    t("peer_libsecp256k1_parse_sk", "libsecp256k1", "secret-key parsing", Ct, 1),
    t("peer_ark_bn254_mul_g", "ark-bn254", "BN254 k·G (k)", Claim::None, 20),
    t("peer_ark_bn254_mul", "ark-bn254", "BN254 k·P (k)", Claim::None, 20),
    t("peer_ark_bls12_381_mul_g", "ark-bls12-381", "BLS12-381 k·G (k)", Claim::None, 20),
    t("peer_ark_bls12_381_mul", "ark-bls12-381", "BLS12-381 k·P (k)", Claim::None, 20),
    t("peer_blst_mul_g", "blst", "BLS12-381 k·G, sk_to_pk (k)", Ct, 20),
    t("peer_blst_mul", "blst", "BLS12-381 k·P, p1_mult (k)", Ct, 20),
    t("peer_bls12_381_mul_g", "bls12_381", "BLS12-381 k·G (k)", Ct, 20),
    t("peer_bls12_381_mul", "bls12_381", "BLS12-381 k·P (k)", Ct, 20),
    t("peer_goldilocks_crypto_mul_g", "goldilocks-crypto", "ECgFp5 k·G (k)", Claim::None, 20),
    t("peer_goldilocks_crypto_mul", "goldilocks-crypto", "ECgFp5 k·P (k)", Claim::None, 20),
    t("peer_goldilocks_crypto_sign", "goldilocks-crypto", "Lighter sign (secret key)", Claim::None, 20),
    t("peer_ecgfp5_pornin_mul_g", "ecgfp5-pornin", "ECgFp5 k·G, mulgen (k)", Claim::KnownLeak, 20),
    t("peer_ecgfp5_pornin_mul", "ecgfp5-pornin", "ECgFp5 k·P (k)", Claim::KnownLeak, 20),
    t("peer_ecgfp5_pornin_mended_mul_g", "ecgfp5-pornin", "ECgFp5 k·G, mulgen, lookup mended (k)", Ct, 20),
    t("peer_ecgfp5_pornin_mended_mul", "ecgfp5-pornin", "ECgFp5 k·P, lookup mended (k)", Ct, 20),
];

/// The implementations that have targets, in table order.
pub fn implementations() -> Vec<&'static str> {
    let mut out: Vec<&str> = Vec::new();
    for t in TARGETS {
        if !out.contains(&t.implementation) {
            out.push(t.implementation);
        }
    }
    out
}

/// The verdict on a target's max |t| under its claim, in words, and
/// whether it fails the run.
pub fn verdict(claim: Claim, max_t: f64) -> (&'static str, bool) {
    let t = max_t.abs();
    match claim {
        Claim::ConstantTime if t < T_PASS => ("no leak found at this sample count", false),
        Claim::ConstantTime => ("LEAKS where constant time is claimed", true),
        Claim::Control if t > T_CONTROL => ("flagged, as a control must be", false),
        Claim::Control => ("NOT FLAGGED: the harness is not sensitive enough", true),
        Claim::KnownLeak if t < T_PASS => (
            "no leak found at this sample count (one is on record)",
            false,
        ),
        Claim::KnownLeak => ("leaks where constant time is claimed, as on record", false),
        Claim::None if t < T_PASS => ("no leak found at this sample count (none claimed)", false),
        Claim::None if t <= T_CONTROL => ("probably leaks (none claimed)", false),
        Claim::None => ("leaks (none claimed)", false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each target here is a function of the harness with the same cost,
    /// and each function of the harness is a target here.
    #[test]
    fn the_catalogue_matches_the_harness_source() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../ct-tests/src/");
        let src = ["main.rs", "peers.rs"]
            .iter()
            .map(|f| std::fs::read_to_string(format!("{root}{f}")).expect("ct-tests source"))
            .collect::<String>();
        let mut found = Vec::new();
        for chunk in src.split("fn ").skip(1) {
            let name: String = chunk
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !chunk.contains("(r: &mut CtRunner, rng: &mut BenchRng)")
                || !chunk.starts_with(&format!("{name}(r: &mut CtRunner"))
            {
                continue;
            }
            let body = &chunk[..chunk.find("\n}").unwrap_or(chunk.len())];
            let cost = body
                .split("classes_n(")
                .nth(1)
                .and_then(|r| r.split(')').next())
                .and_then(|c| c.parse::<usize>().ok());
            found.push((name, cost));
        }
        for (name, cost) in &found {
            if name == "ark_mul" {
                continue;
            }
            let t = TARGETS.iter().find(|t| t.name == name);
            let t = t.unwrap_or_else(|| panic!("{name} is not in the catalogue"));
            if let Some(c) = cost {
                assert_eq!(*c, t.cost, "{name}: cost");
            }
        }
        for t in TARGETS {
            assert!(
                found.iter().any(|(n, _)| n == t.name),
                "{} is not in ct-tests",
                t.name
            );
        }
    }

    /// A `known leak` is never a bare exemption: each implementation with
    /// such a target has its finding in docs/constant-time.md's "Findings in
    /// the peers".
    #[test]
    fn each_known_leak_is_on_record() {
        let doc = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../docs/constant-time.md"
        ))
        .expect("docs/constant-time.md");
        let at = doc
            .find("### Findings in the peers")
            .expect("the findings section");
        let findings = &doc[at..];
        let known: Vec<_> = TARGETS
            .iter()
            .filter(|t| t.claim == Claim::KnownLeak)
            .collect();
        assert!(!known.is_empty());
        for t in known {
            assert!(
                findings.contains(t.implementation),
                "{}: no finding on record for {}",
                t.name,
                t.implementation
            );
        }
    }

    /// The rule on recorded values: a claimed path fails from 5, a control
    /// below 10 fails, and neither an unclaimed leak nor one on record fails.
    #[test]
    fn verdicts_follow_the_claim() {
        assert!(!verdict(Claim::ConstantTime, 4.9).1);
        assert!(verdict(Claim::ConstantTime, -5.1).1);
        assert!(!verdict(Claim::Control, -10.5).1);
        assert!(verdict(Claim::Control, 9.0).1);
        assert!(!verdict(Claim::None, 2000.0).1);
        assert_eq!(verdict(Claim::None, 2000.0).0, "leaks (none claimed)");
        assert_eq!(verdict(Claim::None, 7.0).0, "probably leaks (none claimed)");
        assert!(!verdict(Claim::KnownLeak, 100.0).1);
        assert_eq!(
            verdict(Claim::KnownLeak, -100.0).0,
            "leaks where constant time is claimed, as on record"
        );
        assert_eq!(
            verdict(Claim::KnownLeak, 2.0).0,
            "no leak found at this sample count (one is on record)"
        );
    }
}
