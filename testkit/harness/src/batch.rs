use fulltime_client::merkle::MerkleTree;
use settlement::SettlementProof;
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
                full_time_mark: None,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((proofs, root))
}

/// A proof for a two-stat market: `first` and `second` are the two stats of one event, alone in
/// its batch at `ts_ms`. Returns the proof and the root the oracle must have posted.
pub fn two_stat_proof(
    ts_ms: i64,
    fixture_id: i64,
    first: ScoreStat,
    second: ScoreStat,
) -> Option<(SettlementProof, SlotRoot)> {
    let stats = MerkleTree::new(vec![stat_leaf(&first), stat_leaf(&second)]).ok()?;
    let event_stat_root = stats.root();
    // One event: the events tree is its leaf alone.
    let (fixture_summary, root) = lone_summary(ts_ms, fixture_id, 1, event_stat_root)?;
    let term = |stat: ScoreStat, index: usize| {
        Some(StatTerm {
            stat_to_prove: stat,
            event_stat_root,
            stat_proof: stats.proof(index).ok()?,
        })
    };
    let proof = SettlementProof {
        ts: ts_ms,
        fixture_summary,
        fixture_proof: vec![],
        main_tree_proof: vec![],
        stat: term(first, 0)?,
        stat_b: Some(term(second, 1)?),
        full_time_mark: None,
    };
    Some((proof, root))
}

/// `proof` split elsewhere, as a hostile settler may: the fixture path moved onto the end of each
/// stat's path (and the full-time mark's), every term naming the fixture's events root as its
/// event's, the fixture path left empty. Every hash still verifies; the proof now claims the events root is an
/// event. For proofs whose stats share the first stat's event.
pub fn resplit(proof: &SettlementProof) -> SettlementProof {
    let events_root = proof.fixture_summary.events_sub_tree_root;
    let raise = |term: &StatTerm| {
        let mut raised = term.clone();
        raised.stat_proof.extend_from_slice(&proof.fixture_proof);
        raised.event_stat_root = events_root;
        raised
    };
    SettlementProof {
        fixture_proof: vec![],
        stat: raise(&proof.stat),
        stat_b: proof.stat_b.as_ref().map(raise),
        full_time_mark: proof.full_time_mark.as_ref().map(raise),
        ..proof.clone()
    }
}

/// A two-stat proof whose stats come from two events of one batch at `ts_ms`: `first` is the
/// only stat of events[0], `second` the only stat of events[1]. Returns the proof split as the
/// oracle publishes it (each stat naming its own event's root), the same stats both raised to
/// the events root (each path running through its own event; the fixture path empty), and the
/// root the oracle must have posted.
pub fn mixed_event_proofs(
    ts_ms: i64,
    fixture_id: i64,
    first: ScoreStat,
    second: ScoreStat,
) -> Option<(SettlementProof, SettlementProof, SlotRoot)> {
    let (mut proofs, root) = batch_proofs(ts_ms, fixture_id, &[first, second])?;
    let second_proof = proofs.pop()?;
    let first_proof = proofs.pop()?;
    let honest = SettlementProof {
        stat_b: Some(second_proof.stat.clone()),
        ..first_proof.clone()
    };
    let raised = SettlementProof {
        stat_b: Some(resplit(&second_proof).stat),
        ..resplit(&first_proof)
    };
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
