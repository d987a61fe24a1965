//! The wallet book: named keypair files in `<state-dir>/wallets/NAME.json` (the solana CLI's
//! format), so that a QA tester makes a second bettor with one command and names it wherever a
//! keypair path is taken (`--keypair alice`). The book holds only what was put there; making a
//! wallet never funds it (that is the caller's choice, and on devnet the faucet's).

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anchor_lang::prelude::Pubkey;
use solana_keypair::{Keypair, read_keypair_file};
use solana_signer::Signer;

use crate::keypair_file::write_keypair_file;
use crate::whole_file::{Existing, WholeFileError};

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
    /// A link where a wallet's file would go: the key would land wherever it points.
    #[error(
        "{} is a symbolic link; a wallet's keypair is never written through one (remove the \
         link)",
        path.display()
    )]
    Symlink { path: PathBuf },
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

    /// A new keypair under `name`, in a file of its owner's alone; an existing name is refused,
    /// never overwritten (its keypair may hold funds), even by a second `create` running at the
    /// same moment: of the two, one makes the wallet and the other gets `Exists`.
    pub fn create(&self, name: &WalletName) -> Result<(Keypair, PathBuf), WalletBookError> {
        let keypair = Keypair::new();
        let path = self.insert(name, &keypair)?;
        Ok((keypair, path))
    }

    /// `keypair` under `name` (a wallet made elsewhere, like a timeline's); refused as
    /// [`WalletBook::create`] refuses an existing name.
    pub fn insert(&self, name: &WalletName, keypair: &Keypair) -> Result<PathBuf, WalletBookError> {
        let path = self.path_of(name);
        write_keypair_file(keypair, &path, Existing::Refuse).map_err(|error| match error {
            WholeFileError::Exists { path } => WalletBookError::Exists {
                name: name.clone(),
                path,
            },
            WholeFileError::Symlink { path } => WalletBookError::Symlink { path },
            WholeFileError::Io { path, source } => WalletBookError::Write {
                path,
                reason: source.to_string(),
            },
        })?;
        Ok(path)
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
    fn two_wallets_made_at_once_under_one_name_give_one_wallet_and_one_refusal() {
        let book = WalletBook::in_state_dir(&state_dir("race"));
        for round in 0..50 {
            let name = name(&format!("racer-{round}"));
            let start = std::sync::Barrier::new(2);
            let results: Vec<Result<(Keypair, PathBuf), WalletBookError>> =
                std::thread::scope(|scope| {
                    let racers: Vec<_> = (0..2)
                        .map(|_| {
                            scope.spawn(|| {
                                start.wait();
                                book.create(&name)
                            })
                        })
                        .collect();
                    racers
                        .into_iter()
                        .map(|racer| racer.join().expect("a racer panicked"))
                        .collect()
                });
            let outcomes: Vec<Result<Pubkey, String>> = results
                .iter()
                .map(|result| match result {
                    Ok((keypair, _)) => Ok(keypair.pubkey()),
                    Err(error) => Err(error.to_string()),
                })
                .collect();
            let made: Vec<&Keypair> = results
                .iter()
                .filter_map(|result| result.as_ref().ok().map(|(keypair, _)| keypair))
                .collect();
            assert_eq!(made.len(), 1, "round {round}: {outcomes:?}");
            assert!(
                results.iter().any(|result| matches!(
                    result,
                    Err(WalletBookError::Exists { name: refused, .. }) if *refused == name
                )),
                "round {round}: {outcomes:?}"
            );
            // The file kept is the wallet reported as made.
            assert_eq!(
                book.get(&name).expect("the wallet").address,
                made[0].pubkey()
            );
        }
        let temporary = std::fs::read_dir(book.dir())
            .expect("the book")
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name().to_string_lossy().starts_with('.'))
            .count();
        assert_eq!(temporary, 0, "no temporary file stays");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_where_a_wallet_would_go_is_refused() {
        let book = WalletBook::in_state_dir(&state_dir("symlink"));
        std::fs::create_dir_all(book.dir()).expect("the book");
        let elsewhere = book.dir().join("elsewhere");
        let path = book.path_of(&name("bob"));
        std::os::unix::fs::symlink(&elsewhere, &path).expect("symlink");
        let error = book.create(&name("bob")).unwrap_err();
        assert!(
            matches!(&error, WalletBookError::Symlink { path: named } if *named == path),
            "{error}"
        );
        assert!(!elsewhere.exists(), "nothing written where the link points");
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
