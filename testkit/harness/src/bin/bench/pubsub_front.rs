//! The node's pubsub front under load, in process: transfers sent one after another, each
//! confirmed by `signatureSubscribe` as `fulltime` confirms, on a quiet front, then beside
//! clients that subscribe to the payer a thousand times each and never read, then beside a
//! hundred connections reading their slot subscriptions. For each, the confirmation's p50 and
//! p99, and the commit feed's time per commit (p50, p99, max) with its deepest backlog against
//! surfpool's channel: surfpool, which sends each commit holding its SVM lock, waits only when
//! that channel is full.

use std::time::{Duration, Instant};

use anchor_lang::solana_program::system_instruction;
use fulltime_client::rpc::{ConfirmedBy, connect_pubsub, send_and_confirm_by};
use fulltime_localnet::node::{ChainStart, FeedReport, Node, load_keypair};
use futures_util::{SinkExt, StreamExt};
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::local_node::{node_options, start, write_wallet};

const TRANSFERS: usize = 300;
/// Enough for a new account's rent.
const TRANSFER_LAMPORTS: u64 = 1_000_000;
pub const STALLED_CLIENTS: usize = 10;
pub const STALLED_SUBSCRIPTIONS: usize = 1_000;
pub const READING_CLIENTS: usize = 100;
pub const READING_SUBSCRIPTIONS: usize = 10;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;
type Failure = Box<dyn std::error::Error>;

pub async fn run() -> Result<(), Failure> {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-bench-pubsub-{}", std::process::id()));
    let options = node_options(&state_dir, write_wallet(&state_dir), ChainStart::Reset);
    let Some(node) = start(options).await else {
        return Ok(());
    };
    let outcome = phases(&node).await;
    node.shutdown();
    let _ = std::fs::remove_dir_all(&state_dir);
    outcome
}

async fn phases(node: &Node) -> Result<(), Failure> {
    let env = node.env().clone();
    let payer = load_keypair(&env.wallet)?;
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let feed = node.commit_feed().ok_or("the node has no commit feed")?;

    let (confirmations, report) = transfers(&rpc, &env.ws_url, &payer, || feed.timing()).await?;
    print("quiet", &confirmations, &report);

    let watched = serde_json::json!([payer.pubkey().to_string(), {"encoding": "base64"}]);
    let mut stalled = Vec::new();
    for _ in 0..STALLED_CLIENTS {
        stalled.push(
            subscribed(
                &env.ws_url,
                "accountSubscribe",
                &watched,
                STALLED_SUBSCRIPTIONS,
            )
            .await?,
        );
    }
    let (confirmations, report) = transfers(&rpc, &env.ws_url, &payer, || feed.timing()).await?;
    let mut cut_off = 0;
    for socket in stalled {
        if ends(socket).await {
            cut_off += 1;
        }
    }
    print(
        &format!(
            "{STALLED_CLIENTS} clients with {STALLED_SUBSCRIPTIONS} subscriptions each to the payer, never reading ({cut_off} of them cut off)"
        ),
        &confirmations,
        &report,
    );

    let mut readers = Vec::new();
    let slots = serde_json::json!([]);
    for _ in 0..READING_CLIENTS - 1 {
        let socket =
            subscribed(&env.ws_url, "slotSubscribe", &slots, READING_SUBSCRIPTIONS).await?;
        readers.push(tokio::spawn(read_all(socket)));
    }
    let (confirmations, report) = transfers(&rpc, &env.ws_url, &payer, || feed.timing()).await?;
    print(
        &format!(
            "{} clients reading {READING_SUBSCRIPTIONS} slot subscriptions each, and the confirming one",
            READING_CLIENTS - 1
        ),
        &confirmations,
        &report,
    );
    for reader in readers {
        reader.abort();
    }
    Ok(())
}

/// A connection with `count` subscriptions of `method`, every reply read.
async fn subscribed(
    url: &str,
    method: &str,
    params: &serde_json::Value,
    count: usize,
) -> Result<Socket, Failure> {
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await?;
    for id in 0..count {
        let request =
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        socket.feed(Message::text(request.to_string())).await?;
    }
    socket.flush().await?;
    let mut replies = 0;
    while replies < count {
        match socket.next().await {
            Some(Ok(Message::Text(text))) if text.as_str().contains("\"result\"") => replies += 1,
            Some(Ok(_)) => {}
            Some(Err(error)) => return Err(error.into()),
            None => return Err("the front closed a subscribing client".into()),
        }
    }
    Ok(socket)
}

/// Whether the front has ended `socket` (what was sent before the end read first).
async fn ends(mut socket: Socket) -> bool {
    let drained = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    });
    drained.await.is_ok()
}

async fn read_all(mut socket: Socket) {
    while let Some(Ok(_)) = socket.next().await {}
}

/// [`TRANSFERS`] transfers one after another, each confirmed by `signatureSubscribe`: their
/// confirmation times, and the feed's report over them.
async fn transfers(
    rpc: &RpcClient,
    ws_url: &str,
    payer: &Keypair,
    feed_report: impl Fn() -> FeedReport,
) -> Result<(Vec<Duration>, FeedReport), Failure> {
    let pubsub = connect_pubsub(Some(ws_url))
        .await
        .ok_or("no WebSocket for confirmations")?;
    let _ = feed_report();
    let mut confirmations = Vec::with_capacity(TRANSFERS);
    for _ in 0..TRANSFERS {
        let blockhash = rpc.get_latest_blockhash().await?;
        let transaction = Transaction::new_signed_with_payer(
            &[system_instruction::transfer(
                &payer.pubkey(),
                &Keypair::new().pubkey(),
                TRANSFER_LAMPORTS,
            )],
            Some(&payer.pubkey()),
            &[payer],
            blockhash,
        );
        let sent = Instant::now();
        let confirmed = send_and_confirm_by(
            rpc,
            Some(&pubsub),
            transaction.signatures[0],
            rpc.send_transaction(&transaction),
        )
        .await?;
        if confirmed != ConfirmedBy::Subscription {
            return Err("a confirmation came by polling".into());
        }
        confirmations.push(sent.elapsed());
    }
    Ok((confirmations, feed_report()))
}

fn print(setting: &str, confirmations: &[Duration], report: &FeedReport) {
    let mut confirmations = confirmations.to_vec();
    confirmations.sort();
    let mut handling: Vec<Duration> = report.handling.iter().copied().collect();
    handling.sort();
    let capacity = report
        .capacity
        .map_or("unbounded".to_owned(), |capacity| capacity.to_string());
    println!(
        "pubsub front, {setting}: {TRANSFERS} transfers confirmed by signatureSubscribe p50 {:.2} ms, p99 {:.2} ms; commit feed per commit p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs over {} commits, deepest backlog {} of {capacity}",
        millis(percentile(&confirmations, 50)),
        millis(percentile(&confirmations, 99)),
        micros(percentile(&handling, 50)),
        micros(percentile(&handling, 99)),
        micros(handling.last().copied().unwrap_or_default()),
        report.commits,
        report.deepest_backlog,
    );
}

fn percentile(sorted: &[Duration], percent: usize) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[(sorted.len() * percent / 100).min(sorted.len() - 1)]
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}
