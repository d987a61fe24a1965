//! The dashboard's feed of the chain against a real `localnet`, in process (the feed, the actions
//! it sends, and the dashboard's state they make), with the node reached through a proxy that
//! counts JSON-RPC requests or cuts the WebSocket, or with its WebSocket out of reach:
//!
//! - another wallet's deposit reaches the dashboard's state with no JSON-RPC request in between,
//!   and the depositor's own dashboard sees its balance and position change;
//! - a deposit made from the dashboard, by its keys and its effect runner, costs what the chain
//!   needs (a blockhash, the transaction) and no reading, its own or the feed's;
//! - a dropped WebSocket is reconnected, and the state catches up with what happened meanwhile;
//! - a node whose WebSocket does not answer is followed by polling.
//!
//! Waits have generous deadlines for a loaded machine; nothing asserts how long anything takes.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use fulltime::dashboard::{
    ActivityState, App, Command, Link, Message, Reading, RecorderSlot, Runner, SessionView,
    spawn_feed, update,
};
use fulltime::{GlobalArgs, Session};
use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::side::Side;
use fulltime_testkit::process::{LocalnetProcess, binary_beside, free_ports};
use fulltime_testkit::proxy::CountingProxy;
use solana_keypair::{Address as Pubkey, Keypair};
use solana_signer::Signer;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

const DEADLINE: Duration = Duration::from_secs(60);
/// The least a deposit may be, in base units.
const DEPOSIT: u64 = 100_000;
/// A demo market every localnet starts with.
const MARKET: u64 = 0;

fn start_localnet(name: &str) -> LocalnetProcess {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    LocalnetProcess::start(&binary, name).expect("localnet ready")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
}

/// A dashboard's state, fed by a feed of its own on `state_dir`.
struct Dashboard {
    app: App,
    messages: UnboundedReceiver<Message>,
    /// Where the effect runner's answers go: the feed's channel.
    sender: UnboundedSender<Message>,
    feed: UnboundedSender<Reading>,
    /// Every link the feed reported, in order.
    links: Vec<Link>,
}

impl Dashboard {
    /// Watching a wallet that is not the depositor's.
    fn start(state_dir: PathBuf) -> Self {
        Self::watching(state_dir, Keypair::new().pubkey())
    }

    fn watching(state_dir: PathBuf, watcher: Pubkey) -> Self {
        let session = Arc::new(Session::new(GlobalArgs {
            url: Cluster::Localnet,
            keypair: None,
            json: false,
            state_dir: state_dir.clone(),
            txline_url: None,
            priority_fee: None,
        }));
        let (sender, messages) = unbounded_channel();
        let feed = spawn_feed(session, Some(watcher), sender.clone());
        let view = SessionView {
            cluster: "localnet".into(),
            rpc_url: Ok(String::new()),
            wallet: Ok(watcher.to_string()),
            faucet_url: String::new(),
            state_dir,
            chain: None,
        };
        Self {
            app: App::new(view, Vec::new()),
            messages,
            sender,
            feed,
            links: Vec::new(),
        }
    }

    /// Applies actions until `done` holds for the state, and returns how many it applied.
    async fn until(&mut self, what: &str, mut done: impl FnMut(&App) -> bool) -> usize {
        let mut applied = 0;
        while !done(&self.app) {
            let message = tokio::time::timeout(DEADLINE, self.messages.recv())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "{what}: nothing within {DEADLINE:?}; links {:?}",
                        self.links
                    )
                })
                .expect("the feed runs");
            if let Message::Link(link) = message {
                self.links.push(link);
            }
            update(&mut self.app, message);
            applied += 1;
        }
        applied
    }

    async fn until_live(&mut self) {
        self.until("live", |app| {
            app.link == Link::Live && app.chain.loaded().is_some()
        })
        .await;
    }

    fn total_yes(&self) -> u64 {
        total_yes(&self.app)
    }
}

fn total_yes(app: &App) -> u64 {
    app.chain
        .loaded()
        .and_then(|chain| chain.market(MARKET))
        .map_or(0, |market| market.total_yes)
}

