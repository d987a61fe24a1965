//! The `validate_stat` data this crate builds (`instruction::validate_stat`, what the settlement
//! program sends the oracle by CPI) is byte for byte what Anchor's own TypeScript coder makes from
//! the published TxLINE devnet IDL (`idl/reference/txoracle-devnet.idl.json`):
//! `clients/anchor-ts/encode_instruction.mjs` encodes the same arguments with
//! `@coral-xyz/anchor` 0.32.1's `BorshCoder`. The inputs give every field a value of its own (the
//! coder writes zeros for a field it is not given, which a zero would hide), every comparison,
//! both operators, a second stat and none, proofs with siblings on both sides and empty ones, and
//! the integers' edges.
//! `tools/idl/tests/oracle_reference.rs` shows that mainnet's `validate_stat` is the same.
//!
//! A test of the test kit (`fulltime-testkit`'s `txline_interface_anchor_ts`), which installs and
//! runs the TypeScript client: this crate cannot take the test kit, which depends on it. Node.js
//! 20 or later and npm are required ([`fulltime_testkit::anchor_ts`]).

use anchor_lang::prelude::Pubkey;
use fulltime_testkit::anchor_ts::AnchorTsClient;
use fulltime_testkit::workspace_root;
use serde_json::{Value, json};
use txline_interface::instruction::{VALIDATE_STAT_DISCRIMINATOR, validate_stat};
use txline_interface::{
    BinaryExpression, Comparison, DEVNET_PROGRAM_ID, ProofNode, ScoreStat, ScoresBatchSummary,
    ScoresUpdateStats, StatTerm, TraderPredicate, ValidateStatArgs,
};

const IDL: &str = "idl/reference/txoracle-devnet.idl.json";

/// 16 May 2026 15:51:13.412 UTC, in milliseconds: the demo match's result.
const TS: i64 = 1_778_946_673_412;

/// 32 bytes that all differ, and differ from another seed's at every place.
fn hash(seed: u8) -> [u8; 32] {
    std::array::from_fn(|index| {
        seed.wrapping_mul(37)
            .wrapping_add((index as u8).wrapping_mul(11))
    })
}

fn node(seed: u8, is_right_sibling: bool) -> ProofNode {
    ProofNode {
        hash: hash(seed),
        is_right_sibling,
    }
}

fn summary(fixture_id: i64, ts: i64) -> ScoresBatchSummary {
    ScoresBatchSummary {
        fixture_id,
        update_stats: ScoresUpdateStats {
            update_count: 7,
            min_timestamp: ts,
            max_timestamp: ts + 4_321,
        },
        events_sub_tree_root: hash(1),
    }
}

fn stat(key: u32, value: i32, period: i32, root: u8, path: Vec<ProofNode>) -> StatTerm {
    StatTerm {
        stat_to_prove: ScoreStat { key, value, period },
        event_stat_root: hash(root),
        stat_proof: path,
    }
}

/// Home goals below -3 at full time: one stat, no operator.
fn one_stat() -> ValidateStatArgs {
    ValidateStatArgs {
        ts: TS,
        fixture_summary: summary(18_502_311, TS),
        fixture_proof: vec![node(2, true), node(3, false), node(4, true)],
        main_tree_proof: vec![node(5, false), node(6, true), node(7, true), node(8, false)],
        predicate: TraderPredicate {
            threshold: -3,
            comparison: Comparison::LessThan,
        },
        stat_a: stat(1, 2, 100, 9, vec![node(10, true), node(11, false)]),
        stat_b: None,
        op: None,
    }
}

/// Home goals minus away goals equal to -1: two stats of one event.
fn two_stats() -> ValidateStatArgs {
    ValidateStatArgs {
        stat_b: Some(stat(
            2,
            3,
            100,
            12,
            vec![node(13, false), node(14, true), node(15, false)],
        )),
        op: Some(BinaryExpression::Subtract),
        predicate: TraderPredicate {
            threshold: -1,
            comparison: Comparison::EqualTo,
        },
        ..one_stat()
    }
}

/// Each integer where a narrower or wrongly signed encoding would differ (a fixture id above 2^53,
/// which a JSON number would round; a negative i64; a u32 above i32::MAX; i32's ends), and empty
/// proofs.
fn the_integers_edges() -> ValidateStatArgs {
    let ts = -9_007_199_254_740_993;
    ValidateStatArgs {
        ts,
        fixture_summary: ScoresBatchSummary {
            update_stats: ScoresUpdateStats {
                update_count: i32::MIN,
                min_timestamp: ts,
                max_timestamp: i64::MAX,
            },
            ..summary(9_007_199_254_740_993, ts)
        },
        fixture_proof: vec![],
        main_tree_proof: vec![],
        predicate: TraderPredicate {
            threshold: i32::MAX,
            comparison: Comparison::GreaterThan,
        },
        stat_a: stat(u32::MAX - 1, i32::MIN + 5, -1, 16, vec![node(17, true)]),
        stat_b: Some(stat(0x8000_0001, i32::MAX, 2, 18, vec![])),
        op: Some(BinaryExpression::Add),
    }
}

