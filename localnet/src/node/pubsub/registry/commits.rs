//! What each commit the feed streams does to the subscriptions: a transaction answers or moves
//! on the signature subscriptions waiting for it, an account's change reaches the subscribers of
//! the account and of its owner, and a confirmed or rooted slot answers those waiting for it.

use std::sync::Arc;

use anchor_lang::prelude::Pubkey;
use solana_account::Account;
use solana_rpc_client_api::filter::RpcFilterType;
use solana_rpc_client_api::response::SlotInfo;

use super::super::delivery::Deliveries;
use super::super::signature_record::SignatureStatus;
use super::super::subscribers::grouped;
use super::signatures::processed;
use super::{Registry, State};
use crate::node::surfpool::{Committed, FINALIZATION_SLOTS};

impl Registry {
    /// What the feed streams, in commit order.
    pub fn committed(&self, committed: &Committed) {
        let mut deliveries = Deliveries::default();
        {
            let mut state = self.state();
            match committed {
                Committed::Transaction {
                    signature,
                    slot,
                    err,
                } => {
                    let status = SignatureStatus {
                        slot: *slot,
                        err: err.clone(),
                    };
                    state.record.insert(*signature, status.clone());
                    if let Some(waiting) = state.waiting.remove(signature) {
                        for (key, level) in waiting {
                            state.route(&status, key, level, true, &mut deliveries);
                        }
                    }
                }
                Committed::Account {
                    pubkey,
                    account,
                    slot,
                } => state.account_changed(pubkey, account, *slot, &mut deliveries),
                Committed::SlotConfirmed { slot } => state.slot_confirmed(*slot, &mut deliveries),
                Committed::SlotRooted { slot } => state.slot_rooted(*slot, &mut deliveries),
                Committed::Block(_) => {}
            }
        }
        deliveries.send();
    }
}

impl State {
    fn slot_confirmed(&mut self, slot: u64, deliveries: &mut Deliveries) {
        self.confirmed = self.confirmed.max(slot);
        let later = self.until_confirmed.split_off(&(slot + 1));
        let reached = std::mem::replace(&mut self.until_confirmed, later);
        for (key, status) in reached.into_values().flatten() {
            self.answer(key, status.slot, processed(&status), deliveries);
        }
        // Surfpool tells slot subscribers of the slot it moves to as it confirms a block.
        let next = slot + 1;
        let info = SlotInfo {
            slot: next,
            parent: slot,
            root: next.saturating_sub(FINALIZATION_SLOTS),
        };
        let to = grouped(
            &self.slots,
            |()| Some(()),
            |connection| self.outbox(connection),
        );
        deliveries.slot(
            info,
            to.into_iter().map(|(_, recipients)| recipients).collect(),
        );
    }

    fn slot_rooted(&mut self, slot: u64, deliveries: &mut Deliveries) {
        self.rooted = self.rooted.max(slot);
        let later = self.until_rooted.split_off(&(slot + 1));
        let reached = std::mem::replace(&mut self.until_rooted, later);
        // Surfpool answers at the slot whose confirmation rooted `slot`.
        let current = slot + FINALIZATION_SLOTS;
        for (key, status) in reached.into_values().flatten() {
            self.answer(key, current, processed(&status), deliveries);
        }
    }

    fn account_changed(
        &self,
        pubkey: &Pubkey,
        account: &Arc<Account>,
        slot: u64,
        deliveries: &mut Deliveries,
    ) {
        let outbox = |connection| self.outbox(connection);
        let accounts = self
            .accounts
            .get(pubkey)
            .map(|subscribers| grouped(subscribers, |encoding| Some(*encoding), outbox))
            .unwrap_or_default();
        let programs = self
            .programs
            .get(&account.owner)
            .map(|subscribers| {
                grouped(
                    subscribers,
                    |filter| passes(&filter.filters, &account.data).then_some(filter.encoding),
                    outbox,
                )
            })
            .unwrap_or_default();
        let recipients = |groups: Vec<_>| groups.into_iter().map(|(_, recipients)| recipients);
        deliveries.account(
            *pubkey,
            Arc::clone(account),
            slot,
            recipients(accounts).collect(),
            recipients(programs).collect(),
        );
    }
}

/// Whether account data passes a program subscription's filters (data size and memcmp: the
/// front relays any other kind to surfpool).
fn passes(filters: &[RpcFilterType], data: &[u8]) -> bool {
    filters.iter().all(|filter| match filter {
        RpcFilterType::DataSize(size) => data.len() as u64 == *size,
        RpcFilterType::Memcmp(compare) => compare.bytes_match(data),
        RpcFilterType::TokenAccountState => false,
    })
}
