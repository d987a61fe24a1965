//! A two-stat proof's second stat as a settler writes it: as the client does, or with a forged
//! count of the siblings it shares with the first stat, or its own path cut. The instruction
//! carries the second stat compactly and the program rebuilds its path; it must refuse every
//! path that does not hash up to the first stat's event.

use settlement::SettlementProof;

use super::step::SecondStatPick;

/// `proof` with its second stat written as `pick` says, and whether it is still written as its
/// path runs; `None` when there is no second stat to forge, or no own sibling to cut.
pub fn with_second_stat_written(
    pick: SecondStatPick,
    mut proof: SettlementProof,
) -> Option<(SettlementProof, bool)> {
    let first_path = proof.stat.stat_proof.len();
    match (pick, proof.stat_b.as_mut()) {
        (SecondStatPick::Compact, _) => return Some((proof, true)),
        (_, None) => return None,
        (SecondStatPick::SharedOneMore, Some(second)) => {
            second.shared = second.shared.checked_add(1)?;
        }
        (SecondStatPick::SharedPastFirstPath, Some(second)) => {
            second.shared = u8::try_from(first_path + 1).ok()?;
        }
        (SecondStatPick::OwnPathCut, Some(second)) => {
            second.stat_proof.pop()?;
        }
    }
    Some((proof, false))
}
