//! The wallet book: named keypair files in `<state-dir>/wallets/NAME.json` (the solana CLI's
//! format), so that a QA tester makes a second bettor with one command and names it wherever a
//! keypair path is taken (`--keypair alice`). The book holds only what was put there; making a
//! wallet never funds it (that is the caller's choice, and on devnet the faucet's).

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anchor_lang::prelude::Pubkey;
use solana_keypair::{Keypair, read_keypair_file, write_keypair_file};
use solana_signer::Signer;

/// The book's folder under the state directory.
pub const WALLETS_DIR: &str = "wallets";
const EXTENSION: &str = "json";
const MAX_NAME_CHARS: usize = 32;

/// A wallet's name in the book: 1 to 32 letters, digits, `-` or `_`, so that it is a file name
/// everywhere and never mistaken for a path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WalletName(String);

#[derive(Debug, thiserror::Error)]
pub enum WalletBookError {
    #[error("`{0}` is not a wallet name: use 1 to {MAX_NAME_CHARS} letters, digits, `-` or `_`")]
    BadName(String),
    #[error("the wallet book already has `{name}` ({}); pick another name", path.display())]
    Exists { name: WalletName, path: PathBuf },
    #[error("no wallet named `{name}` in the wallet book ({}); see `fulltime wallet list`", dir.display())]
    NotFound { name: WalletName, dir: PathBuf },
    #[error("cannot read the wallet book {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a keypair file ({reason}); remove it or replace it", path.display())]
    Invalid { path: PathBuf, reason: String },
    #[error("cannot write {}: {reason}", path.display())]
    Write { path: PathBuf, reason: String },
}

impl WalletName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for WalletName {
    type Err = WalletBookError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let valid = (1..=MAX_NAME_CHARS).contains(&text.chars().count())
            && text
                .chars()
                .all(|char| char.is_ascii_alphanumeric() || char == '-' || char == '_');
        if valid {
            Ok(Self(text.to_owned()))
        } else {
            Err(WalletBookError::BadName(text.to_owned()))
        }
    }
}

impl fmt::Display for WalletName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

/// One wallet of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub name: WalletName,
    pub address: Pubkey,
    pub path: PathBuf,
}

/// The book of one state directory.
#[derive(Clone, Debug)]
pub struct WalletBook {
    dir: PathBuf,
}

impl WalletBook {
    pub fn in_state_dir(state_dir: &Path) -> Self {
        Self {
            dir: state_dir.join(WALLETS_DIR),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path_of(&self, name: &WalletName) -> PathBuf {
        self.dir.join(format!("{name}.{EXTENSION}"))
    }

    /// A new keypair under `name`; an existing name is refused, never overwritten (its keypair
    /// may hold funds).
    pub fn create(&self, name: &WalletName) -> Result<(Keypair, PathBuf), WalletBookError> {
        let path = self.path_of(name);
        if path.exists() {
            return Err(WalletBookError::Exists {
                name: name.clone(),
                path,
            });
        }
        let write_error = |path: &Path, reason: String| WalletBookError::Write {
            path: path.to_owned(),
            reason,
        };
        std::fs::create_dir_all(&self.dir)
            .map_err(|error| write_error(&self.dir, error.to_string()))?;
        let keypair = Keypair::new();
        // solana-keypair writes the file readable by its owner only, as solana-keygen does.
        write_keypair_file(&keypair, &path)
            .map_err(|error| write_error(&path, error.to_string()))?;
        Ok((keypair, path))
    }

    /// The entry named `name`.
    pub fn get(&self, name: &WalletName) -> Result<BookEntry, WalletBookError> {
        let path = self.path_of(name);
        if !path.is_file() {
            return Err(WalletBookError::NotFound {
                name: name.clone(),
                dir: self.dir.clone(),
            });
        }
        entry(name.clone(), path)
    }

    /// Every wallet, by name; an empty book (or none yet) is an empty list.
    pub fn list(&self) -> Result<Vec<BookEntry>, WalletBookError> {
        let read_error = |source| WalletBookError::Read {
            path: self.dir.clone(),
            source,
        };
        let files = match std::fs::read_dir(&self.dir) {
            Ok(files) => files,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(read_error(error)),
        };
        let mut entries = Vec::new();
        for file in files {
            let path = file.map_err(read_error)?.path();
            // Only `NAME.json` files with a book name are the book's; anything else is left alone.
            let name = path
                .file_stem()
                .filter(|_| path.extension().is_some_and(|ext| ext == EXTENSION))
                .and_then(|stem| stem.to_str())
                .and_then(|stem| stem.parse::<WalletName>().ok());
            if let Some(name) = name {
                entries.push(entry(name, path)?);
            }
        }
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(entries)
    }
}

fn entry(name: WalletName, path: PathBuf) -> Result<BookEntry, WalletBookError> {
    let keypair = read_keypair_file(&path).map_err(|error| WalletBookError::Invalid {
        path: path.clone(),
        reason: error.to_string(),
    })?;
    Ok(BookEntry {
        name,
        address: keypair.pubkey(),
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state directory of this test's own, emptied first.
    fn state_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "fulltime-wallet-book-{}-{test}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn name(text: &str) -> WalletName {
        text.parse().expect("a wallet name")
    }

    #[test]
    fn names_are_file_names_and_never_paths() {
        for good in ["alice", "bob-2", "QA_tester", &"a".repeat(32)] {
            assert_eq!(name(good).as_str(), good);
        }
        for bad in [
            "",
            "a/b",
            "../alice",
            "alice.json",
            "al ice",
            "ålice",
            &"a".repeat(33),
        ] {
            let error = bad.parse::<WalletName>().unwrap_err();
            assert!(error.to_string().contains("is not a wallet name"), "{bad}");
        }
    }

    #[test]
    fn a_wallet_is_made_once_listed_by_name_and_found_again() {
        let state = state_dir("made");
        let book = WalletBook::in_state_dir(&state);
        assert_eq!(book.list().expect("no book yet"), []);

        let (bob, bob_path) = book.create(&name("bob")).expect("bob");
        let (alice, _) = book.create(&name("alice")).expect("alice");
        assert_eq!(bob_path, state.join("wallets").join("bob.json"));
        let listed: Vec<(String, Pubkey)> = book
            .list()
            .expect("list")
            .into_iter()
            .map(|entry| (entry.name.to_string(), entry.address))
            .collect();
        assert_eq!(
            listed,
            [
                ("alice".to_owned(), alice.pubkey()),
                ("bob".to_owned(), bob.pubkey())
            ]
        );
        assert_eq!(book.get(&name("bob")).expect("bob").address, bob.pubkey());

        // A second `bob` would lose the first one's keypair.
        let error = book.create(&name("bob")).unwrap_err();
        assert!(matches!(error, WalletBookError::Exists { .. }), "{error}");
        assert_eq!(book.get(&name("bob")).expect("bob").address, bob.pubkey());

        let error = book.get(&name("carol")).unwrap_err();
        assert!(
            error.to_string().contains("no wallet named `carol`"),
            "{error}"
        );
    }

    #[test]
    fn a_damaged_keypair_file_is_named_not_skipped() {
        let book = WalletBook::in_state_dir(&state_dir("damaged"));
        book.create(&name("alice")).expect("alice");
        std::fs::write(book.path_of(&name("alice")), "[1, 2").expect("damage");
        // Files that are not the book's are left alone.
        std::fs::write(book.dir().join("notes.txt"), "hello").expect("notes");
        let error = book.list().unwrap_err();
        assert!(
            error
                .to_string()
                .contains("alice.json is not a keypair file"),
            "{error}"
        );
    }
}
