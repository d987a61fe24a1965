//! The contract as a model. For each step it predicts either success with the exact tokens that
//! move, or the exact error, from the published rules alone: the program's code and constants
//! are not consulted. It keeps its own clock, balances, totals and positions, and assumes each
//! step did what it predicted; the runner stops a lifecycle at the first disagreement.
//!
//! A two-stat market's value is its two stats combined; the batches always carry the pair the
//! market names, so the model tells proofs apart by their value, period, dates, event, cut and
//! how the second stat is written (see `proof_facts`).

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::ops::{Index, IndexMut, RangeInclusive};

use fulltime_localnet::native::FalsePredicate;
use settlement::state::SecondStat;
use settlement::{MarketTerms, SettlementError, Side, StatedOutcome};
use txline_interface::{Comparison, OracleError};

use super::payout::{is_pro_rata_floor, winning_share};
use super::proof_facts::ProofFacts;
use super::step::Mark;

// The contract's numbers, written out again so that a wrong constant in the program shows.
const MIN_DEPOSIT: u64 = 100_000;
const MAX_QUESTION_CHARS: usize = 140;
const DAY: i64 = 86_400;
const GRACE_SECS: i64 = 7 * DAY;
const MAX_CLOSE_AHEAD_SECS: i64 = 366 * DAY;
const DISPUTE_WINDOWS: RangeInclusive<i64> = 60..=7 * DAY;
/// The period of the `game_finalised` record, the only one a market may be on.
const FINAL_PERIOD: i32 = 100;
/// The bytes the `deposit` instruction carries for each side.
const NO: u8 = 0;
const YES: u8 = 1;

/// The side a `deposit` instruction's byte stands for, by the contract's numbers; `None` for a
/// byte that is no side.
fn side_of(byte: u8) -> Option<Side> {
    match byte {
        NO => Some(Side::No),
        YES => Some(Side::Yes),
        _ => None,
    }
}

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

#[derive(Clone, Debug)]
pub struct Settlement {
    pub outcome: Side,
    pub dispute_ends_at: i64,
    pub proof: ProofFacts,
}

#[derive(Clone, Debug)]
pub struct PositionModel {
    pub side: Side,
    pub stake: u64,
    /// What the position was paid, once it was.
    pub received: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct MarketModel {
    pub close_time: i64,
    pub dispute_window: i64,
    pub comparison: Comparison,
    pub threshold: i32,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    /// For a two-stat market: the second stat's key and how it combines with the first.
    pub second_stat: Option<SecondStat>,
    pub totals: Totals,
    pub deposited: u64,
    pub paid: u64,
    pub settlement: Option<Settlement>,
    /// By wallet number.
    pub positions: BTreeMap<usize, PositionModel>,
}

/// What is staked on each side, indexed by the side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub no: u64,
    pub yes: u64,
}

impl Index<Side> for Totals {
    type Output = u64;

    fn index(&self, side: Side) -> &u64 {
        match side {
            Side::No => &self.no,
            Side::Yes => &self.yes,
        }
    }
}

impl IndexMut<Side> for Totals {
    fn index_mut(&mut self, side: Side) -> &mut u64 {
        match side {
            Side::No => &mut self.no,
            Side::Yes => &mut self.yes,
        }
    }
}

impl MarketModel {
    fn pool(&self) -> Option<u64> {
        self.totals.no.checked_add(self.totals.yes)
    }

    fn grace_ends_at(&self) -> i64 {
        self.close_time.saturating_add(GRACE_SECS)
    }

    /// The final outcome, once the dispute window is over.
    fn final_outcome(&self, now: i64) -> Option<Side> {
        self.settlement
            .as_ref()
            .filter(|settlement| now >= settlement.dispute_ends_at)
            .map(|settlement| settlement.outcome)
    }

