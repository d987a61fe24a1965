//! The front's subscriptions and the signatures committed since the node started, under one
//! lock that the commit feed takes to record a commit and a client takes to subscribe: so a
//! signature subscription made before, during or after its transaction's commit is answered
//! exactly once (whoever answers removes it, under that lock).

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use anchor_lang::prelude::Pubkey;
use solana_account::Account;
use solana_account_decoder::{UiAccount, UiAccountEncoding, encode_ui_account};
use solana_rpc_client_api::filter::RpcFilterType;
use solana_rpc_client_api::response::{
    ProcessedSignatureResult, ReceivedSignatureResult, Response, RpcKeyedAccount,
    RpcResponseContext, RpcSignatureResult, SlotInfo,
};
use solana_signature::Signature;
use solana_transaction_error::TransactionError;
use surfpool_core::surfnet::FINALIZATION_SLOT_THRESHOLD;

use super::commit_feed::Committed;
use super::frames::{Outbox, notification};

/// The front's subscription ids count from here. Surfpool's own WebSocket server (behind the
/// front, for the relayed methods) counts its ids from 0, one per subscription, and web3.js keys
/// a client's subscriptions by the server's id alone: the two ranges must never meet. Surfpool
/// would need a billion subscriptions in one run to reach this, and it fits every client's
/// integer (a JavaScript number, an i32) for the next billion of the front's own.
pub const FIRST_FRONT_ID: u64 = 1_000_000_000;

/// How many committed signatures the record keeps; older ones are looked up in surfpool's
/// transaction store (as are those of a chain the node resumed).
const RECORD_CAPACITY: usize = 200_000;

/// One client connection's number.
pub type ConnectionId = u64;

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

/// How a transaction ended, as the record keeps it.
#[derive(Clone, Debug)]
pub struct SignatureStatus {
    pub slot: u64,
    pub err: Option<TransactionError>,
}

/// What a program subscription passes on.
pub struct ProgramFilter {
    pub encoding: UiAccountEncoding,
    /// Data size and memcmp filters, memcmp bytes already decoded.
    pub filters: Vec<RpcFilterType>,
}

/// What the front holds: client connections, live subscriptions, upstream connections to
/// surfpool's server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PubsubLoad {
    pub connections: usize,
    pub subscriptions: usize,
    pub relays: usize,
}

pub struct Registry {
    state: Mutex<State>,
    next_id: AtomicU64,
    next_connection: AtomicU64,
}

/// A subscription's id, and the connection whose outbox its notifications go to.
pub struct Subscriber {
    pub id: u64,
    pub connection: ConnectionId,
    pub outbox: Outbox,
}

struct State {
    record: Record,
    /// The latest confirmed and rooted slots the feed reported.
    confirmed: u64,
    rooted: u64,
    /// Signature subscriptions whose transaction has not committed.
    waiting: HashMap<Signature, Vec<(Subscriber, SignatureLevel)>>,
    /// Committed, waiting for their slot to be confirmed or rooted.
    until_confirmed: BTreeMap<u64, Vec<(SignatureStatus, Subscriber)>>,
    until_rooted: BTreeMap<u64, Vec<(SignatureStatus, Subscriber)>>,
    accounts: HashMap<Pubkey, Vec<(Subscriber, UiAccountEncoding)>>,
    programs: HashMap<Pubkey, Vec<(Subscriber, ProgramFilter)>>,
    slots: Vec<Subscriber>,
    /// Where each live subscription is, by id.
    live: HashMap<u64, Place>,
    connections: HashMap<ConnectionId, BTreeSet<u64>>,
}

#[derive(Clone, Copy)]
enum Place {
    Waiting(Signature),
    UntilConfirmed(u64),
    UntilRooted(u64),
    Account(Pubkey),
    Program(Pubkey),
    Slot,
}

/// The signatures committed since the node started, oldest dropped past the capacity.
struct Record {
    statuses: HashMap<Signature, SignatureStatus>,
    order: VecDeque<Signature>,
    /// Whether every signature the chain ever committed is here: a new chain's record, until
    /// the first is dropped.
    complete: bool,
}

