//! A checkpoint's accounts written back into the running chain, under the runtime's write lock.

use std::collections::HashMap;

use anchor_lang::prelude::Pubkey;
use solana_account::{Account, AccountSharedData};

use super::carried;
use crate::node::lasting::NodeAccounts;
use crate::node::surfpool::ChainWriter;

/// Makes the chain's accounts those of `checkpoint`: each that differs is written back, each
/// made since is removed, as surfpool's cheat codes write them, so that its indexes (accounts by
/// owner, token accounts by owner and mint) follow and the commit feed is told. Only what
/// differs is written: a restore costs a comparison per account plus a write per change. How
/// many accounts it wrote.
pub fn accounts(
    chain: &mut ChainWriter<'_>,
    node_accounts: &NodeAccounts,
    checkpoint: &HashMap<Pubkey, AccountSharedData>,
) -> Result<usize, String> {
    let writes = {
        let view = chain.view();
        let mut writes: Vec<(Pubkey, Account)> = carried(&view, node_accounts)
            .filter(|(address, _)| !checkpoint.contains_key(address))
            .map(|(address, _)| (*address, Account::default()))
            .collect();
        for (address, kept) in checkpoint {
            if view.held_account(address) != Some(kept) {
                writes.push((*address, Account::from(kept.clone())));
            }
        }
        writes
    };
    for (address, account) in &writes {
        chain
            .set_account(address, account.clone())
            .map_err(|error| format!("{address}: {error}"))?;
    }
    Ok(writes.len())
}
