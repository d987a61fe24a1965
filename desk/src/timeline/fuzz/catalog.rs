//! The proof cases of the catalog (`fulltime_matches::committed()`) as the fuzz uses them: the
//! markets it can make from them, the proofs each market can be settled with, and what each such
//! settle must give, grouped by match day (the cases whose matches kick off together).

use std::collections::BTreeMap;

use fulltime_client::errors::ErrorSource;
use fulltime_client::proof_file::{Expected, ExpectedError, ProofFile, ProofMarket};
use fulltime_client::settlement::SettlementError;
use fulltime_client::side::Side;
use fulltime_client::txline_interface::time::FINAL_PERIOD;
use fulltime_matches::Generated;

/// What settling a case's own market with its proof gives, once the market may be settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseResult {
    Outcome(Side),
    Refused(RefusedWhen, ExpectedError),
}

/// Where the program meets a case's error among its own checks, which decides what a settle
/// that is also early, late or stale is refused with: the market's terms and the values' period
/// before the proof's batch time, the event path after it, then whether it is later than the
/// settlement it would replace, and the oracle last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RefusedWhen {
    BeforeBatchTime,
    AfterBatchTime,
    ByTheOracle,
}

/// A case the fuzz can make a market from and settle with.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub market: ProofMarket,
    /// Its match's kickoff, unix seconds.
    pub kickoff: i64,
    /// The second its batch was published: a settle needs the market closed by then and the
    /// clock at it or after.
    pub batch_second: i64,
    /// Its batch's time in milliseconds, which a later proof must pass.
    pub batch_ms: i64,
    /// Which version of the fixture's records it proves from, and which record: what decides
    /// whether it is later than another proof of the same batch.
    pub events_root: [u8; 32],
    pub seq: u32,
    pub result: CaseResult,
}

impl Case {
    /// Whether a market on this case's terms can be created at all (the retired rule cannot).
    pub fn is_marketable(&self) -> bool {
        self.market.period == FINAL_PERIOD
    }

    /// Whether `other`'s proof is meant for a market on this case's terms: the program checks
    /// the terms, never the question.
    pub fn same_terms(&self, other: &Case) -> bool {
        let (mine, theirs) = (&self.market, &other.market);
        mine.fixture_id == theirs.fixture_id
            && mine.stat_key == theirs.stat_key
            && mine.period == theirs.period
            && mine.predicate == theirs.predicate
            && mine.second_stat == theirs.second_stat
    }
}

/// The usable cases, by name, and the match days they make.
#[derive(Clone, Debug)]
pub struct Catalog {
    cases: BTreeMap<String, Case>,
    /// By kickoff, the names of the cases a market can be made from.
    days: BTreeMap<i64, Vec<String>>,
}

impl Catalog {
    /// The cases of `proofs` the fuzz can use: those with a market, a kickoff, a record and an
    /// expected result it can place among the program's checks.
    pub fn of(proofs: &Generated) -> Self {
        let cases: BTreeMap<String, Case> = proofs
            .proof_files
            .iter()
            .filter_map(usable)
            .map(|case| (case.name.clone(), case))
            .collect();
        let mut days: BTreeMap<i64, Vec<String>> = BTreeMap::new();
        for case in cases.values().filter(|case| case.is_marketable()) {
            days.entry(case.kickoff)
                .or_default()
                .push(case.name.clone());
        }
        Self { cases, days }
    }

    pub fn case(&self, name: &str) -> Option<&Case> {
        self.cases.get(name)
    }

    /// Each match day's kickoff with the cases a market can be made from, kickoff first.
    pub fn days(&self) -> impl Iterator<Item = (i64, &[String])> {
        self.days
            .iter()
            .map(|(kickoff, names)| (*kickoff, names.as_slice()))
    }

    /// The cases whose proofs are meant for a market made from `market_case`, itself first.
    pub fn proofs_for(&self, market_case: &str) -> Vec<&Case> {
        let Some(own) = self.cases.get(market_case) else {
            return Vec::new();
        };
        std::iter::once(own)
            .chain(
                self.cases
                    .values()
                    .filter(|case| case.name != own.name && own.same_terms(case)),
            )
            .collect()
    }
}

fn usable(file: &ProofFile) -> Option<Case> {
    let result = match file.expected.as_ref()? {
        Expected::Outcome(side) => CaseResult::Outcome(*side),
        Expected::Error(error) => CaseResult::Refused(refused_when(error)?, error.clone()),
    };
    Some(Case {
        name: file.name.clone(),
        market: file.market.clone()?,
        kickoff: file.kickoff?,
        batch_second: file.proof.ts.div_euclid(1_000),
        batch_ms: file.proof.ts,
        events_root: file.proof.fixture_summary.events_sub_tree_root,
        seq: file.record.as_ref()?.seq,
        result,
    })
}

/// Where the program meets `error`; `None` for an error the fuzz does not place.
fn refused_when(error: &ExpectedError) -> Option<RefusedWhen> {
    if error.program == ErrorSource::Oracle {
        return Some(RefusedWhen::ByTheOracle);
    }
    let named = |errors: &[SettlementError]| errors.iter().any(|known| known.name() == error.name);
    if error.program != ErrorSource::Settlement {
        None
    } else if named(&[
        SettlementError::PeriodRetired,
        SettlementError::FixtureMismatch,
        SettlementError::StatMismatch,
        SettlementError::MissingSecondStat,
        SettlementError::UnexpectedSecondStat,
        SettlementError::ValueNotFinal,
    ]) {
        Some(RefusedWhen::BeforeBatchTime)
    } else if named(&[
        SettlementError::EventPathMismatch,
        SettlementError::SecondStatFromOtherEvent,
    ]) {
        Some(RefusedWhen::AfterBatchTime)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_catalog_has_days_with_honest_and_hostile_proofs() {
        let proofs = fulltime_matches::committed().expect("the committed proof files");
        let catalog = Catalog::of(&proofs);
        assert!(catalog.days().count() >= 2);
        let arsenal = catalog.proofs_for("arsenal-home-goals-over-1");
        assert_eq!(arsenal[0].result, CaseResult::Outcome(Side::Yes));
        assert!(
            arsenal
                .iter()
                .any(|case| matches!(case.result, CaseResult::Refused(..)))
        );
        let retired = catalog
            .case("brighton-home-goals-first-half-retired-rule")
            .expect("placed");
        assert!(!retired.is_marketable());
    }
}
