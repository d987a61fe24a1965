//! The mock oracle's committed IDL must agree with the published TxLINE devnet IDL
//! (`idl/reference/`) wherever Fulltime relies on it: the program address, the `validate_stat`
//! instruction (discriminator, accounts, arguments, return type, and every type the arguments
//! use) and the error catalog (codes, names, messages). The mock leaves out the oracle's other
//! instructions and adds its own `insert_scores_root`; docs are not part of the interface.
//! `up_to_date.rs` ties the committed IDL to the mock's source.

use std::collections::BTreeMap;

use serde_json::Value;

fn load(relative: &str) -> Value {
    let path = fulltime_workspace::workspace_root().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn mock() -> Value {
    load("idl/mock_oracle.json")
}

fn reference() -> Value {
    load("idl/reference/txoracle-devnet.idl.json")
}

fn named<'a>(idl: &'a Value, list: &str, name: &str) -> Option<&'a Value> {
    idl[list]
        .as_array()?
        .iter()
        .find(|item| item["name"] == name)
}

fn instruction<'a>(idl: &'a Value, name: &str) -> &'a Value {
    named(idl, "instructions", name).unwrap_or_else(|| panic!("no instruction {name}"))
}

/// `value` without its `docs`, at every depth.
fn without_docs(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, _)| *key != "docs")
                .map(|(key, value)| (key.clone(), without_docs(value)))
                .collect(),
        ),
        Value::Array(values) => Value::Array(values.iter().map(without_docs).collect()),
        other => other.clone(),
    }
}

/// Every difference between `mock` and `reference`, as `path: mock <..>, reference <..>` lines.
fn differences(path: &str, mock: &Value, reference: &Value, found: &mut Vec<String>) {
    match (mock, reference) {
        (Value::Object(mock), Value::Object(reference)) => {
            let keys: std::collections::BTreeSet<&String> =
                mock.keys().chain(reference.keys()).collect();
            for key in keys {
                let path = format!("{path}.{key}");
                match (mock.get(key), reference.get(key)) {
                    (Some(m), Some(r)) => differences(&path, m, r, found),
                    (Some(m), None) => found.push(format!("{path}: only the mock has {m}")),
                    (None, Some(r)) => found.push(format!("{path}: only the reference has {r}")),
                    (None, None) => {}
                }
            }
        }
        (Value::Array(m), Value::Array(r)) if m.len() == r.len() => {
            for (index, (m, r)) in m.iter().zip(r).enumerate() {
                differences(&format!("{path}[{index}]"), m, r, found);
            }
        }
        _ if mock != reference => {
            found.push(format!("{path}: mock {mock}, reference {reference}"));
        }
        _ => {}
    }
}

/// The names of the types that `value` refers to, directly or through other types of `idl`.
fn used_types(idl: &Value, value: &Value, used: &mut BTreeMap<String, Value>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(name)) = map.get("defined").map(|defined| &defined["name"])
                && !used.contains_key(name)
            {
                let definition = named(idl, "types", name).cloned().unwrap_or(Value::Null);
                used.insert(name.clone(), definition.clone());
                used_types(idl, &definition, used);
            }
            map.values().for_each(|value| used_types(idl, value, used));
        }
        Value::Array(values) => values.iter().for_each(|value| used_types(idl, value, used)),
        _ => {}
    }
}

