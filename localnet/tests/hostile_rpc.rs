//! The JSON-RPC front against a hostile client and a hostile web page, on the real `localnet`
//! binary, over the loopback only: a client that trickles its headers or its body, holds every
//! connection, sends a giant, nested or malformed batch, an oversized body; transactions with
//! an expired blockhash in every encoding, in a bundle, in a batch, as a notification; requests
//! a web page's browser would send (another `Host`, an `Origin`, a `text/plain` POST); every
//! method that changes programs, authorities or the node; surfpool's own servers, looked for as
//! any local process can. After each attack the node still answers `getSlot`. No timing is
//! asserted: each wait is bounded only so that a node that never answers fails the test.

mod raw_http;
mod ws_client;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::system_instruction;
use base64::Engine;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_localnet::node::FIRST_FRONT_ID;
use fulltime_testkit::process::{LocalnetProcess, NO_BOOTSTRAP};
use raw_http::{
    assert_answers_get_slot, call, closed_by_node, connect, error_of, exchange, listening_ports,
    open_descriptors, rpc, tool_headers,
};
use serde_json::{Value, json};
use solana_hash::Hash;
use solana_signer::Signer;
use solana_transaction::Transaction;

const ALLOWED_ORIGIN: &str = "http://localhost:5173";

fn start(name: &str, flags: &[&str]) -> LocalnetProcess {
    LocalnetProcess::start_with(Path::new(env!("CARGO_BIN_EXE_localnet")), name, flags)
        .expect("localnet ready")
}

fn headers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect()
}

