//! The `localnet` binary: boots a ready chain over JSON-RPC (its clock before the demo matches'
//! kickoffs, the mock oracle fed only by the oracle authority it names), refuses a taken port
//! with a clear message, stops cleanly on SIGTERM, and with `--log-transactions` prints every
//! transaction with its logs.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_spl::token::spl_token;
use fulltime_client::cluster::short_signature;
use fulltime_client::errors::explain_logs;
use fulltime_client::instructions;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_client::program_data::UpgradeAuthority;
use fulltime_client::rpc::{CLOCK_SYSVAR, unix_timestamp, wait_for_confirmation};
use fulltime_localnet::node::{DEMO_MARKETS, ORACLE_AUTHORITY_FILE, WALLET_USDC, demo_clock_start};
use fulltime_testkit::process::{LocalnetProcess, free_ports};
use settlement::state::{Config, Market};
use solana_commitment_config::CommitmentConfig;
use solana_instruction::error::InstructionError;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::ErrorKind;
use solana_rpc_client_api::config::{RpcSendTransactionConfig, RpcTransactionConfig};
use solana_rpc_client_api::request::{RpcError, RpcResponseErrorData};
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use solana_transaction_error::TransactionError;
use solana_transaction_status_client_types::UiTransactionEncoding;
use txline_interface::OracleError;
use txline_interface::time::SLOTS_PER_DAY;

fn start(name: &str) -> LocalnetProcess {
    LocalnetProcess::start(Path::new(env!("CARGO_BIN_EXE_localnet")), name).expect("localnet ready")
}

#[tokio::test]
async fn a_fresh_node_serves_a_ready_chain() {
    let node = start("node-ready");
    let env = node.env().expect("env.json written before ready");
    assert_eq!(env.settlement_program, settlement::ID);
    assert_eq!(env.oracle_program, txline_interface::DEVNET_PROGRAM_ID);
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());

    let mint = rpc.get_account(&env.mint).await.expect("mint account");
    let mint = spl_token::state::Mint::unpack(&mint.data).expect("an SPL mint");
    assert_eq!(mint.decimals, 6);

    let config = rpc.get_account(&pda::config()).await.expect("config");
    let config = Config::try_deserialize(&mut config.data.as_slice()).expect("config decodes");
    assert_eq!(config.usdc_mint, env.mint);
    assert_eq!(config.market_count, DEMO_MARKETS.len() as u64);

    // The clock starts before the demo matches, each market closing at its match's kickoff:
    // stakes are open, and each fixture's proof will be published after its market closed.
    let now = cluster_time(&rpc).await;
    let clock_start = demo_clock_start().expect("the demo clock start");
    assert!(now >= clock_start, "{now} < {clock_start}");
    let committed = fulltime_matches::committed().expect("the committed proof files");
    for (id, name) in (0u64..).zip(DEMO_MARKETS) {
        let market = rpc
            .get_account(&pda::market(id))
            .await
            .expect("demo market");
        let market = Market::try_deserialize(&mut market.data.as_slice()).expect("market decodes");
        assert!(!market.settled);
        let proof_file = committed.proof_file(name).expect("the market's proof file");
        assert_eq!(
            Some(market.close_time),
            proof_file.kickoff,
            "{name} closes at kickoff"
        );
        assert!(now < market.close_time, "{name} is open");
        assert!(proof_file.proof.ts >= market.close_time * 1_000, "{name}");
    }

    // The mock oracle is deployed by the oracle authority that env.json names.
    let oracle_authority_path = node.state_dir().join(ORACLE_AUTHORITY_FILE);
    assert_eq!(env.oracle_authority.as_ref(), Some(&oracle_authority_path));
    let oracle_authority = read_keypair_file(&oracle_authority_path)
        .expect("the oracle authority's keypair")
        .pubkey();
    assert_eq!(
        upgrade_authority(&rpc, &mock_oracle::ID).await,
        UpgradeAuthority::Key(oracle_authority)
    );

    let wallet = read_keypair_file(node.wallet_path())
        .expect("the test wallet")
        .pubkey();
    let balance = rpc
        .get_token_account_balance(&pda::token_account(&wallet, &env.mint))
        .await
        .expect("wallet token account");
    assert_eq!(balance.amount, WALLET_USDC.to_string());
    assert!(rpc.get_balance(&wallet).await.expect("SOL balance") > 0);
}

