//! The selected market's pool history, in the detail pane: its newest deposits read back from
//! the node when the history is shown (`p`) or the selection moves (as far back as
//! `--history-depth`), then kept current by the chain's readings, which add a point whenever the
//! pools change.

mod draw;

use fulltime_client::rpc::{DepositHistory, PoolPoint, Pools};
use fulltime_client::settlement::state::Market;

use crate::dashboard::chain::Chain;
use crate::dashboard::effect::Effect;
use crate::dashboard::remote::Remote;

/// Rows the history takes in the detail pane.
pub const ROWS: u16 = 3;

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

/// `p`: shows the selected market's history, to be read, or hides the one shown.
pub fn toggle(shown: &mut Option<PoolHistory>, selected: Option<u64>) -> Option<Effect> {
    if shown.take().is_some() {
        return None;
    }
    let market = selected?;
    *shown = Some(PoolHistory::loading(market));
    Some(Effect::LoadHistory(market))
}

/// A shown history follows the selection: another market's is read.
pub fn follow_selection(shown: &mut Option<PoolHistory>, selected: Option<u64>) -> Option<Effect> {
    let market = selected?;
    if shown.as_ref()?.market == market {
        return None;
    }
    *shown = Some(PoolHistory::loading(market));
    Some(Effect::LoadHistory(market))
}

/// A new reading of the chain: the shown market's pools as it says.
pub fn follow_chain(shown: &mut Option<PoolHistory>, chain: &Chain) {
    if let Some(history) = shown
        && let Some(market) = chain.market(history.market)
    {
        history.follow(market, 0, chain.now);
    }
}

/// A history read back, shown if it is still the market's whose history is shown.
pub fn answer(
    shown: &mut Option<PoolHistory>,
    market: u64,
    history: Result<DepositHistory, String>,
) {
    if let Some(shown) = shown
        && shown.market == market
    {
        shown.reading = match history {
            Ok(history) => Remote::Loaded(history),
            Err(reason) => Remote::Failed(reason),
        };
    }
}

#[cfg(test)]
mod tests;
