//! Which program build a snapshot's accounts were written by: the program ids, and a fingerprint
//! of the account layouts from the committed IDL (`idl/*.json`, which `just idl-check` keeps equal
//! to what the programs generate). Accounts written by another build could not be read by this
//! one, so such a snapshot is refused whole.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use anchor_lang::prelude::Pubkey;
use borsh::{BorshDeserialize, BorshSerialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The committed IDLs, as this build was compiled with them (a bundle's build fingerprint hashes
/// them too).
pub(crate) const IDLS: [&str; 2] = [
    include_str!("../../../idl/settlement.json"),
    include_str!("../../../idl/mock_oracle.json"),
];

/// Layout fingerprints of earlier builds whose accounts this build reads byte for byte, so that
/// their kept chains and snapshots still load: the build before a market's and a position's
/// outcome became a `Side` in the IDL (the same one byte, NO 0 and YES 1, that the program only
/// ever wrote).
const READABLE_EARLIER_LAYOUTS: [[u8; 32]; 1] = [hex_literal(
    b"9bcb5866172d7acf6a9158777ee8b7704fe28b3708631bee5a7de159a70b6e4b",
)];

/// 32 bytes from 64 hex digits, at compile time.
const fn hex_literal(digits: &[u8; 64]) -> [u8; 32] {
    const fn nibble(digit: u8) -> u8 {
        match digit {
            b'0'..=b'9' => digit - b'0',
            b'a'..=b'f' => digit - b'a' + 10,
            _ => panic!("not a lowercase hex digit"),
        }
    }
    let mut bytes = [0; 32];
    let mut index = 0;
    while index < 32 {
        bytes[index] = nibble(digits[2 * index]) << 4 | nibble(digits[2 * index + 1]);
        index += 1;
    }
    bytes
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct ProgramBuild {
    pub settlement_program: Pubkey,
    pub oracle_program: Pubkey,
    /// SHA-256 over each IDL's address, account discriminators and the type definitions the
    /// accounts are made of (documentation left out).
    pub layouts: [u8; 32],
}

/// A snapshot from another build, and what differs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildMismatch {
    #[error(
        "it was saved with the settlement program at {saved}, and this build's is at {current}"
    )]
    SettlementProgram { saved: Pubkey, current: Pubkey },
    #[error("it was saved with the oracle program at {saved}, and this build's is at {current}")]
    OracleProgram { saved: Pubkey, current: Pubkey },
    #[error(
        "its account layouts (fingerprint {saved}) differ from this build's ({current}): the \
         programs' accounts changed since it was saved"
    )]
    Layouts { saved: String, current: String },
}

impl ProgramBuild {
    /// The build this binary was compiled from.
    pub fn current() -> Self {
        static LAYOUTS: OnceLock<[u8; 32]> = OnceLock::new();
        Self {
            settlement_program: settlement::ID,
            oracle_program: mock_oracle::ID,
            layouts: *LAYOUTS.get_or_init(|| layouts_fingerprint(&IDLS)),
        }
    }

    /// The first 8 bytes of the layout fingerprint, in hex: enough to tell builds apart.
    pub fn short_fingerprint(&self) -> String {
        hex::encode(&self.layouts[..8])
    }

    /// Whether accounts saved by `self` can be loaded by `current`.
    pub fn check(&self, current: &Self) -> Result<(), BuildMismatch> {
        if self.settlement_program != current.settlement_program {
            return Err(BuildMismatch::SettlementProgram {
                saved: self.settlement_program,
                current: current.settlement_program,
            });
        }
        if self.oracle_program != current.oracle_program {
            return Err(BuildMismatch::OracleProgram {
                saved: self.oracle_program,
                current: current.oracle_program,
            });
        }
        let earlier_but_readable = current.layouts == Self::current().layouts
            && READABLE_EARLIER_LAYOUTS.contains(&self.layouts);
        if self.layouts != current.layouts && !earlier_but_readable {
            return Err(BuildMismatch::Layouts {
                saved: self.short_fingerprint(),
                current: current.short_fingerprint(),
            });
        }
        Ok(())
    }
}

