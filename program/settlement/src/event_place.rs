//! Which event of its batch a proof proves, read so that no split of the Merkle path can change
//! it.
//!
//! The oracle hashes leaves and inner nodes alike, so a valid path from a stat to the events root
//! can be cut anywhere: an inner node of the events tree presented as an "event stat root"
//! verifies too. The summary's `update_count` fixes the events tree's shape (its leaves are the
//! batch's events in the order they happened, and an odd level promotes its last node
//! unchanged), so the fixture path must be exactly the path of one leaf of that tree: walking it
//! down from the root must end on a leaf just as the path runs out. That leaf's index is the
//! event's place. The walks of a tree's leaves are prefix-free, so of all the ways to cut one
//! valid path, exactly one fits: the event's own.

use anchor_lang::prelude::*;
use txline_interface::proof::{root_from_path, stat_leaf};
use txline_interface::{ProofNode, StatTerm};

use crate::constants::MAX_EVENT_DEPTH;
use crate::error::SettlementError;

/// The index of the event (0 = the batch's first) whose stat root `fixture_proof` (leaf first,
/// as the oracle reads it) leads up from, in an events tree of `update_count` leaves.
pub fn event_index(update_count: i32, fixture_proof: &[ProofNode]) -> Result<u32> {
    require!(
        fixture_proof.len() <= MAX_EVENT_DEPTH,
        SettlementError::EventPathTooDeep
    );
    let leaves = u32::try_from(update_count)
        .ok()
        .filter(|&leaves| leaves > 0)
        .ok_or(SettlementError::EventPathMismatch)?;

    // Node counts per level, leaves first; the root's level holds one node.
    let mut widths = vec![leaves];
    while let Some(&width) = widths.last().filter(|&&width| width > 1) {
        widths.push(width.div_ceil(2));
    }

    // Walk down from the root, reading the path from its top end.
    let mut steps = fixture_proof.iter().rev();
    let mut index = 0u32;
    for &width in widths.iter().rev().skip(1) {
        let left = index * 2;
        // An odd level's last node was promoted unchanged: no sibling, no step on the path.
        if left + 1 == width {
            index = left;
            continue;
        }
        let step = steps.next().ok_or(SettlementError::EventPathMismatch)?;
        // The sibling is on the right exactly when the walk goes left.
        index = if step.is_right_sibling {
            left
        } else {
            left + 1
        };
    }
    require!(steps.next().is_none(), SettlementError::EventPathMismatch);
    Ok(index)
}

