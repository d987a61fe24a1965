//! The single ordered stream of what committed: surfpool's geyser events, taken from its geyser
//! runloop (which has no plugin here), drained by one thread and handed to every listener in the
//! order surfpool sent them.
//!
//! Surfpool sends the geyser events while it holds the SVM write lock, on a channel of 1,024: the
//! thread that drains it must never wait for that lock, or both would wait for each other. What
//! needs the SVM (an account that changed without an `UpdateAccount`, see [`Rereads`]) is read
//! by a second thread, whose result joins the stream.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

use anchor_lang::prelude::Pubkey;
use crossbeam_channel::{Receiver, Sender, select};
use solana_account::Account;
use solana_signature::Signature;
use solana_transaction_error::TransactionError;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_core::surfnet::{GeyserBlockMetadata, GeyserEvent, GeyserSlotStatus};

use super::feed_timing::{FeedReport, FeedTiming};
use crate::node::NodeError;

/// One thing that committed, in the order the node committed it.
#[derive(Clone, Debug)]
pub enum Committed {
    /// A transaction was processed in `slot` (with `err` when it failed).
    Transaction {
        signature: Signature,
        slot: u64,
        err: Option<TransactionError>,
    },
    /// An account holds `account` as of `slot` (a closed account is `Account::default()`).
    Account {
        pubkey: Pubkey,
        account: Arc<Account>,
        slot: u64,
    },
    /// The block of `slot` is confirmed: the node moved on to the next slot.
    SlotConfirmed { slot: u64 },
    /// `slot` is rooted (finalized): every transaction up to it is final.
    SlotRooted { slot: u64 },
    /// A block was made.
    Block(GeyserBlockMetadata),
}

/// Called with each commit in order, from the feed's thread; returns false to be dropped.
type Listener = Box<dyn FnMut(&Committed) -> bool + Send>;

/// The commit feed: started with the geyser receiver `SurfnetSvm::new` returned, before the
/// runloop, so nothing committed is missed.
pub struct CommitFeed {
    listeners: Arc<Mutex<Vec<Listener>>>,
    timing: Arc<FeedTiming>,
    rereads: Sender<Pubkey>,
    stop: Option<Sender<()>>,
    threads: Vec<JoinHandle<()>>,
}

impl CommitFeed {
    pub fn start(
        geyser: Receiver<GeyserEvent>,
        locker: SurfnetSvmLocker,
    ) -> Result<Self, NodeError> {
        let listeners: Arc<Mutex<Vec<Listener>>> = Arc::default();
        let timing = Arc::<FeedTiming>::default();
        let (rereads, reread_rx) = crossbeam_channel::unbounded();
        let (reread_tx, reread_results) = crossbeam_channel::unbounded();
        let (stop, stopped) = crossbeam_channel::bounded(0);
        let drain = {
            let listeners = Arc::clone(&listeners);
            let timing = Arc::clone(&timing);
            let rereads = rereads.clone();
            let stopped = stopped.clone();
            spawn("commit-feed", move || {
                let channels = Channels {
                    geyser: &geyser,
                    reread_results: &reread_results,
                    stopped: &stopped,
                    rereads: &rereads,
                };
                drain(&channels, &listeners, &timing);
            })?
        };
        let reader = spawn("commit-feed-reads", move || {
            read_accounts(&locker, &reread_rx, &reread_tx, &stopped);
        })?;
        Ok(Self {
            listeners,
            timing,
            rereads,
            stop: Some(stop),
            threads: vec![drain, reader],
        })
    }

    /// Calls `listener` with every later commit, in order, on the feed's thread: it must not
    /// block (and never wait for the SVM lock).
    pub fn subscribe(&self, listener: impl FnMut(&Committed) -> bool + Send + 'static) {
        self.listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Box::new(listener));
    }

    /// Every later commit, in order, on a channel; dropping the receiver ends it.
    pub fn listen(&self) -> Receiver<Committed> {
        let (sender, receiver) = crossbeam_channel::unbounded();
        self.subscribe(move |committed| sender.send(committed.clone()).is_ok());
        receiver
    }

    /// How long the feed took over each commit since the last call, and how far behind
    /// surfpool it fell.
    pub fn timing(&self) -> FeedReport {
        self.timing.take()
    }

    /// Where to name an account that changed without a geyser `UpdateAccount` (surfpool's
    /// `set_account`, which it reports as `SimnetEvent::AccountUpdate`): the feed reads it and
    /// streams it as [`Committed::Account`].
    pub fn rereads(&self) -> Rereads {
        Rereads(self.rereads.clone())
    }
}