/// Anyone but the oracle authority posting a root is refused with the oracle's `Unauthorized`,
/// by the node's preflight and on chain alike, and nothing is written: no batch can be invented.
#[tokio::test]
async fn the_oracle_takes_roots_from_its_authority_only() {
    let node = start("node-oracle-authority");
    let env = node.env().expect("env.json");
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let wallet = read_keypair_file(node.wallet_path()).expect("the funded wallet");

    // A free slot of a day the bootstrap posted roots for.
    let committed = fulltime_matches::committed().expect("the committed proof files");
    let epoch_day = committed.roots.roots[0].epoch_day;
    let day = txline_interface::ids::daily_scores_roots_address(&mock_oracle::ID, epoch_day).0;
    let before = rpc.get_account(&day).await.expect("the day's roots").data;
    let slot = (0..SLOTS_PER_DAY)
        .find(|slot| before[8 + slot * 32..8 + slot * 32 + 32] == [0; 32])
        .expect("a free slot");
    let invented = instructions::insert_scores_root(
        mock_oracle::ID,
        wallet.pubkey(),
        epoch_day,
        u8::try_from(slot / 12).expect("an hour"),
        u8::try_from(slot % 12 * 5).expect("a minute"),
        [7; 32],
    );
    let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
    let transaction = Transaction::new_signed_with_payer(
        &[invented],
        Some(&wallet.pubkey()),
        &[&wallet],
        blockhash,
    );
    let unauthorized = (
        mock_oracle::ID,
        "Unauthorized".to_owned(),
        u32::from(OracleError::Unauthorized),
    );

    let refused = rpc
        .send_transaction(&transaction)
        .await
        .expect_err("refused in preflight");
    let ErrorKind::RpcError(RpcError::RpcResponseError {
        data: RpcResponseErrorData::SendTransactionPreflightFailure(simulation),
        ..
    }) = refused.kind()
    else {
        panic!("not a preflight refusal: {refused}");
    };
    let error = simulation.err.clone().map(TransactionError::from);
    let Some(TransactionError::InstructionError(0, InstructionError::Custom(code))) = error else {
        panic!("not a custom program error: {refused}");
    };
    let logs = simulation.logs.clone().unwrap_or_default();
    let failure = explain_logs(code, &logs).unwrap_or_else(|| panic!("unexplained: {logs:?}"));
    assert_eq!(
        (failure.program_id, failure.name, failure.code),
        unauthorized,
        "{logs:?}"
    );

    // Sent past preflight, it fails on chain.
    let signature = rpc
        .send_transaction_with_config(
            &transaction,
            RpcSendTransactionConfig {
                skip_preflight: true,
                ..RpcSendTransactionConfig::default()
            },
        )
        .await
        .expect("sent");
    let failed = wait_for_confirmation(&rpc, signature)
        .await
        .expect_err("fails on chain");
    assert_eq!(
        failed.get_transaction_error(),
        Some(TransactionError::InstructionError(
            0,
            InstructionError::Custom(unauthorized.2)
        ))
    );

    let after = rpc.get_account(&day).await.expect("the day's roots").data;
    assert!(after == before, "the day's roots changed");
}

#[test]
fn a_taken_port_fails_at_once_and_names_the_flag() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a port");
    let port = taken.local_addr().expect("address").port();
    let (_, ws_port) = free_ports().expect("a free port");
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-taken-port-{}", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_localnet"))
        .args([
            "--rpc-port",
            &port.to_string(),
            "--ws-port",
            &ws_port.to_string(),
        ])
        .arg("--state-dir")
        .arg(&state_dir)
        .output()
        .expect("run localnet");
    let _ = std::fs::remove_dir_all(&state_dir);
    assert!(!output.status.success(), "must fail");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("port {port}")) && stderr.contains("--rpc-port"),
        "{stderr}"
    );
}

