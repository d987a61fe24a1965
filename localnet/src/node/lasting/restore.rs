//! Loading a snapshot's chain into a runtime before it serves: its accounts, then its clock and
//! slot.

use fulltime_client::snapshot::{ChainClock, ChainSnapshot};
use solana_account::Account;
use surfpool_core::surfnet::BlockIdentifier;
use surfpool_core::surfnet::svm::SurfnetSvm;
use surfpool_core::types::SyntheticBlockhash;

use crate::node::NodeError;

/// Writes every account of `snapshot` into `svm` and moves it to `clock`.
pub fn restore(
    svm: &mut SurfnetSvm,
    snapshot: &ChainSnapshot,
    clock: ChainClock,
) -> Result<(), NodeError> {
    for account in &snapshot.accounts {
        svm.set_account(
            &account.address,
            Account {
                lamports: account.lamports,
                data: account.data.clone(),
                owner: account.owner,
                executable: account.executable,
                rent_epoch: account.rent_epoch,
            },
        )
        .map_err(|error| {
            NodeError::Start(format!("cannot write account {}: {error}", account.address))
        })?;
    }
    set_clock(svm, clock);
    Ok(())
}

/// The chain continues at `clock`'s slot, block height and time: the blocks before it are not
/// kept, so the chain's first block is there (surfpool reconstructs no earlier one), and block
/// hashes go on from the height reached, never repeating one.
fn set_clock(svm: &mut SurfnetSvm, clock: ChainClock) {
    let schedule: solana_sysvar::epoch_schedule::EpochSchedule = svm.inner.get_sysvar();
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
        &SyntheticBlockhash::new(clock.block_height.saturating_sub(1)).to_string(),
    );
    svm.genesis_slot = clock.slot;
    svm.genesis_updated_at = clock.unix_ms;
    svm.updated_at = clock.unix_ms;
    svm.reconstruct_sysvars();
}
