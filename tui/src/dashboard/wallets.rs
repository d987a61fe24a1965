//! The wallets the dashboard can act as: the one it started with and those of the wallet book
//! (`<state-dir>/wallets/`). `W` picks one to act as (the wallet pane, MINE and every request
//! follow), `+` makes a new funded one in the book.

use std::path::{Path, PathBuf};

use fulltime_client::wallet_book::WalletBook;

/// A wallet to act as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletChoice {
    /// Its name in the book, or where the starting wallet came from (`--keypair`, ...).
    pub name: String,
    pub address: String,
    pub path: PathBuf,
}

/// Choosing the wallet to act as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalletPicker {
    pub selected: usize,
}

impl WalletPicker {
    pub fn move_by(&mut self, delta: i64, len: usize) {
        let last = i64::try_from(len.saturating_sub(1)).unwrap_or(i64::MAX);
        let moved = i64::try_from(self.selected)
            .unwrap_or(i64::MAX)
            .saturating_add(delta)
            .clamp(0, last);
        self.selected = usize::try_from(moved).unwrap_or(0);
    }
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

    #[test]
    fn the_picker_stays_within_the_list() {
        let mut picker = WalletPicker::default();
        picker.move_by(5, 3);
        assert_eq!(picker.selected, 2);
        picker.move_by(-9, 3);
        assert_eq!(picker.selected, 0);
    }
}
