//! A wallet's position in a market: its side, its stake and whether it was paid out.

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::settlement::state::Position;
use fulltime_client::side::Side;
use serde::Serialize;

/// A position; `market_id` when known (the position itself stores the market's address).
#[derive(Clone, Debug, Serialize)]
pub struct PositionView {
    pub market_id: Option<u64>,
    pub market: String,
    pub owner: String,
    pub outcome: Side,
    pub amount: u64,
    pub claimed: bool,
}

impl PositionView {
    pub fn new(position: &Position, market_id: Option<u64>) -> Self {
        Self {
            market_id,
            market: position.market.to_string(),
            owner: position.owner.to_string(),
            outcome: position.outcome,
            amount: position.amount,
            claimed: position.claimed,
        }
    }
}

/// [`position_summary`].
impl fmt::Display for PositionView {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&summary(self.outcome, self.amount, self.claimed))
    }
}

/// `YES 3 USDC` plus `, claimed` once paid out.
pub fn position_summary(position: &Position) -> String {
    summary(position.outcome, position.amount, position.claimed)
}

fn summary(side: Side, amount: u64, claimed: bool) -> String {
    let claimed = if claimed { ", claimed" } else { "" };
    format!("{side} {}{claimed}", format_usdc(amount))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{json_of, sample_market, sample_position};

    #[test]
    fn positions_show_side_amount_and_claim() {
        let market = sample_market();
        let mut position = sample_position(&market);
        assert_eq!(position_summary(&position), "YES 3 USDC");
        position.claimed = true;
        assert_eq!(position_summary(&position), "YES 3 USDC, claimed");
        let view = PositionView::new(&position, Some(3));
        assert_eq!(view.to_string(), "YES 3 USDC, claimed");
        let value = json_of(&view);
        assert_eq!(value["outcome"], "yes");
        assert_eq!(value["amount"], 3_000_000);
        assert_eq!(value["market_id"], 3);
        position.outcome = Side::No;
        assert_eq!(position_summary(&position), "NO 3 USDC, claimed");
    }
}
