//! The keys a node keeps in its state directory so that addresses survive restarts, as solana
//! CLI keypair files.

use std::path::{Path, PathBuf};

use fulltime_client::keypair::{default_keypair_path, read_keypair_file};
use solana_keypair::{Keypair, write_keypair_file};

use super::NodeError;

/// The mint authority's keypair file in a state directory: the test USDC mint's authority, the
/// settlement program's upgrade authority on `localnet`, and the payer of the bootstrap.
pub const MINT_AUTHORITY_FILE: &str = "mint-authority.json";
/// The test USDC mint's own keypair file: it fixes the mint's address.
pub const USDC_MINT_FILE: &str = "usdc-mint.json";
/// The wallet kept in the state directory when there is no other.
pub const WALLET_FILE: &str = "wallet.json";

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

/// Every key a bootstrap uses.
pub struct StateKeys {
    /// The test USDC mint's own keypair: it fixes the mint's address.
    pub mint: Keypair,
    /// The mint's authority; it also initializes the settlement config (so it must be the
    /// settlement program's upgrade authority) and pays for everything.
    pub mint_authority: Keypair,
    pub mint_authority_path: PathBuf,
    pub wallet: Keypair,
    pub wallet_path: PathBuf,
}

impl StateKeys {
    /// The keys of `state_dir`, created there when missing. A keypair named explicitly
    /// (`authority`, `wallet`) must exist. Without `wallet`, the solana CLI's default keypair is
    /// used when it exists, else `<state_dir>/wallet.json`.
    pub fn load_or_create(
        state_dir: &Path,
        authority: Option<PathBuf>,
        wallet: Option<PathBuf>,
    ) -> Result<Self, NodeError> {
        let (mint_authority, mint_authority_path) = match authority {
            Some(path) => (load_keypair(&path)?, path),
            None => {
                let path = state_dir.join(MINT_AUTHORITY_FILE);
                (load_or_create_keypair(&path)?, path)
            }
        };
        let solana_cli_wallet = default_keypair_path().filter(|path| path.exists());
        let (wallet, wallet_path) = match wallet.or(solana_cli_wallet) {
            Some(path) => (load_keypair(&path)?, path),
            None => {
                let path = state_dir.join(WALLET_FILE);
                (load_or_create_keypair(&path)?, path)
            }
        };
        Ok(Self {
            mint: load_or_create_keypair(&state_dir.join(USDC_MINT_FILE))?,
            mint_authority,
            mint_authority_path,
            wallet,
            wallet_path,
        })
    }
}
