//! One reading of the chain: the markets, the cluster clock and the wallet's money and
//! positions, whether read at once or kept up to date by what the node pushes; and how readings
//! arrive.

use std::collections::BTreeMap;

use fulltime_client::rpc::{Balances, Standing};
use fulltime_client::settlement::state::{Market, Position};

#[derive(Clone, Debug)]
pub struct Chain {
    /// The cluster clock (unix seconds): times left count from it, not from the wall clock.
    pub now: i64,
    /// Sorted by id.
    pub markets: Vec<Market>,
    /// The wallet's positions, by market id.
    pub positions: BTreeMap<u64, Position>,
    /// `None` when no wallet could be read.
    pub balances: Option<Balances>,
    /// How long the reading took, for the node-health line.
    pub round_trip_ms: u64,
}

impl Chain {
    pub fn market(&self, id: u64) -> Option<&Market> {
        self.markets
            .binary_search_by_key(&id, |market| market.id)
            .ok()
            .and_then(|index| self.markets.get(index))
    }

    pub fn position(&self, id: u64) -> Option<&Position> {
        self.positions.get(&id)
    }

    /// Market `id` with the wallet's position and test USDC, at the reading's clock: what an
    /// action is checked against and reports from, read by nobody again.
    pub fn standing(&self, id: u64) -> Option<Standing> {
        Some(Standing {
            market: self.market(id)?.clone(),
            position: self.position(id).cloned(),
            usdc: self.balances.and_then(|balances| balances.usdc),
            now: self.now,
        })
    }
}

/// Why a reading failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadFailure {
    /// The node did not answer (as opposed to answering with something unreadable).
    pub unreachable: bool,
    /// `Unreachable: cannot reach ...`, in the command line's words.
    pub reason: String,
}

/// How readings reach the dashboard, for the node line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Link {
    /// Nothing has answered yet.
    #[default]
    Connecting,
    /// Subscribed over the node's WebSocket: changes arrive as the node pushes them.
    Live,
    /// The WebSocket closed; the next try is in `in_secs` seconds.
    Reconnecting { in_secs: u64 },
    /// No WebSocket answers: the chain is read every second.
    Polling,
}
