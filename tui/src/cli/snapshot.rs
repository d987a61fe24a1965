//! `snapshot list`: the saved snapshots, and whether they load (`snapshot save` is an action).

use fulltime_client::snapshot::list as list_snapshots;

use crate::error::Error;
use crate::output::snapshot::SnapshotList;
use crate::session::Session;

pub fn list(session: &Session) -> Result<SnapshotList, Error> {
    Ok(SnapshotList::new(&list_snapshots(session.state_dir())?))
}
