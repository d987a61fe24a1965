//! Moving a surfpool node's clock forward (localnet's), to close markets or end dispute windows
//! and grace periods without waiting.

use fulltime_client::rpc::{ClientError, FulltimeClient, TimeTravel, time_travel_support};

use super::Actor;
use crate::error::Error;
use crate::input::When;
use crate::output::receipt::warp::ClockWarp;

/// Moves the session's cluster clock to `to` (`+DURATION` from the clock, or a time). Nothing is
/// signed: the actor's wallet is not read.
pub async fn warp(actor: &Actor<'_>, to: When) -> Result<ClockWarp, Error> {
    let session = actor.session;
    // Ask the node before connecting: one without cheat codes may not even have a settlement
    // config, and "cannot be moved" is the answer that helps.
    let endpoint = session.endpoint()?;
    if let TimeTravel::Unsupported { reason } = time_travel_support(&endpoint).await? {
        return Err(ClientError::WarpUnsupported {
            cluster: endpoint.cluster.to_string(),
            reason,
        }
        .into());
    }
    let client = session.client().await?;
    let before = client.cluster_time().await?;
    let after = client.warp_from(before, to.resolve(before)?).await?;
    Ok(ClockWarp::new(before, after))
}

/// Moves `client`'s cluster clock from `before`, the time the caller just read, to `target`:
/// the connected form of [`warp`], for a timeline that warps at every step, whose node is asked
/// whether it can move its clock once per client rather than once per warp.
pub async fn warp_connected(
    client: &FulltimeClient,
    before: i64,
    target: i64,
) -> Result<ClockWarp, Error> {
    if let TimeTravel::Unsupported { reason } = client.time_travel_support().await? {
        return Err(ClientError::WarpUnsupported {
            cluster: client.endpoint().cluster.to_string(),
            reason,
        }
        .into());
    }
    let after = client.warp_from(before, target).await?;
    Ok(ClockWarp::new(before, after))
}
