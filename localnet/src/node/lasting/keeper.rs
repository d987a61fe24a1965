//! Keeps a served chain in the state directory: its accounts (`chain.snapshot`) within a second
//! of a change, its clock (`chain-clock.json`) every second it moves, both within a second of a
//! checkpoint's restore taking the clock back, and both when the node stops.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use fulltime_client::terminal_text::escaped;
use fulltime_files::snapshot::ChainClock;

use super::clock_file::{self, TickedClock};
use super::{CHAIN_FILE, CLOCK_FILE, ChainFacts, NodeAccounts, capture};
use crate::node::NodeError;
use crate::node::surfpool::Chain;

const TICK: Duration = Duration::from_secs(1);

pub struct Keeper {
    shared: Arc<Shared>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

struct Shared {
    chain: Chain,
    state_dir: PathBuf,
    facts: ChainFacts,
    /// Left out of the kept chain, which a later start would otherwise refuse.
    node_accounts: NodeAccounts,
    saved: Mutex<Saved>,
}

/// What the files hold.
#[derive(Default)]
struct Saved {
    accounts: Option<u64>,
    clock: Option<ChainClock>,
    /// The last failure reported, so that a failing disk is said once, not every second.
    failure: Option<String>,
}

impl Keeper {
    /// Saves the chain at once, then keeps it saved from a thread of its own.
    pub fn start(
        chain: Chain,
        state_dir: PathBuf,
        facts: ChainFacts,
        node_accounts: NodeAccounts,
    ) -> Result<Self, NodeError> {
        let shared = Arc::new(Shared {
            chain,
            state_dir,
            facts,
            node_accounts,
            saved: Mutex::new(Saved::default()),
        });
        shared.save().map_err(NodeError::Keep)?;
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let shared = Arc::clone(&shared);
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("chain-keeper".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::park_timeout(TICK);
                        shared.save_or_report();
                    }
                })
                .map_err(|error| NodeError::Keep(error.to_string()))?
        };
        Ok(Self {
            shared,
            stop,
            thread: Some(thread),
        })
    }
}

impl Shared {
    fn save(&self) -> Result<(), String> {
        let (digest, clock) = self.chain.read(|chain| {
            (
                capture::accounts_digest(chain, &self.node_accounts),
                chain.clock(),
            )
        });
        let mut saved = self
            .saved
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A restored checkpoint takes the clock back, and a restart resumes at the later of the
        // two files' clocks: both are rewritten, the chain first.
        let clock_went_back = saved.clock.is_some_and(|kept| clock.unix_ms < kept.unix_ms);
        if saved.accounts != Some(digest) || clock_went_back {
            let snapshot = self
                .chain
                .read(|chain| capture::snapshot(chain, &self.facts, &self.node_accounts));
            snapshot
                .write(&self.state_dir.join(CHAIN_FILE))
                .map_err(|error| error.to_string())?;
            saved.accounts = Some(digest);
        }
        if saved.clock != Some(clock) {
            let path = self.state_dir.join(CLOCK_FILE);
            clock_file::write(&path, &TickedClock::new(self.facts.started, clock))
                .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
            saved.clock = Some(clock);
        }
        saved.failure = None;
        Ok(())
    }

    fn save_or_report(&self) {
        if let Err(error) = self.save() {
            let mut saved = self
                .saved
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if saved.failure.as_ref() != Some(&error) {
                eprintln!("localnet: cannot keep the chain: {}", escaped(&error));
                saved.failure = Some(error);
            }
        }
    }
}

/// The last save, once the node no longer changes the chain (the node drops it after its
/// runloop).
impl Drop for Keeper {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
        self.shared.save_or_report();
    }
}
