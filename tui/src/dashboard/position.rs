//! What the wallet's position in a market is worth, with the program's own integer arithmetic
//! (`Market::payout`, u128, rounded down).

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::payable::Owed;
use fulltime_client::settlement::state::{Market, Position};

use super::chain::Chain;

/// One line on what the position pays: now, once final, or if its side wins.
pub fn position_value(market: &Market, position: &Position, status: MarketStatus) -> String {
    if position.claimed {
        return "paid out".to_owned();
    }
    let side = position.outcome;
    let pays = market
        .payout_if(side, position.amount)
        .map_or_else(|_| "?".to_owned(), format_usdc);
    match status {
        MarketStatus::Open | MarketStatus::Closed => format!("pays {pays} if {side} wins"),
        MarketStatus::Provisional { outcome, .. } if outcome == side => {
            format!("would pay {pays} once final")
        }
        MarketStatus::Provisional { .. } => "losing, unless a later proof replaces it".to_owned(),
        MarketStatus::Resolved {
            refundable: true, ..
        }
        | MarketStatus::Expired => format!("a refund returns {}", format_usdc(position.amount)),
        MarketStatus::Resolved { outcome, .. } if outcome == side => {
            format!("a claim pays {pays} now")
        }
        MarketStatus::Resolved { .. } => "lost".to_owned(),
    }
}

/// What the wallet is owed in each market it holds a position in, by market id, at the chain's
/// clock: what claim all would pay, and what it would leave waiting.
pub fn owed_positions(chain: &Chain) -> Vec<(u64, Owed)> {
    chain
        .positions
        .iter()
        .filter_map(|(&id, position)| Some((id, Owed::of(chain.market(id)?, position, chain.now))))
        .collect()
}

/// The implied chance of YES in whole percent (YES pool / whole pool); `None` for an empty pool.
pub fn yes_percent(market: &Market) -> Option<u16> {
    let pool = u128::from(market.total_yes) + u128::from(market.total_no);
    if pool == 0 {
        return None;
    }
    let percent = u128::from(market.total_yes) * 100 / pool;
    u16::try_from(percent).ok()
}

#[cfg(test)]
mod tests {
    use fulltime_client::side::Side;

    use super::*;
    use fulltime_desk::samples::{NOW, sample_market, sample_position, settled_market};

    #[test]
    fn a_winning_position_is_worth_its_share_of_the_pool() {
        let market = sample_market(); // YES 4, NO 1.5
        let position = sample_position(&market); // YES 3
        assert_eq!(market.payout_if(Side::Yes, 3_000_000).ok(), Some(4_125_000));
        assert_eq!(
            position_value(&market, &position, MarketStatus::Open),
            "pays 4.125 USDC if YES wins"
        );
        let resolved = settled_market(Side::Yes);
        let status = MarketStatus::of(&resolved, i64::MAX);
        assert_eq!(
            position_value(&resolved, &position, status),
            "a claim pays 4.125 USDC now"
        );
        let lost = settled_market(Side::No);
        assert_eq!(
            position_value(&lost, &position, MarketStatus::of(&lost, NOW)),
            "losing, unless a later proof replaces it"
        );
    }

    #[test]
    fn odds_are_whole_percent_of_the_pool() {
        let mut market = sample_market();
        assert_eq!(yes_percent(&market), Some(72));
        market.total_yes = 0;
        market.total_no = 0;
        assert_eq!(yes_percent(&market), None);
        market.total_yes = u64::MAX;
        market.total_no = u64::MAX;
        assert_eq!(yes_percent(&market), Some(50));
    }
}