#[test]
fn a_slow_or_greedy_client_cannot_starve_the_front() {
    const CAP: usize = 8;
    let node = start(
        "hostile-starve",
        &[NO_BOOTSTRAP, "--rpc-max-connections", "8"],
    );
    let port = node.rpc_port();
    assert_answers_get_slot(port);

    // Slowloris: connections that send half their headers and then nothing. Below the cap the
    // node answers beside them; past it, it holds no more than the cap.
    let held_before = open_descriptors(node.pid());
    let slow_connection = || {
        let mut stream = connect(port);
        stream
            .write_all(format!("POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n").as_bytes())
            .expect("half the headers");
        stream
    };
    let mut slow: Vec<_> = (0..CAP - 1).map(|_| slow_connection()).collect();
    assert_answers_get_slot(port);
    slow.extend((0..CAP + 1).map(|_| slow_connection()));
    // Whatever the node accepts of them, it has accepted after a second on the loopback.
    std::thread::sleep(std::time::Duration::from_secs(1));
    let held = open_descriptors(node.pid()).saturating_sub(held_before);
    assert!(
        held <= CAP + 2,
        "the node holds {held} more descriptors with {} connections open (cap {CAP})",
        slow.len()
    );
    for stream in &mut slow {
        assert!(
            closed_by_node(stream),
            "a connection that never finished its headers was kept open"
        );
    }
    assert_answers_get_slot(port);

    // A body that never arrives whole.
    let mut stream = connect(port);
    stream
        .write_all(
            format!(
                "POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
                 Content-Length: 1000\r\n\r\n{{\"jsonrpc\""
            )
            .as_bytes(),
        )
        .expect("the start of a body");
    let answer = raw_http::read_answer(&mut stream);
    assert_eq!(answer.status, 408, "{answer:?}");
    assert_answers_get_slot(port);

    // A body over the limit, refused from its declared length, unread.
    let answer = raw_http::send_raw(
        port,
        format!(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            16 * 1024 * 1024
        )
        .as_bytes(),
    );
    assert_eq!(answer.status, 413, "{answer:?}");
    assert_answers_get_slot(port);

    // A batch longer than the cap: one error, and not one call run.
    let get_slot = json!({"jsonrpc": "2.0", "id": 1, "method": "getSlot"});
    let response = rpc(port, &Value::Array(vec![get_slot; 1_001]));
    let (code, message) = error_of(&response);
    assert_eq!(code, -32600, "{response}");
    assert!(message.contains("at most 1000 calls"), "{message}");
    assert_answers_get_slot(port);
}

/// A transfer of `lamports` from `payer` on a blockhash the node never made (no durable nonce
/// either): expired, as far as the node can tell.
fn expired_transfer(
    payer: &solana_keypair::Keypair,
    to: &Pubkey,
    lamports: u64,
) -> (Transaction, Vec<u8>) {
    let transaction = Transaction::new_signed_with_payer(
        &[system_instruction::transfer(&payer.pubkey(), to, lamports)],
        Some(&payer.pubkey()),
        &[payer],
        Hash::new_unique(),
    );
    let bytes = bincode::serialize(&transaction).expect("a transaction");
    (transaction, bytes)
}

fn base58(bytes: &[u8]) -> String {
    bs58::encode(bytes).into_string()
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn send_transaction(data: &str, config: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 7, "method": "sendTransaction", "params": [data, config]})
}

#[test]
fn transactions_the_front_cannot_read_or_whose_blockhash_expired_never_land() {
    let node = start("hostile-expired", &[]);
    let port = node.rpc_port();
    let payer = read_keypair_file(node.wallet_path()).expect("the funded wallet");
    let recipient = Pubkey::new_unique();
    let mut signatures = Vec::new();
    let mut lamports = 1_000;
    let mut next = || {
        lamports += 1;
        let (transaction, bytes) = expired_transfer(&payer, &recipient, lamports);
        signatures.push(transaction.signatures[0].to_string());
        bytes
    };
    let skip = |encoding: Option<&str>| match encoding {
        Some(encoding) => json!({"skipPreflight": true, "encoding": encoding}),
        None => json!({"skipPreflight": true}),
    };

    // Every encoding surfpool reads: refused as expired, as a validator's preflight refuses.
    for encoding in [None, Some("base58"), Some("binary")] {
        let response = rpc(port, &send_transaction(&base58(&next()), skip(encoding)));
        assert_eq!(error_of(&response).0, -32002, "{encoding:?}: {response}");
        assert_eq!(response["error"]["data"]["err"], "BlockhashNotFound");
    }
    let response = rpc(
        port,
        &send_transaction(&base64(&next()), skip(Some("base64"))),
    );
    assert_eq!(error_of(&response).0, -32002, "{response}");

    // What surfpool cannot read: refused as unreadable.
    for (data, encoding, says) in [
        (base58(&next()), "json", "unsupported encoding: json"),
        (base58(&next()), "base64", "invalid base64 encoding"),
        (
            "not a transaction".to_owned(),
            "base58",
            "invalid base58 encoding",
        ),
    ] {
        let response = rpc(port, &send_transaction(&data, skip(Some(encoding))));
        let (code, message) = error_of(&response);
        assert_eq!(code, -32602, "{response}");
        assert!(message.contains(says), "{message}");
    }

    // A notification is run as a call is: refused, and answered with nothing.
    let notification = json!({
        "jsonrpc": "2.0", "method": "sendTransaction",
        "params": [base58(&next()), skip(Some("binary"))],
    });
    let answer = exchange(port, "POST", &tool_headers(port), &notification.to_string());
    assert_eq!(
        (answer.status, answer.body.as_str()),
        (200, ""),
        "{answer:?}"
    );

    // A bundle checks each of its transactions.
    let bundle = json!({
        "jsonrpc": "2.0", "id": 8, "method": "sendBundle",
        "params": [[base58(&next())], {"encoding": "binary"}],
    });
    let response = rpc(port, &bundle);
    let (code, message) = error_of(&response);
    assert_eq!(code, -32602, "{response}");
    assert!(
        message.contains("transaction 1") && message.contains("BlockhashNotFound"),
        "{message}"
    );

    // In a batch: each call checked; a batch inside a batch or an element that is no call is
    // what a validator cannot read at all, and nothing of the batch runs.
    let in_batch = send_transaction(&base58(&next()), skip(Some("binary")));
    let response = rpc(port, &json!([in_batch]));
    assert_eq!(error_of(&response[0]).0, -32002, "{response}");
    let get_slot = json!({"jsonrpc": "2.0", "id": 2, "method": "getSlot"});
    for batch in [
        json!([
            [send_transaction(&base58(&next()), skip(Some("binary")))],
            get_slot
        ]),
        json!([1, send_transaction(&base58(&next()), skip(Some("binary")))]),
        json!(["{}", get_slot]),
    ] {
        let response = rpc(port, &batch);
        assert_eq!(error_of(&response).0, -32700, "{batch}: {response}");
    }

    // None landed.
    let balance = call(port, "getBalance", json!([recipient.to_string()]));
    assert_eq!(balance["result"]["value"], 0, "{balance}");
    let statuses = call(
        port,
        "getSignatureStatuses",
        json!([signatures, {"searchTransactionHistory": true}]),
    );
    let statuses = statuses["result"]["value"].as_array().expect("statuses");
    assert!(statuses.iter().all(Value::is_null), "{statuses:?}");
    assert_answers_get_slot(port);
}

#[test]
fn requests_that_are_not_this_machines_tools_are_refused() {
    let node = start("hostile-web", &[NO_BOOTSTRAP]);
    let port = node.rpc_port();
    let save = json!({"jsonrpc": "2.0", "id": 1, "method": "localnet_saveCheckpoint"}).to_string();
    let json_type = ("Content-Type", "application/json");
    let own_host = format!("127.0.0.1:{port}");

    for (host, status) in [
        ("evil.example".to_owned(), 403),
        (format!("evil.example:{port}"), 403),
        (format!("127.0.0.2:{port}"), 403),
    ] {
        let answer = exchange(port, "POST", &headers(&[("Host", &host), json_type]), &save);
        assert_eq!(answer.status, status, "Host {host}: {answer:?}");
        assert!(
            answer.body.contains("is not this node's loopback address"),
            "{answer:?}"
        );
    }
    let answer = raw_http::send_raw(
        port,
        format!(
            "POST / HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{save}",
            save.len()
        )
        .as_bytes(),
    );
    assert_eq!(answer.status, 400, "no Host: {answer:?}");

    for origin in ["https://evil.example", "null", "http://localhost:3000"] {
        let answer = exchange(
            port,
            "POST",
            &headers(&[("Host", &own_host), json_type, ("Origin", origin)]),
            &save,
        );
        assert_eq!(answer.status, 403, "Origin {origin}: {answer:?}");
        assert!(answer.body.contains("--allow-origin"), "{answer:?}");
    }
    for content_type in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let mut sent = vec![("Host", own_host.as_str())];
        if !content_type.is_empty() {
            sent.push(("Content-Type", content_type));
        }
        let answer = exchange(port, "POST", &headers(&sent), &save);
        assert_eq!(
            answer.status, 415,
            "Content-Type {content_type:?}: {answer:?}"
        );
    }

    // A tool's requests are served, and none of the refused ones reached the node: these are
    // its first checkpoints.
    for (id, host) in [
        format!("localhost:{port}"),
        "localhost".to_owned(),
        own_host,
    ]
    .into_iter()
    .enumerate()
    {
        let answer = exchange(port, "POST", &headers(&[("Host", &host), json_type]), &save);
        assert_eq!(answer.status, 200, "Host {host}: {answer:?}");
        assert_eq!(answer.json()["result"]["id"], id + 1, "{answer:?}");
    }
    assert_answers_get_slot(port);
}

