//! A settle with a proof case: the program's checks in its order (the time, the case's own error
//! where the program meets it, the batch time, a proof no later than the settlement it would
//! replace), then the outcome the case proves, provisional for the market's dispute window. A
//! settler that states the other side is refused last, once the oracle finds the proof sound but
//! the statement not holding (the client states a lie the market can have, never one the program
//! refuses as impossible).

use fulltime_client::proof_file::ExpectedError;
use fulltime_client::settlement::SettlementError;
use fulltime_client::side::Side;

use super::super::catalog::{Case, CaseResult, RefusedWhen};
use super::market::Settled;
use super::{Model, Unmodelled, refused, unmodelled};

impl Model<'_> {
    pub(super) fn settle(
        &mut self,
        label: &str,
        case_name: &str,
        stated: Option<Side>,
    ) -> Result<Option<ExpectedError>, Unmodelled> {
        let now = self.now;
        let catalog = self.catalog;
        let market = self.market_mut(label)?;
        let case = catalog
            .case(case_name)
            .ok_or_else(|| unmodelled("an unknown case"))?;
        let own = catalog
            .case(&market.case)
            .ok_or_else(|| unmodelled("an unknown case"))?;
        if !own.same_terms(case) {
            return Err(unmodelled("a proof meant for another market's terms"));
        }
        if now < market.close {
            return Ok(refused(SettlementError::MarketNotClosed));
        }
        match &market.settlement {
            Some(settled) if now >= settled.dispute_ends_at => {
                return Ok(refused(SettlementError::MarketResolved));
            }
            None if now >= market.grace_ends_at() => {
                return Ok(refused(SettlementError::SettlementWindowClosed));
            }
            _ => {}
        }
        let case_error = |when: RefusedWhen| match &case.result {
            CaseResult::Refused(at, error) if *at == when => Some(error.clone()),
            _ => None,
        };
        if let Some(error) = case_error(RefusedWhen::BeforeBatchTime) {
            return Ok(Some(error));
        }
        if case.batch_second < market.close {
            return Ok(refused(SettlementError::ProofBeforeClose));
        }
        if case.batch_second > now {
            return Ok(refused(SettlementError::ProofFromFuture));
        }
        if let Some(error) = case_error(RefusedWhen::AfterBatchTime) {
            return Ok(Some(error));
        }
        if let Some(settled) = &market.settlement
            && !is_later(case, settled)
        {
            return Ok(refused(SettlementError::ProofNotLater));
        }
        let outcome = match &case.result {
            CaseResult::Refused(_, error) => return Ok(Some(error.clone())),
            CaseResult::Outcome(outcome) => *outcome,
        };
        if stated.is_some_and(|stated| stated != outcome) {
            return Ok(refused(SettlementError::OutcomeNotProven));
        }
        // Replacing a settlement keeps its deadline.
        let dispute_ends_at = match &market.settlement {
            Some(settled) => settled.dispute_ends_at,
            None => now.saturating_add(market.dispute_window),
        };
        market.settlement = Some(Settled {
            outcome,
            dispute_ends_at,
            batch_ms: case.batch_ms,
            events_root: case.events_root,
            seq: case.seq,
        });
        Ok(None)
    }
}

/// A later batch, or a later record of the same version of the fixture's records in the same
/// batch (a slot's records are its events tree's leaves in sequence order).
fn is_later(case: &Case, settled: &Settled) -> bool {
    case.batch_ms > settled.batch_ms
        || (case.batch_ms == settled.batch_ms
            && case.events_root == settled.events_root
            && case.seq > settled.seq)
}
