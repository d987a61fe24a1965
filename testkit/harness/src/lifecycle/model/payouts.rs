//! Paying out: a winner's claim on its share of the pool, and a refund of the stake where the
//! market has no winner or was never settled in time.

use settlement::SettlementError;

use super::{Expected, Model, Movement, Plant, Refusal};
use crate::lifecycle::payout::winning_share;

impl Model {
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
        let share = match self.plant {
            Some(Plant::WinnerPaidOneMore) => share.saturating_add(1),
            None => share,
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
}