#[test]
fn surfpools_own_servers_are_closed_and_the_fronts_are_the_way_in() {
    let node = start("hostile-hidden", &[NO_BOOTSTRAP]);
    let ws_port: u16 = node
        .ws_url()
        .rsplit(':')
        .next()
        .and_then(|port| port.parse().ok())
        .expect("the WebSocket port");
    // What `ss -ltnp` shows of the node: its two fronts, and nothing of surfpool's JSON-RPC
    // and WebSocket servers, which the fronts run in process.
    assert_eq!(
        listening_ports(node.pid()),
        BTreeSet::from([node.rpc_port(), ws_port]),
        "the node listens on its fronts' ports only"
    );
    assert_answers_get_slot(node.rpc_port());
    // The relayed methods (surfpool's own, in process) still answer through the front.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let id = runtime.block_on(async {
        let mut client = ws_client::Socket::connect(&node.ws_url()).await;
        client.subscribe("logsSubscribe", json!(["all"])).await
    });
    assert!(id < FIRST_FRONT_ID, "a subscription surfpool made: {id}");
}

/// Every method refused without `--unsafe-cheatcodes`, with params it would otherwise run.
fn unsafe_calls() -> Vec<(&'static str, Value)> {
    let oracle = mock_oracle::ID.to_string();
    let someone = Pubkey::new_unique().to_string();
    vec![
        ("surfnet_setProgramAuthority", json!([oracle, someone])),
        ("surfnet_writeProgram", json!([oracle, "00", 0])),
        (
            "surfnet_cloneProgramAccount",
            json!([anchor_spl::token::ID.to_string(), oracle]),
        ),
        ("surfnet_registerScenario", json!([{}])),
        ("surfnet_enableCheatcode", json!(["surfnet_timeTravel"])),
        ("surfnet_disableCheatcode", json!(["surfnet_timeTravel"])),
    ]
}

fn never_served() -> Vec<(&'static str, Value)> {
    vec![
        ("exit", json!([])),
        ("loadPlugin", json!(["/tmp/plugin.json"])),
        ("reloadPlugin", json!(["plugin", "/tmp/plugin.json"])),
        ("unloadPlugin", json!(["plugin"])),
        ("listPlugins", json!([])),
        ("surfnet_resetNetwork", json!([])),
    ]
}

