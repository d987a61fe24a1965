//! Fault test: `localnet` killed with SIGKILL in the middle of keeping its chain, again and
//! again, restarted each time: the chain resumes, and it is the last one kept whole.
//!
//! The keeper rewrites `chain.snapshot` within a second of a change, through a temporary file
//! (`.chain.snapshot.PID-N.tmp`) renamed over it. Here the chain holds an 8 MiB account, so each
//! write takes a while, transfers keep changing the chain, and each kill comes the moment a
//! temporary file appears, after a delay that varies from round to round: most kills land while
//! the file is being written (the temporary file stays behind). After each, the file on disk
//! must be a whole snapshot, a restart must resume it, and the chain served must be that file's:
//! never a torn file, never a state that was not kept, never a step back.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::system_instruction;
use fulltime_client::keypair::read_keypair_file;
use fulltime_files::snapshot::ChainSnapshot;
use fulltime_localnet::node::CHAIN_FILE;
use fulltime_testkit::process::LocalnetProcess;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;

/// How many times the node is killed: each round costs a start.
const KILLS: u32 = 8;
/// The account that makes each write of the chain long enough to be landed in.
const BIG_ACCOUNT_BYTES: u64 = 8 * 1024 * 1024;
/// An upper bound against a hang, never a measure: a keeper that has not written by then failed.
const WRITE_WITHIN: Duration = Duration::from_secs(60);

fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_localnet"))
}

fn rpc_of(node: &LocalnetProcess) -> RpcClient {
    RpcClient::new_with_commitment(node.rpc_url(), CommitmentConfig::processed())
}

/// The temporary files of the kept chain's writers in `state_dir`.
fn chain_temporaries(state_dir: &Path) -> Vec<PathBuf> {
    let prefix = format!(".{CHAIN_FILE}.");
    std::fs::read_dir(state_dir)
        .expect("the state directory")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with(&prefix) && name.ends_with(".tmp"))
        })
        .collect()
}

/// Sends 1-lamport transfers from `payer` to `to` until stopped, so that the chain keeps
/// changing and the keeper keeps writing; a failure (the node killed) only ends it.
fn keep_changing(
    node: &LocalnetProcess,
    payer: Keypair,
    to: Pubkey,
) -> (Arc<AtomicBool>, JoinHandle<()>) {
    let stop = Arc::new(AtomicBool::new(false));
    let rpc = rpc_of(node);
    let sender = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let Ok(blockhash) = rpc.get_latest_blockhash() else {
                    return;
                };
                let transfer = Transaction::new_signed_with_payer(
                    &[system_instruction::transfer(&payer.pubkey(), &to, 1)],
                    Some(&payer.pubkey()),
                    &[&payer],
                    blockhash,
                );
                if rpc.send_transaction(&transfer).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    (stop, sender)
}

/// The lamports of `address` in the kept chain at `path`, which must be a whole snapshot.
fn kept_lamports(path: &Path, address: &Pubkey, round: u32) -> u64 {
    let kept = ChainSnapshot::read(path)
        .unwrap_or_else(|error| panic!("round {round}: the kept chain is not whole: {error}"));
    kept.accounts
        .iter()
        .find(|account| account.address == *address)
        .map(|account| account.lamports)
        .unwrap_or_else(|| panic!("round {round}: the kept chain lost {address}"))
}

#[test]
fn a_node_killed_while_keeping_its_chain_resumes_the_last_chain_kept_whole() {
    let state_dir = std::env::temp_dir().join(format!(
        "fulltime-killed-while-keeping-{}-{}",
        std::process::id(),
        Pubkey::new_unique()
    ));
    std::fs::create_dir_all(&state_dir).expect("state dir");
    let wallet_path = state_dir.join("test-wallet.json");
    solana_keypair::write_keypair_file(&Keypair::new(), &wallet_path).expect("a wallet");
    let wallet = || read_keypair_file(&wallet_path).expect("the wallet");
    let recipient = Pubkey::new_unique();
    let big = Keypair::new();

    let mut node =
        LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet_path, &[]).expect("ready");
    {
        let rpc = rpc_of(&node);
        let payer = wallet();
        let rent = rpc
            .get_minimum_balance_for_rent_exemption(BIG_ACCOUNT_BYTES as usize)
            .expect("rent");
        let blockhash = rpc.get_latest_blockhash().expect("a blockhash");
        let setup = Transaction::new_signed_with_payer(
            &[
                system_instruction::create_account(
                    &payer.pubkey(),
                    &big.pubkey(),
                    rent,
                    BIG_ACCOUNT_BYTES,
                    &Pubkey::new_unique(),
                ),
                system_instruction::transfer(&payer.pubkey(), &recipient, 1_000_000_000),
            ],
            Some(&payer.pubkey()),
            &[&payer, &big],
            blockhash,
        );
        rpc.send_and_confirm_transaction(&setup)
            .expect("the big account and the recipient");
    }
    // The rounds start from a kept chain that holds both accounts.
    let chain_file = state_dir.join(CHAIN_FILE);
    let started = Instant::now();
    while !ChainSnapshot::read(&chain_file).is_ok_and(|kept| {
        [recipient, big.pubkey()].iter().all(|address| {
            kept.accounts
                .iter()
                .any(|account| account.address == *address)
        })
    }) {
        assert!(started.elapsed() < WRITE_WITHIN, "the setup was never kept");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut resumed_lamports = 1_000_000_000;
    let mut landed_mid_write = 0;
    for round in 0..KILLS {
        let before: Vec<PathBuf> = chain_temporaries(&state_dir);
        let (stop, sender) = keep_changing(&node, wallet(), recipient);
        let started = Instant::now();
        while chain_temporaries(&state_dir).len() <= before.len() {
            assert!(
                started.elapsed() < WRITE_WITHIN,
                "round {round}: the keeper never wrote"
            );
            std::thread::sleep(Duration::from_micros(100));
        }
        // From 0 to 3.5 ms after the write began.
        std::thread::sleep(Duration::from_micros(u64::from(round) * 500));
        drop(node); // SIGKILL, and the node is reaped
        stop.store(true, Ordering::Relaxed);
        sender.join().expect("the sender ended");
        if chain_temporaries(&state_dir).len() > before.len() {
            landed_mid_write += 1;
        }

        let kept = kept_lamports(&chain_file, &recipient, round);
        assert!(
            kept >= resumed_lamports,
            "round {round}: the kept chain went back: {kept} < {resumed_lamports}"
        );
        node = LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet_path, &[])
            .unwrap_or_else(|error| panic!("round {round}: no resume: {error}"));
        assert!(
            node.stdout_log().contains("resumed chain"),
            "round {round}: {}",
            node.stdout_log()
        );
        let rpc = rpc_of(&node);
        assert_eq!(
            rpc.get_balance(&recipient)
                .expect("the recipient's balance"),
            kept,
            "round {round}: the chain served is not the one kept"
        );
        let big_account = rpc.get_account(&big.pubkey()).expect("the big account");
        assert_eq!(
            big_account.data.len() as u64,
            BIG_ACCOUNT_BYTES,
            "round {round}"
        );
        resumed_lamports = kept;
    }
    assert!(
        landed_mid_write > 0,
        "no kill of {KILLS} landed while the chain was being written"
    );
    node.terminate().expect("stops");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}