/// The second stat of a two-stat proof must hash up to the very event root the first one is
/// proven from, which the fixture path pins to one event. Checked by the program itself: both
/// stats raised to a common inner node would satisfy an oracle that only compares the two roots.
pub fn check_same_event(stat: &StatTerm, stat_b: &StatTerm) -> Result<()> {
    let proven_root = root_from_path(stat_leaf(&stat_b.stat_to_prove), &stat_b.stat_proof);
    require!(
        stat_b.event_stat_root == stat.event_stat_root && proven_root == stat.event_stat_root,
        SettlementError::SecondStatFromOtherEvent
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sibling(is_right_sibling: bool) -> ProofNode {
        ProofNode {
            hash: [0; 32],
            is_right_sibling,
        }
    }

    /// The path of leaf `index` among `leaves`, built bottom-up as the oracle's trees are.
    fn path_of(mut index: u32, mut leaves: u32) -> Vec<ProofNode> {
        let mut path = vec![];
        while leaves > 1 {
            let promoted = index.is_multiple_of(2) && index + 1 == leaves;
            if !promoted {
                path.push(sibling(index.is_multiple_of(2)));
            }
            index /= 2;
            leaves = leaves.div_ceil(2);
        }
        path
    }

    #[test]
    fn every_leaf_path_gives_its_own_index() {
        for leaves in 1..=40 {
            for index in 0..leaves {
                let path = path_of(index, leaves);
                assert_eq!(
                    event_index(leaves as i32, &path).unwrap(),
                    index,
                    "leaf {index} of {leaves}"
                );
            }
        }
    }

    #[test]
    fn a_path_cut_anywhere_else_is_refused() {
        let mismatch = || Err(error!(SettlementError::EventPathMismatch));
        for leaves in 1..=40u32 {
            for index in 0..leaves {
                let path = path_of(index, leaves);
                // An inner node presented as the event: the path's top part alone.
                for cut in 1..=path.len() {
                    assert_eq!(
                        event_index(leaves as i32, &path[cut..]),
                        mismatch(),
                        "leaf {index} of {leaves} cut {cut}"
                    );
                }
                // A node inside the event presented as the event: the path grown below.
                for extra in [true, false] {
                    let mut longer = vec![sibling(extra)];
                    longer.extend_from_slice(&path);
                    assert_eq!(
                        event_index(leaves as i32, &longer),
                        mismatch(),
                        "leaf {index} of {leaves} grown"
                    );
                }
            }
        }
    }

    /// ((0 1) (2 3)) 4: leaf 4 was promoted twice, so its path has one step.
    #[test]
    fn a_promoted_leaf_has_a_short_path() {
        assert_eq!(event_index(5, &[sibling(false)]).unwrap(), 4);
        let leaf_3 = [sibling(false), sibling(false), sibling(true)];
        assert_eq!(event_index(5, &leaf_3).unwrap(), 3);
    }

    #[test]
    fn a_single_event_batch_has_an_empty_path() {
        assert_eq!(event_index(1, &[]).unwrap(), 0);
        assert!(event_index(2, &[]).is_err());
    }

    #[test]
    fn an_update_count_below_one_fits_no_path() {
        for update_count in [0, -1, i32::MIN] {
            assert_eq!(
                event_index(update_count, &[]),
                Err(error!(SettlementError::EventPathMismatch))
            );
        }
    }

    #[test]
    fn the_largest_batch_is_walked() {
        let leaves = i32::MAX as u32;
        for index in [0, 1, leaves / 2, leaves - 2, leaves - 1] {
            let path = path_of(index, leaves);
            assert_eq!(event_index(i32::MAX, &path).unwrap(), index);
        }
    }

    fn term(key: u32, event_stat_root: [u8; 32], stat_proof: Vec<ProofNode>) -> StatTerm {
        StatTerm {
            stat_to_prove: txline_interface::ScoreStat {
                key,
                value: 1,
                period: 100,
            },
            event_stat_root,
            stat_proof,
        }
    }

    #[test]
    fn a_second_stat_must_hash_up_to_the_first_stats_event() {
        // One event carrying stats 1 and 2; another carrying stat 2 alone.
        let (one, two) = (term(1, [0; 32], vec![]), term(2, [0; 32], vec![]));
        let (leaf_1, leaf_2) = (stat_leaf(&one.stat_to_prove), stat_leaf(&two.stat_to_prove));
        let event = txline_interface::proof::parent(
            &leaf_1,
            &ProofNode {
                hash: leaf_2,
                is_right_sibling: true,
            },
        );
        let path_of_2 = vec![ProofNode {
            hash: leaf_1,
            is_right_sibling: false,
        }];
        let first = term(
            1,
            event,
            vec![ProofNode {
                hash: leaf_2,
                is_right_sibling: true,
            }],
        );
        assert!(check_same_event(&first, &term(2, event, path_of_2.clone())).is_ok());

        let refused = Err(error!(SettlementError::SecondStatFromOtherEvent));
        // Proven from its own event (the stat alone): another root.
        assert_eq!(check_same_event(&first, &term(2, leaf_2, vec![])), refused);
        // Claiming the first stat's root without a path to it.
        assert_eq!(check_same_event(&first, &term(2, event, vec![])), refused);
        // A path that leads elsewhere.
        let mut wrong = path_of_2;
        wrong[0].is_right_sibling = true;
        assert_eq!(check_same_event(&first, &term(2, event, wrong)), refused);
    }

    #[test]
    fn paths_deeper_than_64_are_refused() {
        assert_eq!(
            event_index(1, &vec![sibling(true); 65]),
            Err(error!(SettlementError::EventPathTooDeep))
        );
    }
}
