//! The chain that lasts: `localnet` keeps its chain in the state directory and resumes it on the
//! next start, or starts from a snapshot file.
//!
//! The chain is kept in the snapshot format (`fulltime_files::snapshot`): `chain.snapshot`
//! holds every account a fresh start does not write itself, the clock, the slot, the mint and the
//! keys' files, rewritten within a second of an account changing and when the node stops;
//! `chain-clock.json` holds the clock and the slot alone, rewritten every second as the clock
//! moves, so that an idle node does not rewrite its accounts. A resumed chain continues from the
//! later of the two readings, so neither the clock nor the slot ever goes back.
//!
//! surfpool's own SQLite store is not used (see the crate's README, "The chain that lasts"): it
//! restores neither the clock nor the latest slot, and its periodic rebuild of the runtime would
//! drop the native programs.

mod bundle;
mod capture;
mod carried;
mod chain_keys;
mod clock_file;
mod keeper;
mod restore;

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use fulltime_client::snapshot::ChainClockBounds;
pub use fulltime_client::snapshot::now_unix;
use fulltime_files::localnet_env::{ChainInfo, LocalnetEnv};
use fulltime_files::snapshot::{
    ChainClock, ChainSnapshot, EXTENSION, KeyRole, ProgramBuild, SnapshotKey, named_path,
};

use super::NodeError;
use super::keys::ORACLE_AUTHORITY_FILE;
use super::state_dir::StateDir;

pub use carried::NodeAccounts;
pub use keeper::Keeper;
pub use restore::restore;

/// The kept chain, in the state directory.
pub const CHAIN_FILE: &str = "chain.snapshot";
/// Its clock and slot, in the state directory.
pub const CLOCK_FILE: &str = "chain-clock.json";
/// Where the keys a snapshot carries are written, in the state directory: beside the state
/// directory's own keys, which a later `--reset` uses again.
pub const SNAPSHOT_KEYS_DIR: &str = "snapshot-keys";

/// Which chain a node starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ChainStart {
    /// Resume the chain kept in the state directory, or make a new one (and keep it).
    #[default]
    Keep,
    /// Make a new chain (and keep it), deleting the kept one.
    Reset,
    /// Make a new chain from this snapshot (a path, or a name in `<state-dir>/snapshots/`), and
    /// keep it in place of the kept one.
    Snapshot(String),
    /// Make a new chain from this bundle's snapshot, with its wallet book and the rest of it in
    /// the state directory, and keep it in place of the kept one.
    Bundle(PathBuf),
    /// Make a new chain and keep nothing, leaving a kept chain alone (`--no-bootstrap`).
    Throwaway,
}

/// The facts of a chain that are not accounts: when it was made, its mint and its keys' files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainFacts {
    pub started: i64,
    pub mint: Pubkey,
    /// Each with its path, without its secret.
    pub keys: Vec<SnapshotKey>,
}

impl ChainFacts {
    /// The key of `role`: its address and its file.
    pub fn key(&self, role: KeyRole) -> Option<(Pubkey, PathBuf)> {
        let key = self.keys.iter().find(|key| key.role == role)?;
        Some((key.pubkey, PathBuf::from(key.path.as_ref()?)))
    }

    fn key_path(&self, role: KeyRole) -> Option<PathBuf> {
        self.key(role).map(|(_, path)| path)
    }

    /// Whether the chain names a key of `role`, its file here or not.
    fn names(&self, role: KeyRole) -> bool {
        self.keys.iter().any(|key| key.role == role)
    }

