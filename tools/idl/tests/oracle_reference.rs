//! The mock oracle's committed IDL must agree with both published TxLINE IDLs (`idl/reference/`:
//! devnet 1.5.9 and mainnet 1.5.6) wherever Fulltime relies on them: the program address, the
//! `validate_stat` instruction (discriminator, accounts, arguments, return type, and every type
//! the arguments use) and the error catalog (codes, names, messages). The mock leaves out the
//! oracle's other instructions and adds its own `insert_scores_root`; docs are not part of the
//! interface. `up_to_date.rs` ties the committed IDL to the mock's source.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// A published TxLINE IDL, as `idl/reference/README.md` records it.
struct Reference {
    cluster: &'static str,
    path: &'static str,
    address: &'static str,
    version: &'static str,
    errors: usize,
}

const DEVNET: Reference = Reference {
    cluster: "devnet",
    path: "idl/reference/txoracle-devnet.idl.json",
    address: "6pW64gN1s2uqjHkn1unFeEjAwJkPGHoppGvS715wyP2J",
    version: "1.5.9",
    errors: 87,
};

const MAINNET: Reference = Reference {
    cluster: "mainnet",
    path: "idl/reference/txoracle-mainnet.idl.json",
    address: "9ExbZjAapQww1vfcisDmrngPinHTEfpjYRWMunJgcKaA",
    version: "1.5.6",
    errors: 79,
};

const REFERENCES: [Reference; 2] = [DEVNET, MAINNET];

impl Reference {
    fn idl(&self) -> Value {
        load(self.path)
    }
}

