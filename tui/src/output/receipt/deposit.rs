//! `fulltime deposit`: the stake, the wallet's test USDC before and after, the position and the
//! market's new totals.

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::Endpoint;
use fulltime_client::rpc::Deposited;
use fulltime_client::side::Side;
use serde::Serialize;

use super::{TransactionLink, UsdcChange};
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
    /// `amount` and `side` as asked; `now`: the cluster clock after the deposit.
    pub fn new(
        endpoint: &Endpoint,
        deposited: &Deposited,
        amount: u64,
        side: Side,
        now: i64,
    ) -> Self {
        let market_id = deposited.market.id;
        Self {
            amount,
            usdc: deposited.usdc.into(),
            position: PositionView::new(&deposited.position, Some(market_id)),
            market: MarketView::new(&deposited.market, now),
            transaction: TransactionLink::new(endpoint, &deposited.signature),
            side,
        }
    }
}

impl fmt::Display for DepositReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headline = DepositHeadline {
            market_id: self.market.id,
            side: self.side,
            amount: self.amount,
        };
        writeln!(formatter, "{headline}")?;
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

/// `Deposited 2.5 USDC on YES in market 3`
pub struct DepositHeadline {
    pub market_id: u64,
    pub side: Side,
    pub amount: u64,
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
    use fulltime_client::rpc::BalanceChange;

    use super::*;
    use crate::output::market::tests::{NOW, json_of, sample_market, sample_position};
    use crate::output::receipt::tests::{devnet, signature};

    #[test]
    fn shows_the_stake_the_balance_change_and_the_new_totals() {
        let market = sample_market();
        let deposited = Deposited {
            signature: signature(),
            position: sample_position(&market),
            market,
            usdc: BalanceChange {
                before: 1_000_000_000,
                after: 997_500_000,
            },
        };
        let receipt = DepositReceipt::new(&devnet(), &deposited, 2_500_000, Side::Yes, NOW);
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
    }
}
