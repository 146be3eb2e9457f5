//! The documented policy differences between the interop contract (and the
//! reference's strict policy) and the peer libraries, each shown directly on
//! the peer's own API; twinmul's implementations of each policy, row by row
//! of docs/policies.md and on Go's known answers; and the judging that
//! tells a policy difference from a bug.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use twinmul_adapters::implementations;
use twinmul_harness::check::{compare, compare_on, Outcome};
use twinmul_harness::implementation::{run, Implementation};
use twinmul_harness::judge::Verdict;
use twinmul_harness::{Answer, Curve, Expectation, Input, Policy};
use twinmul_reference::ecgfp5::{curve as ec, poseidon2, scalar as esc, schnorr};

fn get(name: &str) -> Box<dyn Implementation> {
    implementations()
        .into_iter()
        .find(|i| i.name() == name)
        .expect("implementation")
}

/// A (s, e) that verifies for the neutral key where it is accepted: R = s·G.
fn forged_for_neutral(hm: &[u8; 40]) -> Vec<u8> {
    let s = num_bigint::BigUint::from(12345u32);
    let r = ec::encode(&ec::mul_g(&s));
    let mut pre: Vec<u64> = twinmul_reference::ecgfp5::field::limbs_le(&r).to_vec();
    pre.extend(twinmul_reference::ecgfp5::field::limbs_le(hm));
    let e = esc::from_gfp5(&poseidon2::hash_to_quintic_extension(&pre));
    [esc::to_bytes(&s), esc::to_bytes(&e)].concat()
}

#[test]
fn neutral_public_key_forgery_is_accepted_by_goldilocks_crypto_and_rejected_strictly() {
    let hm = [7u8; 40];
    let sig = forged_for_neutral(&hm);
    let zero = [0u8; 40];
    assert_eq!(
        goldilocks_crypto::verify_signature(&sig, &hm, &zero).ok(),
        Some(true),
        "the crate accepts the forgery"
    );
    assert!(
        !schnorr::verify(&zero, &hm, &sig),
        "the strict reference rejects it"
    );
    let input = Input::Verify {
        public_key: zero.to_vec(),
        message: hm.to_vec(),
        signature: sig,
    };
    // The adapter answers as the crate does, and the comparison explains it.
    let c = compare(Curve::Ecgfp5, &input, &implementations());
    let verdict = |name: &str| {
        let i = c.answers.iter().position(|(n, _)| n == name).unwrap();
        (c.answers[i].1.clone(), c.verdicts[i].clone())
    };
    assert_eq!(
        verdict("goldilocks-crypto"),
        (
            Answer::Verdict(true),
            Verdict::Expected {
                held_to: Policy::GoldilocksCrypto0_1_2
            }
        )
    );
    assert_eq!(
        verdict("reference"),
        (
            Answer::Verdict(false),
            Verdict::Expected {
                held_to: Policy::Strict
            }
        )
    );
    assert_eq!(c.outcome(), Outcome::Explained, "{}", c.report());
}

#[test]
fn non_canonical_limbs_decode_in_goldilocks_crypto_but_not_strictly() {
    const P: u64 = 0xFFFF_FFFF_0000_0001;
    let mut w = [0u8; 40];
    w[..8].copy_from_slice(&(4 + P).to_le_bytes());
    let limbs = twinmul_reference::ecgfp5::field::limbs_le(&w);
    let fe = goldilocks_crypto::Fp5Element::from_uint64_array(limbs);
    assert!(
        goldilocks_crypto::Point::decode(&fe).is_some(),
        "the crate reads [4 + p, 0, 0, 0, 0] as G"
    );
    assert!(ec::decode(&w).is_err(), "the strict decoder rejects it");
}

#[test]
fn k256_accepts_the_compact_tag_which_the_contract_does_not() {
    use k256::elliptic_curve::sec1::FromEncodedPoint;
    let g = twinmul_reference::secp256k1::encode(&twinmul_reference::secp256k1::curve().g);
    let mut compact = g.clone();
    compact[0] = 0x05;
    let ep = k256::EncodedPoint::from_bytes(&compact).expect("sec1 parses tag 05");
    assert!(
        bool::from(k256::AffinePoint::from_encoded_point(&ep).is_some()),
        "k256 decodes it"
    );
    let a = run(
        get("k256").as_ref(),
        Curve::Secp256k1,
        &Input::Decode { point: compact },
    );
    assert!(
        matches!(a, Answer::Rejected(_)),
        "the adapter refuses tag 05: {a}"
    );
}

