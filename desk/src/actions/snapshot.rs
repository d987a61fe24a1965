//! Saving the local chain to one file, for a bug report.

use std::path::Path;

use fulltime_client::cluster::ClusterError;
use fulltime_client::snapshot::save_named_into;
use fulltime_files::localnet_env::LocalnetEnv;

use super::Actor;
use crate::error::Error;
use crate::output::snapshot::SavedSnapshot;
use crate::session::Session;

/// Saves the chain of the localnet that the session's state directory describes as `name`,
/// whatever `--url` says: a snapshot is of a local chain.
pub async fn save_snapshot(actor: &Actor<'_>, name: &str) -> Result<SavedSnapshot, Error> {
    let session = actor.session;
    save_snapshot_into(session, name, session.state_dir()).await
}

/// [`save_snapshot`] landing in `<into>/snapshots/` instead: a timeline's node lives in a
/// directory of its own, and its snapshot goes where the user's `localnet` loads it by name.
pub async fn save_snapshot_into(
    session: &Session,
    name: &str,
    into: &Path,
) -> Result<SavedSnapshot, Error> {
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::Localnet)?;
    let saved = save_named_into(&env, session.state_dir(), into, name).await?;
    Ok(SavedSnapshot::new(&saved))
}
