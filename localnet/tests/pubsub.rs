//! The node's own WebSocket front, over raw frames as any client sees them: one answer per
//! signature subscription whenever it is made, account and program notifications in commit
//! order, nothing left behind by a client that goes, a thousand subscriptions answered, and the
//! methods it does not serve relayed to surfpool.

use std::collections::HashMap;
use std::time::Duration;

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::system_instruction;
use fulltime_localnet::node::{BareNode, ChainStart, FIRST_FRONT_ID, NodeOptions, StateDir};
use fulltime_testkit::process::free_ports;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::config::RpcSendTransactionConfig;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio_tungstenite::tungstenite::Message;
use ws_client::{HANG, Socket, subscription};

mod common;
mod ws_client;

const SOL: u64 = 1_000_000_000;

struct TestNode {
    node: Option<BareNode>,
    rpc: RpcClient,
    ws_url: String,
    state_dir: std::path::PathBuf,
}

impl TestNode {
    fn start(name: &str) -> Self {
        let (rpc_port, ws_port) = free_ports().expect("free ports");
        let state_dir = std::env::temp_dir().join(format!(
            "fulltime-pubsub-{name}-{}-{}",
            std::process::id(),
            Pubkey::new_unique()
        ));
        let options = NodeOptions {
            rpc_port,
            ws_port,
            state_dir: state_dir.clone(),
            wallet: None,
            false_predicate: Default::default(),
            clock_start: None,
            wall_clock: true,
            chain: ChainStart::Throwaway,
            allow_origins: Vec::new(),
            unsafe_cheatcodes: false,
            rpc_limits: Default::default(),
            checkpoint_limits: Default::default(),
            pubsub_limits: Default::default(),
        };
        let state = StateDir::lock(&state_dir).expect("a state directory");
        let node = BareNode::start(&options, false, state).expect("a node");
        let rpc = RpcClient::new_with_commitment(
            node.rpc_url().to_owned(),
            CommitmentConfig::processed(),
        );
        let ws_url = node.ws_url().to_owned();
        Self {
            node: Some(node),
            rpc,
            ws_url,
            state_dir,
        }
    }

    fn node(&self) -> &BareNode {
        self.node.as_ref().expect("serving")
    }

    async fn socket(&self) -> Socket {
        Socket::connect(&self.ws_url).await
    }

    async fn funded(&self, lamports: u64) -> Keypair {
        common::funded(&self.rpc, lamports).await
    }

    /// A signed transfer, not sent.
    async fn transfer(&self, payer: &Keypair, to: &Pubkey, lamports: u64) -> Transaction {
        let blockhash = self.rpc.get_latest_blockhash().await.expect("a blockhash");
        Transaction::new_signed_with_payer(
            &[system_instruction::transfer(&payer.pubkey(), to, lamports)],
            Some(&payer.pubkey()),
            &[payer],
            blockhash,
        )
    }

    async fn send(&self, transaction: &Transaction) -> Signature {
        self.rpc
            .send_transaction_with_config(
                transaction,
                RpcSendTransactionConfig {
                    skip_preflight: true,
                    ..RpcSendTransactionConfig::default()
                },
            )
            .await
            .expect("sent")
    }
}

impl Drop for TestNode {
    fn drop(&mut self) {
        if let Some(node) = self.node.take() {
            node.shutdown();
        }
        let _ = std::fs::remove_dir_all(&self.state_dir);
    }
}