fn layouts_fingerprint(idls: &[&str]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    for idl in idls {
        // The IDLs are committed and checked by `just idl-check`; one that does not parse
        // fingerprints as its text, which still tells builds apart.
        let part = serde_json::from_str::<Value>(idl)
            .map(|idl| account_layouts(&idl).to_string())
            .unwrap_or_else(|_| (*idl).to_owned());
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hasher.finalize().into()
}

/// The parts of an IDL that decide how its program's accounts are laid out: the program's
/// address, its accounts (names and discriminators) and every type they are made of.
fn account_layouts(idl: &Value) -> Value {
    let accounts = idl.get("accounts").cloned().unwrap_or(Value::Null);
    let types: Vec<&Value> = idl
        .get("types")
        .and_then(Value::as_array)
        .map(|types| types.iter().collect())
        .unwrap_or_default();
    let name_of = |value: &Value| value.get("name").and_then(Value::as_str).map(str::to_owned);
    let mut wanted: Vec<String> = accounts
        .as_array()
        .map(|accounts| accounts.iter().filter_map(name_of).collect())
        .unwrap_or_default();
    let mut kept = BTreeSet::new();
    while let Some(name) = wanted.pop() {
        if !kept.insert(name.clone()) {
            continue;
        }
        if let Some(definition) = types.iter().find(|t| name_of(t).as_deref() == Some(&name)) {
            referenced_types(definition, &mut wanted);
        }
    }
    let layouts: Vec<Value> = types
        .iter()
        .filter(|t| name_of(t).is_some_and(|name| kept.contains(&name)))
        .map(|t| without_docs(t))
        .collect();
    serde_json::json!({
        "address": idl.get("address"),
        "accounts": accounts,
        "types": layouts,
    })
}

/// The names of the types `value` refers to (`{"defined": {"name": ...}}`).
fn referenced_types(value: &Value, names: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            if let Some(name) = fields
                .get("defined")
                .and_then(|defined| defined.get("name"))
                .and_then(Value::as_str)
            {
                names.push(name.to_owned());
            }
            fields
                .values()
                .for_each(|field| referenced_types(field, names));
        }
        Value::Array(items) => items.iter().for_each(|item| referenced_types(item, names)),
        _ => {}
    }
}

fn without_docs(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(key, _)| key.as_str() != "docs")
                .map(|(key, field)| (key.clone(), without_docs(field)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_docs).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDL: &str = r#"{
        "address": "E5jNnqsCsntgThdQuYWLKiMir1f3LNgHkKkTXHqsE3MH",
        "instructions": [{"name": "deposit", "args": [{"name": "amount", "type": "u64"}]}],
        "accounts": [{"name": "Market", "discriminator": [1, 2, 3, 4, 5, 6, 7, 8]}],
        "types": [
            {"name": "Market", "docs": ["A market."], "type": {"kind": "struct", "fields": [
                {"name": "id", "type": "u64"},
                {"name": "terms", "type": {"defined": {"name": "Terms"}}}
            ]}},
            {"name": "Terms", "type": {"kind": "struct", "fields": [{"name": "stat", "type": "u32"}]}},
            {"name": "ProofArgs", "type": {"kind": "struct", "fields": [{"name": "ts", "type": "i64"}]}}
        ]
    }"#;

    fn fingerprint(idl: &str) -> [u8; 32] {
        layouts_fingerprint(&[idl])
    }

    #[test]
    fn documentation_and_instructions_do_not_change_the_fingerprint() {
        let documented = IDL.replace("A market.", "A prediction market.");
        let new_instruction = IDL.replace("\"amount\"", "\"stake\"");
        let new_argument_type =
            IDL.replace("\"ts\", \"type\": \"i64\"", "\"ts\", \"type\": \"u64\"");
        assert_eq!(fingerprint(&documented), fingerprint(IDL));
        assert_eq!(fingerprint(&new_instruction), fingerprint(IDL));
        assert_eq!(fingerprint(&new_argument_type), fingerprint(IDL));
    }

    #[test]
    fn accounts_and_the_types_they_are_made_of_change_it() {
        let new_field_type = IDL.replace("\"id\", \"type\": \"u64\"", "\"id\", \"type\": \"u32\"");
        let nested = IDL.replace("\"stat\", \"type\": \"u32\"", "\"stat\", \"type\": \"u16\"");
        let discriminator = IDL.replace("[1, 2, 3", "[9, 2, 3");
        let address = IDL.replace("E5jN", "F5jN");
        for changed in [new_field_type, nested, discriminator, address] {
            assert_ne!(fingerprint(&changed), fingerprint(IDL), "{changed}");
        }
    }

    #[test]
    fn a_mismatch_names_what_differs() {
        let current = ProgramBuild::current();
        assert_eq!(current.check(&current), Ok(()));
        let other = ProgramBuild {
            settlement_program: Pubkey::new_unique(),
            ..current
        };
        assert!(matches!(
            other.check(&current),
            Err(BuildMismatch::SettlementProgram { .. })
        ));
        let other = ProgramBuild {
            layouts: [7; 32],
            ..current
        };
        let error = other.check(&current).expect_err("other layouts");
        assert!(error.to_string().contains("0707070707070707"), "{error}");
    }

    #[test]
    fn the_build_before_the_outcome_became_a_side_is_read() {
        let current = ProgramBuild::current();
        let earlier = ProgramBuild {
            layouts: READABLE_EARLIER_LAYOUTS[0],
            ..current
        };
        assert_eq!(earlier.check(&current), Ok(()));
        // Only by this build: another build's layouts are its own business.
        let another = ProgramBuild {
            layouts: [7; 32],
            ..current
        };
        assert!(earlier.check(&another).is_err());
    }
}
