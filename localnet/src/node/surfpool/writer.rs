//! The chain changed under the runtime's write lock (or before it serves): accounts written as
//! surfpool's cheat codes write them, and the clock set.

use anchor_lang::prelude::Pubkey;
use fulltime_files::snapshot::ChainClock;
use solana_account::Account;
use solana_sysvar::clock::Clock;
use solana_sysvar::epoch_schedule::EpochSchedule;
use surfpool_core::surfnet::BlockIdentifier;
use surfpool_core::surfnet::svm::SurfnetSvm;

use super::blockhashes::synthetic_blockhash;
use super::view::ChainView;

/// Changes one state of the chain (see [`super::Chain::write`]).
pub struct ChainWriter<'a> {
    svm: &'a mut SurfnetSvm,
}

impl<'a> ChainWriter<'a> {
    pub(super) fn new(svm: &'a mut SurfnetSvm) -> Self {
        Self { svm }
    }

    pub fn view(&self) -> ChainView<'_> {
        ChainView::new(self.svm)
    }

    /// Writes `account` at `address` with surfpool's `set_account` (an empty account removes
    /// it): its indexes (accounts by owner, token accounts by owner and mint) follow, and its
    /// event names the account to the commit feed.
    pub fn set_account(&mut self, address: &Pubkey, account: Account) -> Result<(), String> {
        self.svm
            .set_account(address, account)
            .map_err(|error| error.to_string())
    }

    /// A new chain's clock: at `unix_ms`, where block times count from (offline, surfpool keeps
    /// the clock where it is set here).
    pub fn start_clock_at(&mut self, unix_ms: u64) {
        self.svm.updated_at = unix_ms;
        self.svm.genesis_updated_at = unix_ms;
        self.svm.reconstruct_sysvars();
    }

    /// Puts the cluster clock back at `unix_ms`, as surfpool's time travel sets it, at the slot
    /// the chain is at: blocks go on from there, each a slot time later.
    pub fn put_clock_at(&mut self, unix_ms: u64) {
        self.svm.updated_at = unix_ms;
        let epoch = &self.svm.latest_epoch_info;
        let clock = Clock {
            slot: epoch.absolute_slot,
            epoch: epoch.epoch,
            unix_timestamp: i64::try_from(unix_ms / 1_000).unwrap_or(i64::MAX),
            ..self.svm.inner.get_sysvar::<Clock>()
        };
        self.svm.inner.set_sysvar(&clock);
    }

    /// A loaded chain continues at `clock`'s slot, block height and time: the blocks before it
    /// are not kept, so the chain's first block is there (surfpool reconstructs no earlier one),
    /// and block hashes go on from the height reached, never repeating one.
    pub fn continue_from(&mut self, clock: ChainClock) {
        let svm = &mut *self.svm;
        let schedule: EpochSchedule = svm.inner.get_sysvar();
        let (epoch, slot_index) = schedule.get_epoch_and_slot_index(clock.slot);
        let info = &mut svm.latest_epoch_info;
        info.epoch = epoch;
        info.slot_index = slot_index;
        info.slots_in_epoch = schedule.get_slots_in_epoch(epoch);
        info.absolute_slot = clock.slot;
        info.block_height = clock.block_height;
        info.transaction_count = Some(clock.transaction_count);
        svm.chain_tip = BlockIdentifier::new(
            clock.block_height,
            &synthetic_blockhash(clock.block_height.saturating_sub(1)).to_string(),
        );
        svm.genesis_slot = clock.slot;
        svm.genesis_updated_at = clock.unix_ms;
        svm.updated_at = clock.unix_ms;
        svm.reconstruct_sysvars();
    }
}