/// Deposits into [`MARKET`] as localnet's funded wallet, straight to the node (not through any
/// proxy), and returns the market's new YES total.
async fn deposit(node: &LocalnetProcess) -> u64 {
    let endpoint = Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("endpoint");
    let client = FulltimeClient::connect(endpoint).await.expect("connect");
    let depositor = read_keypair_file(node.wallet_path()).expect("localnet's wallet");
    client
        .deposit(&depositor, MARKET, Side::Yes, DEPOSIT)
        .await
        .expect("deposit")
        .market
        .total_yes
}

/// A URL where nothing listens.
fn closed_port() -> String {
    let (port, _) = free_ports().expect("a free port");
    format!("ws://127.0.0.1:{port}")
}

#[test]
fn a_pushed_deposit_costs_no_request() {
    let node = start_localnet("feed-pushed");
    runtime().block_on(async {
        let proxy = CountingProxy::start(&node.rpc_url()).await.expect("proxy");
        let state_dir = node
            .redirected("counted", proxy.url(), &node.ws_url())
            .expect("state dir");
        let mut dashboard = Dashboard::start(state_dir);
        dashboard.until_live().await;
        let connecting = proxy.take();
        assert!(
            connecting
                .iter()
                .any(|method| method == "getProgramAccounts"),
            "one full reading to catch up: {connecting:?}"
        );

        // The depositor's own dashboard, straight to the node.
        let depositor = read_keypair_file(node.wallet_path()).expect("localnet's wallet");
        let mut own = Dashboard::watching(node.state_dir().to_owned(), depositor.pubkey());
        own.until("the depositor's balance", |app| usdc(app).is_some())
            .await;
        own.until_live().await;
        let held = usdc(&own.app).expect("test USDC");
        assert_eq!(position(&own.app), None);
        assert_eq!(proxy.take(), Vec::<String>::new());

        let total = deposit(&node).await;
        dashboard
            .until("the deposit", |app| total_yes(app) == total)
            .await;
        assert_eq!(
            proxy.take(),
            Vec::<String>::new(),
            "the deposit arrived without a JSON-RPC request"
        );
        assert_eq!(dashboard.app.link, Link::Live);
        assert!(dashboard.app.node_down.is_none());
        own.until("the depositor's position and balance", |app| {
            position(app) == Some(DEPOSIT) && usdc(app) == Some(held - DEPOSIT)
        })
        .await;
    });
}

#[test]
fn a_deposit_from_the_dashboard_costs_what_the_chain_needs() {
    let node = start_localnet("feed-own-deposit");
    runtime().block_on(async {
        // The feed and the effect runner reach the node through proxies of their own, so that
        // the deposit's requests are counted apart from the feed's.
        let feed_proxy = CountingProxy::start(&node.rpc_url()).await.expect("proxy");
        let action_proxy = CountingProxy::start(&node.rpc_url()).await.expect("proxy");
        let feed_dir = node
            .redirected("feed", feed_proxy.url(), &node.ws_url())
            .expect("state dir");
        let action_dir = node
            .redirected("actions", action_proxy.url(), &node.ws_url())
            .expect("state dir");
        let depositor = read_keypair_file(node.wallet_path()).expect("localnet's wallet");
        let mut dashboard = Dashboard::watching(feed_dir, depositor.pubkey());
        dashboard
            .until("the balance", |app| usdc(app).is_some())
            .await;
        dashboard.until_live().await;
        let held = usdc(&dashboard.app).expect("test USDC");
        let mut runner = Runner {
            session: Arc::new(Session::new(GlobalArgs {
                txline_url: None,
                priority_fee: None,
                url: Cluster::Localnet,
                keypair: None,
                json: false,
                state_dir: action_dir,
            })),
            wallet: Some(Arc::new(depositor)),
            faucet_url: String::new(),
            history_depth: 1,
            messages: dashboard.sender.clone(),
            feed: dashboard.feed.clone(),
            timeline: Default::default(),
            recording: RecorderSlot::default(),
        };
        feed_proxy.take();

        // d, 0.1, Enter on market 0, as the keys send them.
        let mut effects = update(&mut dashboard.app, Message::Command(Command::Deposit));
        for typed in "0.1".chars() {
            effects.extend(update(&mut dashboard.app, Message::Type(typed)));
        }
        effects.extend(update(
            &mut dashboard.app,
            Message::Command(Command::Submit),
        ));
        assert_eq!(effects.len(), 1, "{effects:?}");
        for effect in effects {
            runner.run(effect);
        }
        dashboard
            .until("the deposit's end", |app| !app.busy())
            .await;
        let summary = format!(
            "Deposited 0.1 USDC on YES in market 0; USDC {} -> {}",
            format_usdc(held),
            format_usdc(held - DEPOSIT)
        );
        assert!(
            render_activity(&dashboard.app).starts_with(&summary),
            "{}",
            render_activity(&dashboard.app)
        );
        dashboard
            .until("the position and balance, pushed", |app| {
                position(app) == Some(DEPOSIT) && usdc(app) == Some(held - DEPOSIT)
            })
            .await;

        // A blockhash and the transaction; the confirmation comes over the WebSocket (a status
        // request only backs a subscription that stays silent for seconds).
        let sent = action_proxy.take();
        assert!(sent.len() <= 3, "{sent:?}");
        assert!(
            sent.iter().all(|method| [
                "getLatestBlockhash",
                "sendTransaction",
                "getSignatureStatuses"
            ]
            .contains(&method.as_str())),
            "read nothing: {sent:?}"
        );
        let read = feed_proxy.take();
        assert!(
            !read.iter().any(|method| method == "getProgramAccounts"),
            "no full reading while the feed is live: {read:?}"
        );
    });
}

