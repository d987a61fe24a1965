//! Blocks on demand, at most one a millisecond, and how long their blockhashes live.
//!
//! surfpool runs in `BlockProductionMode::Manual`: it makes no block of its own on a transaction
//! or an airdrop (a time travel, such as the wall clock's tick, still closes one). The JSON-RPC
//! front asks for one after each transaction it forwarded, and answers once it is made
//! ([`BlockRequests::next_block`]): a transaction whose `sendTransaction` has returned is
//! confirmed, as it was with one block per transaction. The [`BlockMaker`] queues one block on
//! surfpool's runloop, behind the transactions queued before it, so a block gathers everything
//! processed since the last one. Requests made while a block is on its way make the next block,
//! never more than one a millisecond. While transactions await finalization (31 blocks) it goes
//! on making blocks, as surfpool's `Transaction` mode does, so `finalized` comes about 31 ms
//! after the last transaction.

pub mod durable_nonce;
pub mod lifetime;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use tokio::sync::watch;

use super::NodeError;
use super::surfpool::Chain;

/// Blocks are never closer than this: with [`lifetime::LIFETIME_BLOCKS`], a blockhash lives at
/// least a minute of wall time however fast transactions come.
pub const MIN_BLOCK_INTERVAL: Duration = Duration::from_millis(1);

/// What asks for a block; cheap to clone, and a request made while one is pending joins it.
#[derive(Clone)]
pub struct BlockRequests {
    requests: Sender<()>,
    /// Blocks queued on the runloop so far, counted before each is queued.
    queued: Arc<AtomicU64>,
    /// Blocks made so far.
    made: watch::Receiver<u64>,
}

impl BlockRequests {
    /// Asks for a block, and returns once one queued after this call is made (at once if the
    /// node is stopping): what was processed before the call is then confirmed.
    pub async fn next_block(&self) {
        let target = self.queued.load(Ordering::SeqCst) + 1;
        // Full: a block is already asked for, and this one joins it. Disconnected: the node
        // is stopping, and `wait_for` returns at once.
        let _ = self.requests.try_send(());
        let mut made = self.made.clone();
        let _ = made.wait_for(|made| *made >= target).await;
    }
}

/// Makes blocks until every [`BlockRequests`] is dropped or the runloop is gone.
pub struct BlockMaker {
    thread: Option<JoinHandle<()>>,
}

impl BlockMaker {
    /// The maker, and what asks it for blocks (the only way to: it stops when they are gone).
    pub fn start(chain: Chain) -> Result<(Self, BlockRequests), NodeError> {
        let (requests, requested) = crossbeam_channel::bounded(1);
        let queued = Arc::new(AtomicU64::new(0));
        let (made_tx, made) = watch::channel(0);
        let counts = Counts {
            queued: Arc::clone(&queued),
            made: made_tx,
        };
        let thread = std::thread::Builder::new()
            .name("block-maker".into())
            .spawn(move || make_blocks(&requested, &chain, &counts))
            .map_err(|error| NodeError::Start(error.to_string()))?;
        Ok((
            Self {
                thread: Some(thread),
            },
            BlockRequests {
                requests,
                queued,
                made,
            },
        ))
    }
}

impl Drop for BlockMaker {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The maker's side of [`BlockRequests`]'s counts.
struct Counts {
    queued: Arc<AtomicU64>,
    made: watch::Sender<u64>,
}

fn make_blocks(requested: &Receiver<()>, chain: &Chain, counts: &Counts) {
    let mut last_block: Option<Instant> = None;
    let mut finalization_pending = false;
    loop {
        if !finalization_pending && requested.recv().is_err() {
            return;
        }
        if let Some(next) = last_block.map(|last| last + MIN_BLOCK_INTERVAL) {
            std::thread::sleep(next.saturating_duration_since(Instant::now()));
        }
        last_block = Some(Instant::now());
        // A request that came meanwhile is served by this block.
        let _ = requested.try_recv();
        // Counted before it is queued: a request that reads the count after this still waits
        // for this block or a later one, and this one is queued after what it asked about.
        counts.queued.fetch_add(1, Ordering::SeqCst);
        let made = chain.close_block();
        counts.made.send_modify(|made| *made += 1);
        match made {
            Some(Ok(pending)) => finalization_pending = pending,
            Some(Err(error)) => {
                eprintln!("localnet: a block failed: {error}");
                finalization_pending = false;
            }
            None => return,
        }
    }
}