impl Drop for CommitFeed {
    fn drop(&mut self) {
        // Dropping the sender wakes both threads (their `stopped` receivers disconnect).
        self.stop.take();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// A handle that names accounts for the feed to read again.
#[derive(Clone)]
pub struct Rereads(Sender<Pubkey>);

impl Rereads {
    pub fn account_written(&self, pubkey: Pubkey) {
        let _ = self.0.send(pubkey);
    }
}

fn spawn(name: &str, run: impl FnOnce() + Send + 'static) -> Result<JoinHandle<()>, NodeError> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(run)
        .map_err(|error| NodeError::Start(format!("cannot start {name}: {error}")))
}

/// What the draining thread reads from and writes to.
struct Channels<'a> {
    geyser: &'a Receiver<GeyserEvent>,
    reread_results: &'a Receiver<Committed>,
    stopped: &'a Receiver<()>,
    rereads: &'a Sender<Pubkey>,
}

fn drain(channels: &Channels<'_>, listeners: &Mutex<Vec<Listener>>, timing: &FeedTiming) {
    let geyser = channels.geyser;
    let publish = |committed: Committed| {
        let backlog = geyser.len();
        let started = Instant::now();
        listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain_mut(|listener| listener(&committed));
        timing.record(started.elapsed(), backlog, geyser.capacity());
    };
    loop {
        select! {
            recv(geyser) -> event => match event {
                Ok(event) => {
                    if let Some(committed) = committed(event, channels.rereads) {
                        publish(committed);
                    }
                }
                Err(_) => return,
            },
            recv(channels.reread_results) -> read => match read {
                Ok(committed) => publish(committed),
                Err(_) => return,
            },
            recv(channels.stopped) -> _ => return,
        }
    }
}

/// What a geyser event says committed; `None` for what no listener needs (entries, startup
/// accounts: surfpool sends neither here).
fn committed(event: GeyserEvent, rereads: &Sender<Pubkey>) -> Option<Committed> {
    match event {
        GeyserEvent::NotifyTransaction(event) => {
            let transaction = event.transaction_with_status_meta;
            let signature = *transaction.transaction.signatures.first()?;
            let err = transaction.meta.status.clone().err();
            if err.is_some() {
                // A failed transaction still takes its fee (and advances a nonce), but surfpool
                // sends no `UpdateAccount` for it: read the accounts whose balance moved.
                let keys = transaction.transaction.message.static_account_keys();
                let moved = transaction
                    .meta
                    .pre_balances
                    .iter()
                    .zip(&transaction.meta.post_balances)
                    .zip(keys)
                    .filter(|((before, after), _)| before != after);
                for (_, pubkey) in moved {
                    let _ = rereads.send(*pubkey);
                }
            }
            Some(Committed::Transaction {
                signature,
                slot: transaction.slot,
                err,
            })
        }
        GeyserEvent::UpdateAccount(update) => Some(Committed::Account {
            pubkey: update.pubkey,
            account: Arc::new(update.account),
            slot: update.slot,
        }),
        GeyserEvent::UpdateSlotStatus { slot, status, .. } => match status {
            GeyserSlotStatus::Confirmed => Some(Committed::SlotConfirmed { slot }),
            GeyserSlotStatus::Rooted => Some(Committed::SlotRooted { slot }),
            GeyserSlotStatus::Processed => None,
        },
        GeyserEvent::NotifyBlockMetadata(block) => Some(Committed::Block(block)),
        GeyserEvent::StartupAccountUpdate(_)
        | GeyserEvent::EndOfStartup
        | GeyserEvent::NotifyEntry(_) => None,
    }
}

/// Reads the accounts named on `rereads` (each once per batch) and streams them.
fn read_accounts(
    locker: &SurfnetSvmLocker,
    rereads: &Receiver<Pubkey>,
    results: &Sender<Committed>,
    stopped: &Receiver<()>,
) {
    loop {
        let first = select! {
            recv(rereads) -> pubkey => match pubkey {
                Ok(pubkey) => pubkey,
                Err(_) => return,
            },
            recv(stopped) -> _ => return,
        };
        let batch: BTreeSet<Pubkey> = std::iter::once(first).chain(rereads.try_iter()).collect();
        let read = locker.with_svm_reader(|svm| {
            let slot = svm.get_latest_absolute_slot();
            batch
                .into_iter()
                .filter_map(|pubkey| {
                    let account = svm.get_account(&pubkey).ok()?.unwrap_or_default();
                    Some(Committed::Account {
                        pubkey,
                        account: Arc::new(account),
                        slot,
                    })
                })
                .collect::<Vec<_>>()
        });
        for committed in read {
            if results.send(committed).is_err() {
                return;
            }
        }
    }
}
