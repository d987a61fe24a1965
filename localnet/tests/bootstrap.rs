//! `fulltime-bootstrap` against a node it did not start: `localnet --no-bootstrap` serves both
//! programs and nothing else; the bootstrap makes it ready (mint, config, oracle roots, demo
//! markets, funded wallet, env.json), a second run changes nothing, and an authority that is not
//! the settlement program's upgrade authority, or an oracle authority that is not the mock
//! oracle's, is refused before anything is sent. A mint authority of its own (the faucet's key)
//! gets the mint and the SOL it pays with, once.

use std::path::Path;
use std::process::{Command, Output};

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_spl::token::spl_token;
use fulltime_client::amount::LAMPORTS_PER_SOL;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_client::program_data::UpgradeAuthority;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_localnet::node::{
    DEMO_MARKETS, MINT_AUTHORITY_FILE, ORACLE_AUTHORITY_FILE, USDC_MINT_FILE, WALLET_SOL,
    WALLET_USDC,
};
use fulltime_testkit::process::{LocalnetProcess, NO_BOOTSTRAP};
use settlement::state::{Config, Market};
use solana_commitment_config::CommitmentConfig;
use solana_keypair::{Keypair, write_keypair_file};
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;

fn bootstrap(node: &LocalnetProcess, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fulltime-bootstrap"))
        .args(["--url", &node.rpc_url(), "--ws-url", &node.ws_url()])
        .arg("--state-dir")
        .arg(node.state_dir())
        .arg("--wallet")
        .arg(node.wallet_path())
        .args(extra)
        .output()
        .expect("run fulltime-bootstrap")
}