    /// The outcome a proven value gives this market's question.
    pub fn truth(&self, value: i32) -> StatedOutcome {
        let t = self.threshold;
        match self.comparison {
            Comparison::GreaterThan if value > t => StatedOutcome::Yes,
            // At the threshold too: the value is not above it.
            Comparison::GreaterThan => StatedOutcome::NoBelow,
            Comparison::LessThan if value < t => StatedOutcome::Yes,
            Comparison::LessThan => StatedOutcome::NoAbove,
            Comparison::EqualTo => match value.cmp(&t) {
                Ordering::Equal => StatedOutcome::Yes,
                Ordering::Less => StatedOutcome::NoBelow,
                Ordering::Greater => StatedOutcome::NoAbove,
            },
        }
    }

    /// A NO that this market's question cannot have: the value of a failed `gt` is never above
    /// the threshold, that of a failed `lt` never below it.
    fn is_impossible(&self, stated: StatedOutcome) -> bool {
        matches!(
            (stated, self.comparison),
            (StatedOutcome::NoAbove, Comparison::GreaterThan)
                | (StatedOutcome::NoBelow, Comparison::LessThan)
        )
    }

    /// Checks a finished market: every stake was paid as the contract says, and what stays in
    /// the vault (`vault`) is rounding dust below one unit per winner.
    pub fn check_paid_out(&self, vault: u64) -> Result<(), String> {
        let pool = self.pool().ok_or("the pool overflows")?;
        let winner = self
            .settlement
            .as_ref()
            .map(|settlement| settlement.outcome)
            .filter(|&outcome| self.totals[outcome] > 0);
        let mut winners = 0u64;
        let mut total = 0u64;
        for (wallet, position) in &self.positions {
            let received = position.received;
            let fair = match winner {
                None => received == Some(position.stake),
                Some(outcome) if position.side == outcome => {
                    winners += 1;
                    received.is_some_and(|paid| {
                        paid >= position.stake
                            && is_pro_rata_floor(paid, position.stake, pool, self.totals[outcome])
                    })
                }
                Some(_) => received.is_none(),
            };
            if !fair {
                return Err(format!(
                    "wallet {wallet}'s {position:?} was not paid its due"
                ));
            }
            total = total
                .checked_add(received.unwrap_or(0))
                .ok_or("payouts overflow")?;
        }
        let dust = pool.checked_sub(total).ok_or("payouts exceed the pool")?;
        if vault != dust || dust >= winners.max(1) {
            return Err(format!(
                "vault holds {vault} after paying {total} of {pool} to {winners} winners"
            ));
        }
        Ok(())
    }
}

pub struct Model {
    oracle: FalsePredicate,
    pub now: i64,
    /// When the oracle's latest batch so far was published, in milliseconds.
    latest_batch_ms: Option<i64>,
    /// Each wallet's test USDC.
    pub balances: Vec<u64>,
    pub markets: Vec<MarketModel>,
}

