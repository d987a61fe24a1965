//! `snapshot save` and `snapshot list`: the local chain in one file, for a bug report.

use fulltime_client::cluster::ClusterError;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::snapshot::{list as list_snapshots, save_named};

use crate::args::SnapshotSaveArgs;
use crate::error::Error;
use crate::output::snapshot::{SavedSnapshot, SnapshotList};
use crate::session::Session;

/// Saves the chain of the localnet that the session's state directory describes, whatever
/// `--url` says: a snapshot is of a local chain.
pub async fn save(session: &Session, args: SnapshotSaveArgs) -> Result<SavedSnapshot, Error> {
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::Localnet)?;
    let saved = save_named(&env, session.state_dir(), &args.name).await?;
    Ok(SavedSnapshot::new(&saved))
}

pub fn list(session: &Session) -> Result<SnapshotList, Error> {
    Ok(SnapshotList::new(&list_snapshots(session.state_dir())?))
}
