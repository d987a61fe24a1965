//! The keys a loaded chain names, held against the keypair files of this machine. A chain's
//! kept file records each key's address and, where the file is here, its path; every later
//! resume checks that file still holds that key. So a key is only ever recorded with a path
//! whose file holds it: a snapshot's secret that is another key than the one it names, or a
//! file of the state directory that holds another key where a snapshot's key would go, is
//! refused on load, before anything is written (recorded once, it would break every resume
//! after); a key whose keypair is nowhere here is recorded by its address alone.

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::terminal_text::escaped;
use fulltime_files::snapshot::{ChainSnapshot, KeyRole, SnapshotKey};
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::{ChainFacts, ChainFile, SNAPSHOT_KEYS_DIR, now_unix};
use crate::node::NodeError;
use crate::node::keys::{MINT_AUTHORITY_FILE, ORACLE_AUTHORITY_FILE, WALLET_FILE, load_keypair};
use crate::node::state_dir::StateDir;

/// A key's entry in the kept chain: its address and, when its keypair file is here, the file.
pub fn key_entry(role: KeyRole, pubkey: Pubkey, path: Option<&Path>) -> SnapshotKey {
    SnapshotKey {
        role,
        pubkey,
        path: path.map(|path| path.display().to_string()),
        secret: None,
    }
}

/// What a keypair file holds.
enum Held {
    Absent,
    Key(Pubkey),
    Unreadable(String),
}

fn held(path: &Path) -> Held {
    if !path.exists() {
        return Held::Absent;
    }
    match read_keypair_file(path) {
        Ok(keypair) => Held::Key(keypair.pubkey()),
        Err(error) => Held::Unreadable(error.to_string()),
    }
}

/// Whether the keys of the kept chain `keys` are the keypair files they name (a chain resumed
/// with another wallet, mint authority or oracle authority would sign as a stranger); `wallet`
/// is `--wallet`, which only a new chain takes.
pub fn check_kept(keys: &[SnapshotKey], wallet: Option<&Path>) -> Result<(), String> {
    for key in keys {
        let Some(path) = &key.path else { continue };
        let now = match held(Path::new(path)) {
            Held::Key(found) if found == key.pubkey => None,
            Held::Key(other) => Some(format!("it now holds {other}")),
            Held::Absent => Some("it is gone".to_owned()),
            Held::Unreadable(error) => Some(error),
        };
        if let Some(now) = now {
            return Err(format!(
                "it was made with the {} {} from {path}, and {now}; put that keypair file back",
                key.role.label(),
                key.pubkey
            ));
        }
        if key.role == KeyRole::Wallet
            && let Some(given) = wallet
            && given != Path::new(path)
        {
            return Err(format!(
                "its wallet is {path}; --wallet {} applies to a new chain only",
                given.display()
            ));
        }
    }
    Ok(())
}

/// The keys of a chain from `snapshot` (of `file`): those it holds the secrets of go to
/// `<state_dir>/snapshot-keys/` once the node serves. A wallet without its secret is replaced by
/// `wallet` (`--wallet`), the solana CLI's default wallet or the state directory's, and the node
/// says so. The oracle authority is always the state directory's own, which deploys the mock
/// oracle: a snapshot's key never gains authority over a program.
pub fn install(
    state: &mut StateDir,
    snapshot: &ChainSnapshot,
    file: &ChainFile,
    wallet: Option<&Path>,
) -> Result<ChainFacts, NodeError> {
    let mut keys = Vec::new();
    for role in KeyRole::ALL {
        let saved = snapshot.key(role);
        let secret = saved.and_then(|key| key.secret.as_deref());
        let (pubkey, path) = match (role, saved, secret) {
            (KeyRole::OracleAuthority, _, _) => {
                let path = state.path().join(ORACLE_AUTHORITY_FILE);
                (state.load_or_make_keypair(&path)?.pubkey(), Some(path))
            }
            (KeyRole::Wallet, _, _) if wallet.is_some() || secret.is_none() => {
                let (pubkey, path) = replacing_wallet(state, saved, wallet)?;
                (pubkey, Some(path))
            }
            (_, Some(saved), Some(secret)) => {
                let path = carried_key(state, file, role, saved, secret)?;
                (saved.pubkey, Some(path))
            }
            // A key whose secret stayed with whoever saved the snapshot: nothing here can sign
            // for it, unless its file is here already.
            (_, Some(saved), None) => (saved.pubkey, key_file_here(state, file, role, saved)?),
            (_, None, _) => continue,
        };
        keys.push(key_entry(role, pubkey, path.as_deref()));
    }
    Ok(ChainFacts {
        started: now_unix(),
        mint: snapshot.mint,
        keys,
    })
}

