//! `fulltime bundle save`: a running local node's chain (as `fulltime snapshot save` captures
//! it), the state directory's wallet book, the proof files and timeline the caller hands over,
//! written as one bundle (the file format is `fulltime_files::bundle`).

use std::path::{Path, PathBuf};

use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;

use fulltime_files::bundle::{
    Bundle, BundleBuild, BundleFile, BundleFileError, BundleTimeline, BundleWallet, EXTENSION,
    named_path,
};
use fulltime_files::file_name::is_plain_file_name;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_files::snapshot::ChainClock;
use fulltime_files::wallet_book::{WalletBook, WalletBookError};

use crate::keypair::read_keypair_file;
use crate::snapshot::{SaveError, capture, now_unix};

#[derive(Debug, thiserror::Error)]
pub enum BundleSaveError {
    #[error(transparent)]
    Chain(#[from] SaveError),
    #[error(transparent)]
    WalletBook(#[from] WalletBookError),
    #[error(transparent)]
    File(#[from] BundleFileError),
    #[error(
        "`{name}` cannot name a bundle: use letters, digits, `-`, `_` and `.`, not starting with \
         a dot (or give a path, like ./{name}.{EXTENSION})"
    )]
    Name { name: String },
    #[error("a bundle {} exists already; pick another name, or delete that file", path.display())]
    Exists { path: PathBuf },
    #[error("cannot use the directory {}: {source}", dir.display())]
    Directory {
        dir: PathBuf,
        source: std::io::Error,
    },
}

/// A bundle just written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedBundle {
    pub path: PathBuf,
    pub bytes: u64,
    pub accounts: usize,
    pub clock: ChainClock,
    /// The wallet book's names, sorted.
    pub wallets: Vec<String>,
    pub proof_files: usize,
    pub timeline: Option<BundleTimeline>,
}

/// Where `given` saves: a path when it looks like one (a `/`, or the `.bundle` extension), else
/// the name of `<state_dir>/bundles/<given>.bundle`.
pub fn bundle_path(state_dir: &Path, given: &str) -> Result<PathBuf, BundleSaveError> {
    let is_path = given.contains('/')
        || given.contains(std::path::MAIN_SEPARATOR)
        || given.ends_with(&format!(".{EXTENSION}"));
    if is_path {
        return Ok(PathBuf::from(given));
    }
    if !is_plain_file_name(given) {
        return Err(BundleSaveError::Name {
            name: given.to_owned(),
        });
    }
    Ok(named_path(state_dir, given))
}

/// Saves the chain of the node `env` describes, the wallet book of `state_dir`, `proof_files`
/// and `timeline` as the bundle at `path`; an existing file is not replaced.
pub async fn save_bundle(
    env: &LocalnetEnv,
    state_dir: &Path,
    path: &Path,
    proof_files: Vec<BundleFile>,
    timeline: Option<BundleTimeline>,
) -> Result<SavedBundle, BundleSaveError> {
    if path.exists() {
        return Err(BundleSaveError::Exists {
            path: path.to_owned(),
        });
    }
    let mut wallets = Vec::new();
    for entry in WalletBook::in_state_dir(state_dir).list()? {
        let keypair = read_keypair_file(&entry.path).map_err(|error| WalletBookError::Invalid {
            path: entry.path.clone(),
            reason: error.to_string(),
        })?;
        wallets.push(BundleWallet {
            name: entry.name.to_string(),
            keypair: keypair.to_bytes().to_vec(),
        });
    }
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::processed());
    let chain = capture(&rpc, env, state_dir).await?;
    let bundle = Bundle {
        build: BundleBuild::current(),
        saved_at: now_unix(),
        snapshot: chain.to_bytes(),
        wallets,
        proof_files,
        timeline,
    };
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| BundleSaveError::Directory {
            dir: dir.to_owned(),
            source,
        })?;
    }
    let bytes = bundle.write(path)?;
    Ok(SavedBundle {
        path: path.to_owned(),
        bytes,
        accounts: chain.accounts.len(),
        clock: chain.clock,
        wallets: bundle
            .wallets
            .into_iter()
            .map(|wallet| wallet.name)
            .collect(),
        proof_files: bundle.proof_files.len(),
        timeline: bundle.timeline,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_saves_in_the_bundles_directory_and_a_path_where_it_says() {
        let state = Path::new("/state");
        assert_eq!(
            bundle_path(state, "bug-17").expect("a name"),
            state
                .join(fulltime_files::bundle::BUNDLES_DIR)
                .join("bug-17.bundle")
        );
        assert_eq!(
            bundle_path(state, "out/bug-17.bundle").expect("a path"),
            PathBuf::from("out/bug-17.bundle")
        );
        assert_eq!(
            bundle_path(state, "bug-17.bundle").expect("a path"),
            PathBuf::from("bug-17.bundle")
        );
        for bad in ["", ".hidden", "with space"] {
            assert!(bundle_path(state, bad).is_err(), "{bad}");
        }
    }
}
