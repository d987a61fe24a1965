//! Checkpoints: the node's whole state (every account the kept chain holds, and the clock) kept
//! in memory when asked, and restored in place: no restart, the RPC and WebSocket connections
//! stay up, and each account the restore writes back or removes reaches its subscribers as any
//! cheat-code write does (surfpool's `set_account`, read back by the commit feed).
//!
//! The slot, the block height and the transaction history go on: a restore never takes them
//! back, so no blockhash is made twice and a transaction processed before (on either side of the
//! checkpoint) is refused as `AlreadyProcessed` if sent again. See the crate's README,
//! "Checkpoints".

mod restore;

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};

use anchor_lang::prelude::Pubkey;
use fulltime_client::rpc::{Checkpoint, RestoredCheckpoint};
use solana_account::AccountSharedData;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_core::surfnet::svm::SurfnetSvm;

use super::clock::ClockHold;
use super::lasting::NodeAccounts;

/// How many checkpoints the node keeps: the newest, the oldest dropped first. A checkpoint
/// shares its accounts' data with the chain until they change, so each costs little more than
/// its table of accounts (about 100 bytes an account).
pub const KEPT_CHECKPOINTS: usize = 64;

/// The checkpoints of one node.
pub struct Checkpoints {
    locker: SurfnetSvmLocker,
    node_accounts: NodeAccounts,
    clock: ClockHold,
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    /// Oldest first.
    states: VecDeque<ChainState>,
    last_id: u64,
}

/// The chain as it was: its accounts (sharing their data with the chain) and its clock.
struct ChainState {
    summary: Checkpoint,
    accounts: HashMap<Pubkey, AccountSharedData>,
    unix_ms: u64,
}

/// Why a restore was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// No checkpoint of that id is kept (never made, or dropped as older than the newest
    /// [`KEPT_CHECKPOINTS`]).
    Unknown { id: u64, kept: Option<(u64, u64)> },
    /// The runtime refused to write an account back.
    Write(String),
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unknown { id, kept: None } => write!(
                f,
                "no checkpoint {id}: this node keeps none (localnet_saveCheckpoint makes one)"
            ),
            Self::Unknown {
                id,
                kept: Some((first, last)),
            } => write!(
                f,
                "no checkpoint {id}: this node keeps checkpoints {first} to {last} (the newest \
                 {KEPT_CHECKPOINTS}, for as long as it runs)"
            ),
            Self::Write(reason) => write!(f, "the restore could not write an account: {reason}"),
        }
    }
}

impl Checkpoints {
    /// Checkpoints of the chain in `locker`, leaving out what the node writes itself
    /// (`node_accounts`: programs, sysvars), and moving the clock only while `clock` is held.
    pub fn new(locker: SurfnetSvmLocker, node_accounts: NodeAccounts, clock: ClockHold) -> Self {
        Self {
            locker,
            node_accounts,
            clock,
            kept: Mutex::default(),
        }
    }

    /// Keeps the chain as it is now. Blocks on the runtime's lock: call it off the async
    /// runtime's threads.
    /// The hold a warp takes while it moves the clock, as a restore does.
    pub fn clock_hold(&self) -> &ClockHold {
        &self.clock
    }

    pub fn save(&self) -> Checkpoint {
        let (accounts, unix_ms, slot) = self.locker.with_svm_reader(|svm| {
            let accounts: HashMap<Pubkey, AccountSharedData> = carried(svm, &self.node_accounts)
                .map(|(address, account)| (*address, account.clone()))
                .collect();
            (accounts, svm.updated_at, svm.get_latest_absolute_slot())
        });
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.last_id = kept.last_id.saturating_add(1);
        let summary = Checkpoint {
            id: kept.last_id,
            slot,
            unix_timestamp: i64::try_from(unix_ms / 1_000).unwrap_or(i64::MAX),
            accounts: accounts.len() as u64,
        };
        if kept.states.len() == KEPT_CHECKPOINTS {
            kept.states.pop_front();
        }
        kept.states.push_back(ChainState {
            summary,
            accounts,
            unix_ms,
        });
        summary
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
            return Err(RestoreError::Unknown { id, kept: range });
        };
        // The wall clock's tick reads the clock and then moves it: holding it here keeps a tick
        // from moving the clock back to where it was before the restore.
        let _clock = self.clock.hold();
        self.locker.with_svm_writer(|svm| {
            let changed = restore::accounts(svm, &self.node_accounts, &state.accounts)
                .map_err(RestoreError::Write)?;
            restore::clock(svm, state.unix_ms);
            Ok(RestoredCheckpoint {
                checkpoint: state.summary,
                slot: svm.get_latest_absolute_slot(),
                changed: changed as u64,
            })
        })
    }
}

/// The chain's accounts a checkpoint holds: those the kept chain holds.
fn carried<'a>(
    svm: &'a SurfnetSvm,
    node_accounts: &'a NodeAccounts,
) -> impl Iterator<Item = (&'a Pubkey, &'a AccountSharedData)> {
    svm.inner
        .svm
        .accounts_db()
        .inner
        .iter()
        .filter(|(address, account)| node_accounts.carried(address, *account))
}