#[test]
fn libsecp256k1_accepts_hybrid_keys_which_the_contract_does_not() {
    let c = twinmul_reference::secp256k1::curve();
    let mut hybrid = twinmul_reference::secp256k1::encode_uncompressed(&c.g);
    hybrid[0] = 0x06 | (hybrid[64] & 1);
    assert!(
        secp256k1::PublicKey::from_slice(&hybrid).is_ok(),
        "libsecp256k1 parses a hybrid key"
    );
    let a = run(
        get("libsecp256k1").as_ref(),
        Curve::Secp256k1,
        &Input::Decode { point: hybrid },
    );
    assert!(
        matches!(a, Answer::Rejected(_)),
        "the adapter refuses it: {a}"
    );
}

const P: u64 = 0xFFFF_FFFF_0000_0001;

fn le_limbs(limbs: [u64; 5]) -> Vec<u8> {
    limbs.iter().flat_map(|l| l.to_le_bytes()).collect()
}

fn plus_n(b: &[u8]) -> Vec<u8> {
    esc::to_bytes(&(num_bigint::BigUint::from_bytes_le(b) + ec::order())).to_vec()
}

/// The six implementations of the three policies: the contract's two, then
/// each other policy on the optimized crate and on the reference.
const SIX: [&str; 6] = [
    "optimized",
    "reference",
    "optimized@go-v0.0.15",
    "reference@go-v0.0.15",
    "optimized@goldilocks-crypto-0.1.2",
    "reference@goldilocks-crypto-0.1.2",
];