/// Writes of the accounts the programs' trust rests on.
fn protected_writes(node: &LocalnetProcess) -> Vec<(&'static str, Value)> {
    let port = node.rpc_port();
    let roots = call(
        port,
        "getProgramAccounts",
        json!([mock_oracle::ID.to_string(), {"encoding": "base64"}]),
    );
    let roots = roots["result"][0]["pubkey"]
        .as_str()
        .expect("an oracle roots account")
        .to_owned();
    let mint = node.env().expect("env.json").mint.to_string();
    let clock = "SysvarC1ock11111111111111111111111111111111".to_owned();
    let mut writes: Vec<(&str, Value)> = [
        settlement::ID,
        mock_oracle::ID,
        mock_oracle_mainnet::ID,
        pda::program_data_of(&settlement::ID),
        pda::program_data_of(&mock_oracle::ID),
        pda::config(),
    ]
    .iter()
    .map(|address| address.to_string())
    .chain([
        roots.clone(),
        mint,
        clock,
        anchor_spl::token::ID.to_string(),
    ])
    .map(|address| ("surfnet_setAccount", json!([address, {"lamports": 1}])))
    .collect();
    writes.extend([
        (
            "surfnet_setAccount",
            json!([Pubkey::new_unique().to_string(), {"owner": mock_oracle::ID.to_string()}]),
        ),
        (
            "surfnet_setAccount",
            json!([Pubkey::new_unique().to_string(), {"executable": true}]),
        ),
        ("surfnet_resetAccount", json!([roots])),
        (
            "surfnet_resetAccount",
            json!([anchor_spl::token::ID.to_string(), {"includeOwnedAccounts": true}]),
        ),
        (
            "surfnet_setTokenAccount",
            json!([Pubkey::new_unique().to_string(), Pubkey::new_unique().to_string(),
                   {"amount": 1}, mock_oracle::ID.to_string()]),
        ),
    ]);
    writes
}

#[test]
fn methods_that_change_programs_authorities_or_the_node_are_refused() {
    let node = start("hostile-methods", &[]);
    let port = node.rpc_port();
    let oracle_data = pda::program_data_of(&mock_oracle::ID).to_string();
    let before = call(
        port,
        "getAccountInfo",
        json!([oracle_data, {"encoding": "base64"}]),
    );

    for (method, params) in unsafe_calls() {
        let (code, message) = error_of(&call(port, method, params));
        assert_eq!(code, -32600, "{method}: {message}");
        assert!(
            message.starts_with(method) && message.contains("--unsafe-cheatcodes"),
            "{message}"
        );
    }
    for (method, params) in never_served() {
        let (code, message) = error_of(&call(port, method, params));
        assert_eq!(code, -32600, "{method}: {message}");
        assert!(message.contains("not served by localnet"), "{message}");
    }
    for (method, params) in protected_writes(&node) {
        let (code, message) = error_of(&call(port, method, params.clone()));
        assert_eq!(code, -32602, "{method} {params}: {message}");
        assert!(message.contains("--unsafe-cheatcodes"), "{message}");
    }
    // In a batch too.
    let (method, params) = &unsafe_calls()[0];
    let response = rpc(
        port,
        &json!([{"jsonrpc": "2.0", "id": 3, "method": method, "params": params}]),
    );
    assert_eq!(error_of(&response[0]).0, -32600, "{response}");

    let after = call(
        port,
        "getAccountInfo",
        json!([oracle_data, {"encoding": "base64"}]),
    );
    assert_eq!(after["result"]["value"], before["result"]["value"]);

    // What the project's tools send is served: a market rewritten (`planted.rs`), a warp, a
    // snapshot's export, a checkpoint.
    let market = pda::market(0).to_string();
    let account = call(
        port,
        "getAccountInfo",
        json!([market, {"encoding": "base64"}]),
    );
    let data = base64::engine::general_purpose::STANDARD
        .decode(
            account["result"]["value"]["data"][0]
                .as_str()
                .expect("a market"),
        )
        .expect("base64");
    let hex: String = data.iter().map(|byte| format!("{byte:02x}")).collect();
    let written = call(port, "surfnet_setAccount", json!([market, {"data": hex}]));
    assert!(written.get("result").is_some(), "{written}");
    // A warp past what a chain holds is refused naming the bound, and the clock stays.
    let clock_before = chain_time(port);
    for target in [
        json!({"absoluteTimestamp": u64::MAX}),
        json!({"absoluteTimestamp": 253_402_300_800_000_u64}),
        json!({"absoluteSlot": u64::MAX}),
        json!({"absoluteEpoch": u64::MAX}),
    ] {
        let (code, message) = error_of(&call(port, "surfnet_timeTravel", json!([target])));
        assert_eq!(code, -32602, "{target}: {message}");
        assert!(
            message.contains("the latest a chain reaches is 9999-12-31T23:59:59Z"),
            "{message}"
        );
    }
    let clock_after = chain_time(port);
    assert!(
        (clock_before..clock_before + 3_600).contains(&clock_after),
        "the clock moved with the wall clock only: {clock_before} then {clock_after}"
    );
    // 2027, past the demo chain's clock (May 2026).
    let warped = call(
        port,
        "surfnet_timeTravel",
        json!([{"absoluteTimestamp": 1_800_000_000_000_i64}]),
    );
    assert!(warped.get("result").is_some(), "{warped}");
    let exported = call(
        port,
        "surfnet_exportSnapshot",
        json!([{"scope": "network"}]),
    );
    assert!(exported.get("result").is_some(), "{exported}");
    let saved = call(port, "localnet_saveCheckpoint", json!([]));
    assert!(saved.get("result").is_some(), "{saved}");
    assert_answers_get_slot(port);
}

