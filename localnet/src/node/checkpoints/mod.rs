//! Checkpoints: the node's whole state (every account the kept chain holds, and the clock) kept
//! in memory when asked, and restored in place: no restart, the RPC and WebSocket connections
//! stay up, and each account the restore writes back or removes reaches its subscribers as any
//! cheat-code write does (surfpool's `set_account`, read back by the commit feed).
//!
//! The slot, the block height and the transaction history go on: a restore never takes them
//! back, so no blockhash is made twice and a transaction processed before (on either side of the
//! checkpoint) is refused as `AlreadyProcessed` if sent again. How many are kept, and how much
//! memory they hold, is bounded ([`limits`]). See the crate's README, "Checkpoints".

mod limits;
mod restore;

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};

use anchor_lang::prelude::Pubkey;
use fulltime_client::rpc::{Checkpoint, RestoredCheckpoint};
use solana_account::AccountSharedData;

use super::clock::ClockHold;
use super::lasting::NodeAccounts;
use super::surfpool::{Chain, ChainView};

pub use limits::{CheckpointLimits, DEFAULT_CHECKPOINT_MIB, KEPT_CHECKPOINTS};

/// The checkpoints of one node.
pub struct Checkpoints {
    chain: Chain,
    node_accounts: NodeAccounts,
    clock: ClockHold,
    kept: Mutex<Kept>,
}

struct Kept {
    /// Oldest first.
    states: VecDeque<ChainState>,
    limits: CheckpointLimits,
    /// What `states` hold together, by [`limits::size_of`].
    bytes: u64,
    last_id: u64,
}

/// The chain as it was: its accounts (sharing their data with the chain) and its clock.
struct ChainState {
    summary: Checkpoint,
    accounts: HashMap<Pubkey, AccountSharedData>,
    unix_ms: u64,
    /// What it holds at most, by [`limits::size_of`].
    bytes: u64,
}

/// Why a restore was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// No checkpoint of that id is kept (never made, or dropped as older than the newest that
    /// the limits keep).
    Unknown {
        id: u64,
        kept: Option<(u64, u64)>,
        limits: CheckpointLimits,
    },
    /// The runtime refused to write an account back.
    Write(String),
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unknown { id, kept: None, .. } => write!(
                f,
                "no checkpoint {id}: this node keeps none (localnet_saveCheckpoint makes one)"
            ),
            Self::Unknown {
                id,
                kept: Some((first, last)),
                limits,
            } => write!(
                f,
                "no checkpoint {id}: this node keeps checkpoints {first} to {last} ({}, for as \
                 long as it runs)",
                limits.described()
            ),
            Self::Write(reason) => write!(f, "the restore could not write an account: {reason}"),
        }
    }
}

impl Checkpoints {
    /// Checkpoints of `chain`, leaving out what the node writes itself (`node_accounts`:
    /// programs, sysvars), moving the clock only while `clock` is held, and kept within
    /// `limits`.
    pub fn new(
        chain: Chain,
        node_accounts: NodeAccounts,
        clock: ClockHold,
        limits: CheckpointLimits,
    ) -> Self {
        Self {
            chain,
            node_accounts,
            clock,
            kept: Mutex::new(Kept::new(limits)),
        }
    }

    /// The hold a warp takes while it moves the clock, as a restore does.
    pub fn clock_hold(&self) -> &ClockHold {
        &self.clock
    }

    /// Keeps the chain as it is now, dropping the oldest checkpoints past the limits. Blocks on
    /// the runtime's lock: call it off the async runtime's threads.
    pub fn save(&self) -> Checkpoint {
        let (accounts, unix_ms, slot) = self.chain.read(|chain| {
            let accounts: HashMap<Pubkey, AccountSharedData> = carried(chain, &self.node_accounts)
                .map(|(address, account)| (*address, account.clone()))
                .collect();
            (accounts, chain.unix_ms(), chain.slot())
        });
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.keep(accounts, unix_ms, slot)
    }

    /// Puts the chain back as checkpoint `id` holds it. Blocks on the runtime's lock: call it
    /// off the async runtime's threads.
    pub fn restore(&self, id: u64) -> Result<RestoredCheckpoint, RestoreError> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(state) = kept.states.iter().find(|state| state.summary.id == id) else {
            let range = kept
                .states
                .front()
                .zip(kept.states.back())
                .map(|(first, last)| (first.summary.id, last.summary.id));
            return Err(RestoreError::Unknown {
                id,
                kept: range,
                limits: kept.limits,
            });
        };
        // The wall clock's tick reads the clock and then moves it: holding it here keeps a tick
        // from moving the clock back to where it was before the restore.
        let _clock = self.clock.hold();
        self.chain.write(|chain| {
            let changed = restore::accounts(chain, &self.node_accounts, &state.accounts)
                .map_err(RestoreError::Write)?;
            chain.put_clock_at(state.unix_ms);
            Ok(RestoredCheckpoint {
                checkpoint: state.summary,
                slot: chain.view().slot(),
                changed: changed as u64,
            })
        })
    }
}

impl Kept {
    fn new(limits: CheckpointLimits) -> Self {
        Self {
            states: VecDeque::new(),
            limits,
            bytes: 0,
            last_id: 0,
        }
    }

    /// Keeps `accounts` and `unix_ms` at `slot` as the newest checkpoint, then drops the
    /// oldest until the kept ones are within the limits (the newest always stays); its summary.
    fn keep(
        &mut self,
        accounts: HashMap<Pubkey, AccountSharedData>,
        unix_ms: u64,
        slot: u64,
    ) -> Checkpoint {
        self.last_id = self.last_id.saturating_add(1);
        let summary = Checkpoint {
            id: self.last_id,
            slot,
            unix_timestamp: i64::try_from(unix_ms / 1_000).unwrap_or(i64::MAX),
            accounts: accounts.len() as u64,
        };
        let bytes = limits::size_of(&accounts);
        self.bytes = self.bytes.saturating_add(bytes);
        self.states.push_back(ChainState {
            summary,
            accounts,
            unix_ms,
            bytes,
        });
        while self.states.len() > 1
            && (self.states.len() > self.limits.count || self.bytes > self.limits.bytes)
        {
            if let Some(dropped) = self.states.pop_front() {
                self.bytes = self.bytes.saturating_sub(dropped.bytes);
            }
        }
        summary
    }
}

/// The chain's accounts a checkpoint holds: those the kept chain holds.
fn carried<'a>(
    chain: &ChainView<'a>,
    node_accounts: &'a NodeAccounts,
) -> impl Iterator<Item = (&'a Pubkey, &'a AccountSharedData)> {
    chain
        .accounts()
        .filter(|(address, account)| node_accounts.carried(address, *account))
}

#[cfg(test)]
mod tests;
