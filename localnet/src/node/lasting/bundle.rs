//! `--bundle`: a chain from a bundle's snapshot, as `--snapshot` loads one (the same checks, the
//! same rule: data only), with the bundle's wallet book written into the state directory's and
//! the rest of it (timeline, step, proof files) into `<state-dir>/bundle/`, all once the node
//! serves. The bundle is refused whole, naming why, before anything is written: damaged (its
//! checksum), from another build (its fingerprint), a snapshot this build cannot load, a wallet
//! whose name the state directory's book gives another key, or (when the runtime is made) an
//! account of a kind the node writes itself.

use std::path::Path;

use fulltime_files::bundle::opened::OPENED_DIR;
use fulltime_files::bundle::{Bundle, BundleFileError};
use fulltime_files::wallet_book::WalletBook;
use solana_signer::Signer;

use super::{ChainFile, Opened, chain_keys, check_loadable};
use crate::node::NodeError;
use crate::node::keys::load_keypair;
use crate::node::state_dir::{StateDir, remove_dir};

/// The chain of the bundle at `path`, checked whole, with what it writes staged in `state`;
/// `wallet` is `--wallet`, as for a snapshot.
pub fn open(state: &mut StateDir, path: &Path, wallet: Option<&Path>) -> Result<Opened, NodeError> {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let file = ChainFile::Bundle(path.clone());
    let bundle = Bundle::read(&path).map_err(|error| {
        file.refused(match error {
            BundleFileError::Invalid { error, .. } => error.to_string(),
            other => other.to_string(),
        })
    })?;
    check_loadable(&bundle.chain).map_err(|reason| file.refused(reason))?;
    let book = WalletBook::in_state_dir(state.path());
    for (name, keypair) in &bundle.wallets {
        let wallet_path = book.path_of(name);
        if wallet_path.exists() {
            let kept = load_keypair(&wallet_path)?.pubkey();
            if kept != keypair.pubkey() {
                return Err(file.refused(format!(
                    "its wallet `{name}` is {}, and the wallet book here has `{name}` as {kept} \
                     ({}), whose keypair is never replaced; open it with another --state-dir",
                    keypair.pubkey(),
                    wallet_path.display()
                )));
            }
        }
        state.write_keypair_once_serving(wallet_path, keypair.insecure_clone());
    }
    let facts = chain_keys::install(state, &bundle.chain, &file, wallet)?;
    let opened_dir = state.path().join(OPENED_DIR);
    state.replace_dir_once_serving(opened_dir, bundle.opened_files(&path));
    Ok(Opened::Loaded {
        clock: bundle.chain.clock,
        snapshot: Box::new(bundle.chain),
        facts,
        file,
    })
}

/// Removes `<state_dir>/bundle/`, what a bundle opened there left.
pub fn forget_opened(state_dir: &Path) -> Result<(), NodeError> {
    let dir = state_dir.join(OPENED_DIR);
    remove_dir(&dir)
        .map_err(|error| NodeError::Keep(format!("cannot delete {}: {error}", dir.display())))
}
