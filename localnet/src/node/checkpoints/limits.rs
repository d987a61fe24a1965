//! How many checkpoints a node keeps, and how much memory they may hold together. Each holds a
//! table of every account the kept chain holds; the table shares each account's data with the
//! chain until the chain changes that account, but a chain that rewrites its accounts (a long
//! run of deposits) leaves every checkpoint its own copy, so 64 of a large chain could hold 64
//! copies of it. So their size is bounded as well as their count, counted as if each held its
//! own copy: the bound holds whatever the chain does after.
//!
//! The rule: the newest checkpoint is always kept (a save always succeeds and can be restored);
//! older ones are dropped, oldest first, until at most [`CheckpointLimits::count`] are kept and
//! together they fit in [`CheckpointLimits::bytes`]. A restore of one dropped says which are
//! kept. Dropping rather than refusing the new one keeps the checkpoints a tester most likely
//! goes back to, the recent ones, as the count always did.

use std::collections::HashMap;

use anchor_lang::prelude::Pubkey;
use solana_account::{AccountSharedData, ReadableAccount};

/// How many checkpoints the node keeps by default: the newest, the oldest dropped first.
pub const KEPT_CHECKPOINTS: usize = 64;
/// How much memory the kept checkpoints may hold together by default, in MiB (`localnet
/// --checkpoint-memory-mib`).
pub const DEFAULT_CHECKPOINT_MIB: u64 = 256;
/// What an account costs a checkpoint besides its data: its address, its fields, the pointer to
/// its shared data and the table's own entry, rounded up.
const ENTRY_BYTES: u64 = 128;

/// How many checkpoints a node keeps, and how much memory they may hold together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckpointLimits {
    pub count: usize,
    pub bytes: u64,
}

impl Default for CheckpointLimits {
    fn default() -> Self {
        Self {
            count: KEPT_CHECKPOINTS,
            bytes: DEFAULT_CHECKPOINT_MIB * 1024 * 1024,
        }
    }
}

impl CheckpointLimits {
    /// The default count, with `mib` MiB for the memory bound.
    pub fn with_mib(mib: u64) -> Self {
        Self {
            bytes: mib.saturating_mul(1024 * 1024),
            ..Self::default()
        }
    }

    /// `the newest 64 that fit in 256 MiB`, as a refused restore says it.
    pub fn described(&self) -> String {
        format!(
            "the newest {} that fit in {} MiB",
            self.count,
            self.bytes / (1024 * 1024)
        )
    }
}

/// What a checkpoint of `accounts` holds at most, counted as if it held its own copy of every
/// account's data.
pub fn size_of(accounts: &HashMap<Pubkey, AccountSharedData>) -> u64 {
    accounts
        .values()
        .map(|account| ENTRY_BYTES.saturating_add(account.data().len() as u64))
        .fold(0, u64::saturating_add)
}
