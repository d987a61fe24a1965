//! The chain that lasts: a restarted `localnet` resumes its chain (markets, positions, a
//! provisional settlement, balances, the warped clock, the slot), `--reset` starts a new one, a
//! snapshot loads into a new node whole, a kept chain or snapshot that cannot be loaded is
//! refused with an error naming the file and what to do, and one that carries code or
//! authority (a program's account, a program-data account, a loader's account) is refused
//! whole, naming the account, with nothing written.

mod common;

use std::path::Path;

use anchor_lang::prelude::{Pubkey, pubkey};
use anchor_lang::solana_program::bpf_loader_upgradeable::{self, UpgradeableLoaderState};
use common::{
    assert_resumes, binary, picture, refused_start, save_snapshot, unique_dir, write_wallet,
};
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_client::program_data::UpgradeAuthority;
use fulltime_client::rpc::{CLOCK_SYSVAR, FulltimeClient, unix_timestamp};
use fulltime_client::side::Side;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_files::snapshot::{
    ChainClock, ChainSnapshot, KeyRole, SnapshotAccount, SnapshotKey, named_path,
};
use fulltime_localnet::node::{
    CHAIN_FILE, CLOCK_FILE, ORACLE_AUTHORITY_FILE, SNAPSHOT_KEYS_DIR, demo_clock_start,
};
use fulltime_testkit::process::{LocalnetProcess, ProcessError};
use solana_account::Account;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::{Keypair, write_keypair_file};
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;

const SETTLED_MARKET: u64 = 0;
const SETTLING_PROOF: &str = "arsenal-home-goals-over-1";
const STAKE: u64 = 2_500_000;
/// The demo market still open after the warp to market 0's result.
const OPEN_MARKET: u64 = 2;

async fn connect(node: &LocalnetProcess) -> FulltimeClient {
    let endpoint = Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("env.json");
    FulltimeClient::connect(endpoint).await.expect("connect")
}

/// What a restart must keep, read over JSON-RPC: the market's and the position's accounts as
/// stored, the wallet's test USDC and the number of markets.
#[derive(Debug, PartialEq)]
struct Kept {
    market: Vec<u8>,
    position: Vec<u8>,
    usdc: Option<u64>,
    market_count: u64,
}

async fn kept(client: &FulltimeClient, wallet: &Pubkey) -> Kept {
    let market = pda::market(SETTLED_MARKET);
    let data = |address: Pubkey| async move {
        client
            .rpc()
            .get_account_data(&address)
            .await
            .expect("the account")
    };
    Kept {
        market: data(market).await,
        position: data(pda::position(&market, wallet)).await,
        usdc: client.usdc_balance(wallet).await.expect("balance"),
        market_count: client.config().await.expect("config").market_count,
    }
}

/// The cluster clock (unix seconds) and slot, as processed.
async fn clock_and_slot(rpc: &RpcClient) -> (i64, u64) {
    let processed = CommitmentConfig::processed();
    let clock = rpc
        .get_account_with_commitment(&CLOCK_SYSVAR, processed)
        .await
        .expect("the clock sysvar")
        .value
        .expect("a clock");
    let slot = rpc.get_slot_with_commitment(processed).await.expect("slot");
    (unix_timestamp(&clock.data).expect("a clock"), slot)
}

/// Deposits on market 0, warps past its fixture's result and settles it: a market with a
/// position and a provisional settlement, on a clock far from where the chain started.
async fn stake_warp_and_settle(client: &FulltimeClient, wallet_path: &Path) {
    let wallet = read_keypair_file(wallet_path).expect("the test wallet");
    client
        .deposit(&wallet, SETTLED_MARKET, Side::Yes, STAKE)
        .await
        .expect("deposit");
    let committed = fulltime_matches::committed().expect("the committed proof files");
    let proof_file = committed
        .proof_file(SETTLING_PROOF)
        .expect("the proof file");
    client
        .warp(proof_file.proof.ts / 1_000 + 1)
        .await
        .expect("warp past the result");
    let settled = client
        .settle(&wallet, SETTLED_MARKET, proof_file)
        .await
        .expect("settle");
    assert!(settled.market.settled);
}

