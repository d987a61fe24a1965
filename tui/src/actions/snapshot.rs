//! Saving the local chain to one file, for a bug report.

use fulltime_client::cluster::ClusterError;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::snapshot::save_named;

use crate::error::Error;
use crate::output::snapshot::SavedSnapshot;
use crate::session::Session;

/// Saves the chain of the localnet that the session's state directory describes as `name`,
/// whatever `--url` says: a snapshot is of a local chain.
pub async fn save_snapshot(session: &Session, name: &str) -> Result<SavedSnapshot, Error> {
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::Localnet)?;
    let saved = save_named(&env, session.state_dir(), name).await?;
    Ok(SavedSnapshot::new(&saved))
}