fn assert_none(what: &str, found: &[String]) {
    assert!(
        found.is_empty(),
        "the mock's {what} does not match the TxLINE devnet IDL:\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn the_mock_is_declared_at_the_devnet_address() {
    let (mock, reference) = (mock(), reference());
    assert_eq!(
        reference["address"], "6pW64gN1s2uqjHkn1unFeEjAwJkPGHoppGvS715wyP2J",
        "the reference is the devnet IDL"
    );
    assert_eq!(mock["address"], reference["address"]);
}

#[test]
fn validate_stat_matches_the_reference() {
    let (mock, reference) = (mock(), reference());
    let mut found = Vec::new();
    differences(
        "validate_stat",
        &without_docs(instruction(&mock, "validate_stat")),
        &without_docs(instruction(&reference, "validate_stat")),
        &mut found,
    );
    assert_none("validate_stat", &found);
}

#[test]
fn the_types_of_validate_stat_match_the_reference() {
    let (mock, reference) = (mock(), reference());
    let mut mock_types = BTreeMap::new();
    used_types(&mock, instruction(&mock, "validate_stat"), &mut mock_types);
    let mut reference_types = BTreeMap::new();
    used_types(
        &reference,
        instruction(&reference, "validate_stat"),
        &mut reference_types,
    );
    assert!(
        reference_types.len() >= 8,
        "validate_stat uses ScoresBatchSummary, ProofNode, TraderPredicate, StatTerm, \
         BinaryExpression and the types inside them: {:?}",
        reference_types.keys()
    );

    let mut found = Vec::new();
    let names: std::collections::BTreeSet<&String> =
        mock_types.keys().chain(reference_types.keys()).collect();
    for name in names {
        let missing = Value::Null;
        differences(
            &format!("types.{name}"),
            &without_docs(mock_types.get(name).unwrap_or(&missing)),
            &without_docs(reference_types.get(name).unwrap_or(&missing)),
            &mut found,
        );
    }
    assert_none("validate_stat types", &found);
}

#[test]
fn the_errors_match_the_reference() {
    let (mock, reference) = (mock(), reference());
    let catalog = |idl: &Value| -> BTreeMap<u64, (Value, Value)> {
        idl["errors"]
            .as_array()
            .expect("an error list")
            .iter()
            .map(|error| {
                let code = error["code"].as_u64().expect("a numeric code");
                (code, (error["name"].clone(), error["msg"].clone()))
            })
            .collect()
    };
    let (mock_errors, reference_errors) = (catalog(&mock), catalog(&reference));
    assert!(
        reference_errors.contains_key(&6023),
        "the reference lists the oracle's errors"
    );

    let mut found = Vec::new();
    for (code, (name, msg)) in &reference_errors {
        match mock_errors.get(code) {
            None => found.push(format!("{code} {name}: missing from the mock")),
            Some((mock_name, _)) if mock_name != name => {
                found.push(format!("{code}: mock {mock_name}, reference {name}"));
            }
            Some((_, mock_msg)) if !msg.is_null() && mock_msg != msg => {
                found.push(format!(
                    "{code} {name}: mock msg {mock_msg}, reference {msg}"
                ));
            }
            Some(_) => {}
        }
    }
    for (code, (name, _)) in &mock_errors {
        if !reference_errors.contains_key(code) {
            found.push(format!("{code} {name}: not in the reference"));
        }
    }
    assert_none("error catalog", &found);
}

/// The mock posts roots with the real program's three accounts, in the real order and with the
/// same signer and writable flags, then its own program-data account, where it reads the only
/// key it takes roots from.
#[test]
fn insert_scores_root_keeps_the_real_accounts_in_order() {
    let (mock, reference) = (mock(), reference());
    let mock = instruction(&mock, "insert_scores_root");
    let reference = instruction(&reference, "insert_scores_root");
    assert_eq!(mock["discriminator"], reference["discriminator"]);
    assert_eq!(mock["args"], reference["args"]);
    let accounts = |instruction: &Value| -> Vec<Value> {
        instruction["accounts"]
            .as_array()
            .expect("accounts")
            .iter()
            .map(|account| {
                serde_json::json!({
                    "name": account["name"],
                    "writable": account["writable"],
                    "signer": account["signer"],
                })
            })
            .collect()
    };
    let (mock_accounts, reference_accounts) = (accounts(mock), accounts(reference));
    assert_eq!(mock_accounts[..3], reference_accounts[..]);
    assert_eq!(mock_accounts.len(), 4);
    assert_eq!(mock_accounts[3]["name"], "program_data");
}