/// A row of docs/policies.md: an input and the answers of strict, Go
/// v0.0.15 and goldilocks-crypto 0.1.2 (`None`: no defined answer, declined).
type Row = (&'static str, Input, [Option<Answer>; 3]);

fn policy_rows() -> Vec<Row> {
    let v = |b: bool| Some(Answer::Verdict(b));
    let bytes = |b: Vec<u8>| Some(Answer::Bytes(b));
    let rejected = || Some(Answer::Rejected(String::new()));
    let sk = 0x1234_5678_9abc_def0u64;
    let sk_b = esc::to_bytes(&sk.into());
    let k_b = esc::to_bytes(&424_242u32.into());
    let hm: Vec<u8> = le_limbs([5, 1 << 40, 3, P - 1, 77]);
    let pk = schnorr::public_key(&sk_b).unwrap().to_vec();
    let sig = schnorr::sign_with_nonce(&sk_b, &hm, &k_b).unwrap().to_vec();
    let verify = |pk: &[u8], hm: &[u8], sig: &[u8]| Input::Verify {
        public_key: pk.to_vec(),
        message: hm.to_vec(),
        signature: sig.to_vec(),
    };
    let g = le_limbs([4, 0, 0, 0, 0]);
    let g_nc = le_limbs([4 + P, 0, 0, 0, 0]);
    // A limb + p fits in 8 bytes only below 2³² − 1: the key of sk = 1 is
    // G, w = [4, 0, 0, 0, 0].
    let one = esc::to_bytes(&1u32.into());
    let sig_1 = schnorr::sign_with_nonce(&one, &hm, &k_b).unwrap().to_vec();
    let pk_nc = le_limbs([4 + P, 0, 0, 0, 0]);
    let mut hm_nc = hm.clone();
    hm_nc[..8].copy_from_slice(&(5 + P).to_le_bytes());
    let s_n = [plus_n(&sig[..40]), sig[40..].to_vec()].concat();
    let e_n = [sig[..40].to_vec(), plus_n(&sig[40..])].concat();
    // nonce 0: R is the neutral; s = −e·sk.
    let mut pre = vec![0u64; 5];
    pre.extend(twinmul_reference::ecgfp5::field::limbs_le(&hm));
    let e0 = esc::from_gfp5(&poseidon2::hash_to_quintic_extension(&pre));
    let n = ec::order();
    let s0 = (&n - (&e0 * num_bigint::BigUint::from(sk)) % &n) % &n;
    let sig_k0 = [esc::to_bytes(&s0), esc::to_bytes(&e0)].concat();
    let zero = vec![0u8; 40];
    let n_b = esc::to_bytes(&n).to_vec();
    let sign = |sk: &[u8], hm: &[u8], k: &[u8]| Input::Sign {
        secret_key: sk.to_vec(),
        message: hm.to_vec(),
        nonce: k.to_vec(),
    };
    let go_sig = |sk: &[u8], hm: &[u8], k: &[u8]| {
        twinmul_reference::ecgfp5::go_v0_0_15::sign_with_nonce(sk, hm, k)
            .unwrap()
            .to_vec()
    };
    vec![
        (
            "a point limb ≥ p: decode",
            Input::Decode {
                point: g_nc.clone(),
            },
            [rejected(), bytes(g.clone()), bytes(g.clone())],
        ),
        (
            "a point limb ≥ p: mul",
            Input::Mul {
                point: g_nc,
                scalar: k_b.to_vec(),
            },
            [
                rejected(),
                bytes(ec::encode(&ec::mul_g(&424_242u32.into())).to_vec()),
                bytes(ec::encode(&ec::mul_g(&424_242u32.into())).to_vec()),
            ],
        ),
        (
            "a key limb ≥ p",
            verify(&pk_nc, &hm, &sig_1),
            [v(false), v(true), v(true)],
        ),
        (
            "a message limb ≥ p: verify",
            verify(&pk, &hm_nc, &sig),
            [v(false), v(true), v(false)],
        ),
        (
            "a message limb ≥ p: sign",
            sign(&sk_b, &hm_nc, &k_b),
            [rejected(), bytes(sig.clone()), rejected()],
        ),
        ("s + n", verify(&pk, &hm, &s_n), [v(false), v(true), None]),
        (
            "e + n",
            verify(&pk, &hm, &e_n),
            [v(false), v(true), v(false)],
        ),
        (
            "the neutral public key, forged",
            verify(&zero, &[7u8; 40], &forged_for_neutral(&[7u8; 40])),
            [v(false), v(true), v(true)],
        ),
        (
            "nonce k = 0",
            verify(&pk, &hm, &sig_k0),
            [v(true), v(false), v(true)],
        ),
        (
            "secret key n",
            sign(&n_b, &hm, &k_b),
            [rejected(), bytes(go_sig(&n_b, &hm, &k_b)), None],
        ),
        (
            "secret key 0",
            sign(&zero, &hm, &k_b),
            [
                rejected(),
                bytes(go_sig(&zero, &hm, &k_b)),
                bytes(go_sig(&zero, &hm, &k_b)),
            ],
        ),
        (
            "nonce n",
            sign(&sk_b, &hm, &n_b),
            [rejected(), bytes(go_sig(&sk_b, &hm, &n_b)), None],
        ),
    ]
}

/// Compares an answer with a row's, rejections by kind only.
fn same(got: &Answer, want: &Option<Answer>) -> bool {
    match (got, want) {
        (Answer::Declined(_), None) => true,
        (Answer::Rejected(_), Some(Answer::Rejected(_))) => true,
        (g, Some(w)) => g == w,
        _ => false,
    }
}

/// Every row of docs/policies.md, on each policy's two implementations.
#[test]
fn each_policy_row_on_both_implementations_of_each_policy() {
    let all = implementations();
    let rows = policy_rows();
    for (label, input, answers) in &rows {
        for (i, name) in SIX.iter().enumerate() {
            let imp = all.iter().find(|x| x.name() == *name).unwrap();
            let got = run(imp.as_ref(), Curve::Ecgfp5, input);
            let want = &answers[i / 2];
            assert!(
                same(&got, want),
                "{label}: {name} gave {got}, the table says {want:?}"
            );
        }
    }
    // The rows are policy differences: each differs between two policies.
    for (label, _, a) in &rows {
        assert!(a[0] != a[1] || a[0] != a[2], "{label} is not a difference");
    }
}

/// The crate itself gives its policy's answer on every row it answers.
#[test]
fn goldilocks_crypto_follows_its_declared_policy_on_each_row() {
    let crate_ = get("goldilocks-crypto");
    for (label, input, answers) in policy_rows() {
        let got = run(crate_.as_ref(), Curve::Ecgfp5, &input);
        assert!(
            same(&got, &answers[2]),
            "{label}: {got} vs {:?}",
            answers[2]
        );
    }
}

/// The crate's adapter agrees with twinmul's two implementations of its
/// policy on every input of the committed ECgFp5 vectors it answers.
#[test]
fn goldilocks_crypto_equals_its_flavours_on_every_committed_vector() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../vectors/ecgfp5.json");
    let file = twinmul_harness::vectors::load(std::path::Path::new(path)).unwrap();
    let crate_ = get("goldilocks-crypto");
    let flavours = [
        get("optimized@goldilocks-crypto-0.1.2"),
        get("reference@goldilocks-crypto-0.1.2"),
    ];
    let (mut agreed, mut declined) = (0, 0);
    for c in &file.cases {
        let got = run(crate_.as_ref(), Curve::Ecgfp5, &c.input);
        for f in &flavours {
            let theirs = run(f.as_ref(), Curve::Ecgfp5, &c.input);
            if got.is_declined() {
                assert!(theirs.is_declined(), "case {}: {theirs}", c.index);
                declined += 1;
            } else {
                assert_eq!(
                    got.agrees_with(&theirs),
                    Some(true),
                    "case {}: {got} vs {theirs}",
                    c.index
                );
                agreed += 1;
            }
        }
    }
    assert!(
        agreed > 600 && declined < 40,
        "{agreed} agreed, {declined} declined"
    );
}

