//! Nothing accepted is lost: a burst of transfers from eight clients at once, each signed on one
//! blockhash fetched at the start, is all processed in each client's order; a blockhash
//! thousands of transactions old is still accepted, and so is one half a minute old (a slow
//! client: signed, then sent 30 s later); one past its lifetime is refused by
//! `sendTransaction` with or without preflight, and `isBlockhashValid` and
//! `lastValidBlockHeight` say so; durable-nonce transactions still work.

use std::path::Path;
use std::time::{Duration, Instant};

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::system_instruction;
use fulltime_client::keypair::read_keypair_file;
use fulltime_localnet::node::{BLOCKHASH_LIFETIME_BLOCKS, CLOCK_FILE};
use fulltime_testkit::process::LocalnetProcess;
use solana_commitment_config::CommitmentConfig;
use solana_hash::Hash;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::{Error as ClientError, ErrorKind};
use solana_rpc_client_api::config::RpcSendTransactionConfig;
use solana_rpc_client_api::request::{RpcError, RpcResponseErrorData};
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use solana_transaction_error::TransactionError;
use surfpool_core::types::SyntheticBlockhash;

const CLIENTS: usize = 8;
const TRANSFERS: usize = 500;
/// A generous bound, only so that a lost transaction fails the test instead of hanging it.
const PROCESSED_DEADLINE: Duration = Duration::from_secs(300);

fn start(name: &str) -> LocalnetProcess {
    LocalnetProcess::start(Path::new(env!("CARGO_BIN_EXE_localnet")), name).expect("localnet ready")
}

fn rpc_of(node: &LocalnetProcess) -> RpcClient {
    RpcClient::new_with_commitment(node.rpc_url(), CommitmentConfig::confirmed())
}

async fn send(
    rpc: &RpcClient,
    transaction: &Transaction,
    skip_preflight: bool,
) -> Result<Signature, ClientError> {
    let config = RpcSendTransactionConfig {
        skip_preflight,
        preflight_commitment: Some(CommitmentConfig::confirmed().commitment),
        ..RpcSendTransactionConfig::default()
    };
    rpc.send_transaction_with_config(transaction, config).await
}

