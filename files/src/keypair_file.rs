//! The one way a keypair file is written, in the solana CLI's format: every keypair the tools
//! write, the wallet book's and `localnet`'s, goes through here. Reading one, with the errors a
//! command reports, is `keypair`'s.

use std::path::Path;

use solana_keypair::{Keypair, write_keypair};

use crate::whole_file::{Existing, WholeFileError, write_whole};

/// Writes `keypair` to `path` in the solana CLI's format, whole or not at all, readable by its
/// owner alone from its creation, never through a symbolic link (see [`crate::whole_file`]).
pub fn write_keypair_file(
    keypair: &Keypair,
    path: &Path,
    existing: Existing,
) -> Result<(), WholeFileError> {
    let mut json = Vec::with_capacity(64 * 4 + 2);
    write_keypair(keypair, &mut json).map_err(|error| WholeFileError::Io {
        path: path.to_owned(),
        source: std::io::Error::other(error.to_string()),
    })?;
    write_whole(path, &json, existing)
}
