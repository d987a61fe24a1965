//! Settling a market with a proof: every check the contract makes, in its order, then the
//! outcome stated, kept with the proof and the deadline for disputing it.

use fulltime_localnet::native::FalsePredicate;
use settlement::{SettlementError, Side, StatedOutcome};
use txline_interface::OracleError;

use super::{Expected, FINAL_PERIOD, Model, Movement, Refusal, Settlement};
use crate::lifecycle::proof_facts::ProofFacts;

impl Model {
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
}
