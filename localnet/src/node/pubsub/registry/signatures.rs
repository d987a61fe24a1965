//! Signature subscriptions: answered at once when their transaction is in the record (or in
//! surfpool's store), else kept until it commits; then answered, or kept until its slot is
//! confirmed or rooted when the level asked for is not reached yet.

use solana_rpc_client_api::response::{
    ProcessedSignatureResult, ReceivedSignatureResult, RpcSignatureResult,
};
use solana_signature::Signature;

use super::super::delivery::Deliveries;
use super::super::signature_record::SignatureStatus;
use super::super::subscribers::Key;
use super::{Place, Registry, State};

/// When a signature subscription is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureLevel {
    /// `enableReceivedNotification`: `receivedSignature` once the transaction is in (or its
    /// result, when it was in before the subscription), and nothing after.
    Received,
    Processed,
    Confirmed,
    Finalized,
}

impl Registry {
    /// Answers reserved subscription `id` at once if the transaction of `signature` committed
    /// as far as `level` asks, else keeps it until it does. True when the signature is not in
    /// the record and the record may miss it: the caller looks it up and calls
    /// [`Self::import`].
    pub fn watch_signature(&self, key: Key, signature: Signature, level: SignatureLevel) -> bool {
        let mut deliveries = Deliveries::default();
        let look_up = {
            let mut state = self.state();
            if !state.holds(key) {
                return false;
            }
            match state.record.statuses.get(&signature).cloned() {
                Some(status) => {
                    state.route(&status, key, level, false, &mut deliveries);
                    false
                }
                None => {
                    state.place(key, Place::Waiting(signature));
                    let waiting = state.waiting.entry(signature).or_default();
                    waiting.insert(key, level);
                    !state.record.complete
                }
            }
        };
        deliveries.send();
        look_up
    }

    /// A transaction surfpool's store knows but the record does not (older than the record):
    /// answers or moves on the subscriptions waiting for it.
    pub fn import(&self, signature: Signature, status: SignatureStatus) {
        let mut deliveries = Deliveries::default();
        {
            let mut state = self.state();
            if state.record.statuses.contains_key(&signature) {
                return;
            }
            if let Some(waiting) = state.waiting.remove(&signature) {
                for (key, level) in waiting {
                    state.route(&status, key, level, false, &mut deliveries);
                }
            }
        }
        deliveries.send();
    }
}

impl State {
    /// A signature subscription whose transaction committed with `status`: answered now if
    /// `level` is reached, else kept until its slot is. `live_commit` is true when this is the
    /// commit itself (a received subscription then hears `receivedSignature`).
    pub(super) fn route(
        &mut self,
        status: &SignatureStatus,
        key: Key,
        level: SignatureLevel,
        live_commit: bool,
        deliveries: &mut Deliveries,
    ) {
        let (waits_for, place) = match level {
            SignatureLevel::Received if live_commit => {
                let received = RpcSignatureResult::ReceivedSignature(
                    ReceivedSignatureResult::ReceivedSignature,
                );
                return self.answer(key, status.slot, received, deliveries);
            }
            SignatureLevel::Confirmed if self.confirmed < status.slot => (
                &mut self.until_confirmed,
                Place::UntilConfirmed(status.slot),
            ),
            SignatureLevel::Finalized if self.rooted < status.slot => {
                (&mut self.until_rooted, Place::UntilRooted(status.slot))
            }
            _ => return self.answer(key, status.slot, processed(status), deliveries),
        };
        waits_for
            .entry(status.slot)
            .or_default()
            .insert(key, status.clone());
        self.place(key, place);
    }

    /// Gives a signature subscription its one notification and forgets it.
    pub(super) fn answer(
        &mut self,
        key: Key,
        slot: u64,
        value: RpcSignatureResult,
        deliveries: &mut Deliveries,
    ) {
        self.live.remove(&key.id);
        if let Some(client) = self.clients.get_mut(&key.connection) {
            client.subscriptions.remove(&key.id);
            deliveries.answer(client.outbox.clone(), key.id, slot, value);
        }
    }
}

pub(super) fn processed(status: &SignatureStatus) -> RpcSignatureResult {
    RpcSignatureResult::ProcessedSignature(ProcessedSignatureResult {
        err: status.err.clone().map(Into::into),
    })
}
