//! The deposit-to-screen figure: from another wallet sending a deposit to the dashboard's frame
//! that shows it, through the dashboard's own feed (subscribed over the node's WebSocket), update
//! and drawing on a `TestBackend`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, eyre};
use fulltime::Session;
use fulltime::dashboard::{App, Link, Message, draw, spawn_feed, update};
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::side::Side;
use fulltime_client::{instructions, pda};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use solana_keypair::Keypair;
use solana_signer::Signer;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

use crate::frames::{TERMINAL, session_view};
use crate::timing::{millis, percentile};

/// The least a deposit may be, in base units.
const DEPOSIT: u64 = 100_000;

/// Another wallet (localnet's funded one) deposits `deposits` times, one after another; a
/// dashboard watching with a wallet of its own draws each frame. Timed from handing the deposit
/// to the client (blockhash, signing, sending) to the end of drawing the first frame whose state
/// holds it.
pub async fn measure(
    session: &Arc<Session>,
    client: &FulltimeClient,
    depositor: &Keypair,
    market_id: u64,
    deposits: usize,
) -> Result<()> {
    let (messages, mut received) = unbounded_channel();
    let watcher = Keypair::new().pubkey();
    let _refresh = spawn_feed(Arc::clone(session), Some(watcher), messages);
    let mut app = App::new(session_view(watcher), Vec::new());
    let mut terminal = Terminal::new(TestBackend::new(TERMINAL.0, TERMINAL.1))?;
    wait_until_live(&mut app, &mut received).await?;
    let mut seen = Vec::with_capacity(deposits);
    let mut confirmed = Vec::with_capacity(deposits);
    for _ in 0..deposits {
        let before = total_yes(&app, market_id)?;
        let instruction = instructions::deposit(
            depositor.pubkey(),
            client.usdc_mint(),
            pda::market(market_id),
            Side::Yes.byte(),
            DEPOSIT,
        );
        let started = Instant::now();
        let send = async {
            let sent = client.send(depositor, &[instruction], &[]).await;
            (sent, started.elapsed())
        };
        let watch = async {
            while let Some(message) = received.recv().await {
                update(&mut app, message);
                terminal.draw(|frame| draw(&app, frame))?;
                if total_yes(&app, market_id)? > before {
                    return Ok(started.elapsed());
                }
            }
            Err(eyre!("the feed stopped"))
        };
        let ((sent, sending), shown) = tokio::join!(send, watch);
        sent?;
        confirmed.push(sending);
        seen.push(shown?);
    }
    seen.sort();
    confirmed.sort();
    println!(
        "deposit by another wallet to the dashboard's frame showing it, pushed over WebSocket, {} deposits: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (goal p50 <= 50 ms); the depositor's own confirmation p50 {:.1} ms",
        seen.len(),
        millis(percentile(&seen, 50)),
        millis(percentile(&seen, 99)),
        millis(seen.last().copied().unwrap_or(Duration::ZERO)),
        millis(percentile(&confirmed, 50)),
    );
    Ok(())
}

/// Feeds `app` until the feed is subscribed and has read the chain once.
pub async fn wait_until_live(
    app: &mut App,
    received: &mut UnboundedReceiver<Message>,
) -> Result<()> {
    while let Some(message) = received.recv().await {
        update(app, message);
        match app.link {
            Link::Live if app.chain.loaded().is_some() => return Ok(()),
            Link::Polling => return Err(eyre!("the node's WebSocket did not answer")),
            _ => {}
        }
    }
    Err(eyre!("the feed stopped"))
}

fn total_yes(app: &App, market_id: u64) -> Result<u64> {
    app.chain
        .loaded()
        .and_then(|chain| chain.market(market_id))
        .map(|market| market.total_yes)
        .ok_or_else(|| eyre!("market {market_id} is not in the dashboard's state"))
}