fn load(relative: &str) -> Value {
    let path = fulltime_workspace::workspace_root().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("read {}: {error}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The mock's committed IDL: its default build, at the devnet id.
fn mock() -> Value {
    load("idl/mock_oracle.json")
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
            let keys: BTreeSet<&String> = mock.keys().chain(reference.keys()).collect();
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

/// An IDL's errors in its order, as (code, name, message).
fn catalog(idl: &Value) -> Vec<(u64, Value, Value)> {
    idl["errors"]
        .as_array()
        .expect("an error list")
        .iter()
        .map(|error| {
            let code = error["code"].as_u64().expect("a numeric code");
            (code, error["name"].clone(), error["msg"].clone())
        })
        .collect()
}

fn shown((code, name, msg): &(u64, Value, Value)) -> String {
    format!("{code} {name} {msg}")
}

fn assert_none(what: &str, found: &[String]) {
    assert!(
        found.is_empty(),
        "the mock's {what} does not match the TxLINE IDLs:\n  {}",
        found.join("\n  ")
    );
}

/// Each file is the IDL `idl/reference/README.md` says it is, so that what the other tests compare
/// with is the program at that cluster.
#[test]
fn the_references_are_txlines_published_idls() {
    for reference in REFERENCES {
        let idl = reference.idl();
        let cluster = reference.cluster;
        assert_eq!(idl["address"], reference.address, "{cluster}'s program id");
        assert_eq!(idl["metadata"]["name"], "txoracle", "{cluster}");
        assert_eq!(idl["metadata"]["version"], reference.version, "{cluster}");
        assert_eq!(idl["metadata"]["spec"], "0.1.0", "{cluster}");
    }
}

/// The committed IDL is the mock's devnet build, so its address is devnet's; the mainnet build
/// (`mock-oracle-mainnet`, the same source with its `mainnet-id` feature) has no IDL committed,
/// so the id it declares is compared with mainnet's.
#[test]
fn the_mock_is_at_each_references_address_in_its_build_for_that_cluster() {
    let mock = mock();
    assert_eq!(
        mock["address"],
        DEVNET.idl()["address"],
        "the committed mock IDL against the devnet IDL"
    );
    assert_eq!(
        mock_oracle_mainnet::ID.to_string(),
        MAINNET.idl()["address"].as_str().expect("an address"),
        "mock-oracle-mainnet's id against the mainnet IDL"
    );
}

#[test]
fn validate_stat_matches_each_reference() {
    let mock = mock();
    let mock_instruction = without_docs(instruction(&mock, "validate_stat"));
    let mut found = Vec::new();
    for reference in REFERENCES {
        let idl = reference.idl();
        differences(
            &format!("{} validate_stat", reference.cluster),
            &mock_instruction,
            &without_docs(instruction(&idl, "validate_stat")),
            &mut found,
        );
    }
    assert_none("validate_stat", &found);
}

#[test]
fn the_types_of_validate_stat_match_each_reference() {
    let mock = mock();
    let mut mock_types = BTreeMap::new();
    used_types(&mock, instruction(&mock, "validate_stat"), &mut mock_types);

    let mut found = Vec::new();
    for reference in REFERENCES {
        let idl = reference.idl();
        let mut reference_types = BTreeMap::new();
        used_types(
            &idl,
            instruction(&idl, "validate_stat"),
            &mut reference_types,
        );
        assert!(
            reference_types.len() >= 8,
            "{}'s validate_stat uses ScoresBatchSummary, ProofNode, TraderPredicate, StatTerm, \
             BinaryExpression and the types inside them: {:?}",
            reference.cluster,
            reference_types.keys()
        );
        let names: BTreeSet<&String> = mock_types.keys().chain(reference_types.keys()).collect();
        for name in names {
            let missing = Value::Null;
            differences(
                &format!("{} types.{name}", reference.cluster),
                &without_docs(mock_types.get(name).unwrap_or(&missing)),
                &without_docs(reference_types.get(name).unwrap_or(&missing)),
                &mut found,
            );
        }
    }
    assert_none("validate_stat types", &found);
}

/// The rule that lets one catalog serve both ids: mainnet 1.5.6's 79 errors are devnet 1.5.9's
/// first 79, in order, with the same codes, names and messages (TxLINE appended eight and
/// renumbered none). So devnet's whole list, which the mock carries, answers as the oracle at
/// either id.
#[test]
fn the_mainnet_errors_are_the_first_of_the_devnet_errors() {
    let (devnet, mainnet) = (catalog(&DEVNET.idl()), catalog(&MAINNET.idl()));
    assert_eq!(
        (devnet.len(), mainnet.len()),
        (DEVNET.errors, MAINNET.errors),
        "errors in the devnet and mainnet IDLs"
    );
    let found: Vec<String> = mainnet
        .iter()
        .zip(&devnet)
        .enumerate()
        .filter(|(_, (mainnet, devnet))| mainnet != devnet)
        .map(|(index, (mainnet, devnet))| {
            format!(
                "errors[{index}]: mainnet {}, devnet {}",
                shown(mainnet),
                shown(devnet)
            )
        })
        .collect();
    assert!(
        found.is_empty(),
        "the mainnet errors are not the first of devnet's:\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn every_error_of_each_reference_is_the_mocks() {
    let mock: BTreeMap<u64, (Value, Value)> = catalog(&mock())
        .into_iter()
        .map(|(code, name, msg)| (code, (name, msg)))
        .collect();

    let mut found = Vec::new();
    for reference in REFERENCES {
        let cluster = reference.cluster;
        let errors = catalog(&reference.idl());
        assert!(
            errors.iter().any(|(code, _, _)| *code == 6023),
            "the {cluster} reference lists the oracle's errors"
        );
        for (code, name, msg) in &errors {
            match mock.get(code) {
                None => found.push(format!("{cluster} {code} {name}: missing from the mock")),
                Some((mock_name, _)) if mock_name != name => {
                    found.push(format!(
                        "{cluster} {code}: mock {mock_name}, reference {name}"
                    ));
                }
                Some((_, mock_msg)) if !msg.is_null() && mock_msg != msg => {
                    found.push(format!(
                        "{cluster} {code} {name}: mock msg {mock_msg}, reference {msg}"
                    ));
                }
                Some(_) => {}
            }
        }
    }
    // Devnet's list holds mainnet's, so the mock has no error of its own.
    let devnet: BTreeSet<u64> = catalog(&DEVNET.idl())
        .into_iter()
        .map(|(code, _, _)| code)
        .collect();
    for (code, (name, _)) in &mock {
        if !devnet.contains(code) {
            found.push(format!("{code} {name}: not in the devnet reference"));
        }
    }
    assert_none("error catalog", &found);
}

/// The mock posts roots with the real program's three accounts, in the real order and with the
/// same signer and writable flags, then its own program-data account, where it reads the only
/// key it takes roots from.
#[test]
fn insert_scores_root_keeps_the_real_accounts_in_order() {
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
    let mock = mock();
    let mock = instruction(&mock, "insert_scores_root");
    let mock_accounts = accounts(mock);
    assert_eq!(mock_accounts.len(), 4);
    assert_eq!(mock_accounts[3]["name"], "program_data");
    for reference in REFERENCES {
        let idl = reference.idl();
        let real = instruction(&idl, "insert_scores_root");
        let cluster = reference.cluster;
        assert_eq!(mock["discriminator"], real["discriminator"], "{cluster}");
        assert_eq!(mock["args"], real["args"], "{cluster}");
        assert_eq!(mock_accounts[..3], accounts(real)[..], "{cluster}");
    }
}
