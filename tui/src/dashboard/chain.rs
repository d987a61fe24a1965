//! One reading of the chain, as the poller takes it: the markets, the cluster clock and the
//! wallet's money and positions.

use std::collections::BTreeMap;

use fulltime_client::rpc::Balances;
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
}

/// Why a reading failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadFailure {
    /// The node did not answer (as opposed to answering with something unreadable).
    pub unreachable: bool,
    /// `RpcError: ...`, in the command line's words.
    pub reason: String,
}
