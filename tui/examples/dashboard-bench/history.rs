//! The pool-history figure: a market with 1,000 deposits, its history read back the way the
//! dashboard reads it (the market's signatures, then each deposit), and the frame that draws it.

use std::time::{Duration, Instant};

use color_eyre::eyre::{Result, WrapErr};
use fulltime::dashboard::{App, Command, Message, Remote, draw, update};
use fulltime_client::rpc::{FulltimeClient, READS_AT_ONCE};
use fulltime_client::side::Side;
use fulltime_client::{instructions, pda};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use solana_keypair::Keypair;
use solana_signer::Signer;

use crate::frames::{TERMINAL, session_view};
use crate::markets::synthetic_chain;
use crate::timing::{millis, percentile};

/// The least a deposit may be, in base units.
const DEPOSIT: u64 = 100_000;

/// `depositor` deposits into market `market_id` until it holds `deposits` deposits, then the
/// history is read back (timed, as deep as `deposits`) and drawn in the detail pane (timed,
/// `FRAMES` frames).
pub async fn measure(
    client: &FulltimeClient,
    depositor: &Keypair,
    market_id: u64,
    deposits: usize,
) -> Result<()> {
    let held = client.pool_history(market_id, deposits).await?.points.len();
    let started = Instant::now();
    for _ in held..deposits {
        let instruction = instructions::deposit(
            depositor.pubkey(),
            client.usdc_mint(),
            pda::market(market_id),
            Side::Yes.byte(),
            DEPOSIT,
        );
        client
            .send(depositor, &[instruction], &[])
            .await
            .wrap_err("a pool-history deposit")?;
    }
    println!(
        "made {} deposits into market {market_id} in {:.1} s for the pool history",
        deposits.saturating_sub(held),
        started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let history = client.pool_history(market_id, deposits).await?;
    let load = started.elapsed();

    let mut chain = synthetic_chain(1);
    chain.markets[0].id = market_id;
    let mut app = App::new(session_view(depositor.pubkey()), Vec::new());
    update(&mut app, Message::Chain(Ok(chain)));
    update(&mut app, Message::Command(Command::History));
    update(
        &mut app,
        Message::History {
            market: market_id,
            history: Ok(history.clone()),
        },
    );
    if !matches!(
        app.history.as_ref().map(|history| &history.reading),
        Some(Remote::Loaded(_))
    ) {
        return Err(color_eyre::eyre::eyre!(
            "the history did not load in the dashboard"
        ));
    }
    let mut terminal = Terminal::new(TestBackend::new(TERMINAL.0, TERMINAL.1))?;
    let mut draws: Vec<Duration> = (0..FRAMES)
        .map(|_| {
            let started = Instant::now();
            terminal
                .draw(|frame| draw(&app, frame))
                .map(|_| started.elapsed())
        })
        .collect::<Result<_, _>>()?;
    draws.sort();
    println!(
        "pool history of a market with {} deposits: read back in {:.0} ms ({} getTransaction requests, {} at a time, after getSignaturesForAddress); a {}x{} frame drawing it p50 {:.3} ms, p99 {:.3} ms over {FRAMES} frames",
        history.points.len(),
        millis(load),
        history.read + history.unread,
        READS_AT_ONCE,
        TERMINAL.0,
        TERMINAL.1,
        millis(percentile(&draws, 50)),
        millis(percentile(&draws, 99)),
    );
    Ok(())
}

const FRAMES: usize = 100;