/// Lighter's Go `TestComparativeSchnorrSignAndVerify` known answers, on the
/// contract's and Go's implementations (every value is canonical, so the
/// policies agree).
#[test]
fn go_known_answers_on_every_implementation_of_go_and_the_contract() {
    let sks = [
        [
            12235002942052073545,
            1175977464658719998,
            8536934969147463310,
            6524687619313720391,
            2922072024880609112,
        ],
        [
            14609471659974493146,
            15558617123161593410,
            853367204868339037,
            17594253198278631904,
            368396584122947478,
        ],
        [
            846395111423676945,
            1354180063821346280,
            5751371120309175011,
            4898038106472090654,
            1076345918732914302,
        ],
    ];
    let hms = [
        [
            8398652514106806347,
            11069112711939986896,
            9732488227085561369,
            18076754337204438535,
            17155407358725346236,
        ],
        [
            14569490467507212064,
            2707063505563578676,
            7506743487465742335,
            12569771346154554175,
            4305083698940175790,
        ],
        [
            17529153479246803593,
            1743712677205511695,
            4834285972617397460,
            5486672566342530358,
            7254989001695704129,
        ],
    ];
    let ks = [
        [
            5245666847777449560,
            15178169970799106939,
            4403065012435293749,
            15306540389399388999,
            8935555081913173844,
        ],
        [
            1980123857560067020,
            10696795398834097509,
            3211831869376171671,
            6194822139276031840,
            3482023782412490864,
        ],
        [
            10299597990997564957,
            8547298489021408803,
            12250978550108858722,
            5282281975236198197,
            5328603554431393061,
        ],
    ];
    let ss = [
        [
            6950590877883398434,
            17178336263794770543,
            11012823478139181320,
            16445091359523510936,
            5882925226143600273,
        ],
        [
            15189311883262425203,
            16924634885527914505,
            11098200095411565797,
            11441434601417451505,
            2245797172600273048,
        ],
        [
            1747989245728027396,
            18083435619737379521,
            18276259610811995786,
            15101757397705334408,
            5007814817019340642,
        ],
    ];
    let es = [
        [
            4544744459434870309,
            4180764085957612004,
            3024669018778978615,
            15433417688859446606,
            6775027260348937828,
        ],
        [
            4905460437060282008,
            9275377852059362729,
            10383772785796962929,
            6858067464918579610,
            7078247668913970626,
        ],
        [
            4911725746357568132,
            12205663641120664338,
            16433506899074513700,
            14763562571101437023,
            2547950465160283358,
        ],
    ];
    let all = implementations();
    for i in 0..3 {
        let sk = le_limbs(sks[i]);
        let hm = le_limbs(hms[i]);
        let want = [le_limbs(ss[i]), le_limbs(es[i])].concat();
        let pk = schnorr::public_key(&sk).unwrap().to_vec();
        for name in &SIX[..4] {
            let imp = all.iter().find(|x| x.name() == *name).unwrap();
            let sign = Input::Sign {
                secret_key: sk.clone(),
                message: hm.clone(),
                nonce: le_limbs(ks[i]),
            };
            let got = run(imp.as_ref(), Curve::Ecgfp5, &sign);
            assert_eq!(got, Answer::Bytes(want.clone()), "{name}, case {i}");
            let verify = Input::Verify {
                public_key: pk.clone(),
                message: hm.clone(),
                signature: want.clone(),
            };
            assert_eq!(
                run(imp.as_ref(), Curve::Ecgfp5, &verify),
                Answer::Verdict(true),
                "{name}"
            );
        }
    }
}

/// A stand-in implementation: another's answers, with a declared policy and
/// optionally one row's answer replaced.
struct Posing {
    name: &'static str,
    answers_as: Box<dyn Implementation>,
    declares: Option<Policy>,
    flip: Option<(Input, Answer)>,
}

