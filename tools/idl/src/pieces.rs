//! Reads the IDL pieces that the print tests write and assembles them into one IDL, as
//! anchor-lang-idl 0.1.4's `IdlBuilder` does: the program section is the skeleton; address,
//! constants, events and errors are filled in; types are keyed by module path until the end,
//! when every path whose last segment is unambiguous becomes that bare name; lists are sorted by
//! name.

use std::collections::{BTreeMap, BTreeSet};

use anchor_lang_idl_spec::{Idl, IdlConst, IdlErrorCode, IdlEvent, IdlTypeDef};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::IdlError;

/// Everything one test harness printed.
#[derive(Debug, Default)]
pub struct Pieces {
    package: String,
    address: Option<String>,
    constants: Vec<IdlConst>,
    events: Vec<IdlEvent>,
    event_types: Vec<IdlTypeDef>,
    errors: Option<Vec<IdlErrorCode>>,
    program: Option<Idl>,
}

/// An event's print section also carries the types the event uses.
#[derive(Deserialize)]
struct EventPiece {
    event: IdlEvent,
    types: Vec<IdlTypeDef>,
}

impl Pieces {
    /// Reads the `--- IDL begin <section> ---` .. `--- IDL end <section> ---` blocks of a test
    /// harness's output; the lines between them are the section's JSON.
    pub fn parse(package: &str, output: &str) -> Result<Self, IdlError> {
        let mut pieces = Pieces {
            package: package.to_owned(),
            ..Pieces::default()
        };
        let mut lines = output.lines();
        while let Some(line) = lines.next() {
            let Some(section) = section_name(line, "begin") else {
                continue;
            };
            let mut body = Vec::new();
            loop {
                match lines.next() {
                    Some(line) if section_name(line, "end") == Some(section) => break,
                    Some(line) => body.push(line),
                    None => {
                        return Err(IdlError::Unterminated {
                            package: package.to_owned(),
                            section: section.to_owned(),
                        });
                    }
                }
            }
            pieces.add(section, &body.join("\n"))?;
        }
        Ok(pieces)
    }

    fn add(&mut self, section: &str, json: &str) -> Result<(), IdlError> {
        match section {
            "address" => self.address = Some(self.json(section, json)?),
            "const" => {
                let constant = self.json(section, json)?;
                self.constants.push(constant);
            }
            "event" => {
                let piece: EventPiece = self.json(section, json)?;
                self.events.push(piece.event);
                self.event_types.extend(piece.types);
            }
            "errors" => {
                let errors = self.json(section, json)?;
                self.set_errors(errors)?;
            }
            "program" => self.program = Some(self.json(section, json)?),
            _ => {
                return Err(IdlError::UnknownSection {
                    package: self.package.clone(),
                    section: section.to_owned(),
                });
            }
        }
        Ok(())
    }

    fn json<T: DeserializeOwned>(&self, section: &str, json: &str) -> Result<T, IdlError> {
        serde_json::from_str(json).map_err(|source| IdlError::Section {
            package: self.package.clone(),
            section: section.to_owned(),
            source,
        })
    }

    fn set_errors(&mut self, errors: Vec<IdlErrorCode>) -> Result<(), IdlError> {
        if self.errors.is_some() {
            return Err(IdlError::MultipleErrorEnums {
                package: self.package.clone(),
            });
        }
        self.errors = Some(errors);
        Ok(())
    }

    /// Takes the error list that another crate's harness printed, for a program that raises that
    /// crate's `#[error_code]` enum as its own. Everything else the other crate printed is not
    /// part of this program.
    pub fn take_errors_of(&mut self, other: Pieces) -> Result<(), IdlError> {
        match other.errors {
            Some(errors) => self.set_errors(errors),
            None => Err(IdlError::Missing {
                package: other.package,
                piece: "error list",
            }),
        }
    }

    /// The program's IDL. `package` names the program in errors.
    pub fn into_idl(self, package: &str) -> Result<Idl, IdlError> {
        let missing = |piece| IdlError::Missing {
            package: package.to_owned(),
            piece,
        };
        let mut idl = self.program.ok_or_else(|| missing("program"))?;
        idl.address = self.address.ok_or_else(|| missing("address"))?;
        idl.constants = self.constants;
        idl.events = self.events;
        idl.errors = self.errors.unwrap_or_default();
        let mut types: BTreeMap<String, IdlTypeDef> = self
            .event_types
            .into_iter()
            .map(|ty| (ty.name.clone(), ty))
            .collect();
        types.extend(idl.types.drain(..).map(|ty| (ty.name.clone(), ty)));
        idl.types = types.into_values().collect();

        let mut idl = shorten_module_paths(idl)?;
        idl.accounts.sort_by(|a, b| a.name.cmp(&b.name));
        idl.constants.sort_by(|a, b| a.name.cmp(&b.name));
        idl.events.sort_by(|a, b| a.name.cmp(&b.name));
        idl.instructions.sort_by(|a, b| a.name.cmp(&b.name));
        idl.types.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(idl)
    }
}

/// `section` of a `--- IDL <marker> <section> ---` line.
fn section_name<'a>(line: &'a str, marker: &str) -> Option<&'a str> {
    line.strip_prefix("--- IDL ")?
        .strip_prefix(marker)?
        .strip_prefix(' ')?
        .strip_suffix(" ---")
}

