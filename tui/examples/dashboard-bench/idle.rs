//! The idle figure: the JSON-RPC requests a dashboard makes while nothing happens on the chain,
//! counted by a proxy in front of the node: subscribed (the heartbeat alone), and for comparison
//! against the same node with its WebSocket out of reach (polling).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use color_eyre::eyre::{Result, eyre};
use fulltime::dashboard::{App, Link, spawn_feed, update};
use fulltime::{GlobalArgs, Session};
use fulltime_client::cluster::Cluster;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_testkit::process::{free_ports, redirected_state_dir};
use fulltime_testkit::proxy::CountingProxy;
use solana_keypair::Address as Pubkey;
use tokio::sync::mpsc::unbounded_channel;
use tokio::time::{Instant, sleep_until};

use crate::deposit::wait_until_live;
use crate::frames::session_view;

/// Polling is plain after a few seconds.
const POLLING_WINDOW: Duration = Duration::from_secs(10);

pub async fn measure(state_dir: &Path, wallet: Pubkey, window: Duration) -> Result<()> {
    let env = LocalnetEnv::load(state_dir)?;
    let proxy = CountingProxy::start(&env.rpc_url).await?;

    let counted = redirected_state_dir(state_dir, "idle-bench", proxy.url(), &env.ws_url)?;
    let (pushed, connecting) = count(&proxy, &counted, wallet, window, true).await?;
    let (closed_port, _) = free_ports()?;
    let unreachable = format!("ws://127.0.0.1:{closed_port}");
    let polling_dir = redirected_state_dir(state_dir, "polling-bench", proxy.url(), &unreachable)?;
    let (polled, _) = count(&proxy, &polling_dir, wallet, POLLING_WINDOW, false).await?;
    println!(
        "JSON-RPC requests while idle: subscribed {:.1} per minute ({} in {} s: {}; {} to connect: {}) (goal <= 2 per minute); polling, without WebSocket, {:.0} per minute",
        per_minute(pushed.len(), window),
        pushed.len(),
        window.as_secs(),
        listed(&pushed),
        connecting.len(),
        listed(&connecting),
        per_minute(polled.len(), POLLING_WINDOW),
    );
    Ok(())
}

/// The requests of a dashboard on `state_dir` over `window`, once it follows the chain (live
/// when `subscribed`, else polling), and those it made to get there.
async fn count(
    proxy: &CountingProxy,
    state_dir: &Path,
    wallet: Pubkey,
    window: Duration,
    subscribed: bool,
) -> Result<(Vec<String>, Vec<String>)> {
    proxy.take();
    let session = Arc::new(Session::new(GlobalArgs {
        txline_url: None,
        priority_fee: None,
        url: Cluster::Localnet,
        keypair: None,
        json: false,
        state_dir: state_dir.to_owned(),
    }));
    let (messages, mut received) = unbounded_channel();
    let _refresh = spawn_feed(session, Some(wallet), messages);
    let mut app = App::new(session_view(wallet), Vec::new());
    if subscribed {
        wait_until_live(&mut app, &mut received).await?;
    } else {
        while app.link != Link::Polling {
            let message = received
                .recv()
                .await
                .ok_or_else(|| eyre!("the feed stopped"))?;
            update(&mut app, message);
        }
    }
    let connecting = proxy.take();
    let until = Instant::now() + window;
    loop {
        tokio::select! {
            () = sleep_until(until) => break,
            message = received.recv() => {
                update(&mut app, message.ok_or_else(|| eyre!("the feed stopped"))?);
            }
        }
    }
    Ok((proxy.take(), connecting))
}

fn per_minute(requests: usize, window: Duration) -> f64 {
    requests as f64 * 60.0 / window.as_secs_f64()
}

fn listed(methods: &[String]) -> String {
    if methods.is_empty() {
        "none".into()
    } else {
        methods.join(", ")
    }
}
