//! The clock moved forward to a step's time or a `warp` action's.

use fulltime_client::rpc::{ClientError, moves_forward};

use crate::actions::{self, Actor};
use crate::error::Error;
use crate::input::When;
use crate::session::Session;

/// Moves the clock to `at` when it is behind; the clock it reads after.
pub async fn warp(session: &Session, at: i64) -> Result<i64, Error> {
    let now = session.client().await?.cluster_time().await?;
    if !moves_forward(now, at) {
        return Ok(now);
    }
    match actions::warp(&Actor::of_session(session), When::At(at)).await {
        Ok(warped) => Ok(warped.after),
        // The node's clock follows the wall clock: a tick between the read above and the warp's
        // own may have brought it to `at` already, and then the step is simply due.
        Err(Error::Client(ClientError::WarpBackwards { now, .. })) if now >= at => Ok(now),
        Err(error) => Err(error),
    }
}