impl Model {
    pub fn new(oracle: FalsePredicate, now: i64, balances: Vec<u64>) -> Self {
        Self {
            oracle,
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

    /// A market created on `terms`, or (`planted`) planted as a chain kept from before holds
    /// it: created on the final period, then holding its own.
    pub fn create_market(&mut self, terms: &MarketTerms, planted: bool) -> Expected {
        let created_on = if planted { FINAL_PERIOD } else { terms.period };
        let decidable = match terms.predicate.comparison {
            Comparison::GreaterThan => terms.predicate.threshold != i32::MAX,
            Comparison::LessThan => terms.predicate.threshold != i32::MIN,
            Comparison::EqualTo => true,
        };
        let refusal = if terms.question.chars().count() > MAX_QUESTION_CHARS {
            Some(SettlementError::QuestionTooLong)
        } else if !decidable {
            Some(SettlementError::InvalidPredicate)
        } else if created_on != FINAL_PERIOD {
            Some(SettlementError::PeriodNeverFinal)
        } else if terms.close_time <= self.now {
            Some(SettlementError::InvalidCloseTime)
        } else if terms.close_time.saturating_sub(self.now) > MAX_CLOSE_AHEAD_SECS {
            Some(SettlementError::CloseTimeTooFar)
        } else if !DISPUTE_WINDOWS.contains(&terms.dispute_window) {
            Some(SettlementError::InvalidDisputeWindow)
        } else {
            None
        };
        if let Some(error) = refusal {
            return Expected::Refused(Refusal::Settlement(error));
        }
        self.markets.push(MarketModel {
            close_time: terms.close_time,
            dispute_window: terms.dispute_window,
            comparison: terms.predicate.comparison,
            threshold: terms.predicate.threshold,
            fixture_id: terms.fixture_id,
            stat_key: terms.stat_key,
            period: terms.period,
            second_stat: terms.second_stat,
            totals: Totals::default(),
            deposited: 0,
            paid: 0,
            settlement: None,
            positions: BTreeMap::new(),
        });
        Expected::Done(Movement::Nothing)
    }

    /// A deposit of the instruction's `outcome` byte, which may be no side at all.
    pub fn deposit(&mut self, wallet: usize, market: usize, outcome: u8, amount: u64) -> Expected {
        let now = self.now;
        let balance = &mut self.balances[wallet];
        let model = &mut self.markets[market];
        let Some(side) = side_of(outcome) else {
            return Expected::Refused(Refusal::Settlement(SettlementError::InvalidOutcome));
        };
        let locked = model
            .positions
            .get(&wallet)
            .is_some_and(|position| position.side != side);
        let refusal = if amount < MIN_DEPOSIT {
            Some(Refusal::Settlement(SettlementError::BelowMinimum))
        } else if model.settlement.is_some() {
            Some(Refusal::Settlement(SettlementError::MarketResolved))
        } else if now >= model.close_time {
            Some(Refusal::Settlement(SettlementError::MarketClosed))
        } else if locked {
            Some(Refusal::Settlement(SettlementError::OutcomeLocked))
        } else if amount > *balance {
            Some(Refusal::InsufficientFunds)
        } else {
            None
        };
        if let Some(refusal) = refusal {
            return Expected::Refused(refusal);
        }
        let staked = model
            .positions
            .get(&wallet)
            .map_or(0, |position| position.stake);
        // All the test USDC there is fits in a u64, so none of these can overflow.
        let (Some(stake), Some(total), Some(deposited)) = (
            staked.checked_add(amount),
            model.totals[side].checked_add(amount),
            model.deposited.checked_add(amount),
        ) else {
            return Expected::Refused(Refusal::Settlement(SettlementError::Overflow));
        };
        model
            .positions
            .entry(wallet)
            .or_insert(PositionModel {
                side,
                stake: 0,
                received: None,
            })
            .stake = stake;
        model.totals[side] = total;
        model.deposited = deposited;
        *balance -= amount;
        Expected::Done(Movement::IntoVault(amount))
    }

    pub fn settle(&mut self, market: usize, proof: ProofFacts, stated: StatedOutcome) -> Expected {
        let now = self.now;
        let oracle = self.oracle;
        let model = &mut self.markets[market];
        let refusal = |error| Expected::Refused(Refusal::Settlement(error));
        if now < model.close_time {
            return refusal(SettlementError::MarketNotClosed);
        }
        match &model.settlement {
            Some(settled) if now >= settled.dispute_ends_at => {
                return refusal(SettlementError::MarketResolved);
            }
            None if now >= model.grace_ends_at() => {
                return refusal(SettlementError::SettlementWindowClosed);
            }
            _ => {}
        }
        // A market of the retired rule asks about a value no record proves.
        if model.period != FINAL_PERIOD {
            return refusal(SettlementError::PeriodRetired);
        }
        if proof.fixture_id != model.fixture_id {
            return refusal(SettlementError::FixtureMismatch);
        }
        // The batches carry the market's second stat key, if any: never missing, unexpected
        // or of another key.
        if proof.stat_key != model.stat_key {
            return refusal(SettlementError::StatMismatch);
        }
        if !proof.is_final() {
            return refusal(SettlementError::ValueNotFinal);
        }
        if let Some(error) = proof.dated_outside(model.close_time, now) {
            return refusal(error);
        }
        if proof.place().is_none() {
            return refusal(SettlementError::EventPathMismatch);
        }
        if !proof.second_stat_from_same_event() {
            return refusal(SettlementError::SecondStatFromOtherEvent);
        }
        if let Some(settled) = &model.settlement
            && !proof.is_later_than(&settled.proof)
        {
            return refusal(SettlementError::ProofNotLater);
        }
        if model.is_impossible(stated) {
            return refusal(SettlementError::InvalidOutcome);
        }
        // `Batch::facts` never describes an event its summary does not have.
        let Some(value) = proof.value() else {
            return refusal(SettlementError::Overflow);
        };
        if stated != model.truth(value) {
            return match oracle {
                FalsePredicate::ReturnFalse => refusal(SettlementError::OutcomeNotProven),
                FalsePredicate::Fail => {
                    Expected::Refused(Refusal::Oracle(OracleError::PredicateFailed))
                }
            };
        }
        let outcome = if stated == StatedOutcome::Yes {
            Side::Yes
        } else {
            Side::No
        };
        // Replacing a settlement keeps its deadline.
        let dispute_ends_at = match &model.settlement {
            Some(settled) => settled.dispute_ends_at,
            None => now.saturating_add(model.dispute_window),
        };
        model.settlement = Some(Settlement {
            outcome,
            dispute_ends_at,
            proof,
        });
        Expected::Done(Movement::Nothing)
    }

    pub fn claim(&mut self, wallet: usize, market: usize) -> Expected {
        let now = self.now;
        let model = &self.markets[market];
        let Some(position) = model.positions.get(&wallet) else {
            return Expected::Refused(Refusal::PositionMissing);
        };
        let refusal = |error| Expected::Refused(Refusal::Settlement(error));
        let Some(outcome) = model.final_outcome(now) else {
            return refusal(SettlementError::NotResolved);
        };
        if position.received.is_some() {
            return refusal(SettlementError::AlreadyClaimed);
        }
        let winning = model.totals[outcome];
        if winning == 0 {
            return refusal(SettlementError::NoWinners);
        }
        if position.side != outcome {
            return refusal(SettlementError::NotAWinner);
        }
        let losing = model.totals[outcome.opposite()];
        let Some(share) = winning_share(position.stake, winning, losing) else {
            return refusal(SettlementError::Overflow);
        };
        self.pay(wallet, market, share)
    }

    pub fn refund(&mut self, wallet: usize, market: usize) -> Expected {
        let now = self.now;
        let model = &self.markets[market];
        let Some(position) = model.positions.get(&wallet) else {
            return Expected::Refused(Refusal::PositionMissing);
        };
        let refusal = |error| Expected::Refused(Refusal::Settlement(error));
        let refundable = match (&model.settlement, model.final_outcome(now)) {
            (Some(_), None) => return refusal(SettlementError::NotResolved),
            (Some(_), Some(outcome)) => model.totals[outcome] == 0,
            (None, _) => now >= model.grace_ends_at(),
        };
        if !refundable {
            return refusal(SettlementError::RefundUnavailable);
        }
        if position.received.is_some() {
            return refusal(SettlementError::AlreadyClaimed);
        }
        let stake = position.stake;
        self.pay(wallet, market, stake)
    }

    fn pay(&mut self, wallet: usize, market: usize, amount: u64) -> Expected {
        let model = &mut self.markets[market];
        let (Some(paid), Some(balance)) = (
            model.paid.checked_add(amount),
            self.balances[wallet].checked_add(amount),
        ) else {
            return Expected::Refused(Refusal::Settlement(SettlementError::Overflow));
        };
        model.paid = paid;
        self.balances[wallet] = balance;
        if let Some(position) = model.positions.get_mut(&wallet) {
            position.received = Some(amount);
        }
        Expected::Done(Movement::OutOfVault(amount))
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
