//! Proofs of a batch's event cut elsewhere than the oracle cuts them, as a hostile settler may.
//! The oracle only checks that the hashes meet, so the re-split ones verify in it; the
//! settlement program must refuse each of them itself, before it asks the oracle.

use settlement::SettlementProof;
use txline_interface::proof::{root_from_path, stat_leaf};

use super::batch::{Batch, BatchError};
use super::proof_facts::Cut;
use super::step::CutPick;
use crate::{resplit, second_stat_term, with_second_stat};

/// `published`, the proof of event `event` of summary `summary`, cut as `pick` says, and the cut
/// for the model; `None` when the batch has no such cut: mixing events takes a second stat and
/// a second event.
pub fn cut_proof(
    batch: &Batch,
    summary: usize,
    event: usize,
    pick: CutPick,
    published: SettlementProof,
) -> Result<Option<(SettlementProof, Cut)>, BatchError> {
    Ok(match pick {
        CutPick::AsPublished => Some((published, Cut::AsPublished)),
        CutPick::Resplit => Some((resplit(&published), Cut::Resplit)),
        CutPick::GrownIntoEvent => {
            grown_into_event(&published).map(|grown| (grown, Cut::GrownIntoEvent))
        }
        CutPick::MixedEvents | CutPick::MixedEventsResplit => {
            let events = batch.summaries.get(summary).map_or(0, Vec::len);
            if events < 2 || published.stat_b.is_none() {
                return Ok(None);
            }
            let second_event = (event + 1) % events;
            let other = batch.proof(summary, second_event)?;
            let resplit_both = pick == CutPick::MixedEventsResplit;
            let (first, other) = if resplit_both {
                (resplit(&published), resplit(&other))
            } else {
                (published, other)
            };
            // The other event's second stat, whole, written against this event's first.
            let mixed = with_second_stat(first, second_stat_term(&other));
            let cut = Cut::MixedEvents {
                second_event,
                resplit: resplit_both,
            };
            Some((mixed, cut))
        }
    })
}

/// The first stat's top path step moved onto the bottom of the fixture path, and the node it
/// led up from named as the event's root (no second stat can hash up to it; the program must
/// refuse the path before it looks). `None` for a stat alone in its event.
fn grown_into_event(proof: &SettlementProof) -> Option<SettlementProof> {
    let second = second_stat_term(proof);
    let mut grown = proof.clone();
    let step = grown.stat.stat_proof.pop()?;
    let inner = root_from_path(stat_leaf(&grown.stat.stat_to_prove), &grown.stat.stat_proof);
    grown.stat.event_stat_root = inner;
    grown.fixture_proof.insert(0, step);
    Some(with_second_stat(grown, second))
}
