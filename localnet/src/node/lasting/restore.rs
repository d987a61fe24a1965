//! Loading a snapshot's chain into a runtime before it serves: its accounts, then its clock and
//! slot.

use fulltime_files::snapshot::{ChainClock, ChainSnapshot};
use solana_account::Account;

use crate::node::NodeError;
use crate::node::surfpool::ChainWriter;

/// Writes every account of `snapshot` into `chain` and moves it on to `clock`: the chain
/// continues at its slot, block height and time (see [`ChainWriter::continue_from`]).
pub fn restore(
    chain: &mut ChainWriter<'_>,
    snapshot: &ChainSnapshot,
    clock: ChainClock,
) -> Result<(), NodeError> {
    for account in &snapshot.accounts {
        chain
            .set_account(
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
    chain.continue_from(clock);
    Ok(())
}