/// Replaces every module path string (`txline_interface::types::ProofNode`) by its last segment
/// when no other path in the IDL ends in the same name.
fn shorten_module_paths(idl: Idl) -> Result<Idl, IdlError> {
    let mut value = serde_json::to_value(idl)?;
    let mut paths: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    visit_strings(&mut value, &mut |string| {
        if let Some(name) = module_path_name(string) {
            paths
                .entry(name.to_owned())
                .or_default()
                .insert(string.clone());
        }
    });
    let renames: BTreeMap<String, String> = paths
        .into_iter()
        .filter_map(|(name, full)| match full.len() {
            1 => full.into_iter().next().map(|path| (path, name)),
            _ => None,
        })
        .collect();
    visit_strings(&mut value, &mut |string| {
        if let Some(name) = renames.get(string.as_str()) {
            string.clone_from(name);
        }
    });
    Ok(serde_json::from_value(value)?)
}

/// The last segment of a Rust path of at least two word segments.
fn module_path_name(string: &str) -> Option<&str> {
    let is_word = |segment: &str| {
        !segment.is_empty() && segment.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    let (module, name) = string.rsplit_once("::")?;
    (module.split("::").all(is_word) && is_word(name)).then_some(name)
}

fn visit_strings(value: &mut Value, visit: &mut impl FnMut(&mut String)) {
    match value {
        Value::String(string) => visit(string),
        Value::Array(values) => values.iter_mut().for_each(|v| visit_strings(v, visit)),
        Value::Object(map) => map.values_mut().for_each(|v| visit_strings(v, visit)),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: &str = r#"{
  "address": "",
  "metadata": { "name": "demo", "version": "0.1.0", "spec": "0.1.0" },
  "instructions": [
    {
      "name": "zeta",
      "discriminator": [2],
      "accounts": [],
      "args": [{ "name": "node", "type": { "defined": { "name": "demo::types::Node" } } }]
    },
    { "name": "alpha", "discriminator": [1], "accounts": [], "args": [] }
  ],
  "types": [
    {
      "name": "demo::types::Node",
      "type": { "kind": "struct", "fields": [{ "name": "hash", "type": { "array": ["u8", 32] } }] }
    }
  ]
}"#;

    fn harness_output(sections: &[(&str, &str)]) -> String {
        let mut output = String::from("\nrunning 2 tests\n..\nsuccesses:\n\n");
        for (section, json) in sections {
            output.push_str(&format!(
                "---- print stdout ----\n--- IDL begin {section} ---\n{json}\n--- IDL end {section} ---\n\n"
            ));
        }
        output.push_str("test result: ok. 2 passed; 0 failed\n");
        output
    }

    #[test]
    fn assembles_program_address_and_errors_and_shortens_paths() {
        let output = harness_output(&[
            ("program", PROGRAM),
            ("address", "\"Demo111111111111111111111111111111111111111\""),
        ]);
        let mut pieces = Pieces::parse("demo", &output).expect("parse");
        let errors = harness_output(&[("errors", r#"[{ "code": 6000, "name": "Bad" }]"#)]);
        pieces
            .take_errors_of(Pieces::parse("errors", &errors).expect("parse errors"))
            .expect("one error list");
        let idl = pieces.into_idl("demo").expect("assemble");

        assert_eq!(idl.address, "Demo111111111111111111111111111111111111111");
        let names: Vec<&str> = idl.instructions.iter().map(|ix| ix.name.as_str()).collect();
        assert_eq!(names, ["alpha", "zeta"]);
        assert_eq!(idl.types[0].name, "Node");
        let json = serde_json::to_string(&idl).expect("serialize");
        assert!(json.contains(r#"{"defined":{"name":"Node"}}"#), "{json}");
        assert_eq!(idl.errors.len(), 1);
        assert_eq!(idl.errors[0].code, 6000);
    }

    #[test]
    fn keeps_paths_whose_names_collide() {
        let program = PROGRAM.replace(
            r#""args": [] }"#,
            r#""args": [{ "name": "other", "type": { "defined": { "name": "other::Node" } } }] }"#,
        );
        let output = harness_output(&[("program", &program), ("address", "\"Demo\"")]);
        let idl = Pieces::parse("demo", &output)
            .and_then(|pieces| pieces.into_idl("demo"))
            .expect("assemble");
        assert_eq!(idl.types[0].name, "demo::types::Node");
    }

    #[test]
    fn a_second_error_list_is_refused() {
        let errors = r#"[{ "code": 6000, "name": "Bad" }]"#;
        let output = harness_output(&[("errors", errors)]);
        let mut pieces = Pieces::parse("demo", &output).expect("parse");
        let other = Pieces::parse("other", &output).expect("parse");
        assert!(matches!(
            pieces.take_errors_of(other),
            Err(IdlError::MultipleErrorEnums { .. })
        ));
    }

    #[test]
    fn an_unterminated_or_unknown_section_is_an_error() {
        let cut = "--- IDL begin program ---\n{\n";
        assert!(matches!(
            Pieces::parse("demo", cut),
            Err(IdlError::Unterminated { .. })
        ));
        let unknown = harness_output(&[("gizmo", "{}")]);
        assert!(matches!(
            Pieces::parse("demo", &unknown),
            Err(IdlError::UnknownSection { .. })
        ));
    }

    #[test]
    fn without_a_program_section_there_is_no_idl() {
        let output = harness_output(&[("address", "\"Demo\"")]);
        let pieces = Pieces::parse("demo", &output).expect("parse");
        assert!(matches!(
            pieces.into_idl("demo"),
            Err(IdlError::Missing {
                piece: "program",
                ..
            })
        ));
    }
}
