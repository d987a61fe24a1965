//! The chain as the feed keeps it while subscribed: a full reading, then each change the node
//! pushes, applied as a reading would have found it.

use std::time::Instant;

use fulltime_client::rpc::{Balances, ClockReading, Pushed};
use fulltime_client::settlement::state::{Market, Position};

use super::clock::ClusterClock;
use crate::dashboard::chain::Chain;
use crate::dashboard::tasks::read::Addresses;

/// What applying a pushed change did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The markets, positions or balances changed.
    pub data: bool,
    /// The slots jumped: the clock was moved and must be read.
    pub clock_moved: bool,
}

impl std::ops::BitOrAssign for Applied {
    fn bitor_assign(&mut self, other: Self) {
        self.data |= other.data;
        self.clock_moved |= other.clock_moved;
    }
}

pub struct Tracked {
    chain: Chain,
    clock: ClusterClock,
    /// The time of the last snapshot, to send a new one only when something moved.
    shown_now: Option<i64>,
}

impl Tracked {
    pub fn new(chain: Chain, clock: ClockReading, at: Instant) -> Self {
        Self {
            chain,
            clock: ClusterClock::new(clock, at),
            shown_now: None,
        }
    }

    /// A new full reading replaces everything.
    pub fn replace(&mut self, chain: Chain, clock: ClockReading, at: Instant) {
        self.chain = chain;
        self.clock.anchor(clock, at);
    }

    /// A new reading of the clock alone, which took `round_trip_ms`.
    pub fn clock_read(&mut self, clock: ClockReading, at: Instant, round_trip_ms: u64) {
        self.clock.anchor(clock, at);
        self.chain.round_trip_ms = round_trip_ms;
    }

    pub fn apply(&mut self, pushed: Pushed, addresses: &mut Addresses) -> Applied {
        let mut applied = Applied {
            data: true,
            clock_moved: false,
        };
        match pushed {
            Pushed::Market { address, market } => {
                addresses.note(address, market.id);
                upsert(&mut self.chain.markets, market);
            }
            Pushed::Position(position) => {
                self.position(position, addresses);
            }
            Pushed::Lamports(lamports) => self.balances().lamports = lamports,
            Pushed::Usdc(usdc) => self.balances().usdc = usdc,
            Pushed::Slot(slot) => {
                applied.data = false;
                applied.clock_moved = self.clock.on_slot(slot);
            }
        }
        applied
    }

    fn position(&mut self, position: Position, addresses: &mut Addresses) {
        if let Some(id) = addresses.id_of(&self.chain.markets, &position.market) {
            self.chain.positions.insert(id, position);
        }
    }

    /// Pushed balances belong to a wallet, so a chain read without one gets them now.
    fn balances(&mut self) -> &mut Balances {
        self.chain.balances.get_or_insert(Balances {
            lamports: 0,
            usdc: None,
        })
    }

    /// The chain at `at`, to send, unless `data` did not change and the clock shows the same
    /// second as the last one sent.
    pub fn snapshot(&mut self, at: Instant, data: bool) -> Option<Chain> {
        let now = self.clock.now(at);
        if !data && self.shown_now == Some(now) {
            return None;
        }
        self.shown_now = Some(now);
        self.chain.now = now;
        Some(self.chain.clone())
    }

    /// When the shown clock next moves on.
    pub fn next_second(&self, at: Instant) -> Instant {
        self.clock.next_second(at)
    }
}

/// Puts `market` in its place among the markets sorted by id, replacing the old one.
fn upsert(markets: &mut Vec<Market>, market: Market) {
    match markets.binary_search_by_key(&market.id, |known| known.id) {
        Ok(index) => markets[index] = market,
        Err(index) => markets.insert(index, market),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use fulltime_client::pda;
    use fulltime_client::side::Side;
    use fulltime_testkit::sample;

    use super::*;

    fn chain(markets: Vec<Market>) -> Chain {
        Chain {
            now: 100,
            markets,
            positions: BTreeMap::new(),
            balances: None,
            round_trip_ms: 4,
        }
    }

    fn market(id: u64) -> Market {
        Market {
            id,
            ..sample::market(1_000)
        }
    }

    #[test]
    fn pushed_changes_land_where_a_reading_would_put_them() {
        let at = Instant::now();
        let clock = ClockReading {
            slot: 1,
            unix_timestamp: 100,
        };
        let mut tracked = Tracked::new(chain(vec![market(0), market(2)]), clock, at);
        let mut addresses = Addresses::default();
        let snapshot = tracked.snapshot(at, false).expect("a first snapshot");
        assert_eq!(snapshot.now, 100);
        assert_eq!(tracked.snapshot(at, false).map(|chain| chain.now), None);

        let mut changed = market(1);
        changed.total_yes = 7;
        let mut applied = tracked.apply(
            Pushed::Market {
                address: pda::market(1),
                market: changed,
            },
            &mut addresses,
        );
        let position = sample::position(&market(2), Side::No, 3);
        applied |= tracked.apply(Pushed::Position(position), &mut addresses);
        applied |= tracked.apply(Pushed::Usdc(Some(5)), &mut addresses);
        assert_eq!(
            applied,
            Applied {
                data: true,
                clock_moved: false
            }
        );
        let snapshot = tracked.snapshot(at, applied.data).expect("changed");
        let ids: Vec<u64> = snapshot.markets.iter().map(|market| market.id).collect();
        assert_eq!(ids, [0, 1, 2]);
        assert_eq!(snapshot.market(1).map(|market| market.total_yes), Some(7));
        assert!(snapshot.position(2).is_some());
        assert_eq!(
            snapshot.balances,
            Some(Balances {
                lamports: 0,
                usdc: Some(5)
            })
        );
        let later = at + std::time::Duration::from_millis(1_200);
        assert_eq!(
            tracked.snapshot(later, false).map(|chain| chain.now),
            Some(101)
        );
    }
}