    /// `env.json` for this chain served at `rpc_url` and `ws_url` from `state_dir`, the mock
    /// oracle deployed with the state directory's oracle authority (whatever the chain names).
    /// A mint authority whose keypair is not here is named where a snapshot's key is written,
    /// so that a faucet started on it says that file is missing.
    pub fn env(
        &self,
        rpc_url: &str,
        ws_url: &str,
        state_dir: &Path,
        info: ChainInfo,
    ) -> Result<LocalnetEnv, NodeError> {
        let missing =
            |role: KeyRole| NodeError::Start(format!("the chain names no {}", role.label()));
        Ok(LocalnetEnv {
            rpc_url: rpc_url.to_owned(),
            ws_url: ws_url.to_owned(),
            settlement_program: settlement::ID,
            oracle_program: mock_oracle::ID,
            mint: self.mint,
            mint_authority: match self.key(KeyRole::MintAuthority) {
                Some((_, path)) => path,
                None if self.names(KeyRole::MintAuthority) => {
                    chain_keys::snapshot_key_path(state_dir, KeyRole::MintAuthority)
                }
                None => return Err(missing(KeyRole::MintAuthority)),
            },
            oracle_authority: Some(state_dir.join(ORACLE_AUTHORITY_FILE)),
            wallet: self
                .key_path(KeyRole::Wallet)
                .ok_or_else(|| missing(KeyRole::Wallet))?,
            chain: Some(info),
        })
    }
}

/// A key's entry in the kept chain: its address and file.
pub fn key_entry(role: KeyRole, pubkey: Pubkey, path: &Path) -> SnapshotKey {
    chain_keys::key_entry(role, pubkey, Some(path))
}

/// The chain a start found.
pub enum Opened {
    /// No chain to load: a new one, its clock where the caller says.
    New { keep: bool },
    /// The chain kept in the state directory, or a snapshot's, checked whole; a snapshot's keys
    /// are written to the state directory once the node serves.
    Loaded {
        snapshot: Box<ChainSnapshot>,
        clock: ChainClock,
        facts: ChainFacts,
        file: ChainFile,
    },
}

/// The file a loaded chain came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainFile {
    /// `<state-dir>/chain.snapshot`.
    Kept(PathBuf),
    /// `--snapshot`.
    Snapshot(PathBuf),
    /// `--bundle`.
    Bundle(PathBuf),
}

impl ChainFile {
    /// The file cannot be loaded, for `reason`.
    pub fn refused(&self, reason: String) -> NodeError {
        match self {
            Self::Kept(path) => NodeError::KeptChain {
                path: path.clone(),
                reason,
            },
            Self::Snapshot(path) => NodeError::Snapshot {
                path: path.clone(),
                reason,
            },
            Self::Bundle(path) => NodeError::Bundle {
                path: path.clone(),
                reason,
            },
        }
    }

    /// The snapshot (or bundle) file, for a chain that came from one.
    pub fn snapshot(&self) -> Option<&Path> {
        match self {
            Self::Kept(_) => None,
            Self::Snapshot(path) | Self::Bundle(path) => Some(path),
        }
    }
}

/// Finds the chain `start` asks for in `state`, checked whole before anything is served, and
/// reads what it needs from the directory without changing it; `wallet` is the `--wallet` the
/// node was given.
pub fn open(
    state: &mut StateDir,
    start: &ChainStart,
    wallet: Option<&Path>,
) -> Result<Opened, NodeError> {
    let chain_file = state.path().join(CHAIN_FILE);
    match start {
        ChainStart::Throwaway => Ok(Opened::New { keep: false }),
        ChainStart::Reset => Ok(Opened::New { keep: true }),
        ChainStart::Keep if !chain_file.exists() => Ok(Opened::New { keep: true }),
        ChainStart::Keep => resume(state.path(), chain_file, wallet),
        ChainStart::Snapshot(given) => {
            let path = snapshot_path(state.path(), given)?;
            let snapshot = read_checked(&path)
                .map_err(|reason| ChainFile::Snapshot(path.clone()).refused(reason))?;
            let file = ChainFile::Snapshot(path);
            let facts = chain_keys::install(state, &snapshot, &file, wallet)?;
            Ok(Opened::Loaded {
                clock: snapshot.clock,
                snapshot: Box::new(snapshot),
                facts,
                file,
            })
        }
        ChainStart::Bundle(path) => bundle::open(state, path, wallet),
    }
}

