//! The selected market's pool history: its newest deposits read back from the node when the
//! history is shown (`p`) or the selection moves (as far back as `--history-depth`), then kept
//! current by the chain's readings, which add a point whenever the pools change.

use fulltime_client::rpc::{DepositHistory, PoolPoint, Pools};
use fulltime_client::settlement::state::Market;

use super::remote::Remote;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolHistory {
    pub market: u64,
    pub reading: Remote<DepositHistory>,
}

impl PoolHistory {
    pub fn loading(market: u64) -> Self {
        Self {
            market,
            reading: Remote::Loading,
        }
    }

    /// Adds the pools `market` shows now when they moved since the last point read: what a
    /// reading of the chain (or a pushed update) tells between two loads.
    pub fn follow(&mut self, market: &Market, slot: u64, now: i64) {
        let Remote::Loaded(history) = &mut self.reading else {
            return;
        };
        if market.id != self.market {
            return;
        }
        let pools = Pools {
            yes: market.total_yes,
            no: market.total_no,
        };
        let last = history
            .points
            .iter()
            .rev()
            .find_map(|point| point.pools)
            .unwrap_or(Pools { yes: 0, no: 0 });
        if last != pools {
            history.points.push(PoolPoint {
                slot,
                time: Some(now),
                pools: Some(pools),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::rpc::TransactionCount;

    use super::*;
    use crate::output::market::tests::sample_market;

    fn point(pools: Option<(u64, u64)>) -> PoolPoint {
        PoolPoint {
            slot: 1,
            time: None,
            pools: pools.map(|(yes, no)| Pools { yes, no }),
        }
    }

    fn points(history: &PoolHistory) -> Vec<PoolPoint> {
        history
            .reading
            .loaded()
            .map(|history| history.points.clone())
            .unwrap_or_default()
    }

    #[test]
    fn a_reading_adds_a_point_only_when_the_pools_moved() {
        let mut market = sample_market();
        let mut history = PoolHistory {
            market: market.id,
            reading: Remote::Loaded(DepositHistory {
                // The newest transaction could not be read: the pools before it count.
                points: vec![point(Some((4_000_000, 1_500_000))), point(None)],
                read: 1,
                unread: 1,
                count: TransactionCount {
                    counted: 2,
                    complete: true,
                },
            }),
        };
        history.follow(&market, 2, 100);
        assert_eq!(points(&history).len(), 2);
        market.total_no = 2_500_000;
        history.follow(&market, 3, 160);
        let shown = points(&history);
        assert_eq!(
            (shown.len(), shown[2].pools, shown[2].time),
            (
                3,
                Some(Pools {
                    yes: 4_000_000,
                    no: 2_500_000
                }),
                Some(160)
            )
        );
        // Another market's reading, or a history still loading, adds nothing.
        market.id += 1;
        market.total_yes = 1;
        history.follow(&market, 4, 200);
        assert_eq!(points(&history).len(), 3);
        let mut loading = PoolHistory::loading(market.id);
        loading.follow(&market, 5, 260);
        assert_eq!(loading.reading, Remote::Loading);
    }
}
