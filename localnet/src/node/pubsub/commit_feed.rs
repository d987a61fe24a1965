//! The single ordered stream of what committed: surfpool's geyser events (`surfpool::commits`),
//! taken from its geyser runloop (which has no plugin here), drained by one thread and handed to
//! every listener in the order surfpool sent them.
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

use super::feed_timing::{FeedReport, FeedTiming};
use crate::node::NodeError;
use crate::node::surfpool::{Chain, CommitEvents, Committed, Heard};

/// Called with each commit in order, from the feed's thread; returns false to be dropped.
type Listener = Box<dyn FnMut(&Committed) -> bool + Send>;

/// The commit feed: started with the chain's commits before its runloop, so nothing committed
/// is missed.
pub struct CommitFeed {
    listeners: Arc<Mutex<Vec<Listener>>>,
    timing: Arc<FeedTiming>,
    rereads: Sender<Pubkey>,
    stop: Option<Sender<()>>,
    threads: Vec<JoinHandle<()>>,
}

impl CommitFeed {
    pub fn start(commits: CommitEvents, chain: Chain) -> Result<Self, NodeError> {
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
                    commits: &commits,
                    reread_results: &reread_results,
                    stopped: &stopped,
                    rereads: &rereads,
                };
                drain(&channels, &listeners, &timing);
            })?
        };
        let reader = spawn("commit-feed-reads", move || {
            read_accounts(&chain, &reread_rx, &reread_tx, &stopped);
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

    /// Where to name an account that changed without a commit (surfpool's `set_account`, which
    /// it reports as `RunloopEvent::AccountWritten`): the feed reads it and streams it as
    /// [`Committed::Account`].
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
    commits: &'a CommitEvents,
    reread_results: &'a Receiver<Committed>,
    stopped: &'a Receiver<()>,
    rereads: &'a Sender<Pubkey>,
}

fn drain(channels: &Channels<'_>, listeners: &Mutex<Vec<Listener>>, timing: &FeedTiming) {
    let commits = channels.commits;
    let publish = |committed: Committed| {
        let backlog = commits.backlog();
        let started = Instant::now();
        listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain_mut(|listener| listener(&committed));
        timing.record(started.elapsed(), backlog, commits.capacity());
    };
    loop {
        match commits.next(channels.reread_results, channels.stopped, channels.rereads) {
            Heard::Commit(committed) => publish(committed),
            Heard::Nothing => {}
            Heard::Ended => return,
        }
    }
}

/// Reads the accounts named on `rereads` (each once per batch) and streams them.
fn read_accounts(
    chain: &Chain,
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
        let read = chain.read(|chain| {
            let slot = chain.slot();
            batch
                .into_iter()
                .filter_map(|pubkey| {
                    let account = chain.account(&pubkey).ok()?.unwrap_or_default();
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
