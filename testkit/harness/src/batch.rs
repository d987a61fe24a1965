use fulltime_client::merkle::MerkleTree;
use settlement::{SecondStatProof, SettlementProof};
use txline_interface::proof::{stat_leaf, summary_leaf};
use txline_interface::time::{epoch_day, hour_minute_of};
use txline_interface::{ScoreStat, ScoresBatchSummary, ScoresUpdateStats, StatTerm};

/// Where a batch root goes in the oracle: day, hour, minute, root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotRoot {
    pub epoch_day: u16,
    pub hour_of_day: u8,
    pub minute_of_hour: u8,
    pub root: [u8; 32],
}

/// The smallest valid proof: one stat alone in its event, its fixture alone in a batch at
/// `ts_ms`, so every path is empty and each root is the leaf below it. Returns the proof and
/// the root the oracle must have posted for it. `None` for a timestamp before 1970.
pub fn single_stat_proof(
    ts_ms: i64,
    fixture_id: i64,
    stat: ScoreStat,
) -> Option<(SettlementProof, SlotRoot)> {
    let (mut proofs, root) = batch_proofs(ts_ms, fixture_id, &[stat])?;
    Some((proofs.pop()?, root))
}

/// A batch at `ts_ms` in which the fixture has one event per stat, in the order given (each
/// event carries that one stat), alone in its five-minute slot. Returns a proof of each event's
/// stat, in the same order, and the root the oracle must have posted. `None` for an empty list
/// or a timestamp before 1970.
pub fn batch_proofs(
    ts_ms: i64,
    fixture_id: i64,
    events: &[ScoreStat],
) -> Option<(Vec<SettlementProof>, SlotRoot)> {
    let event_roots: Vec<_> = events.iter().map(stat_leaf).collect();
    let events_tree = MerkleTree::new(event_roots.clone()).ok()?;
    let update_count = i32::try_from(events.len()).ok()?;
    let (fixture_summary, root) =
        lone_summary(ts_ms, fixture_id, update_count, events_tree.root())?;
    let proofs = events
        .iter()
        .zip(event_roots)
        .enumerate()
        .map(|(index, (stat, event_stat_root))| {
            Some(SettlementProof {
                ts: ts_ms,
                fixture_summary,
                fixture_proof: events_tree.proof(index).ok()?,
                main_tree_proof: vec![],
                stat: StatTerm {
                    stat_to_prove: *stat,
                    event_stat_root,
                    stat_proof: vec![],
                },
                stat_b: None,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((proofs, root))
}

/// A proof for a two-stat market: `first` and `second` are the two stats of one event, alone in
/// its batch at `ts_ms`. Each stat's path is the other's leaf, so the second stat shares no
/// sibling with the first. Returns the proof and the root the oracle must have posted.
pub fn two_stat_proof(
    ts_ms: i64,
    fixture_id: i64,
    first: ScoreStat,
    second: ScoreStat,
) -> Option<(SettlementProof, SlotRoot)> {
    record_proof(ts_ms, fixture_id, &[first, second], 0, Some(1))
}

/// A proof from one score record carrying every stat of `record`, in that order, alone in its
/// batch at `ts_ms`, as a real record carries dozens: of stat `first`, and of stat `second` for
/// a two-stat market, the second written as the instruction carries it (the siblings its path
/// shares with the first's sent once). `None` for a stat the record lacks or a timestamp before
/// 1970.
pub fn record_proof(
    ts_ms: i64,
    fixture_id: i64,
    record: &[ScoreStat],
    first: usize,
    second: Option<usize>,
) -> Option<(SettlementProof, SlotRoot)> {
    let stats = MerkleTree::new(record.iter().map(stat_leaf).collect()).ok()?;
    let event_stat_root = stats.root();
    // One event: the events tree is its leaf alone.
    let (fixture_summary, root) = lone_summary(ts_ms, fixture_id, 1, event_stat_root)?;
    let term = |index: usize| {
        Some(StatTerm {
            stat_to_prove: *record.get(index)?,
            event_stat_root,
            stat_proof: stats.proof(index).ok()?,
        })
    };
    let proof = SettlementProof {
        ts: ts_ms,
        fixture_summary,
        fixture_proof: vec![],
        main_tree_proof: vec![],
        stat: term(first)?,
        stat_b: None,
    };
    let second = match second {
        Some(index) => Some(term(index)?),
        None => None,
    };
    Some((with_second_stat(proof, second), root))
}

/// The second stat of `proof` as the oracle takes it, rebuilt from what the instruction carries
/// as the program rebuilds it. `None` for a one-stat proof, and for one that claims more shared
/// siblings than the first stat's path holds.
pub fn second_stat_term(proof: &SettlementProof) -> Option<StatTerm> {
    proof.stat_b.as_ref()?.expand(&proof.stat).ok()
}

/// `proof` with `second`, a whole term, as its second stat, written as the instruction carries
/// it against `proof`'s first stat: a term of another event keeps its whole path.
pub fn with_second_stat(proof: SettlementProof, second: Option<StatTerm>) -> SettlementProof {
    let stat_b = second.map(|second| SecondStatProof::sharing(&proof.stat, &second));
    SettlementProof { stat_b, ..proof }
}

/// `proof` split elsewhere, as a hostile settler may: the fixture path moved onto the end of each
/// stat's path, every term naming the fixture's events root as its event's, the fixture path
/// left empty. Every hash still verifies; the proof now claims the events root is an event. For
/// proofs whose second stat, if any, rebuilds against the first.
pub fn resplit(proof: &SettlementProof) -> SettlementProof {
    let events_root = proof.fixture_summary.events_sub_tree_root;
    let raise = |term: &StatTerm| {
        let mut raised = term.clone();
        raised.stat_proof.extend_from_slice(&proof.fixture_proof);
        raised.event_stat_root = events_root;
        raised
    };
    let raised = SettlementProof {
        fixture_proof: vec![],
        stat: raise(&proof.stat),
        stat_b: None,
        ..proof.clone()
    };
    with_second_stat(raised, second_stat_term(proof).as_ref().map(raise))
}

/// A two-stat proof whose stats come from two events of one batch at `ts_ms`: `first` is the
/// only stat of events[0], `second` the only stat of events[1]. Returns the proof split as the
/// oracle publishes it (each stat's path ending at its own event's root), the same stats both
/// raised to the events root (each path running through its own event; the fixture path
/// empty), and the root the oracle must have posted.
pub fn mixed_event_proofs(
    ts_ms: i64,
    fixture_id: i64,
    first: ScoreStat,
    second: ScoreStat,
) -> Option<(SettlementProof, SettlementProof, SlotRoot)> {
    let (mut proofs, root) = batch_proofs(ts_ms, fixture_id, &[first, second])?;
    let second_proof = proofs.pop()?;
    let first_proof = proofs.pop()?;
    let honest = with_second_stat(first_proof.clone(), Some(second_proof.stat.clone()));
    let raised = with_second_stat(resplit(&first_proof), Some(resplit(&second_proof).stat));
    Some((honest, raised, root))
}

/// The summary of a fixture alone in its batch at `ts_ms`, and the root of that batch: the
/// summary's leaf, as the main tree has that one leaf.
fn lone_summary(
    ts_ms: i64,
    fixture_id: i64,
    update_count: i32,
    events_sub_tree_root: [u8; 32],
) -> Option<(ScoresBatchSummary, SlotRoot)> {
    let summary = ScoresBatchSummary {
        fixture_id,
        update_stats: ScoresUpdateStats {
            update_count,
            min_timestamp: ts_ms,
            max_timestamp: ts_ms,
        },
        events_sub_tree_root,
    };
    let (hour_of_day, minute_of_hour) = hour_minute_of(ts_ms);
    let root = SlotRoot {
        epoch_day: epoch_day(ts_ms)?,
        hour_of_day,
        minute_of_hour,
        root: summary_leaf(&summary),
    };
    Some((summary, root))
}

#[cfg(test)]
mod tests {
    use txline_interface::proof::root_from_path;

    use super::*;

    fn stat(key: u32, value: i32) -> ScoreStat {
        ScoreStat {
            key,
            value,
            period: 100,
        }
    }

    /// Eight stats: the two goals, then cards and corners.
    fn record() -> Vec<ScoreStat> {
        (1..=8).map(|key| stat(key, 2)).collect()
    }

    #[test]
    fn neighbours_in_a_record_share_the_siblings_above_them() {
        let (proof, _) = record_proof(1_000, 7, &record(), 0, Some(1)).expect("a proof");
        let second = proof.stat_b.as_ref().expect("two stats");
        assert_eq!(second.stat_proof.len(), 1, "its neighbour, the first stat");
        assert_eq!(second.shared, 2);
        let term = second_stat_term(&proof).expect("rebuilds");
        assert_eq!(term.event_stat_root, proof.stat.event_stat_root);
        assert_eq!(
            root_from_path(stat_leaf(&term.stat_to_prove), &term.stat_proof),
            proof.stat.event_stat_root
        );
    }

    #[test]
    fn a_resplit_second_stat_shares_the_fixture_path_too() {
        let (proofs, _) = batch_proofs(1_000, 7, &[stat(1, 1), stat(1, 2)]).expect("a batch");
        let (proof, _) = record_proof(1_000, 7, &record(), 0, Some(1)).expect("a proof");
        // The record's proof placed as the second event of a two-event batch.
        let placed = SettlementProof {
            fixture_proof: proofs[1].fixture_proof.clone(),
            ..proof
        };
        let raised = resplit(&placed);
        assert!(raised.fixture_proof.is_empty());
        assert_eq!(raised.stat_b.as_ref().map(|second| second.shared), Some(3));
        let term = second_stat_term(&raised).expect("rebuilds");
        assert_eq!(
            root_from_path(stat_leaf(&term.stat_to_prove), &term.stat_proof),
            root_from_path(
                stat_leaf(&raised.stat.stat_to_prove),
                &raised.stat.stat_proof
            )
        );
    }
}
