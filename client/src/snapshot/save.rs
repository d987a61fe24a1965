//! A running local node's chain as a snapshot, read over JSON-RPC (`fulltime snapshot save`):
//! its accounts, clock and slot, and the keys `env.json` names.

use std::path::{Path, PathBuf};

use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;

use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_files::snapshot::{
    ChainSnapshot, KeyRole, ProgramBuild, SnapshotFileError, SnapshotKey,
};

use super::{export_accounts, read_clock};
use crate::keypair::{KeypairError, read_keypair_file};
use crate::rpc::ClientError;

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error("the {} named by env.json: {error}", role.label())]
    Key {
        role: KeyRole,
        #[source]
        error: KeypairError,
    },
    #[error(transparent)]
    File(#[from] SnapshotFileError),
    #[error(
        "`{name}` cannot name a snapshot: use letters, digits, `-`, `_` and `.`, not starting with \
         a dot"
    )]
    Name { name: String },
    #[error("a snapshot {} exists already; pick another name, or delete that file", path.display())]
    Exists { path: PathBuf },
    #[error("cannot use the snapshots directory {}: {source}", dir.display())]
    Directory {
        dir: PathBuf,
        source: std::io::Error,
    },
}

/// The chain of the node `env` describes. A key whose keypair file lies in `state_dir` was made
/// by the node for this chain alone, so the snapshot carries its secret and whoever opens it can
/// sign as it (mint test USDC, use the wallet); any other key (a solana CLI wallet) is named by
/// its address only. The oracle authority is not carried: a node deploys the mock oracle with
/// the oracle authority of its own state directory, whatever chain it loads.
pub async fn capture(
    rpc: &RpcClient,
    env: &LocalnetEnv,
    state_dir: &Path,
) -> Result<ChainSnapshot, SaveError> {
    let mut keys = Vec::new();
    let named: [(KeyRole, &PathBuf); 2] = [
        (KeyRole::MintAuthority, &env.mint_authority),
        (KeyRole::Wallet, &env.wallet),
    ];
    for (role, path) in named {
        let keypair = read_keypair_file(path).map_err(|error| SaveError::Key { role, error })?;
        let secret = is_inside(path, state_dir).then(|| keypair.to_bytes().to_vec());
        keys.push(SnapshotKey {
            role,
            pubkey: keypair.pubkey(),
            path: None,
            secret,
        });
    }
    let accounts = export_accounts(rpc).await?;
    let clock = read_clock(rpc).await?;
    let saved_at = now_unix();
    Ok(ChainSnapshot {
        build: ProgramBuild::current(),
        saved_at,
        started: env.chain.as_ref().map_or(saved_at, |chain| chain.started),
        clock,
        mint: env.mint,
        keys,
        accounts,
    })
}

fn is_inside(path: &Path, dir: &Path) -> bool {
    match (std::fs::canonicalize(path), std::fs::canonicalize(dir)) {
        (Ok(path), Ok(dir)) => path.starts_with(dir),
        _ => false,
    }
}

/// The wall clock, unix seconds.
pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}