fn text(output: &Output) -> String {
    format!(
        "status {}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

async fn exists(rpc: &RpcClient, address: &Pubkey) -> bool {
    rpc.get_account_with_commitment(address, rpc.commitment())
        .await
        .expect("read an account")
        .value
        .is_some()
}

async fn usdc(rpc: &RpcClient, wallet: &Pubkey, mint: &Pubkey) -> String {
    rpc.get_token_account_balance(&pda::token_account(wallet, mint))
        .await
        .expect("wallet token account")
        .amount
}

/// The upgrade authority named by `program`'s program-data account.
async fn upgrade_authority(rpc: &RpcClient, program: &Pubkey) -> UpgradeAuthority {
    UpgradeAuthority::read(rpc, program)
        .await
        .expect("read the program-data account")
        .expect("a program-data account")
}

#[tokio::test]
async fn bootstraps_a_bare_node_once_and_then_changes_nothing() {
    let node = LocalnetProcess::start_with(
        Path::new(env!("CARGO_BIN_EXE_localnet")),
        "bootstrap",
        &[NO_BOOTSTRAP],
    )
    .expect("localnet ready");
    let rpc = RpcClient::new_with_commitment(node.rpc_url(), CommitmentConfig::confirmed());
    let state_dir = node.state_dir();
    assert!(
        node.stdout_log().contains("not bootstrapped"),
        "{}",
        node.stdout_log()
    );

    // A bare node: the programs as deployed by the state directory's mint authority, nothing else.
    assert!(!LocalnetEnv::path_in(state_dir).exists(), "no env.json yet");
    assert!(!exists(&rpc, &pda::config()).await, "no config");
    assert!(!exists(&rpc, &pda::market(0)).await, "no market");
    assert!(exists(&rpc, &pda::program_data()).await, "the program data");
    let authority = read_keypair_file(&state_dir.join(MINT_AUTHORITY_FILE))
        .expect("the upgrade authority's keypair")
        .pubkey();
    assert_eq!(
        upgrade_authority(&rpc, &settlement::ID).await,
        UpgradeAuthority::Key(authority)
    );
    let oracle_authority = read_keypair_file(&state_dir.join(ORACLE_AUTHORITY_FILE))
        .expect("the oracle authority's keypair")
        .pubkey();
    assert_eq!(
        upgrade_authority(&rpc, &mock_oracle::ID).await,
        UpgradeAuthority::Key(oracle_authority)
    );

    // Another authority is refused before anything is sent.
    let stranger = state_dir.join("stranger.json");
    write_keypair_file(&Keypair::new(), &stranger).expect("write a keypair");
    let refused = bootstrap(&node, &["--authority", stranger.to_str().expect("utf-8")]);
    assert!(!refused.status.success(), "{}", text(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains(&format!("upgrade authority is {authority}"))
            && stderr.contains("--authority"),
        "{}",
        text(&refused)
    );
    let mint = read_keypair_file(&state_dir.join(USDC_MINT_FILE))
        .expect("the mint keypair, created by the refused run")
        .pubkey();
    assert!(!exists(&rpc, &mint).await, "no mint after a refusal");
    assert!(
        !LocalnetEnv::path_in(state_dir).exists(),
        "no env.json after a refusal"
    );

    // So is an oracle authority the mock does not take roots from.
    let authority_lamports_before = rpc.get_balance(&authority).await.expect("SOL");
    let refused = bootstrap(
        &node,
        &["--oracle-authority", stranger.to_str().expect("utf-8")],
    );
    assert!(!refused.status.success(), "{}", text(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains(&format!(
            "takes roots only from its upgrade authority, {oracle_authority}"
        )) && stderr.contains("--oracle-authority"),
        "{}",
        text(&refused)
    );
    assert!(!exists(&rpc, &mint).await, "no mint after a refusal");
    assert!(
        !exists(&rpc, &pda::config()).await,
        "no config after a refusal"
    );
    assert_eq!(
        rpc.get_balance(&authority).await.expect("SOL"),
        authority_lamports_before,
        "nothing paid"
    );
    assert!(
        !LocalnetEnv::path_in(state_dir).exists(),
        "no env.json after a refusal"
    );

    let first = bootstrap(&node, &[]);
    assert!(first.status.success(), "{}", text(&first));
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(
        stdout.contains(": created") && stdout.contains(": initialized"),
        "{stdout}"
    );

    let env = LocalnetEnv::load(state_dir).expect("env.json written");
    assert_eq!(env.rpc_url, node.rpc_url());
    assert_eq!(env.ws_url, node.ws_url());
    assert_eq!(env.settlement_program, settlement::ID);
    assert_eq!(env.oracle_program, txline_interface::DEVNET_PROGRAM_ID);
    assert_eq!(env.mint, mint);
    assert_eq!(env.mint_authority, state_dir.join(MINT_AUTHORITY_FILE));
    assert_eq!(
        env.oracle_authority,
        Some(state_dir.join(ORACLE_AUTHORITY_FILE))
    );
    assert_eq!(env.wallet, node.wallet_path());

    let mint_account = rpc.get_account(&mint).await.expect("the mint");
    let mint_state = spl_token::state::Mint::unpack(&mint_account.data).expect("an SPL mint");
    assert_eq!(mint_state.decimals, 6);
    assert_eq!(mint_state.mint_authority, Some(authority).into());

    let config = rpc.get_account(&pda::config()).await.expect("config");
    let config = Config::try_deserialize(&mut config.data.as_slice()).expect("config decodes");
    assert_eq!(config.usdc_mint, mint);
    assert_eq!(config.admin, authority);
    assert_eq!(config.market_count, DEMO_MARKETS.len() as u64);
    let committed = fulltime_matches::committed().expect("the committed proof files");
    for (id, name) in (0u64..).zip(DEMO_MARKETS) {
        let market = rpc
            .get_account(&pda::market(id))
            .await
            .expect("demo market");
        let market = Market::try_deserialize(&mut market.data.as_slice()).expect("market decodes");
        let proof_file = committed.proof_file(name).expect("the market's proof file");
        assert_eq!(
            market.fixture_id,
            proof_file
                .market_terms(0, 60)
                .expect("a case of the catalog")
                .fixture_id,
            "{name}"
        );
        assert_eq!(
            Some(market.close_time),
            proof_file.kickoff,
            "{name} closes at kickoff"
        );
        assert!(!market.settled);
    }
    for root in &committed.roots.roots {
        let address =
            txline_interface::ids::daily_scores_roots_address(&mock_oracle::ID, root.epoch_day).0;
        let account = rpc.get_account(&address).await.expect("a roots account");
        assert_eq!(account.owner, mock_oracle::ID);
        let slot =
            txline_interface::time::slot_of_hour_minute(root.hour_of_day, root.minute_of_hour)
                .expect("a slot");
        assert_eq!(
            &account.data[8 + slot * 32..8 + slot * 32 + 32],
            &root.root[..]
        );
    }

    let wallet = read_keypair_file(node.wallet_path())
        .expect("the test wallet")
        .pubkey();
    assert_eq!(usdc(&rpc, &wallet, &mint).await, WALLET_USDC.to_string());
    assert_eq!(rpc.get_balance(&wallet).await.expect("SOL"), WALLET_SOL);

    // Again: everything is there, so nothing is sent (the authority pays no fee).
    let authority_lamports = rpc.get_balance(&authority).await.expect("SOL");
    let second = bootstrap(&node, &[]);
    assert!(second.status.success(), "{}", text(&second));
    let stdout = String::from_utf8_lossy(&second.stdout);
    assert!(
        stdout.contains(": exists") && stdout.contains("0 posted") && stdout.contains("0 created"),
        "{stdout}"
    );
    assert_eq!(
        rpc.get_balance(&authority).await.expect("SOL"),
        authority_lamports,
        "{stdout}"
    );
    let config = rpc.get_account(&pda::config()).await.expect("config");
    let config = Config::try_deserialize(&mut config.data.as_slice()).expect("config decodes");
    assert_eq!(config.market_count, DEMO_MARKETS.len() as u64);
    assert_eq!(usdc(&rpc, &wallet, &mint).await, WALLET_USDC.to_string());
    assert_eq!(rpc.get_balance(&wallet).await.expect("SOL"), WALLET_SOL);
    assert_eq!(LocalnetEnv::load(state_dir).expect("env.json"), env);
}

/// `--mint-authority` names the faucet's key apart from the upgrade authority: a fresh key
/// becomes the mint's authority, is given 1 SOL by the authority for fees and token-account rent,
/// and is what env.json names; a second run sends nothing.
#[tokio::test]
async fn a_mint_authority_of_its_own_gets_the_mint_and_one_sol_once() {
    let node = LocalnetProcess::start_with(
        Path::new(env!("CARGO_BIN_EXE_localnet")),
        "bootstrap-mint-authority",
        &[NO_BOOTSTRAP],
    )
    .expect("localnet ready");
    let rpc = RpcClient::new_with_commitment(node.rpc_url(), CommitmentConfig::confirmed());
    let state_dir = node.state_dir();
    let faucet_key = state_dir.join("faucet-mint-authority.json");
    assert!(!faucet_key.exists(), "a key the bootstrap creates");
    let flag = ["--mint-authority", faucet_key.to_str().expect("utf-8")];

    let first = bootstrap(&node, &flag);
    assert!(first.status.success(), "{}", text(&first));
    let mint_authority = read_keypair_file(&faucet_key)
        .expect("the mint authority's keypair, created")
        .pubkey();
    let authority = read_keypair_file(&state_dir.join(MINT_AUTHORITY_FILE))
        .expect("the upgrade authority's keypair")
        .pubkey();
    assert_ne!(mint_authority, authority);
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(
        stdout.contains(&format!(
            "the mint authority {mint_authority} ({}): 1 SOL transferred from the authority",
            faucet_key.display()
        )),
        "{stdout}"
    );
    assert_eq!(
        rpc.get_balance(&mint_authority).await.expect("SOL"),
        LAMPORTS_PER_SOL
    );

    let env = LocalnetEnv::load(state_dir).expect("env.json written");
    assert_eq!(env.mint_authority, faucet_key);
    let mint =
        spl_token::state::Mint::unpack(&rpc.get_account(&env.mint).await.expect("mint").data)
            .expect("an SPL mint");
    assert_eq!(mint.mint_authority, Some(mint_authority).into());
    let wallet = read_keypair_file(node.wallet_path())
        .expect("the test wallet")
        .pubkey();
    assert_eq!(
        usdc(&rpc, &wallet, &env.mint).await,
        WALLET_USDC.to_string()
    );

    // Again: nothing is sent, neither key pays.
    let lamports = [
        rpc.get_balance(&authority).await.expect("SOL"),
        rpc.get_balance(&mint_authority).await.expect("SOL"),
    ];
    let second = bootstrap(&node, &flag);
    assert!(second.status.success(), "{}", text(&second));
    let stdout = String::from_utf8_lossy(&second.stdout);
    assert!(
        stdout.contains(": exists") && stdout.contains("0 posted") && stdout.contains("0 created"),
        "{stdout}"
    );
    assert_eq!(
        [
            rpc.get_balance(&authority).await.expect("SOL"),
            rpc.get_balance(&mint_authority).await.expect("SOL"),
        ],
        lamports,
        "{stdout}"
    );
    assert_eq!(LocalnetEnv::load(state_dir).expect("env.json"), env);
}

/// A path carrying ESC, an OSC 52 clipboard sequence and a right-to-left override, quoted by
/// `fulltime-bootstrap`'s error, is printed escaped: no character that steers a terminal reaches
/// it. Refused before any request, so no node is needed.
#[test]
fn an_error_quoting_outside_text_is_printed_escaped() {
    let state_dir = std::env::temp_dir().join(format!(
        "fulltime-bootstrap-escaped-{}-{}",
        std::process::id(),
        Pubkey::new_unique()
    ));
    let wallet = state_dir.join("wallet-\u{1b}]52;c;cm0gLXJmIH4=\u{7}\u{202e}nosj.json");
    let output = Command::new(env!("CARGO_BIN_EXE_fulltime-bootstrap"))
        .args(["--url", "http://127.0.0.1:9", "--state-dir"])
        .arg(&state_dir)
        .arg("--wallet")
        .arg(&wallet)
        .output()
        .expect("run fulltime-bootstrap");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("wallet-\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\u{202e}nosj.json"),
        "{stderr:?}"
    );
    let steering = stderr
        .chars()
        .find(|char| (char.is_control() && *char != '\n') || *char == '\u{202e}');
    assert_eq!(steering, None, "{stderr:?}");
    let _ = std::fs::remove_dir_all(&state_dir);
}