/// The chain's clock, unix seconds, read from the clock sysvar.
fn chain_time(port: u16) -> i64 {
    let clock = call(
        port,
        "getAccountInfo",
        json!(["SysvarC1ock11111111111111111111111111111111", {"encoding": "base64"}]),
    );
    let data = base64::engine::general_purpose::STANDARD
        .decode(
            clock["result"]["value"]["data"][0]
                .as_str()
                .expect("the clock"),
        )
        .expect("base64");
    // Slot, epoch start time, epoch, leader schedule epoch, then the unix timestamp.
    i64::from_le_bytes(data[32..40].try_into().expect("a clock is 40 bytes"))
}

#[test]
fn with_its_flags_the_node_serves_the_unsafe_methods_and_the_page_it_names() {
    let node = start(
        "hostile-flags",
        &[
            NO_BOOTSTRAP,
            "--unsafe-cheatcodes",
            "--allow-origin",
            ALLOWED_ORIGIN,
        ],
    );
    let port = node.rpc_port();
    for (method, params) in unsafe_calls() {
        let response = call(port, method, params);
        let refused = response["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("--unsafe-cheatcodes"));
        assert!(!refused, "{method}: {response}");
    }
    let settlement_data = pda::program_data_of(&settlement::ID).to_string();
    let written = call(
        port,
        "surfnet_setAccount",
        json!([settlement_data, {"lamports": 5_000_000}]),
    );
    assert!(written.get("result").is_some(), "{written}");
    for (method, params) in never_served() {
        let (_, message) = error_of(&call(port, method, params));
        assert!(
            message.contains("not served by localnet"),
            "{method}: {message}"
        );
    }

    let own_host = format!("127.0.0.1:{port}");
    let get_slot = json!({"jsonrpc": "2.0", "id": 1, "method": "getSlot"}).to_string();
    let answer = exchange(
        port,
        "POST",
        &headers(&[
            ("Host", &own_host),
            ("Content-Type", "application/json"),
            ("Origin", ALLOWED_ORIGIN),
        ]),
        &get_slot,
    );
    assert_eq!(answer.status, 200, "{answer:?}");
    assert!(answer.json()["result"].is_u64(), "{answer:?}");
    assert_eq!(
        answer.header("access-control-allow-origin"),
        Some(ALLOWED_ORIGIN)
    );
    let preflight = exchange(
        port,
        "OPTIONS",
        &headers(&[
            ("Host", &own_host),
            ("Origin", ALLOWED_ORIGIN),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type"),
        ]),
        "",
    );
    assert_eq!(preflight.status, 200, "{preflight:?}");
    assert_eq!(
        preflight.header("access-control-allow-origin"),
        Some(ALLOWED_ORIGIN)
    );
    assert!(
        preflight
            .header("access-control-allow-methods")
            .is_some_and(|methods| methods.contains("POST")),
        "{preflight:?}"
    );
    let other = exchange(
        port,
        "POST",
        &headers(&[
            ("Host", &own_host),
            ("Content-Type", "application/json"),
            ("Origin", "http://localhost:5174"),
        ]),
        &get_slot,
    );
    assert_eq!(other.status, 403, "{other:?}");
    assert_answers_get_slot(port);
}
