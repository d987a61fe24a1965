//! A proof as deep as real TxLINE batches make them, built with the oracle's hashing: a slot of
//! many fixtures, a fixture with many records in the slot, a `game_finalised` record of many
//! stats. The program README promises what depths one settle transaction carries; tests settle
//! with the deepest and refuse one deeper, and the benchmark settles with it.

use fulltime_client::merkle::MerkleTree;
use fulltime_client::proof_file::{OracleRoot, ProofFile, ProofRecord};
use fulltime_client::txline::{ProvenStat, TxlineProof};
use txline_interface::proof::{Hash32, stat_leaf, summary_leaf};
use txline_interface::time::{FINAL_PERIOD, epoch_day, hour_minute_of};
use txline_interface::{ScoreStat, ScoresBatchSummary, ScoresUpdateStats};

/// The depths the program README promises one settle carries: a slot of 1,024 fixtures (10
/// siblings), 64 records of the fixture in the slot (6), 64 stats in a record (6), and a second
/// stat beside the first (1 sibling of its own): 23 in all.
pub const PROMISED: Depths = Depths {
    fixtures: 1_024,
    records: 64,
    stats: 64,
};

/// How wide each tree of the batch is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depths {
    /// Fixtures in the slot: the main tree's leaves.
    pub fixtures: usize,
    /// Records of the fixture in the slot: its events tree's leaves (its `update_count`).
    pub records: usize,
    /// Stats of the record: its stats tree's leaves, at most 64 (every key of the encoding).
    pub stats: usize,
}

/// The batch's proof and the root the oracle must hold for its slot.
pub struct DeepProof {
    pub proof: TxlineProof,
    pub root: OracleRoot,
}

impl DeepProof {
    /// The proof as a proof file that `fulltime settle --proof` takes.
    pub fn proof_file(&self, name: &str) -> ProofFile {
        ProofFile {
            name: name.to_owned(),
            description: "A proof as deep as the settle transaction promises to carry.".into(),
            kickoff: None,
            record: Some(ProofRecord {
                seq: 1,
                action: "game_finalised".into(),
            }),
            market: None,
            expected: None,
            proof: self.proof.clone(),
        }
    }
}

/// The proof of stats 1 and 2 (participant 1's and 2's goals, `home` and `away`) of fixture
/// `fixture_id`'s game_finalised record in the slot at `ts_ms`. The record is the first leaf of
/// its events tree and the summary the first of the main tree: a first leaf has a sibling at
/// every level, where a last one may be promoted past some, so its paths are the longest the
/// trees' widths allow. `None` for a time the oracle cannot file or trees of no leaves.
pub fn deep_proof(
    ts_ms: i64,
    fixture_id: i64,
    depths: Depths,
    (home, away): (i32, i32),
) -> Option<DeepProof> {
    // Every key of the soccer encoding, in key order: 1, 2, ... 8, 1001, ... 7008.
    let stats: Vec<ScoreStat> = (0..8u32)
        .flat_map(|part| (1..=8).map(move |base| part * 1_000 + base))
        .take(depths.stats)
        .map(|key| ScoreStat {
            key,
            value: match key {
                1 => home,
                2 => away,
                _ => 0,
            },
            period: FINAL_PERIOD,
        })
        .collect();
    let stats_tree = MerkleTree::new(stats.iter().map(stat_leaf).collect()).ok()?;
    let record_root = stats_tree.root();
    // The fixture's other records in the slot: their stat roots, as many as asked.
    let records: Vec<Hash32> = std::iter::once(record_root)
        .chain((1..depths.records).map(|index| filler(b'r', index)))
        .collect();
    let events = MerkleTree::new(records).ok()?;
    let summary = ScoresBatchSummary {
        fixture_id,
        update_stats: ScoresUpdateStats {
            update_count: i32::try_from(depths.records).ok()?,
            min_timestamp: ts_ms,
            max_timestamp: ts_ms,
        },
        events_sub_tree_root: events.root(),
    };
    let fixtures: Vec<Hash32> = std::iter::once(summary_leaf(&summary))
        .chain((1..depths.fixtures).map(|index| filler(b'f', index)))
        .collect();
    let main = MerkleTree::new(fixtures).ok()?;
    let (hour_of_day, minute_of_hour) = hour_minute_of(ts_ms);
    Some(DeepProof {
        proof: TxlineProof {
            ts: ts_ms,
            fixture_summary: summary,
            fixture_proof: events.proof(0).ok()?,
            main_tree_proof: main.proof(0).ok()?,
            event_stat_root: record_root,
            stat: ProvenStat {
                stat: stats[0],
                path: stats_tree.proof(0).ok()?,
            },
            stat_b: Some(ProvenStat {
                stat: *stats.get(1)?,
                path: stats_tree.proof(1).ok()?,
            }),
        },
        root: OracleRoot {
            epoch_day: epoch_day(ts_ms)?,
            hour_of_day,
            minute_of_hour,
            root: main.root(),
        },
    })
}

/// A hash standing for a leaf the proof does not open: another fixture's summary, another
/// record's stat root.
fn filler(tag: u8, index: usize) -> Hash32 {
    let mut hash = [tag; 32];
    hash[..8].copy_from_slice(&(index as u64).to_le_bytes());
    hash
}

#[cfg(test)]
mod tests {
    use txline_interface::proof::root_from_path;

    use super::*;

    #[test]
    fn the_promised_proof_carries_23_siblings_and_reaches_its_root() {
        let deep = deep_proof(1_779_192_000_000, 77, PROMISED, (2, 1)).expect("a proof");
        let proof = &deep.proof;
        assert_eq!(
            (
                proof.main_tree_proof.len(),
                proof.fixture_proof.len(),
                proof.stat.path.len()
            ),
            (10, 6, 6)
        );
        assert_eq!(
            proof.carried_nodes(),
            23,
            "the second stat sends one of its own"
        );
        let events_root = root_from_path(proof.event_stat_root, &proof.fixture_proof);
        assert_eq!(events_root, proof.fixture_summary.events_sub_tree_root);
        assert_eq!(
            root_from_path(summary_leaf(&proof.fixture_summary), &proof.main_tree_proof),
            deep.root.root
        );
        for proven in std::iter::once(&proof.stat).chain(&proof.stat_b) {
            assert_eq!(
                root_from_path(stat_leaf(&proven.stat), &proven.path),
                proof.event_stat_root
            );
        }
        assert_eq!(
            proof.value(Some(txline_interface::BinaryExpression::Add)),
            Some(3)
        );
    }

    #[test]
    fn one_record_more_in_the_slot_is_one_sibling_more() {
        let deeper = Depths {
            records: PROMISED.records + 1,
            ..PROMISED
        };
        let deep = deep_proof(1_779_192_000_000, 77, deeper, (2, 1)).expect("a proof");
        assert_eq!(deep.proof.fixture_proof.len(), 7);
        assert_eq!(deep.proof.carried_nodes(), 24);
    }
}
