//! What the settlement program's committed IDL tells a client that reads only it.

use serde_json::Value;

fn settlement() -> Value {
    let path = fulltime_workspace::workspace_root().join("idl/settlement.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The IDL's type `name`.
fn type_named<'a>(idl: &'a Value, name: &str) -> &'a Value {
    idl["types"]
        .as_array()
        .expect("types")
        .iter()
        .find(|ty| ty["name"] == name)
        .unwrap_or_else(|| panic!("the {name} type"))
}

/// The stored flag says what it records: a settlement exists. Resolution (the dispute window
/// over) is derived from the clock and `dispute_ends_at`, never stored.
#[test]
fn the_market_flag_is_settled_at_byte_8() {
    let idl = settlement();
    let market = type_named(&idl, "Market");
    let fields: Vec<&str> = market["type"]["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .filter_map(|field| field["name"].as_str())
        .collect();
    assert_eq!(fields.first(), Some(&"settled"), "{fields:?}");
    assert!(!fields.contains(&"resolved"), "{fields:?}");
    assert!(fields.contains(&"dispute_ends_at"), "{fields:?}");
}

#[test]
fn the_proof_errors_are_appended_after_the_catalog() {
    let idl = settlement();
    let errors: Vec<(u64, &str)> = idl["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .filter_map(|error| Some((error["code"].as_u64()?, error["name"].as_str()?)))
        .collect();
    for expected in [
        (6033, "EventPathMismatch"),
        (6034, "SecondStatFromOtherEvent"),
        (6035, "ProofBeforeClose"),
        (6036, "ProofFromFuture"),
        (6037, "ValueNotFinal"),
        (6038, "PeriodNeverFinal"),
        (6039, "PeriodRetired"),
    ] {
        assert!(errors.contains(&expected), "{expected:?} in {errors:?}");
    }
}

/// A settler's proof ends with its optional second stat, sent compactly: its own siblings and how
/// many of the first stat's it shares. The full-time mark of the retired rule is gone.
#[test]
fn a_settlement_proof_ends_with_its_compact_second_stat() {
    let idl = settlement();
    let proof = type_named(&idl, "SettlementProof");
    let fields = proof["type"]["fields"].as_array().expect("fields");
    let names: Vec<&str> = fields
        .iter()
        .filter_map(|field| field["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "ts",
            "fixture_summary",
            "fixture_proof",
            "main_tree_proof",
            "stat",
            "stat_b"
        ]
    );
    let last = fields.last().expect("fields");
    assert_eq!(
        last["type"]["option"]["defined"]["name"], "SecondStatProof",
        "{last}"
    );
    let second: Vec<&str> = type_named(&idl, "SecondStatProof")["type"]["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .filter_map(|field| field["name"].as_str())
        .collect();
    assert_eq!(second, ["stat_to_prove", "stat_proof", "shared"]);
}

/// A side is the `Side` enum in both accounts, NO first and YES second, which Borsh writes as the
/// bytes 0 and 1: the bytes the accounts held before the type, and the ones `deposit` takes. The
/// instruction's argument itself stays a byte.
#[test]
fn a_side_is_stored_as_the_side_enum_no_then_yes() {
    let idl = settlement();
    let variants: Vec<&str> = type_named(&idl, "Side")["type"]["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .filter_map(|variant| variant["name"].as_str())
        .collect();
    assert_eq!(variants, ["No", "Yes"]);
    for account in ["Market", "Position"] {
        let outcome = type_named(&idl, account)["type"]["fields"]
            .as_array()
            .expect("fields")
            .iter()
            .find(|field| field["name"] == "outcome")
            .unwrap_or_else(|| panic!("{account}'s outcome"));
        assert_eq!(outcome["type"]["defined"]["name"], "Side", "{account}");
    }
    let deposit = idl["instructions"]
        .as_array()
        .expect("instructions")
        .iter()
        .find(|instruction| instruction["name"] == "deposit")
        .expect("deposit");
    assert_eq!(deposit["args"][0]["name"], "outcome");
    assert_eq!(deposit["args"][0]["type"], "u8");
}
