//! The clock moved forward to a step's time or a `warp` action's.

use fulltime_client::rpc::{ClientError, moves_forward};

use crate::actions;
use crate::error::Error;
use crate::session::Session;

/// Moves the clock to `at` when it is behind; the clock it reads after. The clock read first is
/// the warp's start: a step reads it once, and asks the node whether it travels once per run.
pub async fn warp(session: &Session, at: i64) -> Result<i64, Error> {
    let client = session.client().await?;
    let now = client.cluster_time().await?;
    if !moves_forward(now, at) {
        return Ok(now);
    }
    match actions::warp_connected(&client, now, at).await {
        Ok(warped) => Ok(warped.after),
        Err(error @ Error::Client(ClientError::WarpUnsupported { .. })) => Err(error),
        // The node's clock follows the wall clock: a tick since the read above may have brought
        // it to `at` already (the node then refuses a warp back), and then the step is simply
        // due.
        Err(error) => match client.cluster_time().await {
            Ok(now) if now >= at => Ok(now),
            _ => Err(error),
        },
    }
}
