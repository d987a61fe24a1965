//! Oracle batches with more than one event, built with the client's Merkle trees, so that two
//! proofs of one batch can compete: a batch is one five-minute slot whose main tree holds one or
//! more summaries of a fixture, each summary an events tree whose leaves are single-stat events
//! in the order they happened. Unlike `harness::batch_proofs`, a batch may hold two versions of
//! a fixture's events, whose proofs share a timestamp but not an events tree. For a two-stat
//! market each event carries both stats, split so that they combine to the event's value.

use fulltime_client::merkle::{MerkleError, MerkleTree};
use settlement::SettlementProof;
use settlement::state::SecondStat;
use txline_interface::proof::{stat_leaf, summary_leaf};
use txline_interface::time::{epoch_day, hour_minute_of};
use txline_interface::{
    BinaryExpression, ScoreStat, ScoresBatchSummary, ScoresUpdateStats, StatTerm,
};

use super::proof_facts::{Cut, ProofFacts};
use crate::harness::SlotRoot;

#[derive(Clone, Debug)]
pub struct Batch {
    pub ts_ms: i64,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    /// The market's second stat, for a two-stat market.
    pub second_stat: Option<SecondStat>,
    /// Per summary, the market's value after each of its events: the stat, or both combined.
    pub summaries: Vec<Vec<i32>>,
}

#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    #[error(transparent)]
    Merkle(#[from] MerkleError),
    #[error("the batch has no summary {0}")]
    NoSummary(usize),
    #[error("the timestamp {0} has no oracle day")]
    NoDay(i64),
}

impl Batch {
    /// The stats an event with the market's value `value` carries: the first alone, or both,
    /// split about evenly so that neither is zero for most values and `first op second` is
    /// `value` without overflow.
    fn stats(&self, value: i32) -> (ScoreStat, Option<ScoreStat>) {
        let stat = |key, value| ScoreStat {
            key,
            value,
            period: self.period,
        };
        match self.second_stat {
            None => (stat(self.stat_key, value), None),
            Some(second) => {
                let half = value / 2;
                let (first, other) = match second.op {
                    BinaryExpression::Add => (value - half, half),
                    BinaryExpression::Subtract => (value - half, -half),
                };
                (
                    stat(self.stat_key, first),
                    Some(stat(second.stat_key, other)),
                )
            }
        }
    }

    /// An event's stats tree: its leaves are the stats it carries.
    fn stat_tree(&self, value: i32) -> Result<MerkleTree, BatchError> {
        let (first, second) = self.stats(value);
        let leaves = std::iter::once(first)
            .chain(second)
            .map(|stat| stat_leaf(&stat));
        Ok(MerkleTree::new(leaves.collect())?)
    }

    fn events(&self, summary: usize) -> Result<&Vec<i32>, BatchError> {
        self.summaries
            .get(summary)
            .ok_or(BatchError::NoSummary(summary))
    }

    fn events_tree(&self, summary: usize) -> Result<MerkleTree, BatchError> {
        let leaves = self
            .events(summary)?
            .iter()
            .map(|&value| Ok(self.stat_tree(value)?.root()))
            .collect::<Result<_, BatchError>>()?;
        Ok(MerkleTree::new(leaves)?)
    }

    fn summary(&self, index: usize) -> Result<ScoresBatchSummary, BatchError> {
        let events = self.events(index)?;
        Ok(ScoresBatchSummary {
            fixture_id: self.fixture_id,
            update_stats: ScoresUpdateStats {
                update_count: i32::try_from(events.len()).unwrap_or(i32::MAX),
                min_timestamp: self.ts_ms,
                max_timestamp: self.ts_ms,
            },
            events_sub_tree_root: self.events_tree(index)?.root(),
        })
    }

    fn main_tree(&self) -> Result<MerkleTree, BatchError> {
        let leaves = (0..self.summaries.len())
            .map(|index| Ok(summary_leaf(&self.summary(index)?)))
            .collect::<Result<_, BatchError>>()?;
        Ok(MerkleTree::new(leaves)?)
    }

    /// The root the oracle must have posted for the batch's slot.
    pub fn root(&self) -> Result<SlotRoot, BatchError> {
        let (hour_of_day, minute_of_hour) = hour_minute_of(self.ts_ms);
        Ok(SlotRoot {
            epoch_day: epoch_day(self.ts_ms).ok_or(BatchError::NoDay(self.ts_ms))?,
            hour_of_day,
            minute_of_hour,
            root: self.main_tree()?.root(),
        })
    }

    /// The proof of event `event` of summary `summary`.
    pub fn proof(&self, summary: usize, event: usize) -> Result<SettlementProof, BatchError> {
        let events = self.events(summary)?;
        let value = *events.get(event).ok_or(MerkleError::IndexOutOfRange {
            index: event,
            leaves: events.len(),
        })?;
        let (first, second) = self.stats(value);
        let stats = self.stat_tree(value)?;
        let term = |stat_to_prove, index| -> Result<StatTerm, BatchError> {
            Ok(StatTerm {
                stat_to_prove,
                event_stat_root: stats.root(),
                stat_proof: stats.proof(index)?,
            })
        };
        Ok(SettlementProof {
            ts: self.ts_ms,
            fixture_summary: self.summary(summary)?,
            fixture_proof: self.events_tree(summary)?.proof(event)?,
            main_tree_proof: self.main_tree()?.proof(summary)?,
            stat: term(first, 0)?,
            stat_b: second.map(|second| term(second, 1)).transpose()?,
        })
    }

    /// What the model knows of that proof, cut as `cut` says.
    pub fn facts(&self, summary: usize, event: usize, cut: Cut) -> Result<ProofFacts, BatchError> {
        let events = self.events(summary)?;
        if event >= events.len() {
            return Err(MerkleError::IndexOutOfRange {
                index: event,
                leaves: events.len(),
            }
            .into());
        }
        Ok(ProofFacts {
            ts_ms: self.ts_ms,
            fixture_id: self.fixture_id,
            stat_key: self.stat_key,
            period: self.period,
            events: events.clone(),
            event,
            cut,
        })
    }
}
