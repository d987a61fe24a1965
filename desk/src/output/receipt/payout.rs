//! `fulltime claim` and `fulltime refund`: what the wallet was paid, as a balance change, and
//! the position paid out.

use std::fmt;

use fulltime_client::amount::format_usdc;
use serde::Serialize;

use super::{Summary, TransactionLink, UsdcChange};
use crate::output::position::PositionView;

/// Which of the two ways a position is paid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayoutKind {
    /// A winning position's share of the pool.
    Claim,
    /// The stake back, from a market nobody won or nobody settled.
    Refund,
}

impl PayoutKind {
    /// `Claim`, `Refund`: what the dashboard says it is doing.
    pub fn verb(self) -> &'static str {
        match self {
            Self::Claim => "Claim",
            Self::Refund => "Refund",
        }
    }
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
    fn headline(&self) -> PayoutHeadline {
        PayoutHeadline {
            kind: self.kind,
            market_id: self.market_id,
            paid: self.paid,
        }
    }
}

impl fmt::Display for PayoutReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(formatter, "{}", self.headline())?;
        writeln!(formatter, "{}", self.transaction)?;
        writeln!(formatter, "USDC:      {}", self.usdc)?;
        write!(formatter, "Position:  {}", self.position)
    }
}

impl Summary for PayoutReceipt {
    fn summary(&self) -> String {
        self.headline().to_string()
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        Some(&self.transaction)
    }
}

/// `Claimed 4.125 USDC from market 3`, `Refunded 2 USDC from market 5`
struct PayoutHeadline {
    kind: PayoutKind,
    market_id: u64,
    paid: u64,
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
    use super::*;
    use crate::output::receipt::tests::{devnet, signature};
    use crate::samples::{json_of, sample_market, sample_position};

    fn paid_out(kind: PayoutKind) -> PayoutReceipt {
        let mut position = sample_position(&sample_market());
        position.claimed = true;
        PayoutReceipt {
            paid: 4_125_000,
            usdc: UsdcChange {
                before: 997_000_000,
                after: 1_001_125_000,
            },
            position: PositionView::new(&position, Some(3)),
            transaction: TransactionLink::new(&devnet(), &signature()),
            kind,
            market_id: 3,
        }
    }

    #[test]
    fn shows_the_payout_as_a_balance_change() {
        let receipt = paid_out(PayoutKind::Claim);
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
        let refund = paid_out(PayoutKind::Refund);
        assert_eq!(
            refund.to_string().lines().next(),
            Some("Refunded 4.125 USDC from market 3")
        );
        assert_eq!(json_of(&refund), json);
    }
}
