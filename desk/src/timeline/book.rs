//! A cast's wallets written into a state directory's wallet book, so that `--keypair alice` and
//! the dashboard's wallet picker reach them.

use std::path::{Path, PathBuf};

use fulltime_files::wallet_book::{WalletBook, WalletBookError, WalletName};
use solana_signer::Signer;

use super::play::Cast;
use crate::error::Error;

/// A timeline's wallet as the book holds it.
pub struct Booked {
    /// Its name in the book: the timeline's, or `alice-2`, ... when the book already has that
    /// name (a book outlives the chain, and a name in it may hold another key's funds).
    pub book_name: WalletName,
    pub address: String,
    pub path: PathBuf,
}

/// Writes every wallet of `cast` into `state_dir`'s book under the first free name.
pub fn write_into_book(state_dir: &Path, cast: &Cast) -> Result<Vec<Booked>, Error> {
    let book = WalletBook::in_state_dir(state_dir);
    let mut booked = Vec::new();
    for (name, keypair) in cast.wallets() {
        let mut number = 1;
        let (book_name, path) = loop {
            let candidate = if number == 1 {
                name.clone()
            } else {
                // A name of 32 characters with a suffix is no name: the book says so.
                format!("{name}-{number}").parse()?
            };
            match book.insert(&candidate, keypair) {
                Ok(path) => break (candidate, path),
                Err(WalletBookError::Exists { .. }) => number += 1,
                Err(error) => return Err(error.into()),
            }
        };
        booked.push(Booked {
            book_name,
            address: keypair.pubkey().to_string(),
            path,
        });
    }
    Ok(booked)
}
