//! The pubsub front against hostile clients, on the real `localnet` binary over loopback: a
//! client opening subscriptions past the cap, one that never reads while commits happen, a flood
//! of connections past the cap, a handshake that never completes, messages and frames past the
//! size bound, and handshakes from a foreign `Host` or a web page's `Origin`. Each attack is
//! bounded in count; after each, the node still answers `getSlot` over HTTP and a fresh
//! `signatureSubscribe` is still answered. No figure here is a time.

mod common;
mod ws_client;

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::system_instruction;
use fulltime_testkit::process::{LocalnetProcess, NO_BOOTSTRAP};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::config::RpcSendTransactionConfig;
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use ws_client::{HANG, Socket, subscription};

const SOL: u64 = 1_000_000_000;

/// What a transfer to a new account sends: enough for its rent.
const RECIPIENT: u64 = SOL / 1_000;

/// The front's defaults, as the README states them.
const DEFAULT_MAX_SUBSCRIPTIONS: usize = 10_000;
const MAX_MESSAGE_BYTES: usize = 4_096;

/// A `localnet --no-bootstrap` with `extra` flags, and a JSON-RPC client of it.
struct Target {
    node: LocalnetProcess,
    rpc: RpcClient,
}

impl Target {
    fn start(name: &str, extra: &[&str]) -> Self {
        let flags: Vec<&str> = [NO_BOOTSTRAP]
            .into_iter()
            .chain(extra.iter().copied())
            .collect();
        let node = LocalnetProcess::start_with(common::binary(), name, &flags).expect("a node");
        let rpc = RpcClient::new_with_commitment(node.rpc_url(), CommitmentConfig::processed());
        Self { node, rpc }
    }

    fn ws_url(&self) -> String {
        self.node.ws_url()
    }

    fn ws_port(&self) -> u16 {
        self.ws_url()
            .rsplit(':')
            .next()
            .and_then(|port| port.parse().ok())
            .expect("a port")
    }

    /// What the node has written to stderr so far.
    fn log(&self) -> String {
        std::fs::read_to_string(self.node.state_dir().join("localnet.stderr")).unwrap_or_default()
    }

    async fn funded(&self, lamports: u64) -> Keypair {
        common::funded(&self.rpc, lamports).await
    }

    async fn transfer(&self, payer: &Keypair, lamports: u64) -> solana_signature::Signature {
        let blockhash = self.rpc.get_latest_blockhash().await.expect("a blockhash");
        let transaction = Transaction::new_signed_with_payer(
            &[system_instruction::transfer(
                &payer.pubkey(),
                &Pubkey::new_unique(),
                lamports,
            )],
            Some(&payer.pubkey()),
            &[payer],
            blockhash,
        );
        self.rpc
            .send_transaction_with_config(
                &transaction,
                RpcSendTransactionConfig {
                    skip_preflight: true,
                    ..RpcSendTransactionConfig::default()
                },
            )
            .await
            .expect("sent")
    }

    /// The node answers `getSlot` over HTTP, and a fresh connection's `signatureSubscribe` for
    /// a transaction sent after it is answered.
    async fn still_serves(&self) {
        self.rpc.get_slot().await.expect("getSlot answers");
        let payer = self.funded(SOL).await;
        let mut socket = self.connect_once_room().await;
        let blockhash = self.rpc.get_latest_blockhash().await.expect("a blockhash");
        let transaction = Transaction::new_signed_with_payer(
            &[system_instruction::transfer(
                &payer.pubkey(),
                &Pubkey::new_unique(),
                RECIPIENT,
            )],
            Some(&payer.pubkey()),
            &[&payer],
            blockhash,
        );
        let id = socket
            .subscribe(
                "signatureSubscribe",
                json!([transaction.signatures[0].to_string(), {"commitment": "confirmed"}]),
            )
            .await;
        self.rpc.send_transaction(&transaction).await.expect("sent");
        let answer = socket.next_of("signatureNotification").await;
        assert_eq!(subscription(&answer), id);
        assert_eq!(answer["params"]["result"]["value"], json!({"err": null}));
    }
}

impl Target {
    /// A connection, once the front has room for one (a client just gone may still be
    /// counted).
    async fn connect_once_room(&self) -> Socket {
        tokio::time::timeout(HANG, async {
            loop {
                match tokio_tungstenite::connect_async(self.ws_url()).await {
                    Ok((stream, _)) => return Socket::from_stream(stream),
                    Err(WsError::Http(response)) if response.status() == 503 => {
                        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    }
                    Err(error) => panic!("no WebSocket connection: {error}"),
                }
            }
        })
        .await
        .expect("room for a connection in time")
    }
}