/// Deletes the kept chain when `start` replaces it (`--reset`, `--snapshot`, `--bundle`), and
/// what an opened bundle left in `bundle/` when the new chain is not a bundle's (that directory
/// describes a chain that is gone; a bundle's start has replaced it already); called once the
/// node serves, so that a start that fails (a port taken by the node serving that chain) leaves
/// it alone.
pub fn forget_replaced(state_dir: &Path, start: &ChainStart) -> Result<(), NodeError> {
    match start {
        ChainStart::Reset | ChainStart::Snapshot(_) => {
            forget(state_dir)?;
            bundle::forget_opened(state_dir)
        }
        ChainStart::Bundle(_) => forget(state_dir),
        ChainStart::Keep | ChainStart::Throwaway => Ok(()),
    }
}

fn forget(state_dir: &Path) -> Result<(), NodeError> {
    for file in [CHAIN_FILE, CLOCK_FILE] {
        let path = state_dir.join(file);
        match std::fs::remove_file(&path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                return Err(NodeError::Keep(format!(
                    "cannot delete {}: {error}",
                    path.display()
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

/// A snapshot named on the command line: a file at that path, or else
/// `<state-dir>/snapshots/<name>.snapshot`.
fn snapshot_path(state_dir: &Path, given: &str) -> Result<PathBuf, NodeError> {
    let as_path = PathBuf::from(given);
    if as_path.is_file() {
        return Ok(as_path);
    }
    let named = named_path(
        state_dir,
        given
            .strip_suffix(&format!(".{EXTENSION}"))
            .unwrap_or(given),
    );
    if named.is_file() {
        return Ok(named);
    }
    Err(NodeError::Snapshot {
        path: as_path,
        reason: format!(
            "no such file, nor {} (`fulltime snapshot list` lists the saved ones)",
            named.display()
        ),
    })
}

/// The snapshot at `path`, if this build can load it whole.
fn read_checked(path: &Path) -> Result<ChainSnapshot, String> {
    let snapshot = ChainSnapshot::read(path).map_err(|error| match error {
        fulltime_files::snapshot::SnapshotFileError::Invalid { error, .. } => error.to_string(),
        other => other.to_string(),
    })?;
    check_loadable(&snapshot)?;
    Ok(snapshot)
}

/// Whether this build can load the accounts of `snapshot`, and a node can run from its clock
/// (a clock or slot near `u64::MAX` would overflow on the first block).
fn check_loadable(snapshot: &ChainSnapshot) -> Result<(), String> {
    snapshot
        .build
        .check(&ProgramBuild::current())
        .map_err(|mismatch| format!("it comes from another build of the programs: {mismatch}"))?;
    snapshot
        .clock
        .check_bounds()
        .map_err(|error| error.to_string())
}

fn resume(
    state_dir: &Path,
    chain_file: PathBuf,
    wallet: Option<&Path>,
) -> Result<Opened, NodeError> {
    let kept = |reason: String| NodeError::KeptChain {
        path: chain_file.clone(),
        reason,
    };
    let snapshot = read_checked(&chain_file).map_err(kept)?;
    let clock_path = state_dir.join(CLOCK_FILE);
    let clock_refused = |reason: String| NodeError::KeptChain {
        path: clock_path.clone(),
        reason,
    };
    let clock = match clock_file::read(&clock_path).map_err(clock_refused)? {
        Some(ticked) if ticked.started == snapshot.started => {
            let ticked = ticked.clock();
            ticked
                .check_bounds()
                .map_err(|error| clock_refused(error.to_string()))?;
            snapshot.clock.latest(ticked)
        }
        _ => snapshot.clock,
    };
    chain_keys::check_kept(&snapshot.keys, wallet).map_err(kept)?;
    let facts = ChainFacts {
        started: snapshot.started,
        mint: snapshot.mint,
        keys: snapshot.keys.clone(),
    };
    Ok(Opened::Loaded {
        snapshot: Box::new(snapshot),
        clock,
        facts,
        file: ChainFile::Kept(chain_file),
    })
}
