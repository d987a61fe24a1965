//! The second stat of a two-stat proof, as the settle instruction carries it.
//!
//! Both stats of a two-stat market come from one score record, so they share its event root and,
//! above the node where their paths meet, every sibling. Real records carry dozens of stats and
//! real batches hundreds of fixtures, so a proof sent whole would not fit one transaction; the
//! instruction carries only what the second stat does not share with the first, and the program
//! rebuilds the whole term the oracle takes. A path that cannot be rebuilt that way, or does not
//! reach the first stat's event, is refused by `event_place::check_same_event`.

use anchor_lang::prelude::*;
use txline_interface::{ProofNode, ScoreStat, StatTerm};

use crate::error::SettlementError;

#[derive(AnchorSerialize, AnchorDeserialize, Clone, Debug, PartialEq, Eq)]
pub struct SecondStatProof {
    pub stat_to_prove: ScoreStat,
    /// Its own siblings, leaf first, up to where its path joins the first stat's.
    pub stat_proof: Vec<ProofNode>,
    /// How many of the first stat's last siblings complete the path.
    pub shared: u8,
}

impl SecondStatProof {
    /// `second`, a term of the same event as `first`, written as the instruction carries it: the
    /// siblings both paths end in are sent once, in `first`. Of another event, `second` keeps
    /// what its path does not share, and the program refuses it.
    pub fn sharing(first: &StatTerm, second: &StatTerm) -> Self {
        let shared = first
            .stat_proof
            .iter()
            .rev()
            .zip(second.stat_proof.iter().rev())
            .take_while(|(ours, theirs)| ours == theirs)
            .count()
            .min(usize::from(u8::MAX));
        let own = second.stat_proof.len() - shared;
        Self {
            stat_to_prove: second.stat_to_prove,
            stat_proof: second.stat_proof[..own].to_vec(),
            // At most u8::MAX, by the `min` above.
            shared: shared as u8,
        }
    }

    /// The whole term the oracle takes: this stat, `first`'s event root, and its path completed
    /// by `first`'s last `shared` siblings. `SecondStatFromOtherEvent` when `first` has fewer.
    pub fn expand(&self, first: &StatTerm) -> Result<StatTerm> {
        let tail = first
            .stat_proof
            .len()
            .checked_sub(usize::from(self.shared))
            .ok_or(SettlementError::SecondStatFromOtherEvent)?;
        let mut stat_proof = Vec::with_capacity(self.stat_proof.len() + usize::from(self.shared));
        stat_proof.extend_from_slice(&self.stat_proof);
        stat_proof.extend_from_slice(&first.stat_proof[tail..]);
        Ok(StatTerm {
            stat_to_prove: self.stat_to_prove,
            event_stat_root: first.event_stat_root,
            stat_proof,
        })
    }
}

#[cfg(test)]
mod tests {
    use txline_interface::proof::{Hash32, parent, root_from_path, stat_leaf};

    use super::*;

    fn stat(key: u32, value: i32) -> ScoreStat {
        ScoreStat {
            key,
            value,
            period: 100,
        }
    }

    fn node(hash: Hash32, is_right_sibling: bool) -> ProofNode {
        ProofNode {
            hash,
            is_right_sibling,
        }
    }

    /// The four stats of one record, leaves 0..4 of a stats tree of two levels, as terms.
    fn record() -> Vec<StatTerm> {
        let stats = [stat(1, 3), stat(2, 1), stat(1001, 1), stat(1002, 1)];
        let leaves: Vec<Hash32> = stats.iter().map(stat_leaf).collect();
        let left = parent(&leaves[0], &node(leaves[1], true));
        let right = parent(&leaves[2], &node(leaves[3], true));
        let root = parent(&left, &node(right, true));
        // A leaf's siblings: its neighbour, then the other pair's node.
        let path = |index: usize| {
            let other_pair = if index < 2 { right } else { left };
            vec![
                node(leaves[index ^ 1], index.is_multiple_of(2)),
                node(other_pair, index < 2),
            ]
        };
        stats
            .iter()
            .enumerate()
            .map(|(index, stat)| StatTerm {
                stat_to_prove: *stat,
                event_stat_root: root,
                stat_proof: path(index),
            })
            .collect()
    }

    #[test]
    fn neighbours_send_one_sibling_and_expand_to_the_whole_term() {
        let terms = record();
        let second = SecondStatProof::sharing(&terms[0], &terms[1]);
        assert_eq!(second.stat_proof.len(), 1, "the leaf beside it");
        assert_eq!(second.shared, 1, "the other pair's node");
        assert_eq!(second.expand(&terms[0]), Ok(terms[1].clone()));
    }

    #[test]
    fn stats_that_meet_at_the_root_share_nothing_and_expand_unchanged() {
        let terms = record();
        let second = SecondStatProof::sharing(&terms[0], &terms[3]);
        assert_eq!(second.shared, 0);
        assert_eq!(second.stat_proof, terms[3].stat_proof);
        let expanded = second.expand(&terms[0]).expect("expands");
        assert_eq!(expanded, terms[3]);
        assert_eq!(
            root_from_path(stat_leaf(&expanded.stat_to_prove), &expanded.stat_proof),
            terms[0].event_stat_root
        );
    }

    #[test]
    fn the_same_stat_twice_is_all_shared() {
        let terms = record();
        let second = SecondStatProof::sharing(&terms[2], &terms[2]);
        assert!(second.stat_proof.is_empty());
        assert_eq!(second.shared, 2);
        assert_eq!(second.expand(&terms[2]), Ok(terms[2].clone()));
    }

    #[test]
    fn sharing_more_than_the_first_path_holds_is_refused() {
        let terms = record();
        let second = SecondStatProof {
            stat_to_prove: stat(2, 1),
            stat_proof: vec![],
            shared: 3,
        };
        assert_eq!(
            second.expand(&terms[0]),
            Err(error!(SettlementError::SecondStatFromOtherEvent))
        );
    }

    #[test]
    fn a_stat_of_another_record_keeps_its_path_and_takes_the_first_root() {
        let terms = record();
        let other_record = StatTerm {
            stat_to_prove: stat(2, 2),
            event_stat_root: [9; 32],
            stat_proof: vec![node([7; 32], false)],
        };
        let second = SecondStatProof::sharing(&terms[0], &other_record);
        let expanded = second.expand(&terms[0]).expect("expands");
        assert_eq!(expanded.stat_proof, other_record.stat_proof);
        assert_eq!(expanded.event_stat_root, terms[0].event_stat_root);
    }
}
