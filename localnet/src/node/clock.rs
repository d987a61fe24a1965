//! Keeps the cluster clock moving with the wall clock.
//!
//! With blocks only on transactions the clock would only move when transactions arrive, so a
//! market "closing in five minutes" would never close on an idle node. Once a second this moves
//! the clock forward by the wall time that passed, through surfpool's own time travel; warps a
//! user makes (`surfnet_timeTravel`) are kept, since the clock only ever moves on from wherever it
//! is. A checkpoint's restore puts it back, and the front forwards a warp, each holding the
//! [`ClockHold`], so that no tick is half made across either: a tick reads the clock, then moves
//! it on from what it read, and a warp between the two would be undone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, MutexGuard};

use super::surfpool::Chain;

const TICK: Duration = Duration::from_secs(1);

/// Held while the clock is read and moved by a tick, set back by a restore, or warped through
/// the front: a tick that read the clock before either would otherwise move it back to the time
/// before it. An async mutex, since the front holds it across the forwarded call.
#[derive(Clone, Default)]
pub struct ClockHold(Arc<Mutex<()>>);

impl ClockHold {
    /// From a thread outside the runtime (the tick's, a blocking task's).
    pub fn hold(&self) -> MutexGuard<'_, ()> {
        self.0.blocking_lock()
    }

    /// From the runtime.
    pub async fn hold_async(&self) -> MutexGuard<'_, ()> {
        self.0.lock().await
    }
}

pub struct WallClock {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl WallClock {
    pub fn start(chain: Chain, hold: ClockHold) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("wall-clock".into())
                .spawn(move || tick(&chain, &hold, &stop))
                .ok()
        };
        Self { stop, thread }
    }
}

fn tick(chain: &Chain, hold: &ClockHold, stop: &AtomicBool) {
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        let elapsed = last.elapsed();
        last = Instant::now();
        let _held = hold.hold();
        let chain_ms = chain.read(|chain| chain.unix_ms());
        // Never clamped: a clock that cannot move on by the time that passed stays where it is
        // (a loaded chain's clock is bounded far below where this could overflow).
        let Some(target) = u64::try_from(elapsed.as_millis())
            .ok()
            .and_then(|elapsed| chain_ms.checked_add(elapsed))
        else {
            continue;
        };
        // A failure here (the runloop shutting down) only means the next tick tries again.
        let _ = chain.warp_to(target);
    }
}

impl Drop for WallClock {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