/// The arguments as the script takes them: the IDL's names, i64 as decimal strings.
fn anchor_json(args: &ValidateStatArgs) -> Value {
    // Destructured whole, so that a field added to the Rust type fails to compile here.
    let ValidateStatArgs {
        ts,
        fixture_summary,
        fixture_proof,
        main_tree_proof,
        predicate,
        stat_a,
        stat_b,
        op,
    } = args;
    let ScoresBatchSummary {
        fixture_id,
        update_stats,
        events_sub_tree_root,
    } = fixture_summary;
    let nodes = |nodes: &[ProofNode]| -> Value {
        nodes
            .iter()
            .map(|node| json!({ "hash": node.hash, "is_right_sibling": node.is_right_sibling }))
            .collect()
    };
    let term = |term: &StatTerm| {
        let ScoreStat { key, value, period } = term.stat_to_prove;
        json!({
            "stat_to_prove": { "key": key, "value": value, "period": period },
            "event_stat_root": term.event_stat_root,
            "stat_proof": nodes(&term.stat_proof),
        })
    };
    let comparison = match predicate.comparison {
        Comparison::GreaterThan => "GreaterThan",
        Comparison::LessThan => "LessThan",
        Comparison::EqualTo => "EqualTo",
    };
    let op = op.map(|op| match op {
        BinaryExpression::Add => "Add",
        BinaryExpression::Subtract => "Subtract",
    });
    json!({
        "ts": ts.to_string(),
        "fixture_summary": {
            "fixture_id": fixture_id.to_string(),
            "update_stats": {
                "update_count": update_stats.update_count,
                "min_timestamp": update_stats.min_timestamp.to_string(),
                "max_timestamp": update_stats.max_timestamp.to_string(),
            },
            "events_sub_tree_root": events_sub_tree_root,
        },
        "fixture_proof": nodes(fixture_proof),
        "main_tree_proof": nodes(main_tree_proof),
        "predicate": { "threshold": predicate.threshold, "comparison": { comparison: {} } },
        "stat_a": term(stat_a),
        "stat_b": stat_b.as_ref().map(term),
        "op": op.map(|op| json!({ op: {} })),
    })
}

/// What Anchor's TypeScript coder makes of `args` from the devnet IDL.
fn encoded_by_anchor_ts(client: &AnchorTsClient, args: &ValidateStatArgs) -> Vec<u8> {
    let idl = workspace_root().join(IDL);
    let input = anchor_json(args).to_string();
    let output = client
        .run(
            "encode_instruction.mjs",
            [idl.as_os_str(), "validate_stat".as_ref()],
            input.as_bytes(),
        )
        .unwrap_or_else(|error| panic!("{error}"));
    let hex = String::from_utf8_lossy(&output);
    hex::decode(hex.trim()).unwrap_or_else(|error| panic!("the script's hex {hex:?}: {error}"))
}

fn assert_encodes_as_anchor_ts(case: &str, args: ValidateStatArgs) {
    let client = AnchorTsClient::installed().unwrap_or_else(|error| panic!("{error}"));
    let theirs = encoded_by_anchor_ts(&client, &args);
    let ours = validate_stat(DEVNET_PROGRAM_ID, Pubkey::new_unique(), &args).data;
    assert_eq!(
        theirs.get(..8),
        Some(&VALIDATE_STAT_DISCRIMINATOR[..]),
        "{case}: the discriminator Anchor's coder takes from the IDL"
    );
    let first_difference = ours.iter().zip(&theirs).position(|(a, b)| a != b);
    assert!(
        ours == theirs,
        "{case}: the Rust encoding ({} bytes) differs from Anchor's TypeScript coder's ({} bytes), \
         first at byte {}:\n  rust {}\n  ts   {}",
        ours.len(),
        theirs.len(),
        first_difference.unwrap_or(ours.len().min(theirs.len())),
        hex::encode(&ours),
        hex::encode(&theirs)
    );
}

#[test]
fn one_stat_below_a_negative_threshold_encodes_as_anchor_ts() {
    assert_encodes_as_anchor_ts("one stat", one_stat());
}

#[test]
fn two_stats_subtracted_encode_as_anchor_ts() {
    assert_encodes_as_anchor_ts("two stats", two_stats());
}

#[test]
fn the_integers_edges_encode_as_anchor_ts() {
    assert_encodes_as_anchor_ts("the integers' edges", the_integers_edges());
}

/// The discriminator is the IDL's, and the instruction reads the one account the IDL names, as
/// the IDL flags it: neither writable nor a signer.
#[test]
fn the_discriminator_and_the_account_are_the_idls() {
    let path = workspace_root().join(IDL);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
    let idl: Value = serde_json::from_str(&text).expect("the IDL's JSON");
    let instruction = idl["instructions"]
        .as_array()
        .expect("instructions")
        .iter()
        .find(|instruction| instruction["name"] == "validate_stat")
        .expect("validate_stat");
    assert_eq!(
        instruction["discriminator"],
        json!(VALIDATE_STAT_DISCRIMINATOR)
    );
    let declared = instruction["accounts"].as_array().expect("accounts");
    let roots = Pubkey::new_unique();
    let built = validate_stat(DEVNET_PROGRAM_ID, roots, &one_stat());
    assert_eq!(
        (built.program_id, built.accounts.len()),
        (DEVNET_PROGRAM_ID, declared.len())
    );
    assert_eq!(built.accounts[0].pubkey, roots);
    assert_eq!(
        (built.accounts[0].is_writable, built.accounts[0].is_signer),
        (
            declared[0]["writable"].as_bool().unwrap_or(false),
            declared[0]["signer"].as_bool().unwrap_or(false)
        ),
        "{} as the IDL flags it",
        declared[0]["name"]
    );
}
