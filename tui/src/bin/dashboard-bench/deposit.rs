//! The deposit-to-view figure: from another wallet's deposit to the poller's reading that shows
//! it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, eyre};
use fulltime::Session;
use fulltime::dashboard::{Action, spawn_poller};
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::side::Side;
use solana_keypair::Keypair;
use solana_signer::Signer;
use tokio::sync::mpsc::unbounded_channel;

use crate::timing::millis;

/// Another wallet (localnet's funded one) deposits; the poller of a dashboard watching the
/// market reports it in its next reading. The poll interval is part of the figure.
pub async fn measure(
    session: &Arc<Session>,
    client: &FulltimeClient,
    depositor: &Keypair,
    market_id: u64,
    deposits: usize,
) -> Result<()> {
    let (actions, mut readings) = unbounded_channel();
    let watcher = Keypair::new().pubkey();
    let _refresh = spawn_poller(Arc::clone(session), Some(watcher), actions);
    let mut confirmed = Vec::new();
    let mut seen = Vec::new();
    for _ in 0..deposits {
        let before = client.market(market_id).await?.total_yes;
        let started = Instant::now();
        client
            .deposit(depositor, market_id, Side::Yes, 100_000)
            .await?;
        confirmed.push(started.elapsed());
        loop {
            let reading = readings
                .recv()
                .await
                .ok_or_else(|| eyre!("the poller stopped"))?;
            let Action::Chain(Ok(chain)) = reading else {
                continue;
            };
            if chain
                .market(market_id)
                .is_some_and(|market| market.total_yes > before)
            {
                seen.push(started.elapsed());
                break;
            }
        }
    }
    let listed = |times: &[Duration]| {
        times
            .iter()
            .map(|time| format!("{:.0}", millis(*time)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "deposit by another wallet to the dashboard's reading showing it (1 s poll interval included): {} ms (deposit confirmed after {} ms)",
        listed(&seen),
        listed(&confirmed)
    );
    Ok(())
}
