//! The running chain as a snapshot, read under the runtime's lock.

use std::hash::{DefaultHasher, Hash, Hasher};

use fulltime_client::snapshot::{ChainClock, ChainSnapshot, ProgramBuild, SnapshotAccount};
use solana_account::ReadableAccount;
use surfpool_core::surfnet::svm::SurfnetSvm;

use super::{ChainFacts, NodeAccounts, now_unix};

/// Where the chain is in time.
pub fn clock(svm: &SurfnetSvm) -> ChainClock {
    let epoch = &svm.latest_epoch_info;
    ChainClock {
        unix_ms: svm.updated_at,
        slot: epoch.absolute_slot,
        block_height: svm.chain_tip.index,
        transaction_count: epoch.transaction_count.unwrap_or_default(),
    }
}

/// A digest of the accounts a snapshot holds: equal digests, nothing to save.
pub fn accounts_digest(svm: &SurfnetSvm, node_accounts: &NodeAccounts) -> u64 {
    let mut hasher = DefaultHasher::new();
    for (address, account) in svm.inner.svm.accounts_db().inner.iter() {
        if node_accounts.carried(address, account) {
            address.hash(&mut hasher);
            account.lamports().hash(&mut hasher);
            account.owner().hash(&mut hasher);
            account.data().hash(&mut hasher);
        }
    }
    hasher.finish()
}

/// The whole chain: its accounts (the data, not what the node writes itself), clock and facts.
pub fn snapshot(
    svm: &SurfnetSvm,
    facts: &ChainFacts,
    node_accounts: &NodeAccounts,
) -> ChainSnapshot {
    let mut accounts: Vec<SnapshotAccount> = svm
        .inner
        .svm
        .accounts_db()
        .inner
        .iter()
        .filter(|(address, account)| node_accounts.carried(address, *account))
        .map(|(address, account)| SnapshotAccount {
            address: *address,
            lamports: account.lamports(),
            owner: *account.owner(),
            executable: account.executable(),
            rent_epoch: account.rent_epoch(),
            data: account.data().to_vec(),
        })
        .collect();
    accounts.sort_by_key(|account| account.address);
    ChainSnapshot {
        build: ProgramBuild::current(),
        saved_at: now_unix(),
        started: facts.started,
        clock: clock(svm),
        mint: facts.mint,
        keys: facts.keys.clone(),
        accounts,
    }
}
