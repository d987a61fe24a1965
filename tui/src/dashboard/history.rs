//! The selected market's pool history: its deposits read back from the node when the history
//! is shown (`p`) or the selection moves, then kept current by the chain's readings, which add a
//! point whenever the pools change.

use fulltime_client::rpc::PoolPoint;
use fulltime_client::settlement::state::Market;

use super::remote::Remote;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolHistory {
    pub market: u64,
    pub points: Remote<Vec<PoolPoint>>,
}

impl PoolHistory {
    pub fn loading(market: u64) -> Self {
        Self {
            market,
            points: Remote::Loading,
        }
    }

    /// Adds the pools `market` shows now when they moved since the last point: what a reading
    /// of the chain (or a pushed update) tells between two loads.
    pub fn follow(&mut self, market: &Market, slot: u64, now: i64) {
        let Remote::Loaded(points) = &mut self.points else {
            return;
        };
        if market.id != self.market {
            return;
        }
        let last = points
            .last()
            .map_or((0, 0), |point| (point.total_yes, point.total_no));
        if last != (market.total_yes, market.total_no) {
            points.push(PoolPoint {
                slot,
                time: Some(now),
                total_yes: market.total_yes,
                total_no: market.total_no,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::market::tests::sample_market;

    fn point(total_yes: u64, total_no: u64) -> PoolPoint {
        PoolPoint {
            slot: 1,
            time: None,
            total_yes,
            total_no,
        }
    }

    #[test]
    fn a_reading_adds_a_point_only_when_the_pools_moved() {
        let mut market = sample_market();
        let mut history = PoolHistory {
            market: market.id,
            points: Remote::Loaded(vec![point(4_000_000, 1_500_000)]),
        };
        history.follow(&market, 2, 100);
        assert_eq!(history.points.loaded().map(Vec::len), Some(1));
        market.total_no = 2_500_000;
        history.follow(&market, 3, 160);
        let points = history.points.loaded().expect("loaded");
        assert_eq!(
            (points.len(), points[1].total_no, points[1].time),
            (2, 2_500_000, Some(160))
        );
        // Another market's reading, or a history still loading, adds nothing.
        market.id += 1;
        market.total_yes = 1;
        history.follow(&market, 4, 200);
        assert_eq!(history.points.loaded().map(Vec::len), Some(2));
    }
}
