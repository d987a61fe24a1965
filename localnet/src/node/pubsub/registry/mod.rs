//! The front's subscriptions and the signatures committed since the node started, under one
//! lock that the commit feed takes to record a commit and a client takes to subscribe: so a
//! signature subscription made before, during or after its transaction's commit is answered
//! exactly once (whoever answers removes it, under that lock).
//!
//! Under the lock nothing is serialised and nothing waits: a change gathers who is to hear of
//! it ([`Deliveries`](super::delivery::Deliveries)), and that is serialised and queued once the
//! lock is released. Each subscription is kept by its key, so removing one never looks at the
//! others, and a client holds at most [`Registry::max_subscriptions`].
//!
//! Here are the connections and the subscribe and unsubscribe bookkeeping; what a commit does
//! to the subscriptions is in `commits`, and how a signature subscription is answered in
//! `signatures`.

mod commits;
mod signatures;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use anchor_lang::prelude::Pubkey;
use solana_account_decoder::UiAccountEncoding;
use solana_rpc_client_api::filter::RpcFilterType;
use solana_signature::Signature;

use super::outbox::Outbox;
use super::signature_record::Record;
pub use super::signature_record::SignatureStatus;
use super::subscribers::{ConnectionId, Key, Subscribers, remove_from};
use crate::node::surfpool::FINALIZATION_SLOTS;
pub use signatures::SignatureLevel;

/// The front's subscription ids count from here. Surfpool's own WebSocket methods (run in
/// process for the relayed requests) count their ids from 0, one per subscription, and web3.js keys
/// a client's subscriptions by the server's id alone: the two ranges must never meet. Surfpool
/// would need a billion subscriptions in one run to reach this, and it fits every client's
/// integer (a JavaScript number, an i32) for the next billion of the front's own.
pub const FIRST_FRONT_ID: u64 = 1_000_000_000;

/// A connection's subscriptions are dropped this many at a time, the lock released in between:
/// a teardown of thousands never holds up the feed for more than one batch.
const TEARDOWN_BATCH: usize = 1_024;

/// What a program subscription passes on.
pub struct ProgramFilter {
    pub encoding: UiAccountEncoding,
    /// Data size and memcmp filters, memcmp bytes already decoded.
    pub filters: Vec<RpcFilterType>,
}

/// What the front holds: client connections, live subscriptions, clients' sessions with
/// surfpool's WebSocket methods, and the sessions surfpool has not ended yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PubsubLoad {
    pub connections: usize,
    pub subscriptions: usize,
    pub relays: usize,
    pub surfpool_sessions: usize,
}

/// Why a subscription was not made.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The connection holds `held` subscriptions (its own and those relayed to surfpool), the
    /// most it may.
    Full { held: usize },
    /// The connection is closing.
    Gone,
}

pub struct Registry {
    state: Mutex<State>,
    next_id: AtomicU64,
    next_connection: AtomicU64,
    max_subscriptions: usize,
}

/// A client connection: where its notifications go, and the subscriptions it holds (reserved,
/// and live).
struct Client {
    outbox: Outbox,
    subscriptions: HashSet<u64>,
}

struct State {
    record: Record,
    /// The latest confirmed and rooted slots the feed reported.
    confirmed: u64,
    rooted: u64,
    clients: HashMap<ConnectionId, Client>,
    /// Where each live subscription is, by id.
    live: HashMap<u64, Live>,
    /// Signature subscriptions whose transaction has not committed.
    waiting: HashMap<Signature, Subscribers<SignatureLevel>>,
    /// Committed, waiting for their slot to be confirmed or rooted.
    until_confirmed: BTreeMap<u64, Subscribers<SignatureStatus>>,
    until_rooted: BTreeMap<u64, Subscribers<SignatureStatus>>,
    accounts: HashMap<Pubkey, Subscribers<UiAccountEncoding>>,
    programs: HashMap<Pubkey, Subscribers<ProgramFilter>>,
    slots: Subscribers<()>,
}

