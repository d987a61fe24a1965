//! The words both faces use for outcomes and market states, in text and in JSON.

use fulltime_client::fixture::Outcome;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::settlement::constants::{OUTCOME_NO, OUTCOME_YES};
use fulltime_client::settlement::state::Market;
use serde::Serializer;

use crate::input::{format_span, format_time, format_time_millis};

/// `YES`, `NO`, or the raw byte of an outcome the program would never store.
pub fn outcome_label(outcome: u8) -> String {
    match outcome {
        OUTCOME_YES => "YES".to_owned(),
        OUTCOME_NO => "NO".to_owned(),
        other => format!("outcome {other}"),
    }
}

/// An outcome in JSON: `"yes"`, `"no"`, or the raw byte (a `serialize_with` for `u8` fields).
pub fn serialize_outcome<S: Serializer>(outcome: &u8, serializer: S) -> Result<S::Ok, S::Error> {
    match *outcome {
        OUTCOME_YES => serializer.serialize_str("yes"),
        OUTCOME_NO => serializer.serialize_str("no"),
        other => serializer.serialize_u8(other),
    }
}

/// [`serialize_outcome`], or `null`.
pub fn serialize_optional_outcome<S: Serializer>(
    outcome: &Option<u8>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match outcome {
        Some(outcome) => serialize_outcome(outcome, serializer),
        None => serializer.serialize_none(),
    }
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Yes => "YES",
        Outcome::No => "NO",
    }
}

/// The status in a few words; a provisional settlement with the time left until it is final,
/// counted from the cluster clock `now`.
pub fn status_label(status: MarketStatus, now: i64) -> String {
    match status {
        MarketStatus::Open => "open".to_owned(),
        MarketStatus::Closed => "closed".to_owned(),
        MarketStatus::Provisional { outcome, final_at } => format!(
            "provisional {}, final in {}",
            outcome_word(outcome),
            format_span(final_at.saturating_sub(now))
        ),
        MarketStatus::Resolved {
            outcome,
            refundable: false,
        } => format!("resolved {}", outcome_word(outcome)),
        MarketStatus::Resolved {
            outcome,
            refundable: true,
        } => format!("resolved {}, no winners: refundable", outcome_word(outcome)),
        MarketStatus::Expired => "expired: refundable".to_owned(),
    }
}

/// The status's one word in JSON (a `serialize_with`).
pub fn serialize_status_name<S: Serializer>(
    status: &MarketStatus,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match status {
        MarketStatus::Open => "open",
        MarketStatus::Closed => "closed",
        MarketStatus::Provisional { .. } => "provisional",
        MarketStatus::Resolved { .. } => "resolved",
        MarketStatus::Expired => "expired",
    })
}

/// When a proof's batch was published against the market's close and the clock: what a
/// ProofBeforeClose or ProofFromFuture refusal is about.
pub fn batch_time_note(ts_ms: i64, market: &Market, now: i64) -> String {
    format!(
        "batch {}, market closed {}, clock {}",
        format_time_millis(ts_ms),
        format_time(market.close_time),
        format_time(now)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::market::tests::{FINAL_AT, NOW, sample_market, settled_market};

    #[test]
    fn statuses_read_plainly() {
        let mut market = sample_market();
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW + 600), NOW + 600),
            "closed"
        );
        market.settled = true;
        market.outcome = OUTCOME_YES;
        market.total_yes = 0;
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW), NOW),
            "resolved YES, no winners: refundable"
        );
        assert_eq!(
            status_label(MarketStatus::Expired, NOW),
            "expired: refundable"
        );
        let provisional = MarketStatus::of(&settled_market(OUTCOME_NO), FINAL_AT - 90);
        assert_eq!(
            status_label(provisional, FINAL_AT - 90),
            "provisional NO, final in 1m 30s"
        );
    }
}