fn signature_params(signature: &Signature, commitment: &str) -> Value {
    json!([signature.to_string(), {"commitment": commitment}])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signature_subscription_before_during_or_after_the_commit_is_answered_once() {
    let node = TestNode::start("once");
    let payer = node.funded(100 * SOL).await;
    let mut before = node.socket().await;
    let mut during = node.socket().await;
    let mut after = node.socket().await;
    let mut answers_expected = HashMap::new();
    for round in 0..10 {
        let transaction = node
            .transfer(&payer, &Pubkey::new_unique(), SOL + round)
            .await;
        let signature = transaction.signatures[0];
        for commitment in ["processed", "confirmed"] {
            let id = before
                .subscribe(
                    "signatureSubscribe",
                    signature_params(&signature, commitment),
                )
                .await;
            answers_expected.insert(id, ());
        }
        let (_, id) = tokio::join!(
            node.send(&transaction),
            during.subscribe(
                "signatureSubscribe",
                signature_params(&signature, "processed")
            )
        );
        answers_expected.insert(id, ());
        node.rpc
            .poll_for_signature(&signature)
            .await
            .expect("processed");
        let id = after
            .subscribe(
                "signatureSubscribe",
                signature_params(&signature, "processed"),
            )
            .await;
        answers_expected.insert(id, ());
    }
    // A failed transaction is answered with its error.
    let broke = Keypair::new();
    let failing = node.transfer(&payer, &broke.pubkey(), 1_000 * SOL).await;
    let failing_id = before
        .subscribe(
            "signatureSubscribe",
            signature_params(&failing.signatures[0], "processed"),
        )
        .await;
    node.send(&failing).await;

    // A confirmed sentinel on each socket, answered after the block it is in: any second answer
    // to an earlier subscription would come before it.
    let sentinel = node.transfer(&payer, &Pubkey::new_unique(), SOL + 99).await;
    let mut sentinels = Vec::new();
    for socket in [&mut before, &mut during, &mut after] {
        let id = socket
            .subscribe(
                "signatureSubscribe",
                signature_params(&sentinel.signatures[0], "confirmed"),
            )
            .await;
        sentinels.push(id);
    }
    node.send(&sentinel).await;
    let mut answered: HashMap<u64, usize> = HashMap::new();
    let mut failures = 0;
    for (socket, sentinel) in [&mut before, &mut during, &mut after]
        .into_iter()
        .zip(sentinels)
    {
        loop {
            let notification = socket.notification().await;
            assert_eq!(notification["method"], "signatureNotification");
            let id = subscription(&notification);
            if id == sentinel {
                break;
            }
            if id == failing_id {
                let err = &notification["params"]["result"]["value"]["err"];
                assert_ne!(err, &Value::Null, "{notification}");
                failures += 1;
                continue;
            }
            assert_eq!(
                notification["params"]["result"]["value"],
                json!({"err": null}),
                "{notification}"
            );
            *answered.entry(id).or_default() += 1;
        }
    }
    for id in answers_expected.keys() {
        assert_eq!(answered.get(id), Some(&1), "subscription {id}");
    }
    assert_eq!(answered.len(), answers_expected.len());
    assert_eq!(failures, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn account_and_program_notifications_arrive_in_commit_order() {
    let node = TestNode::start("order");
    let payer = node.funded(1_000 * SOL).await;
    let recipient = Keypair::new().pubkey();
    let system_program = Pubkey::default();
    let mut socket = node.socket().await;
    let account_id = socket
        .subscribe(
            "accountSubscribe",
            json!([recipient.to_string(), {"encoding": "base64", "commitment": "processed"}]),
        )
        .await;
    let program_id = socket
        .subscribe(
            "programSubscribe",
            json!([system_program.to_string(), {"encoding": "base64", "filters": [{"dataSize": 0}]}]),
        )
        .await;
    const TRANSFERS: u64 = 200;
    for transfer in 0..TRANSFERS {
        // The first makes the account rent-exempt; each differs, so no two are the same.
        let lamports = if transfer == 0 { SOL } else { 1_000 + transfer };
        let transaction = node.transfer(&payer, &recipient, lamports).await;
        node.send(&transaction).await;
    }
    let mut account_values = Vec::new();
    let mut program_values = Vec::new();
    while account_values.len() < TRANSFERS as usize || program_values.len() < TRANSFERS as usize {
        let notification = socket.notification().await;
        let result = &notification["params"]["result"];
        match notification["method"].as_str() {
            Some("accountNotification") => {
                assert_eq!(subscription(&notification), account_id);
                assert_eq!(result["value"]["owner"], system_program.to_string());
                account_values.push(result["value"]["lamports"].as_u64().expect("lamports"));
            }
            Some("programNotification") => {
                assert_eq!(subscription(&notification), program_id);
                if result["value"]["pubkey"] == recipient.to_string() {
                    program_values.push(
                        result["value"]["account"]["lamports"]
                            .as_u64()
                            .expect("lamports"),
                    );
                }
            }
            _ => panic!("unexpected {notification}"),
        }
    }
    for values in [&account_values, &program_values] {
        assert!(
            values.windows(2).all(|pair| pair[0] < pair[1]),
            "out of order: {values:?}"
        );
    }
    let balance = node.rpc.get_balance(&recipient).await.expect("a balance");
    assert_eq!(account_values.last(), Some(&balance));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_leaves_nothing_behind() {
    let node = TestNode::start("goes");
    let idle = node.node().pubsub_load();
    let mut socket = node.socket().await;
    let watched = Keypair::new().pubkey();
    socket
        .subscribe("accountSubscribe", json!([watched.to_string()]))
        .await;
    socket
        .subscribe("programSubscribe", json!([Pubkey::default().to_string()]))
        .await;
    let slots = socket.subscribe("slotSubscribe", json!([])).await;
    socket
        .subscribe(
            "signatureSubscribe",
            json!([Signature::from([3; 64]).to_string()]),
        )
        .await;
    let logs = socket.subscribe("logsSubscribe", json!(["all"])).await;
    assert!(logs < FIRST_FRONT_ID, "surfpool's id {logs}");
    // Relayed, and told of nothing, ever: surfpool ends it when the client's session ends.
    let quiet = json!([{"mentions": [Keypair::new().pubkey().to_string()]}]);
    assert!(socket.subscribe("logsSubscribe", quiet).await < FIRST_FRONT_ID);
    // Without an id, or in a batch, a subscription surfpool would never end (its subscription
    // to a signature nobody sends runs until the process ends) is not made: a notification is
    // answered with nothing, a batch with one error.
    let signature = |byte| Signature::from([byte; 64]).to_string();
    let notification =
        json!({"jsonrpc": "2.0", "method": "signatureSubscribe", "params": [signature(4)]});
    let batch = json!([
        {"jsonrpc": "2.0", "id": 901, "method": "signatureSubscribe", "params": [signature(5)]}
    ]);
    for frame in [notification, batch] {
        socket
            .stream
            .send(Message::text(frame.to_string()))
            .await
            .expect("sent");
    }
    // The next answer (a notification is no answer).
    let refused = loop {
        let frame = socket.read().await;
        if frame.get("method").is_none() {
            break frame;
        }
    };
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    assert_eq!(refused["id"], Value::Null, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("signatureSubscribe is taken alone")),
        "{refused}"
    );
    let load = node.node().pubsub_load();
    assert_eq!(load.connections, idle.connections + 1);
    assert_eq!(load.subscriptions, idle.subscriptions + 4);
    assert_eq!(load.relays, idle.relays + 1);
    assert_eq!(load.surfpool_sessions, idle.surfpool_sessions + 1);

    assert_eq!(
        socket.call("slotUnsubscribe", json!([slots])).await,
        json!(true)
    );
    assert_eq!(
        node.node().pubsub_load().subscriptions,
        idle.subscriptions + 3
    );

    // The front answers a close (web3.js waits 30 s for that answer before it lets go).
    socket.stream.close(None).await.expect("a close sent");
    let answer = tokio::time::timeout(HANG, socket.stream.next())
        .await
        .expect("an answer in time");
    assert!(matches!(answer, Some(Ok(Message::Close(_)))), "{answer:?}");
    drop(socket);
    tokio::time::timeout(HANG, async {
        while node.node().pubsub_load() != idle {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the front, and surfpool behind it, forget the client");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_signature_subscriptions_are_all_answered() {
    let node = TestNode::start("thousand");
    let payer = node.funded(1_000 * SOL).await;
    const TRANSACTIONS: u64 = 250;
    const SOCKETS: usize = 4;
    let mut transactions = Vec::new();
    for transfer in 0..TRANSACTIONS {
        transactions.push(
            node.transfer(&payer, &Pubkey::new_unique(), SOL + transfer)
                .await,
        );
    }
    let mut sockets = Vec::new();
    let mut ids = Vec::new();
    for _ in 0..SOCKETS {
        let mut socket = node.socket().await;
        let mut socket_ids = Vec::new();
        for transaction in &transactions {
            socket_ids.push(
                socket
                    .subscribe(
                        "signatureSubscribe",
                        signature_params(&transaction.signatures[0], "confirmed"),
                    )
                    .await,
            );
        }
        sockets.push(socket);
        ids.push(socket_ids);
    }
    assert_eq!(
        node.node().pubsub_load().subscriptions,
        SOCKETS * TRANSACTIONS as usize
    );
    for transaction in &transactions {
        node.send(transaction).await;
    }
    for (socket, socket_ids) in sockets.iter_mut().zip(ids) {
        let mut answered = Vec::new();
        while answered.len() < socket_ids.len() {
            let notification = socket.next_of("signatureNotification").await;
            answered.push(subscription(&notification));
        }
        answered.sort_unstable();
        assert_eq!(answered, socket_ids);
    }
    assert_eq!(node.node().pubsub_load().subscriptions, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn methods_the_front_does_not_serve_are_relayed_to_surfpool() {
    let node = TestNode::start("relay");
    let payer = node.funded(10 * SOL).await;
    let mut socket = node.socket().await;
    let logs = socket
        .subscribe("logsSubscribe", json!(["all", {"commitment": "processed"}]))
        .await;
    let slots = socket.subscribe("slotSubscribe", json!([])).await;
    assert!(logs < FIRST_FRONT_ID && slots >= FIRST_FRONT_ID);
    let transaction = node.transfer(&payer, &Pubkey::new_unique(), SOL).await;
    let signature = node.send(&transaction).await;
    loop {
        let notification = socket.next_of("logsNotification").await;
        assert_eq!(subscription(&notification), logs);
        if notification["params"]["result"]["value"]["signature"] == signature.to_string() {
            break;
        }
    }
    let slot = socket.next_of("slotNotification").await;
    assert_eq!(subscription(&slot), slots);
    let info = &slot["params"]["result"];
    assert_eq!(
        info["parent"].as_u64().map(|parent| parent + 1),
        info["slot"].as_u64()
    );
    assert_eq!(
        socket.call("logsUnsubscribe", json!([logs])).await,
        json!(true)
    );
    // Surfpool's own error for a request it cannot read.
    socket
        .stream
        .send(Message::text(
            json!({"jsonrpc": "2.0", "id": 99, "method": "signatureSubscribe", "params": ["nope"]})
                .to_string(),
        ))
        .await
        .expect("sent");
    let error = loop {
        let frame = socket.read().await;
        if frame["id"] == 99 {
            break frame;
        }
    };
    assert_eq!(error["error"]["code"], -32602, "{error}");
}
