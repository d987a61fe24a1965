//! The oracle's Merkle hashing: SHA-256, no domain prefixes, no pair sorting.

use anchor_lang::prelude::*;
use solana_sha256_hasher::hashv;

use crate::types::{ProofNode, ScoreStat, ScoresBatchSummary};

pub type Hash32 = [u8; 32];

/// Leaf of the innermost tree: `sha256(key u32 LE || value i32 LE || period i32 LE)`.
pub fn stat_leaf(stat: &ScoreStat) -> Hash32 {
    hashv(&[
        &stat.key.to_le_bytes(),
        &stat.value.to_le_bytes(),
        &stat.period.to_le_bytes(),
    ])
    .to_bytes()
}

/// Leaf of the main tree. The real encoding is unpublished; the mock hashes the summary's Borsh
/// bytes.
pub fn summary_leaf(summary: &ScoresBatchSummary) -> Hash32 {
    let mut bytes = Vec::with_capacity(60);
    // Writing into a Vec cannot fail.
    summary.serialize(&mut bytes).expect("serialize into Vec");
    hashv(&[&bytes]).to_bytes()
}

/// The parent of `current` and its sibling.
pub fn parent(current: &Hash32, sibling: &ProofNode) -> Hash32 {
    if sibling.is_right_sibling {
        hashv(&[current, &sibling.hash]).to_bytes()
    } else {
        hashv(&[&sibling.hash, current]).to_bytes()
    }
}

/// The root reached by walking `path` up from `leaf`.
pub fn root_from_path(leaf: Hash32, path: &[ProofNode]) -> Hash32 {
    path.iter()
        .fold(leaf, |current, sibling| parent(&current, sibling))
}