/// The slot each signature was processed in, once all are confirmed; fails on a transaction
/// that failed, or that never gets a status.
async fn processed_slots(rpc: &RpcClient, signatures: &[Signature]) -> Vec<u64> {
    let deadline = Instant::now() + PROCESSED_DEADLINE;
    let mut slots = vec![None; signatures.len()];
    loop {
        for (chunk, found) in signatures.chunks(256).zip(slots.chunks_mut(256)) {
            let statuses = rpc
                .get_signature_statuses(chunk)
                .await
                .expect("statuses")
                .value;
            for (status, found) in statuses.into_iter().zip(found) {
                if let Some(status) = status
                    .filter(|status| status.satisfies_commitment(CommitmentConfig::confirmed()))
                {
                    assert_eq!(status.err, None, "a transfer failed");
                    *found = Some(status.slot);
                }
            }
        }
        let missing = slots.iter().filter(|slot| slot.is_none()).count();
        if missing == 0 {
            return slots.into_iter().flatten().collect();
        }
        assert!(
            Instant::now() < deadline,
            "{missing} of {} transactions were never processed",
            signatures.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn airdrop(rpc: &RpcClient, to: &Pubkey, lamports: u64) {
    let signature = rpc.request_airdrop(to, lamports).await.expect("airdrop");
    processed_slots(rpc, &[signature]).await;
}

/// What a validator answers a transaction on an expired blockhash: error -32002 with the
/// preflight simulation's result, whose error is `BlockhashNotFound`.
fn assert_blockhash_not_found(result: Result<Signature, ClientError>) {
    let error = result.expect_err("refused");
    match error.kind() {
        ErrorKind::RpcError(RpcError::RpcResponseError {
            code: -32002,
            message,
            data: RpcResponseErrorData::SendTransactionPreflightFailure(simulation),
        }) => {
            assert_eq!(
                message,
                "Transaction simulation failed: Blockhash not found"
            );
            assert_eq!(
                simulation.err.clone().map(TransactionError::from),
                Some(TransactionError::BlockhashNotFound)
            );
        }
        other => panic!("not a BlockhashNotFound refusal: {other:?}"),
    }
}

fn transfer(from: &Keypair, to: &Pubkey, lamports: u64, blockhash: Hash) -> Transaction {
    Transaction::new_signed_with_payer(
        &[system_instruction::transfer(&from.pubkey(), to, lamports)],
        Some(&from.pubkey()),
        &[from],
        blockhash,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_from_eight_clients_is_all_processed_in_each_clients_order() {
    let node = start("burst");
    let rpc = rpc_of(&node);
    let wallet = read_keypair_file(node.wallet_path()).expect("the wallet");
    // Signed now, sent after thousands of transactions and hundreds of blocks.
    let (early, _) = rpc
        .get_latest_blockhash_with_commitment(CommitmentConfig::confirmed())
        .await
        .expect("a blockhash");
    let early_height = rpc.get_block_height().await.expect("block height");
    let late = transfer(&wallet, &Pubkey::new_unique(), 1_000_000, early);

    let clients: Vec<Keypair> = (0..CLIENTS).map(|_| Keypair::new()).collect();
    for client in &clients {
        airdrop(&rpc, &client.pubkey(), 1_000_000_000).await;
    }
    let recipients: Vec<Pubkey> = (0..CLIENTS).map(|_| Pubkey::new_unique()).collect();
    let sends = clients.into_iter().zip(recipients.clone()).enumerate().map(
        |(index, (client, recipient))| {
            let rpc = rpc_of(&node);
            tokio::spawn(async move {
                let blockhash = rpc.get_latest_blockhash().await.expect("a blockhash");
                let mut signatures = Vec::with_capacity(TRANSFERS);
                for amount in 0..TRANSFERS as u64 {
                    // Rent-exempt from the first transfer on; every amount differs, so every
                    // signature does.
                    let lamports = 1_000_000 + amount;
                    let transaction = transfer(&client, &recipient, lamports, blockhash);
                    let sent = send(&rpc, &transaction, index % 2 == 0).await;
                    signatures.push(sent.expect("every transfer is accepted"));
                }
                signatures
            })
        },
    );
    let mut sent = Vec::with_capacity(CLIENTS);
    for send in sends.collect::<Vec<_>>() {
        sent.push(send.await.expect("a client"));
    }

    for (signatures, recipient) in sent.iter().zip(&recipients) {
        let slots = processed_slots(&rpc, signatures).await;
        assert!(
            slots.windows(2).all(|pair| pair[0] <= pair[1]),
            "processed in the order sent"
        );
        let expected: u64 = (0..TRANSFERS as u64).map(|amount| 1_000_000 + amount).sum();
        assert_eq!(rpc.get_balance(recipient).await.expect("balance"), expected);
    }

    let height = rpc.get_block_height().await.expect("block height");
    assert!(
        height > early_height + 150,
        "{height} blocks: the early blockhash is older than surfpool's own 150"
    );
    assert!(
        rpc.is_blockhash_valid(&early, CommitmentConfig::confirmed())
            .await
            .expect("valid?")
    );
    let signature = send(&rpc, &late, false)
        .await
        .expect("an old blockhash is accepted");
    processed_slots(&rpc, &[signature]).await;
}

/// How long the slow client below waits between signing and sending: devnet's blockhashes live
/// about a minute, and a client that signs slowly or queues its sends must land here too.
const SLOW_CLIENT_WAIT: Duration = Duration::from_secs(30);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_transaction_signed_half_a_minute_before_it_is_sent_is_processed() {
    let node = start("slow-client");
    let rpc = rpc_of(&node);
    let wallet = read_keypair_file(node.wallet_path()).expect("the wallet");
    let (blockhash, last_valid) = rpc
        .get_latest_blockhash_with_commitment(CommitmentConfig::confirmed())
        .await
        .expect("a blockhash");
    let signed = transfer(&wallet, &Pubkey::new_unique(), 1_000_000, blockhash);

    // Meanwhile the node is idle but for a transfer every half second, each making blocks.
    let waited = Instant::now();
    let mut amount = 1_000_000;
    while waited.elapsed() < SLOW_CLIENT_WAIT {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let recent = rpc.get_latest_blockhash().await.expect("a blockhash");
        amount += 1;
        let traffic = transfer(&wallet, &Pubkey::new_unique(), amount, recent);
        send(&rpc, &traffic, false).await.expect("traffic");
    }

    let height = rpc.get_block_height().await.expect("block height");
    assert!(height <= last_valid, "block {height} is past {last_valid}");
    assert!(
        rpc.is_blockhash_valid(&blockhash, CommitmentConfig::confirmed())
            .await
            .expect("valid?")
    );
    let signature = send(&rpc, &signed, false)
        .await
        .expect("a blockhash half a minute old is accepted");
    processed_slots(&rpc, &[signature]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blockhash_past_its_lifetime_is_refused_with_and_without_preflight() {
    let binary = Path::new(env!("CARGO_BIN_EXE_localnet"));
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-expired-{}", Keypair::new().pubkey()));
    std::fs::create_dir_all(&state_dir).expect("state dir");
    let wallet_path = state_dir.join("test-wallet.json");
    solana_keypair::write_keypair_file(&Keypair::new(), &wallet_path).expect("a wallet");
    let wallet = read_keypair_file(&wallet_path).expect("the wallet");

    let node = LocalnetProcess::start_in_dir(binary, &state_dir, &wallet_path, &[]).expect("ready");
    let rpc = rpc_of(&node);
    let height = rpc.get_block_height().await.expect("block height");
    let (kept, last_valid) = rpc
        .get_latest_blockhash_with_commitment(CommitmentConfig::confirmed())
        .await
        .expect("a blockhash");
    assert!(
        last_valid >= height + BLOCKHASH_LIFETIME_BLOCKS,
        "{last_valid} at {height}"
    );
    assert!(
        rpc.is_blockhash_valid(&kept, CommitmentConfig::confirmed())
            .await
            .expect("valid?")
    );
    node.terminate().expect("stopped");

    // The chain resumes past the blockhash's last valid height, even as `confirmed` sees it
    // (a block behind).
    let clock_path = state_dir.join(CLOCK_FILE);
    let mut clock: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&clock_path).expect("the clock file")).expect("json");
    clock["block_height"] = serde_json::json!(last_valid + 2);
    clock["slot"] = serde_json::json!(last_valid + 1_000);
    std::fs::write(&clock_path, clock.to_string()).expect("clock written");
    let node = LocalnetProcess::start_in_dir(binary, &state_dir, &wallet_path, &[]).expect("ready");
    let rpc = rpc_of(&node);
    let height = rpc.get_block_height().await.expect("block height");
    assert!(height > last_valid, "{height}");

    assert!(
        !rpc.is_blockhash_valid(&kept, CommitmentConfig::confirmed())
            .await
            .expect("valid?")
    );
    let to = Pubkey::new_unique();
    for skip_preflight in [false, true] {
        let expired = transfer(&wallet, &to, 1_000_000 + u64::from(skip_preflight), kept);
        assert_blockhash_not_found(send(&rpc, &expired, skip_preflight).await);
        let signature = expired.signatures[0];
        assert_eq!(
            rpc.get_signature_status(&signature).await.expect("status"),
            None
        );
    }
    // A blockhash of a block not made yet, as one from a chain since reset.
    let unmade = *SyntheticBlockhash::new(height + 10).hash();
    assert_blockhash_not_found(send(&rpc, &transfer(&wallet, &to, 1_000_000, unmade), true).await);
    // The oldest hash still valid is accepted, and the one before it is not.
    let oldest = *SyntheticBlockhash::new(height - 1 - BLOCKHASH_LIFETIME_BLOCKS + 100).hash();
    assert!(
        rpc.is_blockhash_valid(&oldest, CommitmentConfig::confirmed())
            .await
            .expect("valid?")
    );
    let signature = send(&rpc, &transfer(&wallet, &to, 2_000_000, oldest), true)
        .await
        .expect("accepted");
    processed_slots(&rpc, &[signature]).await;
    let (fresh, _) = rpc
        .get_latest_blockhash_with_commitment(CommitmentConfig::confirmed())
        .await
        .expect("a blockhash");
    let signature = send(&rpc, &transfer(&wallet, &to, 3_000_000, fresh), false)
        .await
        .expect("accepted");
    processed_slots(&rpc, &[signature]).await;
    assert_eq!(rpc.get_balance(&to).await.expect("balance"), 5_000_000);
    node.terminate().expect("stopped");
    let _ = std::fs::remove_dir_all(&state_dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_durable_nonce_transaction_is_processed_once() {
    let node = start("durable-nonce");
    let rpc = rpc_of(&node);
    let wallet = read_keypair_file(node.wallet_path()).expect("the wallet");
    let nonce = Keypair::new();
    let rent = rpc
        .get_minimum_balance_for_rent_exemption(solana_nonce::state::State::size())
        .await
        .expect("rent");
    let blockhash = rpc.get_latest_blockhash().await.expect("a blockhash");
    let create = Transaction::new_signed_with_payer(
        &system_instruction::create_nonce_account(
            &wallet.pubkey(),
            &nonce.pubkey(),
            &wallet.pubkey(),
            rent,
        ),
        Some(&wallet.pubkey()),
        &[&wallet, &nonce],
        blockhash,
    );
    let signature = send(&rpc, &create, false)
        .await
        .expect("nonce account created");
    processed_slots(&rpc, &[signature]).await;
    let account = rpc
        .get_account(&nonce.pubkey())
        .await
        .expect("the nonce account");
    let durable = nonce_hash(&account);

    let to = Pubkey::new_unique();
    let nonced = |lamports| {
        Transaction::new_signed_with_payer(
            &[
                system_instruction::advance_nonce_account(&nonce.pubkey(), &wallet.pubkey()),
                system_instruction::transfer(&wallet.pubkey(), &to, lamports),
            ],
            Some(&wallet.pubkey()),
            &[&wallet],
            durable,
        )
    };
    let signature = send(&rpc, &nonced(1_000_000), false)
        .await
        .expect("accepted");
    processed_slots(&rpc, &[signature]).await;
    assert_eq!(rpc.get_balance(&to).await.expect("balance"), 1_000_000);
    // The nonce has advanced: the same nonce again is refused.
    assert_blockhash_not_found(send(&rpc, &nonced(2_000_000), true).await);
}

/// The blockhash a nonce account holds, read from its state.
fn nonce_hash(account: &solana_account::Account) -> Hash {
    let versions: solana_nonce::versions::Versions =
        bincode::deserialize(&account.data).expect("nonce state");
    match versions.state() {
        solana_nonce::state::State::Initialized(data) => data.blockhash(),
        solana_nonce::state::State::Uninitialized => panic!("an uninitialized nonce"),
    }
}