impl Registry {
    /// `slot` is the chain's slot as the front starts (its earlier slots are confirmed, and
    /// those [`FINALIZATION_SLOT_THRESHOLD`] behind rooted); `complete` says whether the chain
    /// is new (so every signature it ever commits reaches the record).
    pub fn new(slot: u64, complete: bool) -> Self {
        Self {
            state: Mutex::new(State {
                record: Record {
                    statuses: HashMap::new(),
                    order: VecDeque::new(),
                    complete,
                },
                confirmed: slot.saturating_sub(1),
                rooted: slot.saturating_sub(FINALIZATION_SLOT_THRESHOLD),
                waiting: HashMap::new(),
                until_confirmed: BTreeMap::new(),
                until_rooted: BTreeMap::new(),
                accounts: HashMap::new(),
                programs: HashMap::new(),
                slots: Vec::new(),
                live: HashMap::new(),
                connections: HashMap::new(),
            }),
            next_id: AtomicU64::new(FIRST_FRONT_ID),
            next_connection: AtomicU64::new(0),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn open_connection(&self) -> ConnectionId {
        let connection = self.next_connection.fetch_add(1, Ordering::Relaxed);
        self.state().connections.insert(connection, BTreeSet::new());
        connection
    }

    /// Drops every subscription of `connection`.
    pub fn close_connection(&self, connection: ConnectionId) {
        let mut state = self.state();
        let ids = state.connections.remove(&connection).unwrap_or_default();
        for id in ids {
            state.remove(id);
        }
    }

    pub fn load(&self) -> PubsubLoad {
        let state = self.state();
        PubsubLoad {
            connections: state.connections.len(),
            subscriptions: state.live.len(),
            relays: 0,
        }
    }

    /// A new subscription id, to answer the subscribe request with before registering it.
    pub fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    pub fn is_front_id(id: u64) -> bool {
        id >= FIRST_FRONT_ID
    }

    /// Answers `subscriber` at once if the transaction of `signature` committed as far as
    /// `level` asks, else keeps it until it does. True when the signature is not in the record
    /// and the record may miss it: the caller looks it up and calls [`Self::import`].
    pub fn watch_signature(
        &self,
        subscriber: Subscriber,
        signature: Signature,
        level: SignatureLevel,
    ) -> bool {
        let mut state = self.state();
        if !state.adopt(&subscriber) {
            return false;
        }
        match state.record.statuses.get(&signature).cloned() {
            Some(status) => {
                state.route(&status, subscriber, level, false);
                false
            }
            None => {
                state.live.insert(subscriber.id, Place::Waiting(signature));
                let waiting = state.waiting.entry(signature).or_default();
                waiting.push((subscriber, level));
                !state.record.complete
            }
        }
    }

    /// A transaction surfpool's store knows but the record does not (older than the record):
    /// answers or moves on the subscriptions waiting for it.
    pub fn import(&self, signature: Signature, status: SignatureStatus) {
        let mut state = self.state();
        if state.record.statuses.contains_key(&signature) {
            return;
        }
        if let Some(waiting) = state.waiting.remove(&signature) {
            for (subscriber, level) in waiting {
                state.route(&status, subscriber, level, false);
            }
        }
    }

    pub fn watch_account(
        &self,
        subscriber: Subscriber,
        pubkey: Pubkey,
        encoding: UiAccountEncoding,
    ) {
        let mut state = self.state();
        if state.adopt(&subscriber) {
            state.live.insert(subscriber.id, Place::Account(pubkey));
            let subscribers = state.accounts.entry(pubkey).or_default();
            subscribers.push((subscriber, encoding));
        }
    }

    pub fn watch_program(&self, subscriber: Subscriber, program: Pubkey, filter: ProgramFilter) {
        let mut state = self.state();
        if state.adopt(&subscriber) {
            state.live.insert(subscriber.id, Place::Program(program));
            let subscribers = state.programs.entry(program).or_default();
            subscribers.push((subscriber, filter));
        }
    }

    pub fn watch_slots(&self, subscriber: Subscriber) {
        let mut state = self.state();
        if state.adopt(&subscriber) {
            state.live.insert(subscriber.id, Place::Slot);
            state.slots.push(subscriber);
        }
    }

    /// Ends subscription `id` if `connection` holds it.
    pub fn unsubscribe(&self, connection: ConnectionId, id: u64) {
        let mut state = self.state();
        let held = state
            .connections
            .get_mut(&connection)
            .is_some_and(|ids| ids.remove(&id));
        if held {
            state.remove(id);
        }
    }

    /// What the feed streams, in commit order.
    pub fn committed(&self, committed: &Committed) {
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
                    for (subscriber, level) in waiting {
                        state.route(&status, subscriber, level, true);
                    }
                }
            }
            Committed::Account {
                pubkey,
                account,
                slot,
            } => state.account_changed(pubkey, account, *slot),
            Committed::SlotConfirmed { slot } => state.slot_confirmed(*slot),
            Committed::SlotRooted { slot } => state.slot_rooted(*slot),
            Committed::Block(_) => {}
        }
    }
}

