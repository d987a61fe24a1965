//! The transaction inspector: a sent request picked from the activity panel, shown with each
//! instruction's accounts labelled by what they are to the user (market 3, its vault, the
//! wallet), the program's logs, and the result or the named error with its action.

mod labels;

pub use labels::account_labels;

use fulltime_client::rpc::TransactionDetail;
use solana_signature::Signature;

use super::action::Done;
use super::failure::FailureView;
use super::remote::Remote;

/// What the inspector shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inspected {
    /// A transaction that landed, read back from the node, with a label per account of each
    /// instruction once read.
    Transaction(Box<LandedTransaction>),
    /// A request with no transaction (a warp of the clock, a faucet grant without a signature).
    Request(Done),
    /// A request that failed: the error, its action and the logs it left.
    Failure(Box<FailureView>),
}

/// A landed transaction and, once read back, its detail with a label per account of each
/// instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandedTransaction {
    pub done: Done,
    pub signature: Signature,
    pub detail: Remote<(TransactionDetail, Vec<Vec<String>>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspector {
    /// The activity line: `Deposit 2.5 USDC on YES, market 3`.
    pub what: String,
    pub inspected: Inspected,
    /// Lines scrolled past.
    pub scroll: u16,
    /// The signature was handed to the terminal's clipboard.
    pub copied: bool,
}

impl Inspector {
    pub fn scroll_by(&mut self, delta: i64) {
        let scrolled = i64::from(self.scroll).saturating_add(delta).max(0);
        self.scroll = u16::try_from(scrolled).unwrap_or(u16::MAX);
    }

    /// The signature a copy takes, when there is a transaction.
    pub fn signature(&self) -> Option<Signature> {
        match &self.inspected {
            Inspected::Transaction(landed) => Some(landed.signature),
            _ => None,
        }
    }
}
