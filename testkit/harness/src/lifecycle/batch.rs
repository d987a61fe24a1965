//! Oracle batches with more than one event, built with the client's Merkle trees, so that two
//! proofs of one batch can compete: a batch is one five-minute slot whose main tree holds one or
//! more summaries of a fixture, each summary an events tree whose leaves are single-stat events
//! in the order they happened. Unlike `harness::batch_proofs`, a batch may hold two versions of
//! a fixture's events, whose proofs share a timestamp but not an events tree. For a two-stat
//! market each event carries both stats, split so that they combine to the event's value. An
//! event that finishes the match also carries a full-time stat (its mark) where the market's
//! period is not full time; one in play carries none.

use fulltime_client::merkle::{MerkleError, MerkleTree};
use settlement::SettlementProof;
use settlement::state::SecondStat;
use txline_interface::proof::{stat_leaf, summary_leaf};
use txline_interface::time::{FINAL_PERIOD, epoch_day, hour_minute_of};
use txline_interface::{
    BinaryExpression, ScoreStat, ScoresBatchSummary, ScoresUpdateStats, StatTerm,
};

use super::proof_facts::{Cut, EventFacts, MarkFacts, ProofFacts};
use crate::SlotRoot;

/// The key of the full-time stat an event that finishes the match carries beside a half's
/// values: none of the market's keys, so that it is a leaf of its own.
const MARK_KEY: u32 = 9;

#[derive(Clone, Debug)]
pub struct Batch {
    pub ts_ms: i64,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    /// The market's second stat, for a two-stat market.
    pub second_stat: Option<SecondStat>,
    /// Per summary, its events in order.
    pub summaries: Vec<Vec<EventFacts>>,
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

    /// The full-time stat an event carries beside the market's, where the market's stat is not
    /// full time itself and the event finishes the match.
    fn mark_stat(&self, event: EventFacts) -> Option<ScoreStat> {
        (event.finishes && self.period != FINAL_PERIOD).then_some(ScoreStat {
            key: MARK_KEY,
            value: event.value,
            period: FINAL_PERIOD,
        })
    }

    /// The stats an event carries, in its tree's leaf order: the market's (one or two), then
    /// its full-time mark, if any.
    fn event_stats(&self, event: EventFacts) -> Vec<ScoreStat> {
        let (first, second) = self.stats(event.value);
        std::iter::once(first)
            .chain(second)
            .chain(self.mark_stat(event))
            .collect()
    }

    /// An event's stats tree: its leaves are the stats it carries.
    fn stat_tree(&self, event: EventFacts) -> Result<MerkleTree, BatchError> {
        let leaves = self.event_stats(event).iter().map(stat_leaf).collect();
        Ok(MerkleTree::new(leaves)?)
    }

    fn events(&self, summary: usize) -> Result<&Vec<EventFacts>, BatchError> {
        self.summaries
            .get(summary)
            .ok_or(BatchError::NoSummary(summary))
    }

    fn events_tree(&self, summary: usize) -> Result<MerkleTree, BatchError> {
        let leaves = self
            .events(summary)?
            .iter()
            .map(|&event| Ok(self.stat_tree(event)?.root()))
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

    fn event(&self, summary: usize, event: usize) -> Result<EventFacts, BatchError> {
        let events = self.events(summary)?;
        Ok(*events.get(event).ok_or(MerkleError::IndexOutOfRange {
            index: event,
            leaves: events.len(),
        })?)
    }

    /// Stat `index` of event `event` of summary `summary`, with its path to the event's root.
    fn term(&self, summary: usize, event: usize, index: usize) -> Result<StatTerm, BatchError> {
        let event = self.event(summary, event)?;
        let stats = self.event_stats(event);
        let tree = self.stat_tree(event)?;
        let stat_to_prove = *stats.get(index).ok_or(MerkleError::IndexOutOfRange {
            index,
            leaves: stats.len(),
        })?;
        Ok(StatTerm {
            stat_to_prove,
            event_stat_root: tree.root(),
            stat_proof: tree.proof(index)?,
        })
    }

    /// The proof of event `event` of summary `summary`, without a full-time mark.
    pub fn proof(&self, summary: usize, event: usize) -> Result<SettlementProof, BatchError> {
        let two_stats = self.second_stat.is_some();
        Ok(SettlementProof {
            ts: self.ts_ms,
            fixture_summary: self.summary(summary)?,
            fixture_proof: self.events_tree(summary)?.proof(event)?,
            main_tree_proof: self.main_tree()?.proof(summary)?,
            stat: self.term(summary, event, 0)?,
            stat_b: two_stats
                .then(|| self.term(summary, event, 1))
                .transpose()?,
            full_time_mark: None,
        })
    }

    /// The first full-time stat of event `event` of summary `summary` with its path, if the
    /// event carries one: the market's own stat where it is full time, else its mark.
    pub fn full_time_term(
        &self,
        summary: usize,
        event: usize,
    ) -> Result<Option<StatTerm>, BatchError> {
        let stats = self.event_stats(self.event(summary, event)?);
        stats
            .iter()
            .position(|stat| stat.period == FINAL_PERIOD)
            .map(|index| self.term(summary, event, index))
            .transpose()
    }

    /// What the model knows of that proof, cut as `cut` says, with the full-time mark
    /// `full_time_mark`.
    pub fn facts(
        &self,
        summary: usize,
        event: usize,
        cut: Cut,
        full_time_mark: MarkFacts,
    ) -> Result<ProofFacts, BatchError> {
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
            full_time_mark,
        })
    }
}
