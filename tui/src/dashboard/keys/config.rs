//! The key config file: a TOML table of binding names to keys, read when the dashboard starts,
//! which rebinds any of them; the keys it does not name keep their defaults.
//!
//! ```toml
//! deposit = "D"
//! up = ["Up", "k", "p"]
//! ```
//!
//! Where: `--keys PATH` (or `FULLTIME_KEYS`), else `$XDG_CONFIG_HOME/fulltime/keys.toml`, else
//! `~/.config/fulltime/keys.toml`. A file that cannot be used is an error naming its line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use serde::Deserialize;
use toml::Spanned;

use super::names::{key_label, key_names, parse_key};
use super::{Keymap, Mode};

/// The file's name in the config directory.
const KEYS_FILE: &str = "keys.toml";

/// Names of bindings from before a proof file had its own word ("fixture" is the match): a file
/// written then still rebinds them.
pub(super) const RENAMED: &[(&str, &str)] = &[
    ("new_from_fixture", "new_from_proof"),
    ("next_fixture_terms", "next_proof_terms"),
    ("previous_fixture_terms", "previous_proof_terms"),
];

#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("cannot read the key config {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("key config {}, line {line}: {reason}", path.display())]
    Invalid {
        path: PathBuf,
        line: usize,
        reason: String,
    },
}

/// The default place of the file: under `$XDG_CONFIG_HOME`, else `~/.config`.
pub fn default_path() -> Option<PathBuf> {
    let non_empty = |name| std::env::var_os(name).filter(|value| !value.is_empty());
    let config = non_empty("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| non_empty("HOME").map(|home| Path::new(&home).join(".config")))?;
    Some(config.join("fulltime").join(KEYS_FILE))
}

/// The keys in force: the defaults with `path`'s rebindings. A missing file is the defaults
/// unless it was asked for (`explicit`).
pub fn load(path: &Path, explicit: bool) -> Result<Keymap, KeysError> {
    match std::fs::read_to_string(path) {
        Ok(text) => parse(&text, path),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound && !explicit => {
            Ok(Keymap::default())
        }
        Err(source) => Err(KeysError::Read {
            path: path.to_owned(),
            source,
        }),
    }
}

/// One key or several.
#[derive(Deserialize)]
#[serde(untagged)]
enum KeyList {
    One(String),
    Several(Vec<String>),
}

/// The defaults with the rebindings of `text`, the contents of the file at `path`.
pub fn parse(text: &str, path: &Path) -> Result<Keymap, KeysError> {
    let invalid = |offset: usize, reason: String| KeysError::Invalid {
        path: path.to_owned(),
        line: line_of(text, offset),
        reason,
    };
    let table: BTreeMap<Spanned<String>, Spanned<KeyList>> =
        toml::from_str(text).map_err(|error| {
            let offset = error.span().map_or(0, |span| span.start);
            invalid(offset, error.message().trim().to_owned())
        })?;
    let mut keymap = Keymap::default();
    // Rebound in the file's order, so that a conflict names the later line.
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(name, _)| name.span().start);
    let mut rebound = Vec::with_capacity(entries.len());
    for (name, keys) in entries {
        let offset = name.span().start;
        let name = name.get_ref();
        let index = binding_named(&keymap, name).map_err(|reason| invalid(offset, reason))?;
        let codes = codes_of(&keymap, index, name, keys.get_ref())
            .map_err(|reason| invalid(offset, reason))?;
        keymap.rebind(index, codes);
        rebound.push((index, offset));
    }
    // Checked once all are rebound, so that two bindings may swap keys.
    for (index, offset) in rebound {
        if let Some(conflict) = keymap.conflict_of(index) {
            return Err(invalid(offset, conflict));
        }
    }
    Ok(keymap)
}

/// The index of the binding the file calls `name` (as it is called now or was before), or why
/// there is none.
fn binding_named(keymap: &Keymap, name: &str) -> Result<usize, String> {
    let current = RENAMED
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, new)| new);
    keymap.index_of(current).ok_or_else(|| {
        format!(
            "`{name}` is not a binding; the bindings are {}",
            Keymap::default().names().join(", ")
        )
    })
}

/// The keys the file binds `name`, the binding at `index`, to, each once; or why they cannot
/// be.
fn codes_of(
    keymap: &Keymap,
    index: usize,
    name: &str,
    keys: &KeyList,
) -> Result<Vec<KeyCode>, String> {
    let texts = match keys {
        KeyList::One(key) => vec![key.as_str()],
        KeyList::Several(keys) => keys.iter().map(String::as_str).collect(),
    };
    if texts.is_empty() {
        return Err(format!("`{name}` is bound to no key"));
    }
    let typed = keymap.bound[index]
        .binding
        .modes
        .iter()
        .find(|mode| mode.takes_text());
    let mut codes = Vec::with_capacity(texts.len());
    for text in texts {
        let code = parse_key(text)
            .ok_or_else(|| format!("`{text}` is not a key: write {}", key_names()))?;
        if let (KeyCode::Char(_), Some(mode)) = (code, typed) {
            return Err(format!(
                "`{text}` would no longer type in the {} (where `{name}` works too); bind a named \
                 key such as F2",
                mode.title()
            ));
        }
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    Ok(codes)
}

/// The 1-based line of the byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|byte| **byte == b'\n')
        .count()
        + 1
}

impl Mode {
    /// Where the mode's keys work, in words.
    pub fn title(self) -> &'static str {
        match self {
            Self::List => "market list",
            Self::Filter => "filter",
            Self::Deposit => "deposit form",
            Self::Picker => "pickers",
            Self::Confirm => "confirmation",
            Self::Warp => "warp form",
            Self::Create => "new market form",
            Self::Logs => "log view",
            Self::Timeline => "timeline pane",
            Self::Inspect => "transaction inspector",
            Self::Popup => "popups",
            Self::Save => "recording's save form",
        }
    }
}

/// `d` or `↑/k`: how a binding's keys are shown once rebound.
pub fn label_of(codes: &[KeyCode]) -> String {
    codes
        .iter()
        .map(|code| key_label(*code))
        .collect::<Vec<_>>()
        .join("/")
}
