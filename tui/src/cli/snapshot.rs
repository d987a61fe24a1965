//! `snapshot list`: the saved snapshots, and whether they load (`snapshot save` is an action).

use fulltime_client::snapshot::list as list_snapshots;

use fulltime_desk::error::Error;
use fulltime_desk::output::snapshot::SnapshotList;
use fulltime_desk::session::Session;

pub fn list(session: &Session) -> Result<SnapshotList, Error> {
    Ok(SnapshotList::new(&list_snapshots(session.state_dir())?))
}
