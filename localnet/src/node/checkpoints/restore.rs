//! A checkpoint written back into the running chain, under the runtime's write lock.

use std::collections::HashMap;

use anchor_lang::prelude::Pubkey;
use solana_account::{Account, AccountSharedData};
use solana_sysvar::clock::Clock;
use surfpool_core::surfnet::svm::SurfnetSvm;

use super::carried;
use crate::node::lasting::NodeAccounts;

/// Makes the chain's accounts those of `checkpoint`: each that differs is written back, each
/// made since is removed, through surfpool's `set_account` so that its indexes (accounts by
/// owner, token accounts by owner and mint) follow and the commit feed is told. Only what
/// differs is written: a restore costs a comparison per account plus a write per change. How
/// many accounts it wrote.
pub fn accounts(
    svm: &mut SurfnetSvm,
    node_accounts: &NodeAccounts,
    checkpoint: &HashMap<Pubkey, AccountSharedData>,
) -> Result<usize, String> {
    let mut writes: Vec<(Pubkey, Account)> = carried(svm, node_accounts)
        .filter(|(address, _)| !checkpoint.contains_key(address))
        .map(|(address, _)| (*address, Account::default()))
        .collect();
    for (address, kept) in checkpoint {
        let now = svm.inner.svm.accounts_db().inner.get(address);
        if now != Some(kept) {
            writes.push((*address, Account::from(kept.clone())));
        }
    }
    for (address, account) in &writes {
        svm.set_account(address, account.clone())
            .map_err(|error| format!("{address}: {error}"))?;
    }
    Ok(writes.len())
}

/// Puts the cluster clock back at `unix_ms`, as surfpool's time travel sets it, at the slot the
/// chain is at: blocks go on from there, each 10 ms later, and the wall clock moves it on.
pub fn clock(svm: &mut SurfnetSvm, unix_ms: u64) {
    svm.updated_at = unix_ms;
    let epoch = &svm.latest_epoch_info;
    let clock = Clock {
        slot: epoch.absolute_slot,
        epoch: epoch.epoch,
        unix_timestamp: i64::try_from(unix_ms / 1_000).unwrap_or(i64::MAX),
        ..svm.inner.get_sysvar::<Clock>()
    };
    svm.inner.set_sysvar(&clock);
}