#[test]
fn sigterm_stops_the_node_cleanly() {
    let node = start("node-sigterm");
    let status = node.terminate().expect("localnet exits");
    assert!(status.success(), "exit status {status}");
}

#[tokio::test]
async fn log_transactions_prints_each_transaction_with_its_logs() {
    let node = LocalnetProcess::start_with(
        Path::new(env!("CARGO_BIN_EXE_localnet")),
        "node-log",
        &["--log-transactions"],
    )
    .expect("localnet ready");

    // The bootstrap's own transactions come before `ready`: funding the wallet shows the
    // associated token program's `Program log:` lines, the config and markets the settlement
    // program at work.
    let log = node.stdout_log();
    let summaries: Vec<&str> = log.lines().filter(|line| !line.starts_with(' ')).collect();
    assert!(
        summaries.iter().any(|line| is_summary(line, "ok")),
        "no `<time> <signature> ok` line:\n{log}"
    );
    assert!(
        log.contains("\n    Program log: CreateIdempotent\n"),
        "{log}"
    );
    assert!(
        log.contains(&format!("\n    Program {} success\n", settlement::ID)),
        "{log}"
    );

    // A second initialize fails, whoever signs it.
    let env = node.env().expect("env.json");
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let wallet = read_keypair_file(node.wallet_path()).expect("the test wallet");
    let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
    let again = Transaction::new_signed_with_payer(
        &[instructions::initialize(wallet.pubkey(), env.mint)],
        Some(&wallet.pubkey()),
        &[&wallet],
        blockhash,
    );
    // Sent with preflight, it is refused before it is processed: one line, saying why.
    rpc.send_transaction(&again)
        .await
        .expect_err("initialize twice is refused");
    wait_for_line(
        &node,
        "refused in preflight: Error processing Instruction 0: ",
    )
    .await;

    // Sent past preflight, it fails on chain: one block, with its logs.
    let signature = rpc
        .send_transaction_with_config(
            &again,
            RpcSendTransactionConfig {
                skip_preflight: true,
                ..RpcSendTransactionConfig::default()
            },
        )
        .await
        .expect("sent");
    let summary = format!("{} failed: ", short_signature(&signature));
    wait_for_line(&node, &summary).await;
    // The block is written whole, so its logs are there too; a moment more shows whether a
    // second block for the same transaction follows.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let log = node.stdout_log();
    let blocks: Vec<&str> = log.lines().filter(|line| line.contains(&summary)).collect();
    assert_eq!(blocks.len(), 1, "{log}");
    assert!(is_summary(blocks[0], "failed:"), "{}", blocks[0]);
    let after = log.split(blocks[0]).nth(1).expect("the block");
    assert!(
        after.starts_with(&format!("\n    Program {} invoke [1]\n", settlement::ID)),
        "{after}"
    );
}

/// A transaction's log messages as any client fetches them: `getTransaction`.
async fn fetched_logs(rpc: &RpcClient, signature: &Signature) -> Vec<String> {
    let config = RpcTransactionConfig {
        encoding: Some(UiTransactionEncoding::Json),
        commitment: Some(CommitmentConfig::confirmed()),
        max_supported_transaction_version: Some(0),
    };
    let transaction = rpc
        .get_transaction_with_config(signature, config)
        .await
        .expect("getTransaction");
    let meta = transaction
        .transaction
        .meta
        .expect("the transaction's meta");
    Option::from(meta.log_messages).expect("log messages")
}

/// A deposit of `amount` on YES in demo market 0, signed by `wallet`.
async fn signed_deposit(
    rpc: &RpcClient,
    wallet: &Keypair,
    mint: Pubkey,
    amount: u64,
) -> Transaction {
    let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
    Transaction::new_signed_with_payer(
        &[instructions::deposit(
            wallet.pubkey(),
            mint,
            pda::market(0),
            1,
            amount,
        )],
        Some(&wallet.pubkey()),
        &[wallet],
        blockhash,
    )
}