#[tokio::test]
async fn a_restart_resumes_the_chain_and_reset_starts_a_new_one() {
    let node = LocalnetProcess::start(binary(), "lasting-restart").expect("localnet ready");
    let first_env = node.env().expect("env.json");
    let first_chain = first_env.chain.clone().expect("localnet names its chain");
    assert!(!first_chain.resumed);
    let wallet = read_keypair_file(node.wallet_path())
        .expect("wallet")
        .pubkey();
    let before = {
        let client = connect(&node).await;
        stake_warp_and_settle(&client, node.wallet_path()).await;
        let market = client.market(SETTLED_MARKET).await.expect("market");
        let (now, _) = clock_and_slot(client.rpc()).await;
        assert!(
            now < market.dispute_ends_at,
            "the settlement is provisional"
        );
        kept(&client, &wallet).await
    };
    let (time_before, slot_before) = {
        let rpc = RpcClient::new(first_env.rpc_url.clone());
        clock_and_slot(&rpc).await
    };

    let node = node.restart(binary(), &[]).expect("localnet resumes");
    assert!(
        node.stdout_log().contains("resumed chain"),
        "{}",
        node.stdout_log()
    );
    let env = node.env().expect("env.json");
    let chain = env.chain.clone().expect("localnet names its chain");
    assert!(chain.resumed);
    assert_eq!(chain.started, first_chain.started);
    let client = connect(&node).await;
    assert_eq!(kept(&client, &wallet).await, before);
    let (time_after, slot_after) = clock_and_slot(client.rpc()).await;
    assert!(time_after >= time_before, "{time_after} < {time_before}");
    assert!(
        slot_after >= slot_before,
        "the slot went back: {slot_after} < {slot_before}"
    );
    // The resumed chain takes transactions, and its slot moves on from there.
    let payer = read_keypair_file(node.wallet_path()).expect("wallet");
    client
        .deposit(&payer, OPEN_MARKET, Side::No, STAKE)
        .await
        .expect("a deposit on the resumed chain");
    let (_, slot_later) = clock_and_slot(client.rpc()).await;
    assert!(slot_later > slot_after, "{slot_later} <= {slot_after}");

    let node = node
        .restart(binary(), &["--reset"])
        .expect("localnet resets");
    let env = node.env().expect("env.json");
    assert!(!env.chain.expect("chain").resumed);
    let client = connect(&node).await;
    let market = client.market(SETTLED_MARKET).await.expect("market");
    assert!(!market.settled);
    assert_eq!(market.total_yes, 0);
    let position = client.position(SETTLED_MARKET, &wallet).await;
    assert!(
        position.expect("read").is_none(),
        "no position on a new chain"
    );
    let (now, _) = clock_and_slot(client.rpc()).await;
    assert!(now < time_before, "the clock starts anew: {now}");
    assert!(now >= demo_clock_start().expect("demo clock start"));
}

/// The accounts owned by the two programs and by SPL Token (the vaults and the wallet's test
/// USDC), sorted by address.
async fn owned_accounts(rpc: &RpcClient) -> Vec<(Pubkey, Account)> {
    let mut accounts = Vec::new();
    for program in [settlement::ID, mock_oracle::ID, anchor_spl::token::ID] {
        accounts.extend(rpc.get_program_accounts(&program).await.expect("accounts"));
    }
    accounts.sort_by_key(|(address, _)| *address);
    accounts
}

