//! Where an event sits in its batch's events tree, read from the proof path, so that two proofs
//! of the same batch can be ordered: events are leaves in the order they happened.
//!
//! A path read from the root down is the walk to the leaf: at each node, left or right. Two
//! leaves of one tree part at the first node where their walks differ, and the one that goes
//! right there comes later. This holds also where an odd level promotes its last node unchanged
//! (that level adds no step to the walk), which rules out reading a leaf index from the path.

use anchor_lang::prelude::*;
use txline_interface::ProofNode;

use crate::constants::MAX_EVENT_DEPTH;
use crate::error::SettlementError;

#[derive(
    AnchorSerialize, AnchorDeserialize, Clone, Copy, Debug, Default, PartialEq, Eq, InitSpace,
)]
pub struct EventPlace {
    /// The walk from the root, first step in the highest used bit: 1 = right.
    pub walk: u64,
    /// Steps in the walk (the path's length).
    pub depth: u8,
}

impl EventPlace {
    /// The place of the leaf whose path to the root (leaf first) is `path`.
    pub fn of(path: &[ProofNode]) -> Result<Self> {
        require!(
            path.len() <= MAX_EVENT_DEPTH,
            SettlementError::EventPathTooDeep
        );
        // The sibling is on the right exactly when the walk goes left.
        let walk = path.iter().rev().fold(0u64, |walk, sibling| {
            (walk << 1) | u64::from(!sibling.is_right_sibling)
        });
        Ok(Self {
            walk,
            depth: path.len() as u8,
        })
    }

    /// Whether this leaf comes strictly after `other` in the same tree. The same leaf, or walks
    /// of which one is a prefix of the other (impossible within one tree), are not later.
    pub fn is_after(self, other: Self) -> bool {
        let common = self.depth.min(other.depth);
        let prefix = |place: Self| {
            let below = u32::from(place.depth - common);
            place.walk.checked_shr(below).unwrap_or(0)
        };
        prefix(self) > prefix(other)
    }
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

    /// The paths of the leaves of a five-leaf tree whose odd levels promote their last node:
    /// ((0 1) (2 3)) 4, so leaf 4's path has one step.
    fn five_leaf_paths() -> Vec<Vec<ProofNode>> {
        vec![
            vec![sibling(true), sibling(true), sibling(true)],
            vec![sibling(false), sibling(true), sibling(true)],
            vec![sibling(true), sibling(false), sibling(true)],
            vec![sibling(false), sibling(false), sibling(true)],
            vec![sibling(false)],
        ]
    }

    #[test]
    fn leaves_are_ordered_as_in_the_tree_even_with_promoted_nodes() {
        let places: Vec<_> = five_leaf_paths()
            .iter()
            .map(|path| EventPlace::of(path).unwrap())
            .collect();
        for (i, earlier) in places.iter().enumerate() {
            for (j, later) in places.iter().enumerate() {
                assert_eq!(later.is_after(*earlier), j > i, "leaf {j} after leaf {i}");
            }
        }
    }

    #[test]
    fn a_single_event_batch_has_one_place_and_nothing_is_after_it() {
        let only = EventPlace::of(&[]).unwrap();
        assert!(!only.is_after(only));
    }

    #[test]
    fn paths_deeper_than_64_are_refused() {
        assert!(EventPlace::of(&vec![sibling(true); 64]).is_ok());
        assert!(EventPlace::of(&vec![sibling(true); 65]).is_err());
    }
}
