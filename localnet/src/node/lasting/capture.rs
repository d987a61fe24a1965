//! The running chain as a snapshot, read under the runtime's lock.

use std::hash::{DefaultHasher, Hash, Hasher};

use fulltime_files::snapshot::{ChainSnapshot, ProgramBuild, SnapshotAccount};
use solana_account::ReadableAccount;

use super::{ChainFacts, NodeAccounts, now_unix};
use crate::node::surfpool::ChainView;

/// A digest of the accounts a snapshot holds: equal digests, nothing to save.
pub fn accounts_digest(chain: &ChainView<'_>, node_accounts: &NodeAccounts) -> u64 {
    let mut hasher = DefaultHasher::new();
    for (address, account) in chain.accounts() {
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
    chain: &ChainView<'_>,
    facts: &ChainFacts,
    node_accounts: &NodeAccounts,
) -> ChainSnapshot {
    let mut accounts: Vec<SnapshotAccount> = chain
        .accounts()
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
        clock: chain.clock(),
        mint: facts.mint,
        keys: facts.keys.clone(),
        accounts,
    }
}
