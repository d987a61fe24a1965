//! The wallets the dashboard can act as: the one it started with and those of the wallet book
//! (`<state-dir>/wallets/`). `W` picks one to act as (the wallet pane, MINE and every request
//! follow), `+` makes a new funded one in the book.

use std::path::{Path, PathBuf};

use fulltime_files::wallet_book::WalletBook;

/// A wallet to act as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletChoice {
    /// Its name in the book, or where the starting wallet came from (`--keypair`, ...).
    pub name: String,
    pub address: String,
    pub path: PathBuf,
}

/// The book's wallets, by name; a book that cannot be read lists none (the CLI's
/// `wallet list` says why).
pub fn book_wallets(state_dir: &Path) -> Vec<WalletChoice> {
    WalletBook::in_state_dir(state_dir)
        .list()
        .unwrap_or_default()
        .into_iter()
        .map(|entry| WalletChoice {
            name: entry.name.to_string(),
            address: entry.address.to_string(),
            path: entry.path,
        })
        .collect()
}

/// `qa-1`, `qa-2`, ...: the first name none of `wallets` has.
pub fn next_name(wallets: &[WalletChoice]) -> String {
    (1..)
        .map(|number| format!("qa-{number}"))
        .find(|name| wallets.iter().all(|wallet| wallet.name != *name))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> WalletChoice {
        WalletChoice {
            name: name.into(),
            address: String::new(),
            path: PathBuf::new(),
        }
    }

    #[test]
    fn a_new_wallet_takes_the_first_free_name() {
        assert_eq!(next_name(&[]), "qa-1");
        assert_eq!(next_name(&[named("qa-1"), named("qa-3")]), "qa-2");
    }
}
