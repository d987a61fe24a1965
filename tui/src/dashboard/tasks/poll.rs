//! Reads the chain every second (and on request): the markets, the cluster clock, the wallet's
//! balances and its positions (getProgramAccounts filtered by owner). A failed reading is
//! reported and the next one tries again with a fresh connection, so the dashboard recovers by
//! itself when the node comes back, also on another port (a restarted localnet).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fulltime_client::pda;
use fulltime_client::rpc::{ClientError, FulltimeClient};
use solana_keypair::Address as Pubkey;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::time::{MissedTickBehavior, interval};

use crate::dashboard::action::Action;
use crate::dashboard::chain::{Chain, ReadFailure};
use crate::error::Error;
use crate::session::Session;

/// Cheap enough for a local node and for devnet's public endpoint.
const POLL_EVERY: Duration = Duration::from_secs(1);

/// Starts the poller; a message on the returned sender asks for a reading now.
pub fn spawn_poller(
    session: Arc<Session>,
    wallet: Option<Pubkey>,
    actions: UnboundedSender<Action>,
) -> UnboundedSender<()> {
    let (refresh, requests) = unbounded_channel();
    tokio::spawn(poll_loop(session, wallet, actions, requests));
    refresh
}

async fn poll_loop(
    session: Arc<Session>,
    wallet: Option<Pubkey>,
    actions: UnboundedSender<Action>,
    mut requests: UnboundedReceiver<()>,
) {
    let mut ticks = interval(POLL_EVERY);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut client: Option<FulltimeClient> = None;
    let mut addresses = Addresses::default();
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            request = requests.recv() => {
                if request.is_none() {
                    return;
                }
            }
        }
        let reading = match &client {
            Some(connected) => read(connected, wallet, &mut addresses).await,
            None => match session.client(false).await {
                Ok(connected) => {
                    let reading = read(&connected, wallet, &mut addresses).await;
                    client = Some(connected);
                    reading
                }
                Err(error) => Err(reason(&error)),
            },
        };
        if reading.is_err() {
            client = None;
        }
        if actions.send(Action::Chain(reading)).is_err() {
            return;
        }
    }
}

/// Market addresses are PDAs of their ids: each is derived once, not on every reading.
#[derive(Default)]
pub struct Addresses {
    ids: HashMap<Pubkey, u64>,
    known: HashSet<u64>,
}

fn reason(error: &Error) -> ReadFailure {
    let report = error.report();
    ReadFailure {
        unreachable: matches!(error, Error::Client(ClientError::Rpc { .. })),
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
    let started = Instant::now();
    let failed = |error| reason(&Error::Client(error));
    let markets = client.markets().await.map_err(failed)?;
    let now = client.cluster_time().await.map_err(failed)?;
    let (positions, balances) = match wallet {
        Some(wallet) => {
            let positions = client.positions(&wallet).await.map_err(failed)?;
            let balances = client.balances(&wallet).await.map_err(failed)?;
            (positions, Some(balances))
        }
        None => (Vec::new(), None),
    };
    let mut by_market = BTreeMap::new();
    if !positions.is_empty() {
        for market in &markets {
            if addresses.known.insert(market.id) {
                addresses.ids.insert(pda::market(market.id), market.id);
            }
        }
        for position in positions {
            if let Some(&id) = addresses.ids.get(&position.market) {
                by_market.insert(id, position);
            }
        }
    }
    Ok(Chain {
        now,
        markets,
        positions: by_market,
        balances,
        round_trip_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}