fn is_refusal(reply: &Value, words: &str) -> bool {
    reply["error"]["code"] == -32603
        && reply["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains(words))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscriptions_past_the_default_cap_are_refused() {
    let target = Target::start("hostile-subscriptions", &[]);
    let mut socket = Socket::connect(&target.ws_url()).await;
    // Pipelined: every request is sent before any reply is read.
    let mut requests = Vec::new();
    for _ in 0..DEFAULT_MAX_SUBSCRIPTIONS {
        let quiet = Pubkey::new_unique().to_string();
        requests.push(socket.ask("accountSubscribe", json!([quiet])).await);
    }
    let mut ids = Vec::new();
    for request in requests {
        let reply = socket.reply(request).await;
        ids.push(
            reply["result"]
                .as_u64()
                .unwrap_or_else(|| panic!("refused: {reply}")),
        );
    }
    let past = socket
        .ask(
            "accountSubscribe",
            json!([Pubkey::new_unique().to_string()]),
        )
        .await;
    let refused = socket.reply(past).await;
    assert!(
        is_refusal(&refused, "holds 10000 subscriptions")
            && is_refusal(&refused, "--ws-max-subscriptions"),
        "{refused}"
    );
    // A subscription relayed to surfpool counts as well, sent as text or as binary.
    let logs = socket.ask("logsSubscribe", json!(["all"])).await;
    let refused = socket.reply(logs).await;
    assert!(is_refusal(&refused, "--ws-max-subscriptions"), "{refused}");
    let binary =
        json!({"jsonrpc": "2.0", "id": "binary", "method": "logsSubscribe", "params": ["all"]});
    socket
        .stream
        .send(Message::binary(binary.to_string().into_bytes()))
        .await
        .expect("sent");
    let refused = loop {
        let frame = socket.read().await;
        if frame["id"] == "binary" {
            break frame;
        }
    };
    assert!(is_refusal(&refused, "--ws-max-subscriptions"), "{refused}");
    // One ended makes room for one.
    assert_eq!(
        socket.call("accountUnsubscribe", json!([ids[0]])).await,
        json!(true)
    );
    socket.subscribe("slotSubscribe", json!([])).await;
    // The whole lot goes with the client.
    drop(socket);
    target.still_serves().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_cut_off_and_the_others_still_hear() {
    let target = Target::start("hostile-stalled", &[]);
    let payer = target.funded(10 * SOL).await;
    let watched = json!([payer.pubkey().to_string(), {"encoding": "base64"}]);
    let mut listener = Socket::connect(&target.ws_url()).await;
    listener
        .subscribe("accountSubscribe", watched.clone())
        .await;
    // The stalled client reads the replies to its subscriptions, and nothing after.
    let mut stalled = Socket::connect(&target.ws_url()).await;
    const STALLED_SUBSCRIPTIONS: usize = 2_000;
    let mut requests = Vec::new();
    for _ in 0..STALLED_SUBSCRIPTIONS {
        requests.push(stalled.ask("accountSubscribe", watched.clone()).await);
    }
    for request in requests {
        let reply = stalled.reply(request).await;
        assert!(reply["result"].is_u64(), "{reply}");
    }
    // Each transfer queues a notification of the payer per subscription for the stalled
    // client: a few hundred kilobytes a transfer, until it is cut off.
    const MOST_TRANSFERS: u64 = 1_000;
    let mut transfers = 0;
    while !target.log().contains("disconnected") {
        assert!(
            transfers < MOST_TRANSFERS,
            "the stalled client was never cut off: {}",
            target.log()
        );
        target.transfer(&payer, RECIPIENT + transfers).await;
        transfers += 1;
    }
    let last = target.transfer(&payer, RECIPIENT).await;
    target
        .rpc
        .poll_for_signature(&last)
        .await
        .expect("the last transfer lands");
    let balance = target
        .rpc
        .get_balance(&payer.pubkey())
        .await
        .expect("a balance");
    // The listener heard every change, up to the last.
    let mut heard = 0;
    loop {
        let notification = listener.next_of("accountNotification").await;
        heard += 1;
        if notification["params"]["result"]["value"]["lamports"] == balance {
            break;
        }
    }
    assert!(
        heard > transfers,
        "{heard} notifications for {transfers} transfers"
    );
    // The stalled client finds, after what was already on its way, the close frame and the end.
    let ending = tokio::time::timeout(HANG, async {
        loop {
            match stalled.stream.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|frame| frame.code),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    })
    .await
    .expect("the stalled client's connection ends");
    if let Some(code) = ending {
        assert_eq!(code, CloseCode::Policy);
    }
    target.still_serves().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_and_subscriptions_past_the_flags_are_refused() {
    let target = Target::start(
        "hostile-flood",
        &["--ws-max-connections", "4", "--ws-max-subscriptions", "8"],
    );
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(Socket::connect(&target.ws_url()).await);
    }
    let refused = tokio_tungstenite::connect_async(target.ws_url()).await;
    match refused {
        Err(WsError::Http(response)) => {
            assert_eq!(response.status(), 503);
            let body = String::from_utf8_lossy(response.body().as_deref().unwrap_or_default())
                .into_owned();
            assert!(
                body.contains("holds 4 connections") && body.contains("--ws-max-connections"),
                "{body}"
            );
        }
        other => panic!("a fifth connection was not refused: {other:?}"),
    }
    // A flood of raw connections past the cap: each refused or dropped, none held.
    let mut flood = Vec::new();
    for _ in 0..64 {
        flood.push(
            TcpStream::connect(("127.0.0.1", target.ws_port()))
                .await
                .expect("a TCP connection"),
        );
    }
    // The connections held still work, up to 8 subscriptions each.
    let socket = &mut held[0];
    for _ in 0..8 {
        socket.subscribe("slotSubscribe", json!([])).await;
    }
    let ninth = socket.ask("slotSubscribe", json!([])).await;
    let refused = socket.reply(ninth).await;
    assert!(is_refusal(&refused, "holds 8 subscriptions"), "{refused}");
    for stream in &mut flood {
        let mut rest = Vec::new();
        let read = tokio::time::timeout(HANG, stream.read_to_end(&mut rest))
            .await
            .expect("each flooding connection ends");
        if read.is_ok() && !rest.is_empty() {
            let answer = String::from_utf8_lossy(&rest);
            assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        }
    }
    drop(flood);
    drop(held);
    target.still_serves().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handshake_that_never_completes_is_dropped() {
    let target = Target::start("hostile-handshake", &[]);
    let mut silent = TcpStream::connect(("127.0.0.1", target.ws_port()))
        .await
        .expect("a TCP connection");
    let mut partial = TcpStream::connect(("127.0.0.1", target.ws_port()))
        .await
        .expect("a TCP connection");
    partial
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        .await
        .expect("half a request");
    // Meanwhile, other clients are served.
    target.still_serves().await;
    for stream in [&mut silent, &mut partial] {
        let mut rest = Vec::new();
        let read = tokio::time::timeout(HANG, stream.read_to_end(&mut rest))
            .await
            .expect("the node drops a handshake that never completes");
        assert!(read.is_err() || rest.is_empty(), "{rest:?}");
    }
    target.still_serves().await;
}

/// A client frame, masked as RFC 6455 requires, whose header declares `declared` bytes of
/// payload and carries `payload` (all or part of them).
fn client_frame(fin: bool, opcode: u8, declared: u64, payload: &[u8]) -> Vec<u8> {
    let mask = [0x12, 0x34, 0x56, 0x78];
    let mut frame = vec![if fin { 0x80 } else { 0 } | opcode];
    match declared {
        0..=125 => frame.push(0x80 | declared as u8),
        126..=0xFFFF => {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(declared as u16).to_be_bytes());
        }
        _ => {
            frame.push(0x80 | 127);
            frame.extend_from_slice(&declared.to_be_bytes());
        }
    }
    frame.extend_from_slice(&mask);
    frame.extend(
        payload
            .iter()
            .enumerate()
            .map(|(at, byte)| byte ^ mask[at % 4]),
    );
    frame
}

/// A raw WebSocket handshake to `port` with these `Host` and `Origin` headers: the status code
/// and the rest of the answer's head and body as read, and the stream.
async fn raw_handshake(port: u16, host: &str, origin: Option<&str>) -> (u16, String, TcpStream) {
    let mut stream = TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("a TCP connection");
    let origin = origin.map_or(String::new(), |origin| format!("Origin: {origin}\r\n"));
    let request = format!(
        "GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{origin}\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .await
        .expect("a request");
    let mut answer = Vec::new();
    let mut byte = [0_u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        let read = tokio::time::timeout(HANG, stream.read(&mut byte))
            .await
            .expect("an answer in time")
            .expect("an answer");
        assert_eq!(read, 1, "the answer ended early: {answer:?}");
        answer.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&answer).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .expect("a status");
    if status != 101 {
        let mut body = Vec::new();
        let _ = tokio::time::timeout(HANG, stream.read_to_end(&mut body)).await;
        return (status, head + &String::from_utf8_lossy(&body), stream);
    }
    (status, head, stream)
}

/// The code of the close frame the node sends next, skipping any other frame; `None` when the
/// stream ends without one.
async fn close_code(stream: &mut TcpStream) -> Option<u16> {
    tokio::time::timeout(HANG, async {
        loop {
            let mut head = [0_u8; 2];
            stream.read_exact(&mut head).await.ok()?;
            let length = match head[1] & 0x7F {
                126 => u64::from(stream.read_u16().await.ok()?),
                127 => stream.read_u64().await.ok()?,
                length => u64::from(length),
            };
            let mut payload = vec![0_u8; usize::try_from(length).ok()?];
            stream.read_exact(&mut payload).await.ok()?;
            if head[0] & 0x0F == 0x8 {
                return payload
                    .get(..2)
                    .map(|code| u16::from_be_bytes([code[0], code[1]]));
            }
        }
    })
    .await
    .expect("the node answers in time")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_or_frame_past_the_bound_closes_the_connection() {
    let target = Target::start("hostile-oversize", &[]);
    let host = format!("127.0.0.1:{}", target.ws_port());
    // One message past the bound, in one frame.
    let mut socket = Socket::connect(&target.ws_url()).await;
    let padding = "x".repeat(MAX_MESSAGE_BYTES);
    let large = json!({"jsonrpc": "2.0", "id": 1, "method": "getVersion", "padding": padding});
    socket
        .stream
        .send(Message::text(large.to_string()))
        .await
        .expect("sent");
    let ending = tokio::time::timeout(HANG, socket.stream.next())
        .await
        .expect("an answer in time");
    match ending {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(frame.code, CloseCode::Size),
        other => panic!("not closed: {other:?}"),
    }
    // A frame declaring a gigabyte, of which a few bytes come: refused on its header.
    let (status, _, mut stream) = raw_handshake(target.ws_port(), &host, None).await;
    assert_eq!(status, 101);
    stream
        .write_all(&client_frame(true, 0x1, 1 << 30, b"{\"jsonrpc\""))
        .await
        .expect("sent");
    assert_eq!(close_code(&mut stream).await, Some(1009));
    // A message past the bound in frames each within it.
    let (status, _, mut stream) = raw_handshake(target.ws_port(), &host, None).await;
    assert_eq!(status, 101);
    let part = vec![b' '; MAX_MESSAGE_BYTES - 100];
    let mut fragments = client_frame(false, 0x1, part.len() as u64, &part);
    fragments.extend(client_frame(true, 0x0, part.len() as u64, &part));
    stream.write_all(&fragments).await.expect("sent");
    assert_eq!(close_code(&mut stream).await, Some(1009));
    target.still_serves().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_or_a_web_pages_origin_is_refused_unless_allowed() {
    let target = Target::start(
        "hostile-origin",
        &["--allow-origin", "http://localhost:3000"],
    );
    let port = target.ws_port();
    let loopback = format!("127.0.0.1:{port}");
    for host in [format!("evil.example:{port}"), "evil.example".to_owned()] {
        let (status, answer, _) = raw_handshake(port, &host, None).await;
        assert_eq!(status, 403, "{answer}");
        assert!(
            answer.contains("is not this node's loopback address"),
            "{answer}"
        );
    }
    let (status, answer, _) = raw_handshake(port, &loopback, Some("https://evil.example")).await;
    assert_eq!(status, 403, "{answer}");
    assert!(
        answer.contains("--allow-origin https://evil.example"),
        "{answer}"
    );
    for (host, origin) in [
        (loopback.clone(), None),
        (format!("localhost:{port}"), None),
        (loopback.clone(), Some("http://localhost:3000")),
    ] {
        let (status, answer, _) = raw_handshake(port, &host, origin).await;
        assert_eq!(status, 101, "{host} {origin:?}: {answer}");
    }
    target.still_serves().await;
}