/// The wallet that stands for the snapshot's `saved` one: `wallet` (`--wallet`), else the solana
/// CLI's default wallet or the state directory's; the node says so when it is another key.
fn replacing_wallet(
    state: &mut StateDir,
    saved: Option<&SnapshotKey>,
    wallet: Option<&Path>,
) -> Result<(Pubkey, PathBuf), NodeError> {
    let (pubkey, path) = match wallet {
        Some(given) => (load_keypair(given)?.pubkey(), given.to_owned()),
        None => {
            let path = fulltime_client::keypair::default_keypair_path()
                .filter(|path| path.exists())
                .unwrap_or_else(|| state.path().join(WALLET_FILE));
            (state.load_or_make_keypair(&path)?.pubkey(), path)
        }
    };
    if let Some(saved) = saved.filter(|saved| saved.pubkey != pubkey) {
        println!(
            "the snapshot's wallet {} is not used (its keypair is not in the snapshot, \
             or --wallet names another): env.json names {} ({pubkey})",
            saved.pubkey,
            escaped(&path.display().to_string())
        );
    }
    Ok((pubkey, path))
}

/// Where the snapshot's key `saved` of `role`, whose `secret` it carries, is written once the
/// node serves; refused (as from `file`) when the secret is not that key's.
fn carried_key(
    state: &mut StateDir,
    file: &ChainFile,
    role: KeyRole,
    saved: &SnapshotKey,
    secret: &[u8],
) -> Result<PathBuf, NodeError> {
    let keypair = Keypair::try_from(secret).map_err(|error| {
        file.refused(format!("its {} keypair is invalid: {error}", role.label()))
    })?;
    if keypair.pubkey() != saved.pubkey {
        return Err(file.refused(format!(
            "it names {} as its {} and carries the keypair of {}: a snapshot's keys \
             are the keys it names",
            saved.pubkey,
            role.label(),
            keypair.pubkey()
        )));
    }
    let path = snapshot_key_path(state.path(), role);
    state.write_keypair_once_serving(path.clone(), keypair);
    Ok(path)
}

/// The file of the snapshot's key `saved` of `role`, which it carries no secret of, when that
/// file is here already; refused (as from `file`) when the file holds another key.
fn key_file_here(
    state: &StateDir,
    file: &ChainFile,
    role: KeyRole,
    saved: &SnapshotKey,
) -> Result<Option<PathBuf>, NodeError> {
    let path = snapshot_key_path(state.path(), role);
    match held(&path) {
        Held::Absent => Ok(None),
        Held::Key(found) if found == saved.pubkey => Ok(Some(path)),
        Held::Key(other) => Err(file.refused(format!(
            "it names {} as its {} without its keypair, and {} holds {other}, \
             another key, which is never replaced; move that file away, or \
             open it with another --state-dir",
            saved.pubkey,
            role.label(),
            path.display()
        ))),
        Held::Unreadable(error) => Err(NodeError::Keypair {
            path,
            reason: error,
        }),
    }
}

/// Where a snapshot's key of `role` is written, in the state directory: beside the state
/// directory's own keys, which a later `--reset` uses again.
pub fn snapshot_key_path(state_dir: &Path, role: KeyRole) -> PathBuf {
    let file = match role {
        KeyRole::MintAuthority => MINT_AUTHORITY_FILE,
        KeyRole::OracleAuthority => ORACLE_AUTHORITY_FILE,
        KeyRole::Wallet => WALLET_FILE,
    };
    state_dir.join(SNAPSHOT_KEYS_DIR).join(file)
}
