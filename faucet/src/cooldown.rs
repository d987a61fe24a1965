//! The per-wallet cooldown, kept in process.
//!
//! A wallet is reserved before its mint starts, so concurrent requests for it see it taken and
//! exactly one of them mints. A successful mint starts the cooldown when it is confirmed; a
//! failed (or abandoned) mint releases the wallet at once.

use std::{
    collections::{HashMap, hash_map::Entry},
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::Duration,
};

use solana_address::Address;
// Tokio's clock, so tests can pause and advance time instead of sleeping.
use tokio::time::Instant;

pub struct Cooldowns {
    cooldown: Duration,
    table: Mutex<Table>,
}

struct Table {
    wallets: HashMap<Address, State>,
    /// Expired entries are dropped at most once per cooldown period, so the table holds only
    /// wallets served within about two periods and stays bounded without a background task.
    next_prune: Instant,
}

#[derive(Clone, Copy)]
enum State {
    Minting,
    CoolingUntil(Instant),
}

/// The wallet is taken; retry after this long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy {
    pub retry_after: Duration,
}

impl Busy {
    /// Whole seconds, rounded up and at least 1, as `Retry-After` needs.
    pub fn retry_after_secs(self) -> u64 {
        let secs = self.retry_after.as_secs() + u64::from(self.retry_after.subsec_nanos() > 0);
        secs.max(1)
    }
}

impl Cooldowns {
    pub fn new(cooldown: Duration) -> Arc<Self> {
        Arc::new(Self {
            cooldown,
            table: Mutex::new(Table {
                wallets: HashMap::new(),
                next_prune: Instant::now(),
            }),
        })
    }

    /// Takes the wallet for one mint, or says how long it is busy.
    pub fn reserve(self: &Arc<Self>, wallet: Address) -> Result<Reservation, Busy> {
        let now = Instant::now();
        let mut table = self.lock();
        if now >= table.next_prune {
            table.wallets.retain(|_, state| match state {
                State::Minting => true,
                State::CoolingUntil(until) => *until > now,
            });
            table.next_prune = now + self.cooldown;
        }
        match table.wallets.entry(wallet) {
            Entry::Occupied(mut entry) => match *entry.get() {
                // Its mint has not finished; the cooldown will start when it does.
                State::Minting => Err(Busy {
                    retry_after: self.cooldown,
                }),
                State::CoolingUntil(until) if until > now => Err(Busy {
                    retry_after: until - now,
                }),
                State::CoolingUntil(_) => {
                    entry.insert(State::Minting);
                    Ok(self.reservation(wallet))
                }
            },
            Entry::Vacant(entry) => {
                entry.insert(State::Minting);
                Ok(self.reservation(wallet))
            }
        }
    }

    /// How many wallets the table holds, minting or cooling down.
    pub fn tracked_wallets(&self) -> usize {
        self.lock().wallets.len()
    }

    fn reservation(self: &Arc<Self>, wallet: Address) -> Reservation {
        Reservation {
            cooldowns: Arc::clone(self),
            wallet,
            minted: false,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        // The table is consistent after every statement, so a panic elsewhere cannot corrupt it.
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A wallet taken for one mint. Dropping it without [`Reservation::minted`] releases the wallet,
/// so a failed, panicked or cancelled mint never burns the cooldown.
pub struct Reservation {
    cooldowns: Arc<Cooldowns>,
    wallet: Address,
    minted: bool,
}

impl Reservation {
    /// The mint is confirmed: the wallet's cooldown starts now.
    pub fn minted(mut self) {
        self.minted = true;
        let until = Instant::now() + self.cooldowns.cooldown;
        self.cooldowns
            .lock()
            .wallets
            .insert(self.wallet, State::CoolingUntil(until));
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if !self.minted {
            self.cooldowns.lock().wallets.remove(&self.wallet);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COOLDOWN: Duration = Duration::from_secs(30);

    #[tokio::test(start_paused = true)]
    async fn a_minting_wallet_is_busy_for_a_whole_cooldown() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        let _reservation = cooldowns.reserve(wallet).expect("free");
        let busy = cooldowns.reserve(wallet).err().expect("busy");
        assert_eq!(busy.retry_after, COOLDOWN);
    }

    #[tokio::test(start_paused = true)]
    async fn the_cooldown_runs_from_the_confirmed_mint() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        let reservation = cooldowns.reserve(wallet).expect("free");
        tokio::time::advance(Duration::from_secs(5)).await;
        reservation.minted();
        tokio::time::advance(Duration::from_millis(29_500)).await;
        let busy = cooldowns.reserve(wallet).err().expect("busy");
        assert_eq!(busy.retry_after, Duration::from_millis(500));
        assert_eq!(busy.retry_after_secs(), 1);
        tokio::time::advance(Duration::from_millis(500)).await;
        assert!(cooldowns.reserve(wallet).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn dropping_a_reservation_releases_the_wallet() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        drop(cooldowns.reserve(wallet).expect("free"));
        assert_eq!(cooldowns.tracked_wallets(), 0);
        assert!(cooldowns.reserve(wallet).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn expired_entries_are_pruned_but_minting_ones_kept() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        for _ in 0..100 {
            cooldowns
                .reserve(Address::new_unique())
                .expect("free")
                .minted();
        }
        let _minting = cooldowns.reserve(Address::new_unique()).expect("free");
        assert_eq!(cooldowns.tracked_wallets(), 101);
        tokio::time::advance(COOLDOWN).await;
        let _next = cooldowns.reserve(Address::new_unique()).expect("free");
        assert_eq!(cooldowns.tracked_wallets(), 2);
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        let secs = |millis| {
            Busy {
                retry_after: Duration::from_millis(millis),
            }
            .retry_after_secs()
        };
        assert_eq!(secs(0), 1);
        assert_eq!(secs(1), 1);
        assert_eq!(secs(1_000), 1);
        assert_eq!(secs(1_001), 2);
        assert_eq!(secs(30_000), 30);
    }
}