#[derive(Clone, Copy)]
struct Live {
    connection: ConnectionId,
    place: Place,
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

impl Registry {
    /// `slot` is the chain's slot as the front starts (its earlier slots are confirmed, and
    /// those [`FINALIZATION_SLOTS`] behind rooted); `complete` says whether the chain
    /// is new (so every signature it ever commits reaches the record). A connection may hold
    /// `max_subscriptions`.
    pub fn new(slot: u64, complete: bool, max_subscriptions: usize) -> Self {
        Self {
            state: Mutex::new(State {
                record: Record::new(complete),
                confirmed: slot.saturating_sub(1),
                rooted: slot.saturating_sub(FINALIZATION_SLOTS),
                clients: HashMap::new(),
                live: HashMap::new(),
                waiting: HashMap::new(),
                until_confirmed: BTreeMap::new(),
                until_rooted: BTreeMap::new(),
                accounts: HashMap::new(),
                programs: HashMap::new(),
                slots: BTreeMap::new(),
            }),
            next_id: AtomicU64::new(FIRST_FRONT_ID),
            next_connection: AtomicU64::new(0),
            max_subscriptions,
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The most subscriptions one connection may hold.
    pub fn max_subscriptions(&self) -> usize {
        self.max_subscriptions
    }

    /// A new client, whose notifications go to `outbox`.
    pub fn open_connection(&self, outbox: Outbox) -> ConnectionId {
        let connection = self.next_connection.fetch_add(1, Ordering::Relaxed);
        let client = Client {
            outbox,
            subscriptions: HashSet::new(),
        };
        self.state().clients.insert(connection, client);
        connection
    }

    /// Drops every subscription of `connection`. Once the client is gone nothing reaches it,
    /// so its subscriptions can go a batch at a time.
    pub fn close_connection(&self, connection: ConnectionId) {
        let Some(client) = self.state().clients.remove(&connection) else {
            return;
        };
        let ids: Vec<u64> = client.subscriptions.into_iter().collect();
        for batch in ids.chunks(TEARDOWN_BATCH) {
            let mut state = self.state();
            for id in batch {
                state.remove(*id);
            }
        }
    }

    pub fn load(&self) -> PubsubLoad {
        let state = self.state();
        PubsubLoad {
            connections: state.clients.len(),
            subscriptions: state.live.len(),
            ..PubsubLoad::default()
        }
    }

    /// How many subscriptions `connection` holds here.
    pub fn held(&self, connection: ConnectionId) -> usize {
        self.state()
            .clients
            .get(&connection)
            .map_or(0, |client| client.subscriptions.len())
    }

    /// A new subscription id for `connection`, counted against its cap (with `relayed`, the
    /// subscriptions it holds through the relay), to answer the subscribe request with before
    /// registering it.
    pub fn reserve(&self, connection: ConnectionId, relayed: usize) -> Result<u64, Refused> {
        let mut state = self.state();
        let client = state.clients.get_mut(&connection).ok_or(Refused::Gone)?;
        let held = client.subscriptions.len() + relayed;
        if held >= self.max_subscriptions {
            return Err(Refused::Full { held });
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        client.subscriptions.insert(id);
        Ok(id)
    }

    pub fn is_front_id(id: u64) -> bool {
        id >= FIRST_FRONT_ID
    }

    pub fn watch_account(&self, key: Key, pubkey: Pubkey, encoding: UiAccountEncoding) {
        let mut state = self.state();
        if state.holds(key) {
            state.place(key, Place::Account(pubkey));
            state
                .accounts
                .entry(pubkey)
                .or_default()
                .insert(key, encoding);
        }
    }

    pub fn watch_program(&self, key: Key, program: Pubkey, filter: ProgramFilter) {
        let mut state = self.state();
        if state.holds(key) {
            state.place(key, Place::Program(program));
            state
                .programs
                .entry(program)
                .or_default()
                .insert(key, filter);
        }
    }

    pub fn watch_slots(&self, key: Key) {
        let mut state = self.state();
        if state.holds(key) {
            state.place(key, Place::Slot);
            state.slots.insert(key, ());
        }
    }

    /// Ends subscription `id` if `connection` holds it.
    pub fn unsubscribe(&self, connection: ConnectionId, id: u64) {
        let mut state = self.state();
        let held = state
            .clients
            .get_mut(&connection)
            .is_some_and(|client| client.subscriptions.remove(&id));
        if held {
            state.remove(id);
        }
    }
}

impl State {
    /// Whether `key` is a subscription its connection reserved and still holds.
    fn holds(&self, key: Key) -> bool {
        self.clients
            .get(&key.connection)
            .is_some_and(|client| client.subscriptions.contains(&key.id))
    }

    fn place(&mut self, key: Key, place: Place) {
        self.live.insert(
            key.id,
            Live {
                connection: key.connection,
                place,
            },
        );
    }

    fn outbox(&self, connection: ConnectionId) -> Option<Outbox> {
        self.clients
            .get(&connection)
            .map(|client| client.outbox.clone())
    }

    /// Forgets subscription `id` wherever it is: one lookup by its key.
    fn remove(&mut self, id: u64) {
        let Some(Live { connection, place }) = self.live.remove(&id) else {
            return;
        };
        let key = Key { connection, id };
        match place {
            Place::Waiting(signature) => remove_from(&mut self.waiting, &signature, key),
            Place::UntilConfirmed(slot) => remove_from(&mut self.until_confirmed, &slot, key),
            Place::UntilRooted(slot) => remove_from(&mut self.until_rooted, &slot, key),
            Place::Account(pubkey) => remove_from(&mut self.accounts, &pubkey, key),
            Place::Program(program) => remove_from(&mut self.programs, &program, key),
            Place::Slot => {
                self.slots.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests;
