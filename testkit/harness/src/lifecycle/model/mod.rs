//! The contract as a model. For each step it predicts either success with the exact tokens that
//! move, or the exact error, from the published rules alone: the program's code and constants
//! are not consulted. It keeps its own clock, balances, totals and positions, and assumes each
//! step did what it predicted; the runner stops a lifecycle at the first disagreement.
//!
//! A two-stat market's value is its two stats combined; the batches always carry the pair the
//! market names, so the model tells proofs apart by their value, period, dates, event, cut and
//! how the second stat is written (see `proof_facts`).

mod market;
mod open;
mod payouts;
mod settle;

use std::ops::RangeInclusive;

use fulltime_localnet::native::FalsePredicate;
use settlement::SettlementError;
use txline_interface::OracleError;

use super::step::Mark;

pub use market::{MarketModel, PositionModel, Settlement, Totals};

// The contract's numbers, written out again so that a wrong constant in the program shows.
const MIN_DEPOSIT: u64 = 100_000;
const MAX_QUESTION_CHARS: usize = 140;
const DAY: i64 = 86_400;
const GRACE_SECS: i64 = 7 * DAY;
const MAX_CLOSE_AHEAD_SECS: i64 = 366 * DAY;
const DISPUTE_WINDOWS: RangeInclusive<i64> = 60..=7 * DAY;
/// The period of the `game_finalised` record, the only one a market may be on.
const FINAL_PERIOD: i32 = 100;

/// What a step should do.
#[derive(Clone, Copy, Debug)]
pub enum Expected {
    Done(Movement),
    Refused(Refusal),
}

/// The tokens a successful step moves between its wallet and its market's vault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movement {
    Nothing,
    IntoVault(u64),
    OutOfVault(u64),
}

/// One error, named with the program that raises it.
#[derive(Clone, Copy, Debug)]
pub enum Refusal {
    Settlement(SettlementError),
    Oracle(OracleError),
    /// Anchor refuses a position account that was never created.
    PositionMissing,
    /// SPL Token refuses a transfer larger than the wallet's balance.
    InsufficientFunds,
}

/// A wrong prediction planted in the model, so that a test sees a violation found, shrunk and
/// written as a timeline; nothing but `soak --plant` sets one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plant {
    /// A winner's claim predicted to pay one base unit more than its share.
    WinnerPaidOneMore,
}

pub struct Model {
    oracle: FalsePredicate,
    plant: Option<Plant>,
    pub now: i64,
    /// When the oracle's latest batch so far was published, in milliseconds.
    latest_batch_ms: Option<i64>,
    /// Each wallet's test USDC.
    pub balances: Vec<u64>,
    pub markets: Vec<MarketModel>,
}

impl Model {
    pub fn new(oracle: FalsePredicate, plant: Option<Plant>, now: i64, balances: Vec<u64>) -> Self {
        Self {
            oracle,
            plant,
            now,
            latest_batch_ms: None,
            balances,
            markets: Vec::new(),
        }
    }

    /// The oracle posted the root of a batch dated `ts_ms`.
    pub fn publish(&mut self, ts_ms: i64) {
        self.latest_batch_ms = Some(ts_ms);
    }

    /// Where `mark` puts the clock, if the market has such a moment.
    pub fn time_of(&self, market: usize, mark: Mark) -> Option<i64> {
        let model = &self.markets[market];
        let dispute_ends_at = model
            .settlement
            .as_ref()
            .map(|settlement| settlement.dispute_ends_at);
        match mark {
            Mark::BeforeClose => Some(model.close_time - 1),
            Mark::Close => Some(model.close_time),
            Mark::BeforeDisputeEnd => dispute_ends_at.map(|end| end - 1),
            Mark::DisputeEnd => dispute_ends_at,
            Mark::BeforeGraceEnd => Some(model.grace_ends_at() - 1),
            Mark::GraceEnd => Some(model.grace_ends_at()),
            Mark::Forward(secs) => self.now.checked_add(secs),
            Mark::Publication => self.latest_batch_ms.map(|ms| ms.div_euclid(1_000)),
        }
    }

    /// When every market is over: its grace period and any dispute window have ended.
    pub fn end_of_all(&self) -> i64 {
        self.markets
            .iter()
            .flat_map(|model| {
                let dispute_ends_at = model.settlement.as_ref().map(|s| s.dispute_ends_at);
                [Some(model.grace_ends_at()), dispute_ends_at]
            })
            .flatten()
            .fold(self.now, i64::max)
    }
}