impl State {
    /// Records the subscription as its connection's; false when the connection is gone (then
    /// nothing is kept).
    fn adopt(&mut self, subscriber: &Subscriber) -> bool {
        match self.connections.get_mut(&subscriber.connection) {
            Some(ids) => ids.insert(subscriber.id),
            None => false,
        }
    }

    /// Forgets subscription `id` wherever it is.
    fn remove(&mut self, id: u64) {
        let Some(place) = self.live.remove(&id) else {
            return;
        };
        let keep = |subscriber: &Subscriber| subscriber.id != id;
        match place {
            Place::Waiting(signature) => {
                if let Some(waiting) = self.waiting.get_mut(&signature) {
                    waiting.retain(|(subscriber, _)| keep(subscriber));
                    if waiting.is_empty() {
                        self.waiting.remove(&signature);
                    }
                }
            }
            Place::UntilConfirmed(slot) => remove_at(&mut self.until_confirmed, slot, id),
            Place::UntilRooted(slot) => remove_at(&mut self.until_rooted, slot, id),
            Place::Account(pubkey) => {
                if let Some(subscribers) = self.accounts.get_mut(&pubkey) {
                    subscribers.retain(|(subscriber, _)| keep(subscriber));
                    if subscribers.is_empty() {
                        self.accounts.remove(&pubkey);
                    }
                }
            }
            Place::Program(program) => {
                if let Some(subscribers) = self.programs.get_mut(&program) {
                    subscribers.retain(|(subscriber, _)| keep(subscriber));
                    if subscribers.is_empty() {
                        self.programs.remove(&program);
                    }
                }
            }
            Place::Slot => self.slots.retain(keep),
        }
    }

    /// A signature subscription whose transaction committed with `status`: answered now if
    /// `level` is reached, else kept until its slot is. `live_commit` is true when this is the
    /// commit itself (a received subscription then hears `receivedSignature`).
    fn route(
        &mut self,
        status: &SignatureStatus,
        subscriber: Subscriber,
        level: SignatureLevel,
        live_commit: bool,
    ) {
        let waits_for = match level {
            SignatureLevel::Received if live_commit => {
                let received = RpcSignatureResult::ReceivedSignature(
                    ReceivedSignatureResult::ReceivedSignature,
                );
                return self.answer(&subscriber, status.slot, received);
            }
            SignatureLevel::Confirmed if self.confirmed < status.slot => &mut self.until_confirmed,
            SignatureLevel::Finalized if self.rooted < status.slot => &mut self.until_rooted,
            _ => return self.answer(&subscriber, status.slot, processed(status)),
        };
        let place = match level {
            SignatureLevel::Confirmed => Place::UntilConfirmed(status.slot),
            _ => Place::UntilRooted(status.slot),
        };
        let id = subscriber.id;
        waits_for
            .entry(status.slot)
            .or_default()
            .push((status.clone(), subscriber));
        self.live.insert(id, place);
    }

