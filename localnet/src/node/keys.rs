//! The keys a node keeps in its state directory so that addresses survive restarts, as solana
//! CLI keypair files.

use std::path::{Path, PathBuf};

use fulltime_client::keypair::{default_keypair_path, read_keypair_file};
use fulltime_files::keypair_file::write_keypair_file;
use fulltime_files::whole_file::Existing;
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::NodeError;

/// The mint authority's keypair file in a state directory: the test USDC mint's authority, the
/// settlement program's upgrade authority on `localnet`, and the payer of the bootstrap.
pub const MINT_AUTHORITY_FILE: &str = "mint-authority.json";
/// The mock oracle's authority in a state directory: its upgrade authority on `localnet`, the
/// only key it takes roots from.
pub const ORACLE_AUTHORITY_FILE: &str = "oracle-authority.json";
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
    write_keypair(&keypair, path)?;
    Ok(keypair)
}

/// Writes `keypair` to `path` as a solana CLI keypair file, readable by its owner only, whole
/// or not at all (the client's one safe writer).
pub fn write_keypair(keypair: &Keypair, path: &Path) -> Result<(), NodeError> {
    write_keypair_file(keypair, path, Existing::Replace).map_err(|error| NodeError::Keypair {
        path: path.to_owned(),
        reason: error.to_string(),
    })
}

/// How a bootstrap's keys are found: the keypair at a path, or a new one for it (written there
/// at once by `fulltime-bootstrap`, once the node serves by `localnet`).
pub type MakeKeypair<'a> = dyn FnMut(&Path) -> Result<Keypair, NodeError> + 'a;

/// The keypair files a bootstrap is told to use; `None` takes the state directory's default.
#[derive(Clone, Debug, Default)]
pub struct KeyPaths {
    pub authority: Option<PathBuf>,
    pub mint_authority: Option<PathBuf>,
    pub oracle_authority: Option<PathBuf>,
    pub wallet: Option<PathBuf>,
}

/// A keypair and the file it came from.
pub struct KeyFile {
    pub keypair: Keypair,
    pub path: PathBuf,
}

impl KeyFile {
    /// The keypair at `given`, which must exist, or else at `default`, made when missing.
    fn given_or_default(
        given: Option<PathBuf>,
        default: PathBuf,
        make: &mut MakeKeypair<'_>,
    ) -> Result<Self, NodeError> {
        match given {
            Some(path) => Ok(Self {
                keypair: load_keypair(&path)?,
                path,
            }),
            None => Ok(Self {
                keypair: make(&default)?,
                path: default,
            }),
        }
    }

    pub fn pubkey(&self) -> anchor_lang::prelude::Pubkey {
        self.keypair.pubkey()
    }
}

/// Every key a bootstrap uses.
pub struct StateKeys {
    /// The test USDC mint's own keypair: it fixes the mint's address.
    pub mint: Keypair,
    /// The settlement program's upgrade authority: it initializes the config and pays for
    /// everything.
    pub authority: KeyFile,
    /// The test USDC mint's authority, the faucet's key: the authority itself unless told
    /// otherwise (on an internet-facing faucet it should not be the upgrade authority).
    pub mint_authority: KeyFile,
    /// The mock oracle's authority: it posts the proof files' roots.
    pub oracle_authority: KeyFile,
    pub wallet: KeyFile,
}

impl StateKeys {
    /// The keys of `state_dir`, created there when missing. A keypair named explicitly must
    /// exist, except a mint authority, which is a new key of its own when its file is missing.
    /// Without a wallet, the solana CLI's default keypair is used when it exists, else
    /// `<state_dir>/wallet.json`.
    pub fn load_or_create(state_dir: &Path, paths: KeyPaths) -> Result<Self, NodeError> {
        Self::load_or_make(state_dir, paths, &mut |path| load_or_create_keypair(path))
    }

    /// As [`Self::load_or_create`], with `make` finding a key whose file may be missing.
    pub fn load_or_make(
        state_dir: &Path,
        paths: KeyPaths,
        make: &mut MakeKeypair<'_>,
    ) -> Result<Self, NodeError> {
        let authority =
            KeyFile::given_or_default(paths.authority, state_dir.join(MINT_AUTHORITY_FILE), make)?;
        let mint_authority = match paths.mint_authority {
            Some(path) => KeyFile {
                keypair: make(&path)?,
                path,
            },
            None => KeyFile {
                keypair: authority.keypair.insecure_clone(),
                path: authority.path.clone(),
            },
        };
        let oracle_authority = KeyFile::given_or_default(
            paths.oracle_authority,
            state_dir.join(ORACLE_AUTHORITY_FILE),
            make,
        )?;
        let solana_cli_wallet = default_keypair_path().filter(|path| path.exists());
        let wallet = KeyFile::given_or_default(
            paths.wallet.or(solana_cli_wallet),
            state_dir.join(WALLET_FILE),
            make,
        )?;
        Ok(Self {
            mint: make(&state_dir.join(USDC_MINT_FILE))?,
            authority,
            mint_authority,
            oracle_authority,
            wallet,
        })
    }
}
