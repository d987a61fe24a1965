//! The blockhash surfpool gives each block: `SyntheticBlockhash::new(index)`, whose base58 text
//! is a prefix and then the block's index in hexadecimal (`x` for `0`).

use solana_hash::Hash;
use surfpool_core::types::SyntheticBlockhash;

/// The text every synthetic blockhash starts with.
pub const SYNTHETIC_BLOCKHASH_PREFIX: &str = SyntheticBlockhash::PREFIX;

/// The hash surfpool gives block `index`.
pub fn synthetic_blockhash(index: u64) -> Hash {
    *SyntheticBlockhash::new(index).hash()
}