    /// Sends a signature subscription its one notification and forgets it.
    fn answer(&mut self, subscriber: &Subscriber, slot: u64, value: RpcSignatureResult) {
        self.live.remove(&subscriber.id);
        if let Some(ids) = self.connections.get_mut(&subscriber.connection) {
            ids.remove(&subscriber.id);
        }
        let response = Response {
            context: RpcResponseContext::new(slot),
            value,
        };
        send(subscriber, "signatureNotification", &response);
    }

    fn slot_confirmed(&mut self, slot: u64) {
        self.confirmed = self.confirmed.max(slot);
        let later = self.until_confirmed.split_off(&(slot + 1));
        let reached = std::mem::replace(&mut self.until_confirmed, later);
        for (status, subscriber) in reached.into_values().flatten() {
            self.answer(&subscriber, status.slot, processed(&status));
        }
        // Surfpool tells slot subscribers of the slot it moves to as it confirms a block.
        let next = slot + 1;
        let info = SlotInfo {
            slot: next,
            parent: slot,
            root: next.saturating_sub(FINALIZATION_SLOT_THRESHOLD),
        };
        for subscriber in &self.slots {
            send(subscriber, "slotNotification", &info);
        }
    }

    fn slot_rooted(&mut self, slot: u64) {
        self.rooted = self.rooted.max(slot);
        let later = self.until_rooted.split_off(&(slot + 1));
        let reached = std::mem::replace(&mut self.until_rooted, later);
        // Surfpool answers at the slot whose confirmation rooted `slot`.
        let current = slot + FINALIZATION_SLOT_THRESHOLD;
        for (status, subscriber) in reached.into_values().flatten() {
            self.answer(&subscriber, current, processed(&status));
        }
    }

    fn account_changed(&mut self, pubkey: &Pubkey, account: &Account, slot: u64) {
        if let Some(subscribers) = self.accounts.get(pubkey) {
            let mut encoded: Vec<(UiAccountEncoding, UiAccount)> = Vec::new();
            for (subscriber, encoding) in subscribers {
                let value = match encoded.iter().find(|(known, _)| known == encoding) {
                    Some((_, value)) => value.clone(),
                    None => {
                        let value = encode_ui_account(pubkey, account, *encoding, None, None);
                        encoded.push((*encoding, value.clone()));
                        value
                    }
                };
                let response = Response {
                    context: RpcResponseContext::new(slot),
                    value,
                };
                send(subscriber, "accountNotification", &response);
            }
        }
        if let Some(subscribers) = self.programs.get(&account.owner) {
            for (subscriber, filter) in subscribers {
                if !passes(&filter.filters, &account.data) {
                    continue;
                }
                let response = Response {
                    context: RpcResponseContext::new(slot),
                    value: RpcKeyedAccount {
                        pubkey: pubkey.to_string(),
                        account: encode_ui_account(pubkey, account, filter.encoding, None, None),
                    },
                };
                send(subscriber, "programNotification", &response);
            }
        }
    }
}

impl Record {
    fn insert(&mut self, signature: Signature, status: SignatureStatus) {
        if self.statuses.insert(signature, status).is_some() {
            return;
        }
        self.order.push_back(signature);
        if self.order.len() > RECORD_CAPACITY
            && let Some(oldest) = self.order.pop_front()
        {
            self.statuses.remove(&oldest);
            self.complete = false;
        }
    }
}

fn processed(status: &SignatureStatus) -> RpcSignatureResult {
    RpcSignatureResult::ProcessedSignature(ProcessedSignatureResult {
        err: status.err.clone().map(Into::into),
    })
}

/// Queues a notification on the subscriber's connection; a closed connection drops it (and
/// its subscriptions as it closes).
fn send<T: serde::Serialize>(subscriber: &Subscriber, method: &str, result: &T) {
    if let Some(frame) = notification(method, subscriber.id, result) {
        let _ = subscriber.outbox.send(frame);
    }
}

fn remove_at(map: &mut BTreeMap<u64, Vec<(SignatureStatus, Subscriber)>>, slot: u64, id: u64) {
    if let Some(subscribers) = map.get_mut(&slot) {
        subscribers.retain(|(_, subscriber)| subscriber.id != id);
        if subscribers.is_empty() {
            map.remove(&slot);
        }
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
