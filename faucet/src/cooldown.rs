//! The per-wallet cooldown, kept in process.
//!
//! A wallet is reserved before its mint starts, so concurrent requests for it see it taken and
//! exactly one of them mints. A confirmed mint starts the cooldown; a mint known to have minted
//! nothing (failed before sending, refused, failed on chain, expired) releases the wallet. A
//! sent transaction whose fate is unknown keeps the wallet reserved while it is followed (see
//! [`crate::follow`]).

use std::{
    collections::HashMap,
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
    /// Its mint is under way or awaiting its fate, rather than done and cooling down.
    pub minting: bool,
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

    /// Takes the wallet for one mint if it is free and `admit` agrees, or says why not.
    ///
    /// `admit` (the rate limits) is asked only for a free wallet, and under the table's lock:
    /// a wallet in cooldown spends no tokens, and a refused request leaves no reservation
    /// behind, not even for a moment that a concurrent request could see.
    pub fn reserve<E: From<Busy>>(
        self: &Arc<Self>,
        wallet: Address,
        admit: impl FnOnce() -> Result<(), E>,
    ) -> Result<Reservation, E> {
        let now = Instant::now();
        let mut table = self.lock();
        if now >= table.next_prune {
            table.wallets.retain(|_, state| match state {
                State::Minting => true,
                State::CoolingUntil(until) => *until > now,
            });
            table.next_prune = now + self.cooldown;
        }
        match table.wallets.get(&wallet) {
            // Its mint has not finished; the cooldown will start when it does.
            Some(State::Minting) => {
                return Err(Busy {
                    retry_after: self.cooldown,
                    minting: true,
                }
                .into());
            }
            Some(&State::CoolingUntil(until)) if until > now => {
                return Err(Busy {
                    retry_after: until - now,
                    minting: false,
                }
                .into());
            }
            _ => {}
        }
        admit()?;
        table.wallets.insert(wallet, State::Minting);
        Ok(self.reservation(wallet))
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

    fn reserve(cooldowns: &Arc<Cooldowns>, wallet: Address) -> Result<Reservation, Busy> {
        cooldowns.reserve(wallet, || Ok(()))
    }

    #[tokio::test(start_paused = true)]
    async fn a_minting_wallet_is_busy_for_a_whole_cooldown() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        let _reservation = reserve(&cooldowns, wallet).expect("free");
        let busy = reserve(&cooldowns, wallet).err().expect("busy");
        assert_eq!(
            busy,
            Busy {
                retry_after: COOLDOWN,
                minting: true
            }
        );
    }

    #[tokio::test(start_paused = true)]
    async fn the_cooldown_runs_from_the_confirmed_mint() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        let reservation = reserve(&cooldowns, wallet).expect("free");
        tokio::time::advance(Duration::from_secs(5)).await;
        reservation.minted();
        tokio::time::advance(Duration::from_millis(29_500)).await;
        let busy = reserve(&cooldowns, wallet).err().expect("busy");
        assert_eq!(
            busy,
            Busy {
                retry_after: Duration::from_millis(500),
                minting: false
            }
        );
        tokio::time::advance(Duration::from_millis(500)).await;
        assert!(reserve(&cooldowns, wallet).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn dropping_a_reservation_releases_the_wallet() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        drop(reserve(&cooldowns, wallet).expect("free"));
        assert_eq!(cooldowns.tracked_wallets(), 0);
        assert!(reserve(&cooldowns, wallet).is_ok());
    }

    #[derive(Debug, PartialEq)]
    enum Refusal {
        Busy,
        Limited,
    }

    impl From<Busy> for Refusal {
        fn from(_: Busy) -> Self {
            Self::Busy
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_refused_admission_reserves_nothing() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        let refused = cooldowns.reserve(wallet, || Err(Refusal::Limited));
        assert_eq!(refused.err(), Some(Refusal::Limited));
        assert_eq!(cooldowns.tracked_wallets(), 0);
        assert!(reserve(&cooldowns, wallet).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn a_busy_wallet_is_not_put_to_admission() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        let wallet = Address::new_unique();
        reserve(&cooldowns, wallet).expect("free").minted();
        let mut asked = false;
        let busy = cooldowns.reserve(wallet, || {
            asked = true;
            Err(Refusal::Limited)
        });
        assert_eq!(busy.err(), Some(Refusal::Busy));
        assert!(!asked);
    }

    #[tokio::test(start_paused = true)]
    async fn expired_entries_are_pruned_but_minting_ones_kept() {
        let cooldowns = Cooldowns::new(COOLDOWN);
        for _ in 0..100 {
            reserve(&cooldowns, Address::new_unique())
                .expect("free")
                .minted();
        }
        let _minting = reserve(&cooldowns, Address::new_unique()).expect("free");
        assert_eq!(cooldowns.tracked_wallets(), 101);
        tokio::time::advance(COOLDOWN).await;
        let _next = reserve(&cooldowns, Address::new_unique()).expect("free");
        assert_eq!(cooldowns.tracked_wallets(), 2);
    }
}