impl Implementation for Posing {
    fn name(&self) -> &str {
        self.name
    }
    fn policy(&self) -> Option<Policy> {
        self.declares
    }
    fn supports(&self, c: Curve, o: twinmul_harness::Op) -> bool {
        self.answers_as.supports(c, o)
    }
    fn mul_g(&self, c: Curve, s: &[u8]) -> Answer {
        self.answers_as.mul_g(c, s)
    }
    fn mul(&self, c: Curve, p: &[u8], s: &[u8]) -> Answer {
        self.answers_as.mul(c, p, s)
    }
    fn decode(&self, c: Curve, p: &[u8]) -> Answer {
        self.answers_as.decode(c, p)
    }
    fn sign(&self, c: Curve, sk: &[u8], m: &[u8], k: &[u8]) -> Answer {
        self.answers_as.sign(c, sk, m, k)
    }
    fn verify(&self, c: Curve, pk: &[u8], m: &[u8], sig: &[u8]) -> Answer {
        if let Some((
            Input::Verify {
                public_key,
                message,
                signature,
            },
            a,
        )) = &self.flip
        {
            if (pk, m, sig) == (&public_key[..], &message[..], &signature[..]) {
                return a.clone();
            }
        }
        self.answers_as.verify(c, pk, m, sig)
    }
}

/// The judge on each row: an undeclared Go follower is explained (and
/// fails when the run chose the contract); a declared one passes; one that
/// declares Go but answers one row as the contract does fails on that row
/// only, named; an answer no policy gives is unexplained.
#[test]
fn the_judge_tells_policy_differences_from_bugs() {
    let rows = policy_rows();
    let (_, s_n, _) = rows.iter().find(|r| r.0 == "s + n").unwrap().clone();
    let (_, k0, _) = rows.iter().find(|r| r.0 == "nonce k = 0").unwrap().clone();
    let reference = get("reference");
    let posing = |declares, flip| Posing {
        name: "candidate",
        answers_as: get("reference@go-v0.0.15"),
        declares,
        flip,
    };
    let judge = |cand: &Posing, input: &Input, e: &Expectation| {
        let c = compare_on(Curve::Ecgfp5, input, &[reference.as_ref(), cand], e);
        (c.verdicts[1].clone(), c.outcome())
    };
    let go = Policy::GoV0_0_15;
    let strict = Policy::Strict;
    let undeclared = posing(None, None);
    assert_eq!(
        judge(&undeclared, &s_n, &Expectation::default()),
        (
            Verdict::Policy {
                matches: go,
                held_to: strict,
                fails: false
            },
            Outcome::Explained
        )
    );
    assert_eq!(
        judge(&undeclared, &s_n, &Expectation::chosen(strict)),
        (
            Verdict::Policy {
                matches: go,
                held_to: strict,
                fails: true
            },
            Outcome::Disagreed
        )
    );
    assert_eq!(
        judge(&undeclared, &s_n, &Expectation::chosen(go)),
        (Verdict::Expected { held_to: go }, Outcome::Explained)
    );
    let declared = posing(Some(go), None);
    assert_eq!(
        judge(&declared, &k0, &Expectation::default()),
        (Verdict::Expected { held_to: go }, Outcome::Explained)
    );
    // Declares Go, but answers the nonce-0 row as the contract does.
    let wrong = posing(Some(go), Some((k0.clone(), Answer::Verdict(true))));
    assert_eq!(
        judge(&wrong, &k0, &Expectation::default()),
        (
            Verdict::Policy {
                matches: strict,
                held_to: go,
                fails: true
            },
            Outcome::Disagreed
        )
    );
    assert_eq!(
        judge(&wrong, &s_n, &Expectation::default()).1,
        Outcome::Explained,
        "the other rows are still Go's"
    );
    // An answer no policy gives: the valid signature refused.
    let (_, valid, _) = rows.iter().find(|r| r.0 == "e + n").unwrap().clone();
    let Input::Verify {
        public_key,
        message,
        signature,
    } = valid
    else {
        unreachable!()
    };
    let ok_sig = {
        let n = ec::order();
        let e = num_bigint::BigUint::from_bytes_le(&signature[40..]) % &n;
        [signature[..40].to_vec(), esc::to_bytes(&e).to_vec()].concat()
    };
    let valid = Input::Verify {
        public_key,
        message,
        signature: ok_sig,
    };
    let liar = posing(None, Some((valid.clone(), Answer::Verdict(false))));
    assert_eq!(
        judge(&liar, &valid, &Expectation::default()),
        (Verdict::Unexplained { held_to: strict }, Outcome::Disagreed)
    );
}

/// Building the built-in implementations installs the optimized crate as
/// the judge's cross-check, and the reports say so.
#[test]
fn the_builtin_implementations_install_the_cross_check() {
    let _ = implementations();
    assert!(twinmul_harness::judge::cross_checked());
    assert!(
        twinmul_harness::judge::oracle_line().contains("cross-checked with its optimized crate"),
        "{}",
        twinmul_harness::judge::oracle_line()
    );
}