/// The newest activity line: what was done, and how it ended.
fn render_activity(app: &App) -> String {
    match app.activity.first() {
        Some(activity) => match &activity.state {
            ActivityState::Done(done) => done.summary.clone(),
            other => format!("{}: {other:?}", activity.what),
        },
        None => "no activity".to_owned(),
    }
}

fn usdc(app: &App) -> Option<u64> {
    app.chain
        .loaded()
        .and_then(|chain| chain.balances)
        .and_then(|balances| balances.usdc)
}

fn position(app: &App) -> Option<u64> {
    app.chain
        .loaded()
        .and_then(|chain| chain.position(MARKET))
        .map(|position| position.amount)
}

#[test]
fn a_dropped_socket_reconnects_and_catches_up() {
    let node = start_localnet("feed-dropped");
    runtime().block_on(async {
        let socket = CountingProxy::start(&node.ws_url()).await.expect("proxy");
        let state_dir = node
            .redirected("cut", &node.rpc_url(), socket.url())
            .expect("state dir");
        let mut dashboard = Dashboard::start(state_dir);
        dashboard.until_live().await;
        let before = dashboard.total_yes();

        // The node's notifications are lost from now on, then the socket is cut: the deposit
        // can only reach the dashboard by the reading it takes when it reconnects.
        socket.silence();
        let total = deposit(&node).await;
        assert!(total > before);
        socket.cut();
        let mut missed = true;
        dashboard
            .until("reconnecting", |app| {
                missed &= total_yes(app) < total;
                matches!(app.link, Link::Reconnecting { .. })
            })
            .await;
        assert!(missed, "the deposit was lost with the socket");
        assert_eq!(
            dashboard.total_yes(),
            before,
            "the state stays as it was while the feed reconnects"
        );
        dashboard.until_live().await;
        assert_eq!(
            dashboard.total_yes(),
            total,
            "caught up as soon as it is live again"
        );
        assert!(
            dashboard
                .links
                .ends_with(&[Link::Reconnecting { in_secs: 1 }, Link::Live]),
            "{:?}",
            dashboard.links
        );

        // And it is live: the next deposit is pushed.
        let total = deposit(&node).await;
        dashboard
            .until("the next deposit", |app| total_yes(app) == total)
            .await;
        assert_eq!(dashboard.app.link, Link::Live);
    });
}

#[test]
fn a_node_without_websocket_is_polled() {
    let node = start_localnet("feed-polled");
    runtime().block_on(async {
        let state_dir = node
            .redirected("no-websocket", &node.rpc_url(), &closed_port())
            .expect("state dir");
        let mut dashboard = Dashboard::start(state_dir);
        dashboard
            .until("polling", |app| {
                app.link == Link::Polling && app.chain.loaded().is_some()
            })
            .await;
        let total = deposit(&node).await;
        dashboard
            .until("the deposit, polled", |app| total_yes(app) == total)
            .await;
        assert_eq!(dashboard.app.link, Link::Polling);
        assert!(
            !dashboard.links.contains(&Link::Live),
            "{:?}",
            dashboard.links
        );
    });
}
