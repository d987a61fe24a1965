//! The pool history against a real `localnet`, bounded as the dashboard reads it: a market with
//! 5,000 deposits (5,001 transactions with its creation) read to the default depth gives its
//! newest 1,000 deposits, says so, and counts the pools back from the market's; a transaction
//! that cannot be read in the middle is a gap, and the rest of the history stays.
//!
//! The deposits go through the client's pipeline (many sent before any is confirmed); the
//! deadline is a generous upper bound for a loaded machine, never a measure.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use fulltime::dashboard::{App, Chain, Command, Message, Remote, SessionView, draw, update};
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::instructions;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_client::rpc::{
    DEFAULT_HISTORY_DEPTH, DepositHistory, FulltimeClient, ListedTransaction, Unsigned,
};
use fulltime_client::side::Side;
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;

const DEPOSITS: u64 = 5_000;
/// The least a deposit may be; each deposit adds its own number of base units, so that no two
/// transactions are the same.
const DEPOSIT: u64 = 100_000;
const DEADLINE: Duration = Duration::from_secs(300);

#[test]
fn a_market_with_5000_deposits_shows_its_newest_1000_and_a_gap_keeps_the_rest() {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "pool-history").expect("localnet ready");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let depositor = read_keypair_file(node.wallet_path()).expect("the funded wallet");
    runtime.block_on(async {
        let endpoint = Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("endpoint");
        let client = FulltimeClient::connect(endpoint).await.expect("connect");
        let id = new_market(&client, &depositor).await;
        let started = Instant::now();
        deposit_many(&client, &depositor, id).await;
        println!(
            "{DEPOSITS} deposits landed in {:.1} s",
            started.elapsed().as_secs_f64()
        );

        // The whole history, as deep as it goes: where the bounded one must fit in.
        let started = Instant::now();
        let whole = client
            .pool_history(id, 10_000)
            .await
            .expect("the whole history");
        println!(
            "the whole history ({} transactions) read in {:.1} s",
            whole.read,
            started.elapsed().as_secs_f64()
        );
        assert_eq!(whole.points.len(), 5_000);
        assert_eq!((whole.read, whole.unread), (5_001, 0));
        // Counted back from the market's pools, the first deposit stands on empty pools.
        let first = whole.points[0].pools.expect("read");
        assert!(
            first.no == 0 && (DEPOSIT..DEPOSIT + DEPOSITS).contains(&first.yes),
            "{first:?}"
        );

        let started = Instant::now();
        let bounded = client
            .pool_history(id, DEFAULT_HISTORY_DEPTH)
            .await
            .expect("the newest 1000");
        println!(
            "the newest 1000 read in {:.2} s",
            started.elapsed().as_secs_f64()
        );
        assert_eq!((bounded.read, bounded.unread), (1_000, 0));
        assert_eq!(bounded.count.to_string(), "5001");
        // The oldest point read is the 4,001st deposit's.
        assert_eq!(bounded.points[..], whole.points[4_000..]);

        let shown = dashboard_with(&client, id, bounded).await;
        assert!(
            shown.contains("Pool history: 1000 deposits, read 1000 of 5001 tx (p hides)"),
            "{shown}"
        );

        // A transaction that cannot be read, in the middle of the newest 1,000: a gap, and
        // every deposit on either side of it is still there, with the same pools.
        let mut transactions = client
            .market_transactions(id, DEFAULT_HISTORY_DEPTH)
            .await
            .expect("the newest transactions");
        let middle = transactions.newest[500];
        transactions.newest.insert(
            500,
            ListedTransaction {
                signature: Signature::from([7; 64]),
                ..middle
            },
        );
        let gapped = client.read_deposits(&transactions).await;
        assert_eq!((gapped.read, gapped.unread), (1_000, 1));
        let gap = 1_000 - 500;
        assert_eq!(gapped.points[gap].pools, None);
        assert_eq!(gapped.points[..gap], whole.points[4_000..4_500]);
        assert_eq!(gapped.points[gap + 1..], whole.points[4_500..]);
        let shown = dashboard_with(&client, id, gapped).await;
        assert!(
            shown.contains("read 1000 of 5001 tx, 1 unread (×)"),
            "{shown}"
        );
    });
}

/// A market open for an hour, created by `creator`; its id.
async fn new_market(client: &FulltimeClient, creator: &Keypair) -> u64 {
    let now = client.clock().await.expect("the clock").unix_timestamp;
    let terms = fulltime_testkit::sample::terms(18_502_311, now + 3_600);
    client
        .create_market(creator, terms)
        .await
        .expect("a market")
        .market
        .id
}

/// `DEPOSITS` deposits on YES into market `id`, each one transaction, through the client's
/// pipeline: many sent before any is confirmed, all on blockhashes the node keeps valid.
async fn deposit_many(client: &FulltimeClient, depositor: &Keypair, id: u64) {
    let market = pda::market(id);
    let deposits = (DEPOSIT..DEPOSIT + DEPOSITS)
        .map(|amount| {
            let deposit = instructions::deposit(
                depositor.pubkey(),
                client.usdc_mint(),
                market,
                Side::Yes.byte(),
                amount,
            );
            Unsigned::by(depositor, vec![deposit])
        })
        .collect();
    let outcomes = tokio::time::timeout(DEADLINE, client.send_all(deposits))
        .await
        .expect("the deposits land within the deadline");
    let failed: Vec<_> = outcomes
        .iter()
        .filter_map(|outcome| outcome.as_ref().err())
        .collect();
    assert!(
        failed.is_empty(),
        "{} deposits failed, the first: {:?}",
        failed.len(),
        failed.first()
    );
}

/// The dashboard at 120x40 showing market `id`'s pool history as `history`.
async fn dashboard_with(client: &FulltimeClient, id: u64, history: DepositHistory) -> String {
    let market = client.market(id).await.expect("the market");
    let now = client.clock().await.expect("the clock").unix_timestamp;
    let view = SessionView {
        cluster: "localnet".into(),
        rpc_url: Ok(client.endpoint().rpc_url.clone()),
        wallet: Err("no wallet".into()),
        faucet_url: String::new(),
        state_dir: Path::new(".localnet").to_owned(),
        chain: None,
    };
    let mut app = App::new(view, Vec::new());
    let chain = Chain {
        now,
        markets: vec![market],
        positions: BTreeMap::new(),
        balances: None,
        round_trip_ms: 0,
    };
    update(&mut app, Message::Chain(Ok(chain)));
    update(&mut app, Message::Command(Command::History));
    update(
        &mut app,
        Message::History {
            market: id,
            history: Ok(history),
        },
    );
    assert!(matches!(
        app.history.as_ref().map(|shown| &shown.reading),
        Some(Remote::Loaded(_))
    ));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    terminal.draw(|frame| draw(&app, frame)).expect("a frame");
    let buffer = terminal.backend().buffer();
    let width = usize::from(buffer.area.width);
    buffer
        .content()
        .chunks(width)
        .map(|row| row.iter().map(|cell| cell.symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}
