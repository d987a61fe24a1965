//! Opening a market and staking in it: `create_market` and `deposit`, each refused as the
//! contract refuses it, in the order it checks.

use std::collections::BTreeMap;

use settlement::{MarketTerms, SettlementError, Side};
use txline_interface::Comparison;

use super::{
    DISPUTE_WINDOWS, Expected, FINAL_PERIOD, MAX_CLOSE_AHEAD_SECS, MAX_QUESTION_CHARS, MIN_DEPOSIT,
    MarketModel, Model, Movement, PositionModel, Refusal, Totals,
};

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

impl Model {
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
}
