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
    let event_stat_root = stat_leaf(&stat);
    let fixture_summary = ScoresBatchSummary {
        fixture_id,
        update_stats: ScoresUpdateStats {
            update_count: 1,
            min_timestamp: ts_ms,
            max_timestamp: ts_ms,
        },
        events_sub_tree_root: event_stat_root,
    };
    let (hour_of_day, minute_of_hour) = hour_minute_of(ts_ms);
    let root = SlotRoot {
        epoch_day: epoch_day(ts_ms)?,
        hour_of_day,
        minute_of_hour,
        root: summary_leaf(&fixture_summary),
    };
    let proof = SettlementProof {
        ts: ts_ms,
        fixture_summary,
        fixture_proof: vec![],
        main_tree_proof: vec![],
        stat: StatTerm {
            stat_to_prove: stat,
            event_stat_root,
            stat_proof: vec![],
        },
    };
    Some((proof, root))
}
