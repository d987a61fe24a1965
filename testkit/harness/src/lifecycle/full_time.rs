//! The full-time mark a settler puts on a proof: honestly the proven event's own where the value
//! needs one, or left out, borrowed from another event, forged, or the proven stat itself. The
//! program must refuse every mark that does not show the proven event finishing the match.

use settlement::SettlementProof;
use txline_interface::time::FINAL_PERIOD;

use super::batch::{Batch, BatchError};
use super::proof_facts::MarkFacts;
use super::step::FullTimePick;

/// `proof` (of event `event` of summary `summary`) with the full-time mark `pick` says, and the
/// mark for the model; `None` when the pick has no mark to take here (the next event carries no
/// full-time stat).
pub fn with_full_time_mark(
    batch: &Batch,
    summary: usize,
    event: usize,
    pick: FullTimePick,
    proof: SettlementProof,
) -> Result<Option<(SettlementProof, MarkFacts)>, BatchError> {
    let proven_full_time = proof.stat.stat_to_prove.period == FINAL_PERIOD;
    let (mark, facts) = match pick {
        FullTimePick::Omitted => (None, MarkFacts::None),
        FullTimePick::Honest if proven_full_time => (None, MarkFacts::None),
        FullTimePick::Honest => match batch.full_time_term(summary, event)? {
            Some(own) => (Some(own), MarkFacts::OfEvent(event)),
            // An event in play has no mark to give.
            None => (None, MarkFacts::None),
        },
        FullTimePick::NextEvent => {
            let events = batch.summaries.get(summary).map_or(1, Vec::len);
            let next = (event + 1) % events;
            match batch.full_time_term(summary, next)? {
                Some(other) => (Some(other), MarkFacts::OfEvent(next)),
                None => return Ok(None),
            }
        }
        FullTimePick::Forged => {
            let mut forged = match batch.full_time_term(summary, event)? {
                Some(own) => own,
                None => {
                    let mut relabelled = proof.stat.clone();
                    relabelled.stat_to_prove.period = FINAL_PERIOD;
                    relabelled
                }
            };
            let value = &mut forged.stat_to_prove.value;
            *value = value.wrapping_add(1);
            (Some(forged), MarkFacts::Invalid)
        }
        FullTimePick::ProvenStat if proven_full_time => {
            (Some(proof.stat.clone()), MarkFacts::OfEvent(event))
        }
        FullTimePick::ProvenStat => (Some(proof.stat.clone()), MarkFacts::Invalid),
    };
    Ok(Some((
        SettlementProof {
            full_time_mark: mark,
            ..proof
        },
        facts,
    )))
}
