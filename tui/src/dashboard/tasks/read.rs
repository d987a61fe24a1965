//! One full reading of the chain: the markets, the cluster clock, the wallet's balances and its
//! positions (getProgramAccounts filtered by owner). The feed takes one when it connects, after
//! the wallet's own transactions and on `r`; against a node without WebSocket, one a second.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Instant;

use fulltime_client::pda;
use fulltime_client::rpc::{ClockReading, FulltimeClient};
use fulltime_client::settlement::state::Market;
use solana_keypair::Address as Pubkey;

use crate::dashboard::chain::{Chain, ReadFailure};
use fulltime_desk::error::Error;

/// Market addresses are PDAs of their ids. A reading and a pushed market name them; one the
/// dashboard has not been told is derived once (a curve check each, too slow for every reading
/// of 10,000 markets).
#[derive(Default)]
pub struct Addresses {
    ids: HashMap<Pubkey, u64>,
    known: HashSet<u64>,
}

impl Addresses {
    /// Notes the address of market `id`, as a pushed market names it.
    pub(super) fn note(&mut self, address: Pubkey, id: u64) {
        if self.known.insert(id) {
            self.ids.insert(address, id);
        }
    }

    /// The id of the market at `address`, deriving the addresses of `markets` not seen yet.
    pub(super) fn id_of(&mut self, markets: &[Market], address: &Pubkey) -> Option<u64> {
        if let Some(&id) = self.ids.get(address) {
            return Some(id);
        }
        for market in markets {
            if self.known.insert(market.id) {
                self.ids.insert(pda::market(market.id), market.id);
            }
        }
        self.ids.get(address).copied()
    }
}

/// Why the session could not give a client, or a reading failed, in the command line's words.
pub(super) fn reason(error: &Error) -> ReadFailure {
    let report = error.report();
    ReadFailure {
        unreachable: matches!(error, Error::Client(error) if error.is_unreachable()),
        reason: format!("{}: {}", report.error, report.message),
    }
}

/// One reading of the chain: the markets (one getProgramAccounts), the clock, the wallet's
/// positions and balances.
pub async fn read(
    client: &FulltimeClient,
    wallet: Option<Pubkey>,
    addresses: &mut Addresses,
) -> Result<Chain, ReadFailure> {
    read_with_clock(client, wallet, addresses)
        .await
        .map(|(chain, _)| chain)
}

/// [`read`], and the Clock sysvar it read the time from.
pub(super) async fn read_with_clock(
    client: &FulltimeClient,
    wallet: Option<Pubkey>,
    addresses: &mut Addresses,
) -> Result<(Chain, ClockReading), ReadFailure> {
    let started = Instant::now();
    let failed = |error| reason(&Error::Client(error));
    // The reads are independent, so they are in flight together: a reading takes as long as
    // its slowest read (the markets), not the sum of five round trips.
    let wallet_reads = async {
        match wallet {
            Some(wallet) => {
                let (positions, balances) =
                    tokio::try_join!(client.positions(&wallet), client.balances(&wallet))?;
                Ok((positions, Some(balances)))
            }
            None => Ok((Vec::new(), None)),
        }
    };
    let (markets, clock, (positions, balances)) =
        tokio::try_join!(client.market_accounts(), client.clock(), wallet_reads).map_err(failed)?;
    let markets: Vec<Market> = markets
        .into_iter()
        .map(|(address, market)| {
            addresses.note(address, market.id);
            market
        })
        .collect();
    let mut by_market = BTreeMap::new();
    for position in positions {
        if let Some(id) = addresses.id_of(&markets, &position.market) {
            by_market.insert(id, position);
        }
    }
    let chain = Chain {
        now: clock.unix_timestamp,
        markets,
        positions: by_market,
        balances,
        round_trip_ms: elapsed_ms(started),
    };
    Ok((chain, clock))
}

pub(super) fn elapsed_ms(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use fulltime_client::rpc::ClientError;
    use fulltime_client::unreachable::Cause;

    use super::*;

    #[test]
    fn only_a_node_that_never_answered_is_unreachable() {
        let refused = reason(&Error::Client(ClientError::Unreachable {
            url: "http://127.0.0.1:8899".into(),
            cluster: Some("localnet".into()),
            cause: Cause::Refused,
        }));
        assert_eq!(
            refused,
            ReadFailure {
                unreachable: true,
                reason: "Unreachable: cannot reach http://127.0.0.1:8899 (localnet): connection \
                         refused"
                    .into(),
            }
        );
        let missing = reason(&Error::Client(ClientError::ProgramNotDeployed {
            program: fulltime_client::settlement::ID,
            url: "http://127.0.0.1:8899".into(),
            cluster: None,
            reason: "no account has its address",
        }));
        assert!(!missing.unreachable, "{missing:?}");
        assert!(
            missing.reason.starts_with("ProgramNotDeployed: "),
            "{missing:?}"
        );
    }
}
