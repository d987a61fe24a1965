//! The words both faces use for market states, in text and in JSON. A side is written by its own
//! `Display` (`YES`, `NO`) and `Serialize` (`"yes"`, `"no"`).

use fulltime_client::market_status::MarketStatus;
use serde::Serializer;

use crate::input::format_span;

/// The status in a few words; a provisional settlement with the time left until it is final,
/// counted from the cluster clock `now`.
pub fn status_label(status: MarketStatus, now: i64) -> String {
    match status {
        MarketStatus::Open => "open".to_owned(),
        MarketStatus::Closed => "closed".to_owned(),
        MarketStatus::Provisional { outcome, final_at } => format!(
            "provisional {outcome}, final in {}",
            format_span(final_at.saturating_sub(now))
        ),
        MarketStatus::Resolved {
            outcome,
            refundable: false,
        } => format!("resolved {outcome}"),
        MarketStatus::Resolved {
            outcome,
            refundable: true,
        } => format!("resolved {outcome}, no winners: refundable"),
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

#[cfg(test)]
mod tests {
    use fulltime_client::side::Side;

    use super::*;
    use crate::samples::{FINAL_AT, NOW, sample_market, settled_market};

    #[test]
    fn statuses_read_plainly() {
        let mut market = sample_market();
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW + 600), NOW + 600),
            "closed"
        );
        market.settled = true;
        market.outcome = Side::Yes;
        market.total_yes = 0;
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW), NOW),
            "resolved YES, no winners: refundable"
        );
        assert_eq!(
            status_label(MarketStatus::Expired, NOW),
            "expired: refundable"
        );
        let provisional = MarketStatus::of(&settled_market(Side::No), FINAL_AT - 90);
        assert_eq!(
            status_label(provisional, FINAL_AT - 90),
            "provisional NO, final in 1m 30s"
        );
    }
}
