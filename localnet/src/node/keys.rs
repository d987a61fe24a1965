//! The keys a node keeps in its state directory so that addresses survive restarts, as solana
//! CLI keypair files.

use std::path::{Path, PathBuf};

use fulltime_client::keypair::{default_keypair_path, read_keypair_file};
use solana_keypair::{Keypair, write_keypair_file};

use super::NodeError;

pub fn load_keypair(path: &Path) -> Result<Keypair, NodeError> {
    read_keypair_file(path).map_err(|error| NodeError::Keypair {
        path: path.to_owned(),
        reason: error.to_string(),
    })
}

/// Reads the keypair at `path`, or creates one there (readable by its owner only).
pub fn load_or_create_keypair(path: &Path) -> Result<Keypair, NodeError> {
    if path.exists() {
        return load_keypair(path);
    }
    let keypair = Keypair::new();
    write_keypair_file(&keypair, path).map_err(|error| NodeError::Keypair {
        path: path.to_owned(),
        reason: error.to_string(),
    })?;
    Ok(keypair)
}

/// Every key a node uses.
pub struct StateKeys {
    /// The test USDC mint's own keypair: it fixes the mint's address.
    pub mint: Keypair,
    pub mint_authority: Keypair,
    pub mint_authority_path: PathBuf,
    pub wallet: Keypair,
    pub wallet_path: PathBuf,
}

impl StateKeys {
    pub fn load_or_create(state_dir: &Path, wallet: Option<PathBuf>) -> Result<Self, NodeError> {
        let mint_authority_path = state_dir.join("mint-authority.json");
        let solana_cli_wallet = default_keypair_path().filter(|path| path.exists());
        // A wallet named on the command line must exist; the fallback is created on first use.
        let (wallet, wallet_path) = match wallet.or(solana_cli_wallet) {
            Some(path) => (load_keypair(&path)?, path),
            None => {
                let path = state_dir.join("wallet.json");
                (load_or_create_keypair(&path)?, path)
            }
        };
        Ok(Self {
            mint: load_or_create_keypair(&state_dir.join("usdc-mint.json"))?,
            mint_authority: load_or_create_keypair(&mint_authority_path)?,
            mint_authority_path,
            wallet,
            wallet_path,
        })
    }
}
