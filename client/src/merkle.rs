//! Binary Merkle trees as the TxLINE oracle folds them: SHA-256 of the two children, left first,
//! through `txline_interface::proof::parent`.
//!
//! A level with an odd number of nodes promotes its last node unchanged to the next level, and the
//! proof of a leaf under such a node simply has no sibling for that level. Duplicating the node
//! instead would let two different leaf lists share a root. A single leaf is its own root, with an
//! empty proof.

use txline_interface::ProofNode;
use txline_interface::proof::{Hash32, parent};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MerkleError {
    #[error("a Merkle tree needs at least one leaf")]
    Empty,
    #[error("leaf {index} is out of range: the tree has {leaves} leaves")]
    IndexOutOfRange { index: usize, leaves: usize },
}

/// Every level of the tree, leaves first, root last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MerkleTree {
    levels: Vec<Vec<Hash32>>,
}

impl MerkleTree {
    pub fn new(leaves: Vec<Hash32>) -> Result<Self, MerkleError> {
        if leaves.is_empty() {
            return Err(MerkleError::Empty);
        }
        let mut levels = vec![leaves];
        while let Some(level) = levels.last().filter(|level| level.len() > 1) {
            let next = level
                .chunks(2)
                .map(|pair| match pair.get(1) {
                    Some(right) => parent(&pair[0], &right_sibling(*right)),
                    None => pair[0],
                })
                .collect();
            levels.push(next);
        }
        Ok(Self { levels })
    }

    pub fn leaf_count(&self) -> usize {
        self.levels[0].len()
    }

    pub fn root(&self) -> Hash32 {
        // `new` never builds a tree without levels, and the last level has exactly one node.
        self.levels[self.levels.len() - 1][0]
    }

    /// The siblings from leaf `index` up to the root, for `txline_interface::proof::root_from_path`.
    pub fn proof(&self, index: usize) -> Result<Vec<ProofNode>, MerkleError> {
        let leaves = self.leaf_count();
        if index >= leaves {
            return Err(MerkleError::IndexOutOfRange { index, leaves });
        }
        let mut path = Vec::new();
        let mut position = index;
        for level in &self.levels[..self.levels.len() - 1] {
            let sibling = position ^ 1;
            if let Some(hash) = level.get(sibling) {
                path.push(ProofNode {
                    hash: *hash,
                    is_right_sibling: sibling > position,
                });
            }
            position /= 2;
        }
        Ok(path)
    }
}

fn right_sibling(hash: Hash32) -> ProofNode {
    ProofNode {
        hash,
        is_right_sibling: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use txline_interface::proof::root_from_path;

    fn leaves(count: u8) -> Vec<Hash32> {
        (0..count).map(|i| [i + 1; 32]).collect()
    }

    #[test]
    fn every_proof_folds_to_the_root() {
        for count in 1..=9 {
            let leaves = leaves(count);
            let tree = MerkleTree::new(leaves.clone()).expect("non-empty");
            for (index, leaf) in leaves.iter().enumerate() {
                let proof = tree.proof(index).expect("in range");
                assert_eq!(
                    root_from_path(*leaf, &proof),
                    tree.root(),
                    "leaf {index} of {count}"
                );
            }
        }
    }

    #[test]
    fn a_tampered_sibling_does_not_fold_to_the_root() {
        for count in 2..=9 {
            let leaves = leaves(count);
            let tree = MerkleTree::new(leaves.clone()).expect("non-empty");
            for (index, leaf) in leaves.iter().enumerate() {
                let proof = tree.proof(index).expect("in range");
                for level in 0..proof.len() {
                    let mut tampered = proof.clone();
                    tampered[level].hash[0] ^= 1;
                    assert_ne!(root_from_path(*leaf, &tampered), tree.root());
                    let mut flipped = proof.clone();
                    flipped[level].is_right_sibling ^= true;
                    assert_ne!(root_from_path(*leaf, &flipped), tree.root());
                }
            }
        }
    }

    #[test]
    fn a_single_leaf_is_its_own_root() {
        let tree = MerkleTree::new(vec![[7; 32]]).expect("non-empty");
        assert_eq!(tree.root(), [7; 32]);
        assert_eq!(tree.proof(0), Ok(Vec::new()));
    }

    #[test]
    fn two_leaves_hash_left_then_right() {
        let tree = MerkleTree::new(vec![[1; 32], [2; 32]]).expect("non-empty");
        assert_eq!(tree.root(), parent(&[1; 32], &right_sibling([2; 32])));
    }

    #[test]
    fn the_odd_last_node_is_promoted_unchanged() {
        let tree = MerkleTree::new(leaves(3)).expect("non-empty");
        let left = parent(&[1; 32], &right_sibling([2; 32]));
        assert_eq!(tree.root(), parent(&left, &right_sibling([3; 32])));
        assert_eq!(
            tree.proof(2),
            Ok(vec![ProofNode {
                hash: left,
                is_right_sibling: false
            }])
        );
    }

    #[test]
    fn an_empty_tree_is_an_error() {
        assert_eq!(MerkleTree::new(Vec::new()), Err(MerkleError::Empty));
    }

    #[test]
    fn an_out_of_range_index_is_an_error() {
        let tree = MerkleTree::new(leaves(3)).expect("non-empty");
        assert_eq!(
            tree.proof(3),
            Err(MerkleError::IndexOutOfRange {
                index: 3,
                leaves: 3
            })
        );
    }
}