/// The line Anchor writes for a deposit below 0.10 USDC, as its TypeScript client parses it.
fn is_below_minimum_line(line: &str) -> bool {
    line.starts_with("Program log: AnchorError ")
        && line.ends_with(
            "Error Code: BelowMinimum. Error Number: 6004. Error Message: Deposit below 0.10 USDC.",
        )
}

#[tokio::test]
async fn deposits_carry_their_program_logs_to_any_client() {
    let node = start("node-program-logs");
    let env = node.env().expect("env.json");
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let wallet = read_keypair_file(node.wallet_path()).expect("the test wallet");
    let signed = |amount| signed_deposit(&rpc, &wallet, env.mint, amount);

    // Accepted: `getTransaction` shows the instruction Anchor names.
    let accepted = rpc
        .send_and_confirm_transaction(&signed(1_250_000).await)
        .await
        .expect("a deposit of 1.25 USDC");
    let logs = fetched_logs(&rpc, &accepted).await;
    let at = logs
        .iter()
        .position(|line| *line == format!("Program {} invoke [1]", settlement::ID))
        .expect("the settlement program's invocation");
    assert_eq!(
        logs[at + 1],
        "Program log: Instruction: Deposit",
        "{logs:#?}"
    );

    // Refused in preflight: the simulation's logs come with the error.
    let refused = rpc
        .send_transaction(&signed(50_000).await)
        .await
        .expect_err("0.05 USDC is below the minimum");
    let ErrorKind::RpcError(RpcError::RpcResponseError {
        data: RpcResponseErrorData::SendTransactionPreflightFailure(simulation),
        ..
    }) = refused.kind()
    else {
        panic!("not a preflight refusal: {refused}");
    };
    let logs = simulation.logs.clone().unwrap_or_default();
    assert!(
        logs.iter().any(|line| is_below_minimum_line(line)),
        "{logs:#?}"
    );

    // Sent past preflight and failed on chain: `getTransaction` has the same line.
    let failed = rpc
        .send_transaction_with_config(
            &signed(50_000).await,
            RpcSendTransactionConfig {
                skip_preflight: true,
                ..RpcSendTransactionConfig::default()
            },
        )
        .await
        .expect("sent");
    wait_for_confirmation(&rpc, failed)
        .await
        .expect_err("fails on chain");
    let logs = fetched_logs(&rpc, &failed).await;
    assert!(
        logs.iter().any(|line| is_below_minimum_line(line)),
        "{logs:#?}"
    );
    assert_eq!(
        logs.last().map(String::as_str),
        Some(
            format!(
                "Program {} failed: custom program error: 0x1774",
                settlement::ID
            )
            .as_str()
        ),
        "{logs:#?}"
    );
}

/// The cluster clock, in unix seconds.
async fn cluster_time(rpc: &RpcClient) -> i64 {
    let clock = rpc
        .get_account_data(&CLOCK_SYSVAR)
        .await
        .expect("the clock sysvar");
    unix_timestamp(&clock).expect("a clock")
}

/// The upgrade authority named by `program`'s program-data account.
async fn upgrade_authority(rpc: &RpcClient, program: &Pubkey) -> UpgradeAuthority {
    UpgradeAuthority::read(rpc, program)
        .await
        .expect("read the program-data account")
        .expect("a program-data account")
}

/// Waits until the node's stdout has a line containing `text`.
async fn wait_for_line(node: &LocalnetProcess, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let log = node.stdout_log();
        if log.lines().any(|line| line.contains(text)) {
            return;
        }
        assert!(Instant::now() < deadline, "no `{text}` line:\n{log}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `HH:MM:SS.mmm abcd..wxyz <outcome>...`
fn is_summary(line: &str, outcome: &str) -> bool {
    let mut words = line.split(' ');
    let time = words.next().unwrap_or_default();
    let signature = words.next().unwrap_or_default();
    time.len() == 12
        && time.as_bytes()[2] == b':'
        && time.as_bytes()[8] == b'.'
        && signature.len() == 10
        && signature.contains("..")
        && words.next() == Some(outcome)
}
