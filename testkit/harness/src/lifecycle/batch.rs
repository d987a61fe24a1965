//! Oracle batches with more than one event, built with the client's Merkle trees, so that two
//! proofs of one batch can compete: a batch is one five-minute slot whose main tree holds one or
//! more summaries of a fixture, each summary an events tree whose leaves are score records in
//! the order they happened. Unlike `harness::batch_proofs`, a batch may hold two versions of a
//! fixture's events, whose proofs share a timestamp but not an events tree. Each record carries
//! the market's stat (for a two-stat market both, side by side, split so that they combine to
//! the event's value) and the match's other counts after it, as a real record carries many
//! stats, every one at the record's period: 100 for the `game_finalised` record, another for a
//! record in play.

use fulltime_client::merkle::{MerkleError, MerkleTree};
use settlement::SettlementProof;
use settlement::state::SecondStat;
use txline_interface::proof::{stat_leaf, summary_leaf};
use txline_interface::time::{epoch_day, hour_minute_of};
use txline_interface::{
    BinaryExpression, ScoreStat, ScoresBatchSummary, ScoresUpdateStats, StatTerm,
};

use super::proof_facts::{Cut, EventFacts, ProofFacts};
use crate::{SlotRoot, with_second_stat};

/// The other counts a record carries after the market's stats, as (key, value) keyed as TxLINE
/// keys them: yellow cards, red cards and corners of either side, none of them a lifecycle
/// market's keys. Their values stay put, so that events are told apart by the market's value
/// alone.
const OTHER_COUNTS: [(u32, i32); 6] = [(3, 1), (4, 2), (5, 0), (6, 0), (7, 5), (8, 3)];

#[derive(Clone, Debug)]
pub struct Batch {
    pub ts_ms: i64,
    pub fixture_id: i64,
    /// The first stat's key, the market's or another.
    pub stat_key: u32,
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
    /// The market's stats an event with the market's value `value` carries, at `period`: the
    /// first alone, or both, split about evenly so that neither is zero for most values and
    /// `first op second` is `value` without overflow.
    fn stats(&self, value: i32, period: i32) -> (ScoreStat, Option<ScoreStat>) {
        let stat = |key, value| ScoreStat { key, value, period };
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

    /// The stats an event carries, in its tree's leaf order: the market's (one or two, so the
    /// two are neighbours), then the other counts, all at the event's period.
    fn event_stats(&self, event: EventFacts) -> Vec<ScoreStat> {
        let (first, second) = self.stats(event.value, event.period);
        let others = OTHER_COUNTS.iter().map(|&(key, value)| ScoreStat {
            key,
            value,
            period: event.period,
        });
        std::iter::once(first).chain(second).chain(others).collect()
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

    /// The proof of event `event` of summary `summary` as the client sends it: the second stat,
    /// for a two-stat market, without the siblings it shares with the first.
    pub fn proof(&self, summary: usize, event: usize) -> Result<SettlementProof, BatchError> {
        let two_stats = self.second_stat.is_some();
        let proof = SettlementProof {
            ts: self.ts_ms,
            fixture_summary: self.summary(summary)?,
            fixture_proof: self.events_tree(summary)?.proof(event)?,
            main_tree_proof: self.main_tree()?.proof(summary)?,
            stat: self.term(summary, event, 0)?,
            stat_b: None,
        };
        let second = two_stats
            .then(|| self.term(summary, event, 1))
            .transpose()?;
        Ok(with_second_stat(proof, second))
    }

    /// What the model knows of that proof, cut as `cut` says, its second stat written as its
    /// path runs or not (`second_stat_intact`).
    pub fn facts(
        &self,
        summary: usize,
        event: usize,
        cut: Cut,
        second_stat_intact: bool,
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
            events: events.clone(),
            event,
            cut,
            second_stat_intact,
        })
    }
}
