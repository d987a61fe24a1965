//! The cluster's clock, which decides close times, and surfpool's time travel.

use anchor_lang::prelude::{Pubkey, pubkey};
use solana_rpc_client_api::request::RpcRequest;

use super::accounts::account_info;
use super::{ClientError, FulltimeClient, TIME_TRAVEL_METHOD};
use crate::time::LATEST_CLUSTER_TIME;

/// The Clock sysvar's address.
pub const CLOCK_SYSVAR: Pubkey = pubkey!("SysvarC1ock11111111111111111111111111111111");

/// The Clock sysvar is five little-endian 8-byte fields: slot, epoch_start_timestamp, epoch,
/// leader_schedule_epoch, unix_timestamp.
const UNIX_TIMESTAMP_OFFSET: usize = 32;

/// The Clock sysvar as read: the slot it was written at and the cluster's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    pub slot: u64,
    pub unix_timestamp: i64,
}

impl FulltimeClient {
    /// The cluster's `unix_timestamp`, the time the program compares close times with; it runs
    /// ahead of the wall clock after a warp.
    pub async fn cluster_time(&self) -> Result<i64, ClientError> {
        Ok(self.clock().await?.unix_timestamp)
    }

    /// The Clock sysvar: the cluster time and the slot it was written at.
    pub async fn clock(&self) -> Result<ClockReading, ClientError> {
        let data = account_info(&self.rpc, &CLOCK_SYSVAR, self.rpc.commitment())
            .await
            .map_err(|error| self.rpc_error(error))?
            .value
            .and_then(|clock| clock.data.decode())
            .unwrap_or_default();
        clock_of(&data)
    }

    /// Moves the clock forward to `unix_seconds` with surfpool's `surfnet_timeTravel` cheat
    /// code, and returns the cluster time after the jump. Ask [`super::time_travel_support`]
    /// first: a node without the cheat code answers this with a bare RPC error.
    pub async fn warp(&self, unix_seconds: i64) -> Result<i64, ClientError> {
        self.warp_from(self.cluster_time().await?, unix_seconds)
            .await
    }

    /// [`FulltimeClient::warp`] from the cluster time `now` the caller just read.
    pub async fn warp_from(&self, now: i64, unix_seconds: i64) -> Result<i64, ClientError> {
        let params = time_travel_params(now, unix_seconds)?;
        self.rpc
            .send::<serde_json::Value>(
                RpcRequest::Custom {
                    method: TIME_TRAVEL_METHOD,
                },
                params,
            )
            .await
            .map_err(|error| self.rpc_error(error))?;
        self.cluster_time().await
    }
}

/// The Clock sysvar's account data read: too short (none read is empty) is a decode error.
pub(super) fn clock_of(data: &[u8]) -> Result<ClockReading, ClientError> {
    let slot = data
        .get(..8)
        .and_then(|bytes| bytes.try_into().ok())
        .map(u64::from_le_bytes);
    match (slot, unix_timestamp(data)) {
        (Some(slot), Some(unix_timestamp)) => Ok(ClockReading {
            slot,
            unix_timestamp,
        }),
        _ => Err(ClientError::Decode {
            what: "Clock sysvar",
            address: CLOCK_SYSVAR,
            reason: format!("{} bytes, expected 40", data.len()),
        }),
    }
}

/// Whether a warp from `now` to `target` moves the clock: the cheat code only moves it forward,
/// so a target at or before `now` is no warp (the one rule the client, the dashboard's warp popup
/// and a timeline's steps follow).
pub fn moves_forward(now: i64, target: i64) -> bool {
    target > now
}

/// The parameters of a warp from `now` to `unix_seconds`, a time the chain can reach: the cheat
/// code only moves forward, and a target past [`LATEST_CLUSTER_TIME`] is refused as such rather
/// than clamped (the clock would stop at a ceiling and every later warp land on it), each said
/// before the node would refuse it less clearly.
fn time_travel_params(now: i64, unix_seconds: i64) -> Result<serde_json::Value, ClientError> {
    if !moves_forward(now, unix_seconds) {
        return Err(ClientError::WarpBackwards {
            now,
            target: unix_seconds,
        });
    }
    if unix_seconds > LATEST_CLUSTER_TIME {
        return Err(ClientError::WarpBeyondChain {
            target: unix_seconds,
            latest: LATEST_CLUSTER_TIME,
        });
    }
    // It takes milliseconds, which a reachable time always has room for.
    Ok(serde_json::json!([{ "absoluteTimestamp": unix_seconds * 1_000 }]))
}

/// The `unix_timestamp` of the Clock sysvar's account data, or `None` when it is too short.
pub fn unix_timestamp(clock: &[u8]) -> Option<i64> {
    let bytes = clock.get(UNIX_TIMESTAMP_OFFSET..UNIX_TIMESTAMP_OFFSET + 8)?;
    Some(i64::from_le_bytes(bytes.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warp_goes_forward_to_a_reachable_time_and_is_never_clamped() {
        let now = 1_795_132_800;
        assert_eq!(
            time_travel_params(now, LATEST_CLUSTER_TIME).expect("the latest time"),
            serde_json::json!([{ "absoluteTimestamp": 253_402_300_799_000_i64 }])
        );
        for target in [LATEST_CLUSTER_TIME + 1, i64::MAX / 1_000 + 1, i64::MAX] {
            assert!(
                matches!(
                    time_travel_params(now, target),
                    Err(ClientError::WarpBeyondChain { target: refused, latest })
                        if refused == target && latest == LATEST_CLUSTER_TIME
                ),
                "{target}"
            );
        }
        assert!(matches!(
            time_travel_params(now, now),
            Err(ClientError::WarpBackwards { .. })
        ));
    }

    #[test]
    fn reads_the_unix_timestamp_of_a_clock_sysvar() {
        let mut clock = Vec::new();
        for field in [12_u64, 1_700_000_000, 3, 4] {
            clock.extend_from_slice(&field.to_le_bytes());
        }
        clock.extend_from_slice(&1_795_132_800_i64.to_le_bytes());
        assert_eq!(unix_timestamp(&clock), Some(1_795_132_800));
        assert_eq!(unix_timestamp(&clock[..39]), None);
    }
}