#[tokio::test]
async fn a_snapshot_starts_a_new_node_at_the_same_chain_and_clock() {
    let source = LocalnetProcess::start(binary(), "lasting-snapshot-source").expect("ready");
    let source_client = connect(&source).await;
    stake_warp_and_settle(&source_client, source.wallet_path()).await;
    let saved = save_snapshot(&source, "provisional").await;
    let expected = owned_accounts(source_client.rpc()).await;
    // The file as it would be attached to a bug report, on its own.
    let dir = std::env::temp_dir().join(format!("fulltime-snapshot-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("provisional.snapshot");
    std::fs::copy(&saved, &file).expect("copy the snapshot");
    drop(source_client);
    drop(source);

    let snapshot = ChainSnapshot::read(&file).expect("the saved snapshot");
    let node = LocalnetProcess::start_with(
        binary(),
        "lasting-snapshot-copy",
        &["--snapshot", file.to_str().expect("a UTF-8 path")],
    )
    .expect("localnet starts from the snapshot");
    assert!(
        node.stdout_log().contains("chain from snapshot"),
        "{}",
        node.stdout_log()
    );
    let env: LocalnetEnv = node.env().expect("env.json");
    assert_eq!(env.mint, snapshot.mint);
    let chain = env.chain.expect("chain");
    assert_eq!(chain.snapshot.as_deref(), file.to_str());
    let rpc = RpcClient::new(env.rpc_url.clone());
    assert_eq!(owned_accounts(&rpc).await, expected);
    let (now, slot) = clock_and_slot(&rpc).await;
    assert!(now >= snapshot.clock.unix_timestamp(), "{now}");
    assert!(
        now < snapshot.clock.unix_timestamp() + 60,
        "{now}: the same clock"
    );
    assert!(slot >= snapshot.clock.slot);
    // The mint authority came with the snapshot, beside the state directory's own keys, so the
    // faucet can mint; the oracle authority is the state directory's, which deployed the mock
    // (a snapshot carries no authority over a program, nor its key). The wallet is the one
    // --wallet names.
    assert_eq!(env.wallet, node.wallet_path());
    let mint_authority = read_keypair_file(&env.mint_authority).expect("its keypair");
    assert!(
        env.mint_authority
            .starts_with(node.state_dir().join(SNAPSHOT_KEYS_DIR))
    );
    let saved_authority = snapshot
        .key(KeyRole::MintAuthority)
        .expect("in the snapshot");
    assert_eq!(mint_authority.pubkey(), saved_authority.pubkey);
    assert!(snapshot.key(KeyRole::OracleAuthority).is_none());
    let oracle_authority = node.state_dir().join(ORACLE_AUTHORITY_FILE);
    assert_eq!(env.oracle_authority.as_ref(), Some(&oracle_authority));
    let oracle_authority = read_keypair_file(&oracle_authority).expect("its keypair");
    let deployed = UpgradeAuthority::read(&rpc, &mock_oracle::ID)
        .await
        .expect("read the program-data account");
    assert_eq!(
        deployed,
        Some(UpgradeAuthority::Key(oracle_authority.pubkey()))
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Starts `localnet` in `state_dir` with `extra` flags, expecting it to refuse; its stderr.
fn refused(state_dir: &Path, extra: &[&str]) -> String {
    let wallet = state_dir.join(WALLET);
    match LocalnetProcess::start_in_dir(binary(), state_dir, &wallet, extra) {
        Ok(node) => panic!("started: {}", node.stdout_log()),
        Err(ProcessError::NotReady { stderr, .. }) => stderr,
        Err(other) => panic!("{other}"),
    }
}

const WALLET: &str = "test-wallet.json";

#[tokio::test]
async fn a_corrupt_kept_chain_or_snapshot_is_refused_naming_the_file() {
    let state_dir = std::env::temp_dir().join(format!(
        "fulltime-lasting-corrupt-{}-{}",
        std::process::id(),
        Pubkey::new_unique()
    ));
    std::fs::create_dir_all(&state_dir).expect("state dir");
    let wallet = state_dir.join(WALLET);
    write_keypair_file(&Keypair::new(), &wallet).expect("wallet");
    let node = LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet, &[]).expect("ready");
    let saved = save_snapshot(&node, "whole").await;
    node.terminate().expect("stops");

    // A truncated kept chain.
    let chain_file = state_dir.join(CHAIN_FILE);
    let whole = std::fs::read(&chain_file).expect("the kept chain");
    std::fs::write(&chain_file, &whole[..whole.len() / 2]).expect("truncate");
    let stderr = refused(&state_dir, &[]);
    assert!(
        stderr.contains(&chain_file.display().to_string()),
        "{stderr}"
    );
    assert!(stderr.contains("corrupt or truncated"), "{stderr}");
    assert!(stderr.contains("--reset"), "{stderr}");
    std::fs::write(&chain_file, &whole).expect("put it back");

    // A damaged clock file: its clock may be the chain's latest, so it is not skipped.
    let clock_file = state_dir.join(CLOCK_FILE);
    let clock = std::fs::read(&clock_file).expect("the kept clock");
    std::fs::write(&clock_file, b"{\"started\": 17").expect("damage");
    let stderr = refused(&state_dir, &[]);
    assert!(
        stderr.contains(&clock_file.display().to_string()),
        "{stderr}"
    );
    assert!(stderr.contains("--reset"), "{stderr}");
    std::fs::write(&clock_file, &clock).expect("put it back");

    // A snapshot with one byte changed, and one from another build of the programs.
    let mut damaged = std::fs::read(&saved).expect("the snapshot");
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0xff;
    let damaged_path = state_dir.join("damaged.snapshot");
    std::fs::write(&damaged_path, &damaged).expect("damaged copy");
    let path = damaged_path.to_str().expect("UTF-8");
    let stderr = refused(&state_dir, &["--snapshot", path]);
    assert!(stderr.contains(path), "{stderr}");
    assert!(stderr.contains("corrupt or truncated"), "{stderr}");

    let mut other_build = ChainSnapshot::read(&saved).expect("the snapshot");
    other_build.build.layouts = [7; 32];
    other_build
        .write(&named_path(&state_dir, "other-build"))
        .expect("write");
    let stderr = refused(&state_dir, &["--snapshot", "other-build"]);
    assert!(stderr.contains("other-build.snapshot"), "{stderr}");
    assert!(stderr.contains("another build of the programs"), "{stderr}");
    assert!(stderr.contains("0707070707070707"), "{stderr}");

    // Nothing was loaded half, nor replaced: the kept chain still resumes.
    assert_resumes(&state_dir, &wallet, "the kept chain as it was");
    // A bare chain for `fulltime-bootstrap` is thrown away, and leaves the kept one alone.
    let kept = std::fs::read(&chain_file).expect("the kept chain");
    let bare = LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet, &["--no-bootstrap"])
        .expect("a bare chain");
    assert!(bare.stdout_log().contains("not bootstrapped"));
    bare.terminate().expect("stops");
    assert_eq!(std::fs::read(&chain_file).expect("the kept chain"), kept);
    assert_resumes(&state_dir, &wallet, "the kept chain as it was");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}

/// `whole` with `account` in it (in address order), written by the snapshot format's own encoder
/// as the snapshot `name` of `state_dir`: a valid file that only the rule refuses.
fn write_crafted(state_dir: &Path, whole: &ChainSnapshot, name: &str, account: SnapshotAccount) {
    let mut crafted = whole.clone();
    crafted
        .accounts
        .retain(|held| held.address != account.address);
    crafted.accounts.push(account);
    crafted.accounts.sort_by_key(|held| held.address);
    crafted
        .write(&named_path(state_dir, name))
        .expect("write the crafted snapshot");
}

/// BPF loader v2, which runs SPL Token.
const BPF_LOADER: Pubkey = pubkey!("BPFLoader2111111111111111111111111111111111");

/// An account owned by a loader, at a new address.
fn loader_owned_account() -> SnapshotAccount {
    SnapshotAccount {
        address: Pubkey::new_unique(),
        lamports: 1_000_000,
        owner: BPF_LOADER,
        executable: false,
        rent_epoch: 0,
        data: vec![1, 2, 3],
    }
}

#[tokio::test]
async fn a_snapshot_that_carries_code_or_authority_is_refused_whole_and_nothing_is_written() {
    let state_dir = unique_dir("lasting-code");
    let wallet = state_dir.join(WALLET);
    write_wallet(&wallet);
    let node = LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet, &[]).expect("ready");
    let saved = save_snapshot(&node, "whole").await;
    node.terminate().expect("stops");
    let whole = ChainSnapshot::read(&saved).expect("the saved snapshot");

    // The mock oracle's program-data account naming another upgrade authority (who would then
    // post its roots), an executable account at the settlement program's id, and an account a
    // loader owns.
    let oracle_program_data = pda::program_data_of(&mock_oracle::ID);
    let another_authority = UpgradeableLoaderState::ProgramData {
        slot: 0,
        upgrade_authority_address: Some(Keypair::new().pubkey()),
    };
    let loader_owned = loader_owned_account();
    let crafted = [
        (
            "another-oracle-authority",
            SnapshotAccount {
                address: oracle_program_data,
                lamports: 1_000_000_000,
                owner: bpf_loader_upgradeable::ID,
                executable: false,
                rent_epoch: 0,
                data: bincode::serialize(&another_authority).expect("program data"),
            },
        ),
        (
            "a-program-at-the-settlement-id",
            SnapshotAccount {
                address: settlement::ID,
                lamports: 1_000_000_000,
                owner: Pubkey::new_unique(),
                executable: true,
                rent_epoch: 0,
                data: b"\x7fELF".to_vec(),
            },
        ),
        ("a-loader-owned-account", loader_owned.clone()),
    ];
    for (name, account) in &crafted {
        write_crafted(&state_dir, &whole, name, account.clone());
    }
    let wallet_arg = wallet.to_str().expect("a UTF-8 path");
    let before = picture(&state_dir);
    for (name, account) in &crafted {
        let stderr = refused_start(&state_dir, &["--wallet", wallet_arg, "--snapshot", name]);
        for expected in [
            format!("{name}.snapshot cannot be loaded"),
            account.address.to_string(),
            "never code or authority".to_owned(),
        ] {
            assert!(
                stderr.contains(&expected),
                "{name}: {expected:?} not in {stderr}"
            );
        }
        assert!(
            picture(&state_dir) == before,
            "{name}: the state directory changed"
        );
    }

    // The kept chain is loaded by the same rule.
    let chain_file = state_dir.join(CHAIN_FILE);
    let mut kept = ChainSnapshot::read(&chain_file).expect("the kept chain");
    kept.accounts.push(loader_owned.clone());
    kept.write(&chain_file).expect("write the kept chain");
    let before = picture(&state_dir);
    let stderr = refused_start(&state_dir, &["--wallet", wallet_arg]);
    for expected in [
        chain_file.display().to_string(),
        loader_owned.address.to_string(),
        "owned by BPF loader v2".to_owned(),
        "--reset".to_owned(),
    ] {
        assert!(stderr.contains(&expected), "{expected:?} not in {stderr}");
    }
    assert!(picture(&state_dir) == before, "the state directory changed");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}

/// A snapshot written by hand: the mint authority's key as `mint_authority`.
fn hand_made(clock: ChainClock, mint_authority: SnapshotKey) -> ChainSnapshot {
    common::hand_made_snapshot(clock, vec![mint_authority])
}

const SANE_CLOCK: ChainClock = ChainClock {
    unix_ms: 1_778_940_000_000,
    slot: 5_000,
    block_height: 40,
    transaction_count: 39,
};

/// A mint authority the snapshot carries the secret of (`secret_of`), named as `pubkey`.
fn carried_key(pubkey: Pubkey, secret_of: Option<&Keypair>) -> SnapshotKey {
    SnapshotKey {
        role: KeyRole::MintAuthority,
        pubkey,
        path: None,
        secret: secret_of.map(|keypair| keypair.to_bytes().to_vec()),
    }
}

#[test]
fn a_clock_past_the_chains_bounds_is_refused_on_load_naming_the_value_and_the_limit() {
    let state_dir = unique_dir("lasting-bounds");
    let wallet = state_dir.join(WALLET);
    write_wallet(&wallet);
    let wallet_arg = wallet.to_str().expect("a UTF-8 path");
    let authority = Keypair::new();
    let key = carried_key(authority.pubkey(), Some(&authority));
    let past = [
        (
            "late-clock",
            ChainClock {
                unix_ms: u64::MAX,
                ..SANE_CLOCK
            },
            "its clock is 18446744073709551615 unix milliseconds, past the latest a chain may \
             be at, 253402300799999 (9999-12-31T23:59:59Z)",
        ),
        (
            "last-slot",
            ChainClock {
                slot: u64::MAX - 1,
                ..SANE_CLOCK
            },
            "its slot is 18446744073709551614, past the latest a chain may hold, 9007199254740992",
        ),
        (
            "last-height",
            ChainClock {
                block_height: u64::MAX,
                ..SANE_CLOCK
            },
            "its block height is 18446744073709551615",
        ),
    ];
    for (name, clock, _) in &past {
        hand_made(*clock, key.clone())
            .write(&named_path(&state_dir, name))
            .expect("write the snapshot");
    }
    let before = picture(&state_dir);
    for (name, _, says) in &past {
        let stderr = refused_start(&state_dir, &["--wallet", wallet_arg, "--snapshot", name]);
        assert!(
            stderr.contains(&format!("{name}.snapshot cannot be loaded")) && stderr.contains(says),
            "{name}: {stderr}"
        );
        assert!(
            picture(&state_dir) == before,
            "{name}: the state directory changed"
        );
    }

    // The kept chain and its clock file are read by the same bounds, each named.
    let chain_file = state_dir.join(CHAIN_FILE);
    let (_, late, says) = &past[0];
    hand_made(*late, key.clone())
        .write(&chain_file)
        .expect("write the kept chain");
    let stderr = refused_start(&state_dir, &["--wallet", wallet_arg]);
    assert!(
        stderr.contains(&chain_file.display().to_string()) && stderr.contains(says),
        "{stderr}"
    );
    hand_made(SANE_CLOCK, key)
        .write(&chain_file)
        .expect("write the kept chain");
    let clock_file = state_dir.join(CLOCK_FILE);
    std::fs::write(
        &clock_file,
        format!(
            "{{\"started\": 1780000000, \"unix_ms\": 1778940000000, \"slot\": {}, \
             \"block_height\": 40, \"transaction_count\": 39}}",
            u64::MAX
        ),
    )
    .expect("write the clock file");
    let before = picture(&state_dir);
    let stderr = refused_start(&state_dir, &["--wallet", wallet_arg]);
    assert!(
        stderr.contains(&clock_file.display().to_string())
            && stderr.contains("its slot is 18446744073709551615"),
        "{stderr}"
    );
    assert!(picture(&state_dir) == before, "the state directory changed");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}

#[test]
fn a_snapshot_whose_keys_are_not_the_keys_it_names_is_refused_and_writes_nothing() {
    let state_dir = unique_dir("lasting-keys");
    let wallet = state_dir.join(WALLET);
    write_wallet(&wallet);
    let wallet_arg = wallet.to_str().expect("a UTF-8 path");
    let named = Keypair::new().pubkey();
    let carried = Keypair::new();
    // The secret it carries is another key's than the one it names.
    hand_made(SANE_CLOCK, carried_key(named, Some(&carried)))
        .write(&named_path(&state_dir, "swapped-key"))
        .expect("write the snapshot");
    // No secret, and the state directory keeps another key where this one would be.
    hand_made(SANE_CLOCK, carried_key(named, None))
        .write(&named_path(&state_dir, "no-secret"))
        .expect("write the snapshot");
    let kept = state_dir
        .join(SNAPSHOT_KEYS_DIR)
        .join("mint-authority.json");
    std::fs::create_dir_all(kept.parent().expect("its directory")).expect("snapshot-keys/");
    write_keypair_file(&carried, &kept).expect("a kept key");
    let before = picture(&state_dir);
    for (name, says) in [
        (
            "swapped-key",
            format!(
                "it names {named} as its mint authority and carries the keypair of {}",
                carried.pubkey()
            ),
        ),
        (
            "no-secret",
            format!(
                "it names {named} as its mint authority without its keypair, and {} holds {}",
                kept.display(),
                carried.pubkey()
            ),
        ),
    ] {
        let stderr = refused_start(&state_dir, &["--wallet", wallet_arg, "--snapshot", name]);
        assert!(
            stderr.contains(&format!("{name}.snapshot cannot be loaded")) && stderr.contains(&says),
            "{name}: {says:?} not in {stderr}"
        );
        assert!(
            picture(&state_dir) == before,
            "{name}: the state directory changed"
        );
    }

    // Without that file, the chain starts once and resumes after: its mint authority is named
    // by address alone, with no file here to check.
    std::fs::remove_file(&kept).expect("remove the kept key");
    let node =
        LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet, &["--snapshot", "no-secret"])
            .expect("a chain from the snapshot");
    node.terminate().expect("stops");
    assert_resumes(&state_dir, &wallet, "a mint authority held by no file here");
    assert!(!kept.exists(), "no key was made in its place");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}
