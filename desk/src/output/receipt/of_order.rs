//! The receipt of any order ([`crate::actions::run`]): the one its action returns, printed,
//! summed up and serialized exactly as that one is.

use std::fmt;

use serde::Serialize;
use solana_keypair::Address as Pubkey;

use super::claim_all::ClaimAllReceipt;
use super::create::CreateReceipt;
use super::deposit::DepositReceipt;
use super::grant::GrantReceipt;
use super::payout::PayoutReceipt;
use super::settle::SettleReceipt;
use super::warp::ClockWarp;
use super::{Summary, TransactionLink};
use crate::output::bundle::SavedBundleReceipt;
use crate::output::snapshot::SavedSnapshot;
use crate::output::wallet_book::WalletMade;

/// What an order left that it did not say: the id of the market it created, the address of the
/// wallet it made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landed {
    Nothing,
    Market(u64),
    Wallet(Pubkey),
}

impl Receipt {
    pub fn landed(&self) -> Landed {
        match self {
            Self::Create(created) => Landed::Market(created.market.id),
            Self::Wallet(made) => made.address.parse().map_or(Landed::Nothing, Landed::Wallet),
            _ => Landed::Nothing,
        }
    }
}

impl fmt::Display for Receipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner().0.fmt(formatter)
    }
}

impl Summary for Receipt {
    fn summary(&self) -> String {
        self.inner().1.summary()
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        self.inner().1.transaction()
    }
}

/// The enum of every receipt, each variant its action's own, with the one it holds as text and
/// as a summary, and each receipt made one by `into()`.
macro_rules! receipts {
    ($($variant:ident($receipt:ty)),* $(,)?) => {
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        pub enum Receipt {
            $($variant($receipt),)*
        }

        impl Receipt {
            /// The receipt its action returned, as the one type it is.
            fn inner(&self) -> (&dyn fmt::Display, &dyn Summary) {
                match self {
                    $(Self::$variant(receipt) => (receipt, receipt),)*
                }
            }
        }

        $(impl From<$receipt> for Receipt {
            fn from(receipt: $receipt) -> Self {
                Self::$variant(receipt)
            }
        })*
    };
}

receipts!(
    Grant(GrantReceipt),
    Deposit(DepositReceipt),
    Settle(SettleReceipt),
    Payout(PayoutReceipt),
    ClaimAll(ClaimAllReceipt),
    Create(CreateReceipt),
    Warp(ClockWarp),
    Wallet(WalletMade),
    Snapshot(SavedSnapshot),
    Bundle(SavedBundleReceipt),
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_receipt_prints_sums_up_and_serializes_as_its_action_s_own() {
        let warped = ClockWarp::new(1_700_000_000, 1_700_003_600);
        let receipt = Receipt::from(warped.clone());
        assert_eq!(receipt.to_string(), warped.to_string());
        assert_eq!(receipt.summary(), warped.summary());
        assert_eq!(
            serde_json::to_value(&receipt).expect("JSON"),
            serde_json::to_value(&warped).expect("JSON")
        );
        assert_eq!(receipt.landed(), Landed::Nothing);
    }
}
