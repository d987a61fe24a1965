//! How long a blockhash lives: [`LIFETIME_BLOCKS`] blocks, checked by the block index each
//! synthetic blockhash names, so no table of past hashes is kept.
//!
//! surfpool names block `i`'s hash synthetically (its base58 text is a prefix, then `i` in
//! hexadecimal with `x` for `0`: `surfpool::synthetic_blockhash`): the index is read back from
//! the text and the hash recomputed, so only a hash the node could have made is recognised.

use solana_hash::Hash;

use crate::node::surfpool::{SYNTHETIC_BLOCKHASH_PREFIX, synthetic_blockhash};

/// Devnet's 150 blocks of about 400 ms, at the node's cap of one block a millisecond (see
/// `blocks`): a minute or more whatever the load, hours on an idle node.
pub const LIFETIME_BLOCKS: u64 = 60_000;

/// The block index `hash` names, if it is one of the node's synthetic blockhashes.
pub fn block_index(hash: &Hash) -> Option<u64> {
    let text = hash.to_string();
    let digits = text.strip_prefix(SYNTHETIC_BLOCKHASH_PREFIX)?;
    let index = u64::from_str_radix(&digits.replace('x', "0"), 16).ok()?;
    (synthetic_blockhash(index) == *hash).then_some(index)
}

/// The last block height at which the hash of block `index` is accepted (what
/// `lastValidBlockHeight` says): the hash becomes the tip at height `index + 1`.
pub fn last_valid_block_height(index: u64) -> u64 {
    index.saturating_add(1).saturating_add(LIFETIME_BLOCKS)
}

/// What the node makes of a transaction's blockhash at block height `height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// A blockhash of this chain within its lifetime.
    Recent,
    /// A synthetic blockhash older than its lifetime, or of a block not made yet (a chain
    /// since reset to a lower height).
    Expired,
    /// Not a blockhash the node makes: a durable nonce, or nothing at all.
    Foreign,
}

pub fn freshness(hash: &Hash, height: u64) -> Freshness {
    match block_index(hash) {
        // `index == height` is the hash surfpool seeds one block ahead of the tip on a start.
        Some(index) if index <= height && height <= last_valid_block_height(index) => {
            Freshness::Recent
        }
        Some(_) => Freshness::Expired,
        None => Freshness::Foreign,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_synthetic_blockhash_names_its_index() {
        let indices =
            (0..70_000).chain([0xFFFF_FFFF, 0x1_0000_0000, 0x0123_4567_89AB, u64::MAX / 16]);
        for index in indices {
            let hash = synthetic_blockhash(index);
            assert_eq!(block_index(&hash), Some(index), "{hash}");
        }
    }

    #[test]
    fn other_hashes_are_foreign() {
        assert_eq!(block_index(&Hash::default()), None);
        assert_eq!(block_index(&Hash::new_from_array([7; 32])), None);
        assert_eq!(freshness(&Hash::new_unique(), 10), Freshness::Foreign);
    }

    #[test]
    fn a_blockhash_lives_its_lifetime_and_no_longer() {
        let hash = synthetic_blockhash(100);
        assert_eq!(freshness(&hash, 100), Freshness::Recent);
        assert_eq!(freshness(&hash, 101), Freshness::Recent);
        assert_eq!(last_valid_block_height(100), 100 + 1 + LIFETIME_BLOCKS);
        assert_eq!(
            freshness(&hash, last_valid_block_height(100)),
            Freshness::Recent
        );
        assert_eq!(
            freshness(&hash, last_valid_block_height(100) + 1),
            Freshness::Expired
        );
        assert_eq!(
            freshness(&hash, 99),
            Freshness::Expired,
            "a block not made yet"
        );
    }
}
