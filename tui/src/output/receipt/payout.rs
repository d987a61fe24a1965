//! `fulltime claim` and `fulltime refund`: what the wallet was paid, as a balance change, and
//! the position paid out.

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::Endpoint;
use fulltime_client::rpc::Withdrawn;
use serde::Serialize;

use super::{TransactionLink, UsdcChange};
use crate::output::position::PositionView;

/// Which of the two ways a position is paid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayoutKind {
    /// A winning position's share of the pool.
    Claim,
    /// The stake back, from a market nobody won or nobody settled.
    Refund,
}

#[derive(Clone, Debug, Serialize)]
pub struct PayoutReceipt {
    pub paid: u64,
    pub usdc: UsdcChange,
    pub position: PositionView,
    #[serde(flatten)]
    pub transaction: TransactionLink,
    #[serde(skip)]
    pub kind: PayoutKind,
    #[serde(skip)]
    pub market_id: u64,
}

impl PayoutReceipt {
    pub fn new(
        endpoint: &Endpoint,
        kind: PayoutKind,
        market_id: u64,
        withdrawn: &Withdrawn,
    ) -> Self {
        Self {
            paid: withdrawn.usdc.received(),
            usdc: withdrawn.usdc.into(),
            position: PositionView::new(&withdrawn.position, Some(market_id)),
            transaction: TransactionLink::new(endpoint, &withdrawn.signature),
            kind,
            market_id,
        }
    }
}

impl fmt::Display for PayoutReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headline = PayoutHeadline {
            kind: self.kind,
            market_id: self.market_id,
            paid: self.paid,
        };
        writeln!(formatter, "{headline}")?;
        writeln!(formatter, "{}", self.transaction)?;
        writeln!(formatter, "USDC:      {}", self.usdc)?;
        write!(formatter, "Position:  {}", self.position)
    }
}

/// `Claimed 4.125 USDC from market 3`, `Refunded 2 USDC from market 5`
pub struct PayoutHeadline {
    pub kind: PayoutKind,
    pub market_id: u64,
    pub paid: u64,
}

impl fmt::Display for PayoutHeadline {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self.kind {
            PayoutKind::Claim => "Claimed",
            PayoutKind::Refund => "Refunded",
        };
        write!(
            formatter,
            "{verb} {} from market {}",
            format_usdc(self.paid),
            self.market_id
        )
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::rpc::BalanceChange;

    use super::*;
    use crate::output::market::tests::{json_of, sample_market, sample_position};
    use crate::output::receipt::tests::{devnet, signature};

    #[test]
    fn shows_the_payout_as_a_balance_change() {
        let mut position = sample_position(&sample_market());
        position.claimed = true;
        let withdrawn = Withdrawn {
            signature: signature(),
            position,
            usdc: BalanceChange {
                before: 997_000_000,
                after: 1_001_125_000,
            },
        };
        let receipt = PayoutReceipt::new(&devnet(), PayoutKind::Claim, 3, &withdrawn);
        assert_eq!(
            receipt.to_string(),
            format!(
                "Claimed 4.125 USDC from market 3\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 USDC:      997 USDC -> 1001.125 USDC\n\
                 Position:  YES 3 USDC, claimed",
                signature()
            )
        );
        let json = json_of(&receipt);
        assert_eq!(json["paid"], 4_125_000);
        assert_eq!(json["position"]["claimed"], true);
        let refund = PayoutReceipt::new(&devnet(), PayoutKind::Refund, 3, &withdrawn);
        assert_eq!(
            refund.to_string().lines().next(),
            Some("Refunded 4.125 USDC from market 3")
        );
        assert_eq!(json_of(&refund), json);
    }
}
