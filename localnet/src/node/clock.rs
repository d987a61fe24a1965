//! Keeps the cluster clock moving with the wall clock.
//!
//! With blocks only on transactions the clock would only move when transactions arrive, so a
//! market "closing in five minutes" would never close on an idle node. Once a second this moves
//! the clock forward by the wall time that passed, through surfpool's own time travel; warps a
//! user makes (`surfnet_timeTravel`) are kept, since the clock only ever moves on from wherever it
//! is. A checkpoint's restore puts it back, holding the [`ClockHold`] so that no tick is half
//! made across it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_core::types::TimeTravelConfig;
use surfpool_types::SimnetCommand;

const TICK: Duration = Duration::from_secs(1);

/// Held while the clock is read and moved by a tick, or set back by a restore: a tick that read
/// the clock before a restore would otherwise move it to the time before the restore.
#[derive(Clone, Default)]
pub struct ClockHold(Arc<Mutex<()>>);

impl ClockHold {
    pub fn hold(&self) -> MutexGuard<'_, ()> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

pub struct WallClock {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl WallClock {
    pub fn start(
        locker: SurfnetSvmLocker,
        commands: Sender<SimnetCommand>,
        hold: ClockHold,
    ) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("wall-clock".into())
                .spawn(move || tick(&locker, &commands, &hold, &stop))
                .ok()
        };
        Self { stop, thread }
    }
}

fn tick(
    locker: &SurfnetSvmLocker,
    commands: &Sender<SimnetCommand>,
    hold: &ClockHold,
    stop: &AtomicBool,
) {
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        let elapsed = last.elapsed();
        last = Instant::now();
        let _held = hold.hold();
        let chain_ms = locker.with_svm_reader(|svm| svm.updated_at);
        let target = chain_ms.saturating_add(elapsed.as_millis() as u64);
        // A failure here (the runloop shutting down) only means the next tick tries again.
        let _ = locker.time_travel(
            None,
            commands.clone(),
            TimeTravelConfig::AbsoluteTimestamp(target),
        );
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
