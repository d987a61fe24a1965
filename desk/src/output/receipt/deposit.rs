//! `fulltime deposit`: the stake, the wallet's test USDC before and after, the position and the
//! market's new totals.

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::side::Side;
use serde::Serialize;

use super::{Summary, TransactionLink, UsdcChange};
use crate::output::market::MarketView;
use crate::output::position::PositionView;

#[derive(Clone, Debug, Serialize)]
pub struct DepositReceipt {
    pub amount: u64,
    pub usdc: UsdcChange,
    pub position: PositionView,
    pub market: MarketView,
    #[serde(flatten)]
    pub transaction: TransactionLink,
    /// The side asked for (the position keeps the side of its first deposit).
    #[serde(skip)]
    pub side: Side,
}

impl DepositReceipt {
    fn headline(&self) -> DepositHeadline {
        DepositHeadline {
            market_id: self.market.id,
            side: self.side,
            amount: self.amount,
        }
    }
}

impl fmt::Display for DepositReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(formatter, "{}", self.headline())?;
        writeln!(formatter, "{}", self.transaction)?;
        writeln!(formatter, "USDC:      {}", self.usdc)?;
        writeln!(formatter, "Position:  {}", self.position)?;
        write!(
            formatter,
            "Market {}:  {}",
            self.market.id,
            self.market.totals()
        )
    }
}

/// `Deposited 2.5 USDC on YES in market 3; USDC 1000 USDC -> 997.5 USDC`
impl Summary for DepositReceipt {
    fn summary(&self) -> String {
        format!("{}; USDC {}", self.headline(), self.usdc)
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        Some(&self.transaction)
    }
}

/// `Deposited 2.5 USDC on YES in market 3`
struct DepositHeadline {
    market_id: u64,
    side: Side,
    amount: u64,
}

impl fmt::Display for DepositHeadline {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "Deposited {} on {} in market {}",
            format_usdc(self.amount),
            self.side,
            self.market_id
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::receipt::tests::{devnet, signature};
    use crate::samples::{NOW, json_of, sample_market, sample_position};

    #[test]
    fn shows_the_stake_the_balance_change_and_the_new_totals() {
        let market = sample_market();
        let receipt = DepositReceipt {
            amount: 2_500_000,
            usdc: UsdcChange {
                before: 1_000_000_000,
                after: 997_500_000,
            },
            position: PositionView::new(&sample_position(&market), Some(market.id)),
            market: MarketView::new(&market, NOW),
            transaction: TransactionLink::new(&devnet(), &signature()),
            side: Side::Yes,
        };
        assert_eq!(
            receipt.to_string(),
            format!(
                "Deposited 2.5 USDC on YES in market 3\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 USDC:      1000 USDC -> 997.5 USDC\n\
                 Position:  YES 3 USDC\n\
                 Market 3:  YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC",
                signature()
            )
        );
        let json = json_of(&receipt);
        assert_eq!(json["amount"], 2_500_000);
        assert_eq!(json["market"]["total_yes"], 4_000_000);
        assert_eq!(json["position"]["amount"], 3_000_000);
        assert_eq!(json["usdc"]["after"], 997_500_000);
        assert_eq!(
            receipt.summary(),
            "Deposited 2.5 USDC on YES in market 3; USDC 1000 USDC -> 997.5 USDC"
        );
    }
}
