//! Client-side refusals of what a market's state does not allow yet (settling before the close
//! time, claiming during the dispute window), told with how long the wait is.

use fulltime_client::errors::ProgramFailure;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::rpc::ClientError;
use fulltime_client::settlement::state::Market;

use crate::input::{format_span, format_time};
use crate::output::labels::status_label;

/// The program's error for `market` at cluster time `now`, its message completed with the wait
/// when the market is waiting for a time.
pub fn refused(mut failure: ProgramFailure, market: &Market, now: i64) -> ClientError {
    if let Some(wait) = wait(market, now) {
        failure.message = format!("{} ({wait})", failure.message);
    }
    ClientError::refused(failure)
}

fn wait(market: &Market, now: i64) -> Option<String> {
    let status = MarketStatus::of(market, now);
    match status {
        MarketStatus::Open => Some(format!(
            "open, closes in {} at {}",
            format_span(market.close_time.saturating_sub(now)),
            format_time(market.close_time)
        )),
        MarketStatus::Provisional { final_at, .. } => Some(format!(
            "{} at {}",
            status_label(status, now),
            format_time(final_at)
        )),
        MarketStatus::Closed | MarketStatus::Resolved { .. } | MarketStatus::Expired => None,
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::side::Side;
    use fulltime_client::validate::{check_claim, check_settle};

    use super::*;
    use crate::output::market::tests::{FINAL_AT, NOW, sample_market, settled_market};

    fn message(error: ClientError) -> String {
        match error {
            ClientError::Refused(failure) => failure.message,
            other => panic!("not a client-side refusal: {other:?}"),
        }
    }

    #[test]
    fn settling_too_early_says_when_the_market_closes() {
        let market = sample_market();
        let failure = check_settle(&market, NOW + 2).expect_err("not closed");
        assert_eq!(
            message(refused(failure, &market, NOW + 2)),
            "The market has not closed yet; it can be settled only after its close time (open, \
             closes in 9m 58s at 2026-05-16T15:10:00Z)"
        );
    }

    #[test]
    fn claiming_during_the_dispute_window_says_when_it_ends() {
        let market = settled_market(Side::Yes);
        let now = FINAL_AT - 42;
        let failure = check_claim(&market, now).expect_err("provisional");
        assert_eq!(
            message(refused(failure, &market, now)),
            "Market is not resolved (provisional YES, final in 42s at 2026-05-16T16:10:00Z)"
        );
    }

    #[test]
    fn a_market_waiting_for_nothing_keeps_the_catalog_message() {
        let market = sample_market();
        let failure = check_claim(&market, NOW + 600).expect_err("not settled");
        assert_eq!(
            message(refused(failure, &market, NOW + 600)),
            "Market is not resolved"
        );
    }
}
