//! What the recorder is fed: one hand action as it completed, in the action layer's own terms
//! (the order's fields, market ids as on this chain), its outcome, and the clock.

use fulltime_client::side::Side;
use fulltime_client::txline::api::RecordPick;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::SettleWith;

use crate::actions::{Order, SettleOrder};
use crate::error::ErrorReport;
use crate::output::receipt::Landed;

/// One order, fed to [`super::Recorder::record`] once it completed.
#[derive(Clone, Debug)]
pub struct Made {
    /// Who acted, by the wallet book's name. A settlement, a market's creation and a warp are
    /// the run's desk's on replay, so their actor is not written.
    pub wallet: WalletName,
    pub order: Order,
    /// What it left that the order did not say: the created market's id, the made wallet's
    /// address.
    pub landed: Landed,
    pub outcome: Outcome,
    /// The chain's clock when the action was made; after a warp, where it landed.
    pub clock: i64,
}

impl Made {
    pub fn is_a_step(&self) -> bool {
        is_a_step(&self.order, self.landed)
    }
}

/// Whether a timeline says `order`, which left `landed`, as a step: not a file saved, nor a
/// wallet that was not made, nor a deposit of a byte that is no side (a timeline names sides).
pub fn is_a_step(order: &Order, landed: Landed) -> bool {
    match order {
        Order::Snapshot { .. } | Order::Bundle(_) => false,
        Order::NewWallet(_) => matches!(landed, Landed::Wallet(_)),
        Order::Deposit(order) => Side::try_from(order.outcome).is_ok(),
        _ => true,
    }
}

/// How a timeline says what `order` settled with: the catalog's proof file by name, or a proof
/// fetched from TxLINE by its record (that file is no catalog case).
pub fn settled_with(order: &SettleOrder) -> SettleWith {
    match (&order.proof_file.market, &order.proof_file.record) {
        (None, Some(record)) => SettleWith::Record(RecordPick::Seq(record.seq)),
        _ => SettleWith::Case(order.proof_file.name.clone()),
    }
}

/// How the action ended: done, or refused with the error its [`ErrorReport`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Refused {
        error: String,
        /// `settlement`, `oracle` or `token` for a program's error.
        program: Option<String>,
    },
}

impl From<&ErrorReport> for Outcome {
    fn from(report: &ErrorReport) -> Self {
        Self::Refused {
            error: report.error.clone(),
            program: report.program.clone(),
        }
    }
}
