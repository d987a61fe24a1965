//! `surfnet_timeTravel` only to a time and slot a chain may hold. surfpool works a warp's
//! target out unchecked (a slot jump times the slot time, a timestamp less the clock), and a
//! clock or slot near `u64::MAX` overflows the runtime's arithmetic on the next block; the
//! loader refuses such a chain ([`check_bounds`]), so the front refuses a warp there, naming
//! the target and the latest one allowed. A warp is refused, never clamped.
//!
//! [`check_bounds`]: fulltime_client::snapshot::ChainClockBounds::check_bounds

use serde_json::Value;
use solana_sysvar::epoch_schedule::EpochSchedule;

use fulltime_client::snapshot::{LATEST_SLOT, LATEST_UNIX_MS};
use fulltime_client::time::{LATEST_CLUSTER_TIME, format_time};

use super::gate::{INVALID_PARAMS, Refused};
use crate::node::surfpool::{ChainView, Warp};

const METHOD: &str = "surfnet_timeTravel";

/// The chain a warp starts from: what surfpool reads to work out where it lands.
#[derive(Clone, Debug)]
pub struct ChainNow {
    pub unix_ms: u64,
    pub slot: u64,
    pub slot_time_ms: u64,
    pub schedule: EpochSchedule,
}

impl ChainNow {
    pub fn of(chain: &ChainView<'_>) -> Self {
        Self {
            unix_ms: chain.unix_ms(),
            slot: chain.slot(),
            slot_time_ms: chain.slot_time_ms(),
            schedule: chain.epoch_schedule(),
        }
    }
}

/// Whether the warp `params` ask for lands within the bounds; a target behind the chain is left
/// to surfpool, which refuses it in its own words.
pub fn check(params: Option<&Value>, now: &ChainNow) -> Result<(), Refused> {
    let Some(config) = read_config(params)? else {
        // surfpool's default, an hour from the wall clock.
        return Ok(());
    };
    let (target, slot) = match config {
        Warp::UnixMs(unix_ms) => {
            let jump = unix_ms.saturating_sub(now.unix_ms);
            let slots = jump.checked_div(now.slot_time_ms).unwrap_or(0);
            (
                format!("{unix_ms} unix milliseconds"),
                Some(unix_ms).zip(now.slot.checked_add(slots)),
            )
        }
        Warp::Slot(slot) => (format!("slot {slot}"), landing(now, slot)),
        Warp::Epoch(epoch) => {
            let last_epoch = now.schedule.get_epoch(LATEST_SLOT);
            let landed = (epoch <= last_epoch)
                .then(|| now.schedule.get_first_slot_in_epoch(epoch).max(now.slot))
                .and_then(|slot| landing(now, slot));
            (format!("epoch {epoch}"), landed)
        }
    };
    match slot {
        Some((unix_ms, slot)) if unix_ms <= LATEST_UNIX_MS && slot <= LATEST_SLOT => Ok(()),
        _ => Err(Refused {
            code: INVALID_PARAMS,
            message: format!(
                "{METHOD} to {target} is refused: the latest a chain reaches is {} \
                 ({LATEST_UNIX_MS} unix milliseconds) and slot {LATEST_SLOT}",
                format_time(LATEST_CLUSTER_TIME)
            ),
        }),
    }
}

/// Where a warp to `slot` lands, time and slot, as surfpool works it out; `None` past what
/// the arithmetic holds.
fn landing(now: &ChainNow, slot: u64) -> Option<(u64, u64)> {
    let jump = slot.saturating_sub(now.slot);
    let unix_ms = jump
        .checked_mul(now.slot_time_ms)
        .and_then(|ms| ms.checked_add(now.unix_ms))?;
    Some((unix_ms, slot))
}

/// surfpool's one optional argument; params it could not read either are refused here.
fn read_config(params: Option<&Value>) -> Result<Option<Warp>, Refused> {
    let first = match params {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(arguments)) => arguments.first().cloned().unwrap_or(Value::Null),
        Some(_) => return Err(unreadable("`params` should be an array".into())),
    };
    serde_json::from_value(first).map_err(|error| unreadable(error.to_string()))
}

fn unreadable(reason: String) -> Refused {
    Refused {
        code: INVALID_PARAMS,
        message: format!("{METHOD}: the node cannot read its params ({reason}), so it refuses it"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn now() -> ChainNow {
        ChainNow {
            unix_ms: 1_795_132_800_000,
            slot: 5_000,
            slot_time_ms: 400,
            schedule: EpochSchedule::without_warmup(),
        }
    }

    fn refused(params: Value) -> String {
        check(Some(&params), &now()).unwrap_err().message
    }

    #[test]
    fn warps_within_the_bounds_pass() {
        for params in [
            json!([{ "absoluteTimestamp": 1_795_136_400_000_u64 }]),
            json!([{ "absoluteTimestamp": LATEST_UNIX_MS }]),
            json!([{ "absoluteSlot": 6_000 }]),
            json!([{ "absoluteEpoch": 3 }]),
            json!([]),
            json!([null]),
        ] {
            assert_eq!(check(Some(&params), &now()), Ok(()), "{params}");
        }
        assert_eq!(check(None, &now()), Ok(()));
    }

    #[test]
    fn a_time_past_the_latest_is_refused_naming_it_and_the_bound() {
        let message = refused(json!([{ "absoluteTimestamp": LATEST_UNIX_MS + 1 }]));
        assert_eq!(
            message,
            format!(
                "surfnet_timeTravel to {} unix milliseconds is refused: the latest a chain \
                 reaches is 9999-12-31T23:59:59Z ({LATEST_UNIX_MS} unix milliseconds) and slot \
                 {LATEST_SLOT}",
                LATEST_UNIX_MS + 1
            )
        );
        assert!(refused(json!([{ "absoluteTimestamp": u64::MAX }])).contains("refused"));
    }

    #[test]
    fn slots_and_epochs_whose_landing_overflows_or_passes_the_bounds_are_refused() {
        for params in [
            json!([{ "absoluteSlot": u64::MAX }]),
            json!([{ "absoluteSlot": LATEST_SLOT + 1 }]),
            // Within the slot bound, but 400 ms a slot lands past the year 9999.
            json!([{ "absoluteSlot": LATEST_SLOT }]),
            json!([{ "absoluteEpoch": u64::MAX }]),
            json!([{ "absoluteEpoch": LATEST_SLOT / 432_000 }]),
        ] {
            let message = refused(params.clone());
            assert!(
                message.starts_with("surfnet_timeTravel to "),
                "{params}: {message}"
            );
        }
    }

    #[test]
    fn params_surfpool_cannot_read_are_refused() {
        assert!(refused(json!([{ "absoluteHour": 3 }])).contains("cannot read its params"));
        assert!(refused(json!([{ "absoluteSlot": -1 }])).contains("cannot read its params"));
        assert!(refused(json!("soon")).contains("should be an array"));
    }
}
