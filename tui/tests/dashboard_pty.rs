//! The real `fulltime` dashboard in a pseudo-terminal, against real `localnet` and `faucet`
//! children, driven by key presses: faucet -> deposit -> the log view of the node's transactions
//! and the faucet's requests -> (a second wallet deposits with the command line meanwhile, and
//! the screen shows it without a key press) -> warp to the published result -> settle with a
//! proof file -> warp past the dispute window -> claim -> a market created from a proof file ->
//! quit on `q`; then the balances on chain.
//!
//! Waits have generous deadlines for a loaded machine; nothing asserts how long anything takes.

use std::fs::File;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use anchor_lang::solana_program::system_instruction;
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::instructions::mint_to_wallet;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::FulltimeClient;
use fulltime_testkit::process::{
    LocalnetProcess, binary_beside, free_ports, workspace_binary_beside,
};
use fulltime_testkit::pty::{PtyScreen, dashboard_command};
use fulltime_testkit::txline_process::TxlineProcess;
use serde_json::Value;
use solana_keypair::{Keypair, write_keypair_file};
use solana_signer::Signer;

/// The warp to the demo result (15:51:12) done: the clock then follows the wall clock, so on a
/// loaded machine a second may tick between the warp and the read that reports it.
const WARPED_TO_THE_RESULT: &str = "Done: Cluster clock moved to 2026-05-16T15:51:1";

const ROWS: u16 = 30;
const COLS: u16 = 140;
const DEADLINE: Duration = Duration::from_secs(120);
const USDC: u64 = 1_000_000;

/// The faucet binary of the same target directory, built first when it is missing.
fn faucet_binary() -> PathBuf {
    workspace_binary_beside(
        Path::new(env!("CARGO_BIN_EXE_fulltime")),
        "fulltime-faucet",
        "faucet",
    )
    .expect("the faucet binary")
}

/// A faucet child process, its output in `<state-dir>/faucet.log` as `just dev` keeps it;
/// killed when dropped.
struct Faucet {
    child: Child,
    url: String,
}

impl Faucet {
    fn start(node: &LocalnetProcess) -> Self {
        let env = node.env().expect("env.json");
        let (port, _) = free_ports().expect("a free port");
        let log = File::create(node.state_dir().join("faucet.log")).expect("the faucet's log");
        let child = Command::new(faucet_binary())
            .args([
                "--bind",
                &format!("127.0.0.1:{port}"),
                "--rpc-url",
                "localnet",
            ])
            .arg("--state-dir")
            .arg(node.state_dir())
            .arg("--mint-authority")
            .arg(&env.mint_authority)
            .stdout(log.try_clone().expect("the faucet's log"))
            .stderr(log)
            .spawn()
            .expect("start the faucet");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < DEADLINE, "the faucet never listened");
            std::thread::sleep(Duration::from_millis(50));
        }
        Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Faucet {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The dashboard in a pseudo-terminal.
struct Dashboard {
    screen: PtyScreen,
}

impl Dashboard {
    fn start(node: &LocalnetProcess, faucet_url: &str) -> Self {
        Self::start_with_txline(node, faucet_url, None)
    }

    /// The dashboard, settling by record through the TxLINE API at `txline_url` where given.
    fn start_with_txline(
        node: &LocalnetProcess,
        faucet_url: &str,
        txline_url: Option<&str>,
    ) -> Self {
        let mut command = dashboard_command(
            Path::new(env!("CARGO_BIN_EXE_fulltime")),
            node.state_dir(),
            node.wallet_path(),
            Some(faucet_url),
        );
        if let Some(url) = txline_url {
            command.args(["--txline-url", url]);
        }
        Self {
            screen: PtyScreen::spawn(command, ROWS, COLS).expect("start fulltime"),
        }
    }

    /// Waits until the screen shows every one of `texts`, and returns it.
    fn wait_for(&self, texts: &[&str]) -> String {
        self.screen
            .wait_for(texts, DEADLINE)
            .unwrap_or_else(|screen| panic!("the screen never showed {texts:?}:\n{screen}"))
    }

    fn press(&mut self, keys: &str) {
        self.screen.press(keys).expect("type keys");
    }

    fn escape(&mut self) {
        self.press("\x1b");
        std::thread::sleep(Duration::from_millis(150));
    }
}

struct Chain {
    node: LocalnetProcess,
    runtime: tokio::runtime::Runtime,
}

impl Chain {
    /// A `localnet` child started with `args`, its log where the dashboard's log view looks,
    /// and a faucet child minting with its mint authority.
    fn start_with_faucet(name: &str, args: &[&str]) -> (Self, Faucet) {
        let binary =
            binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
        let node = LocalnetProcess::start_with(&binary, name, args).expect("localnet ready");
        // The harness keeps the node's stdout in `localnet.stdout`; `just dev` names it
        // `localnet.log`, where the dashboard looks. A second name for the same file follows it.
        let log = node.state_dir().join("localnet.log");
        if !log.exists() {
            std::fs::hard_link(node.state_dir().join("localnet.stdout"), &log)
                .expect("link the node's log");
        }
        let chain = Chain {
            node,
            runtime: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("tokio runtime"),
        };
        let faucet = Faucet::start(&chain.node);
        (chain, faucet)
    }

    fn client(&self) -> FulltimeClient {
        let endpoint =
            Endpoint::resolve(Cluster::Localnet, self.node.state_dir()).expect("endpoint");
        self.runtime
            .block_on(FulltimeClient::connect(endpoint))
            .expect("connect")
    }

    /// A second wallet with SOL for fees and `usdc` base units of test USDC.
    fn new_wallet(&self, usdc: u64) -> PathBuf {
        let env = self.node.env().expect("env.json");
        let wallet = Keypair::new();
        let path = self
            .node
            .state_dir()
            .join(format!("{}.json", wallet.pubkey()));
        write_keypair_file(&wallet, &path).expect("write wallet");
        let funder = read_keypair_file(self.node.wallet_path()).expect("the localnet wallet");
        let mint_authority = read_keypair_file(&env.mint_authority).expect("mint authority");
        let [create, mint_to] = mint_to_wallet(
            &funder.pubkey(),
            &wallet.pubkey(),
            &env.mint,
            &mint_authority.pubkey(),
            usdc,
        )
        .expect("mint_to instruction");
        let fund = [
            system_instruction::transfer(&funder.pubkey(), &wallet.pubkey(), 1_000_000_000),
            create,
            mint_to,
        ];
        let client = self.client();
        self.runtime
            .block_on(client.send(&funder, &fund, &[&mint_authority]))
            .expect("fund the second wallet");
        path
    }

    /// `fulltime --json <args>` as `wallet`, which must succeed.
    fn cli(&self, wallet: &Path, args: &[&str]) -> Value {
        let output = Command::new(env!("CARGO_BIN_EXE_fulltime"))
            .env_remove("FULLTIME_URL")
            .env_remove("FULLTIME_KEYPAIR")
            .env_remove("FULLTIME_STATE_DIR")
            .args(["--url", "localnet", "--json", "--state-dir"])
            .arg(self.node.state_dir())
            .arg("--keypair")
            .arg(wallet)
            .args(args)
            .output()
            .expect("run fulltime");
        assert!(
            output.status.success(),
            "`fulltime {}` failed:\n{}",
            args.join(" "),
            String::from_utf8_lossy(&output.stdout)
        );
        serde_json::from_slice(&output.stdout).expect("JSON output")
    }
}

#[test]
fn faucet_deposit_settle_and_claim_by_key_presses() {
    let (chain, faucet) = Chain::start_with_faucet("dashboard", &["--log-transactions"]);
    let wallet = chain.node.wallet_path().to_owned();
    let before = chain.cli(&wallet, &["balance"])["usdc"]
        .as_u64()
        .expect("the wallet holds test USDC");
    let mut dashboard = Dashboard::start(&chain.node, &faucet.url);

    // Every demo market localnet created, with the first selected and its stat named.
    let markets = chain.cli(&wallet, &["markets"]);
    let questions: Vec<String> = markets["markets"]
        .as_array()
        .expect("markets")
        .iter()
        .filter_map(|market| market["question"].as_str())
        .map(|question| question.chars().take(40).collect())
        .collect();
    assert!(questions.len() >= 4, "the demo markets: {markets:#}");
    let count = format!("Markets (all, {})", questions.len());
    let mut expected: Vec<&str> = questions.iter().map(String::as_str).collect();
    expected.extend([count.as_str(), "Market 0", "Arsenal goals (stat 1) > 1"]);
    dashboard.wait_for(&expected);

    dashboard.press("f");
    dashboard.wait_for(&["Confirmed: Minted 100 USDC to the wallet", "Signature "]);
    dashboard.escape();

    dashboard.press("d");
    dashboard.wait_for(&["Deposit in market 0"]);
    dashboard.press("0.05");
    dashboard.wait_for(&["BelowMinimum"]);
    dashboard.press("\x7f\x7f\x7f\x7f2.5");
    dashboard.wait_for(&["pays 2.5 USDC if YES wins"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Confirmed: Deposited 2.5 USDC on YES in market 0"]);
    dashboard.escape();

    // The log view: the node's transactions with their program logs (the faucet's mint created
    // the wallet's token account: the associated token program's `CreateIdempotent`), then the
    // faucet's requests.
    dashboard.press("l");
    dashboard.wait_for(&["Logs [node]", "following", " ok", "    Program log: "]);
    dashboard.press("\t");
    dashboard.wait_for(&["[faucet]", "INFO request{method=POST path=/api/faucet"]);
    dashboard.press("l");
    dashboard.wait_for(&["Market 0", "YES 2.5 USDC"]);

    // Another wallet deposits with the command line; the screen follows by itself.
    let other = chain.new_wallet(10 * USDC);
    chain.cli(&other, &["deposit", "0", "no", "1.5"]);
    dashboard.wait_for(&["YES 2.5 USDC | NO 1.5 USDC"]);

    // The clock warp of the dashboard: to when the result was published, the batch of the
    // market's proof file (the first target), past its close at kickoff.
    dashboard.press("w");
    dashboard.wait_for(&[
        "Warp the localnet clock",
        "to the published result",
        "2026-05-16T15:51:12Z",
        "the batch of arsenal-home-goals-over-1",
    ]);
    dashboard.press("\r");
    dashboard.wait_for(&[WARPED_TO_THE_RESULT, "State   closed"]);
    dashboard.escape();

    dashboard.press("s");
    dashboard.wait_for(&["arsenal-home-goals-over-1", "settles YES"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Confirmed: Settled market 0: provisional YES"]);
    dashboard.escape();

    // Claims wait for the dispute window: refused before sending, then paid after a warp.
    dashboard.press("c");
    dashboard.wait_for(&["Claim market 0"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Claim refused: nothing was sent", "NotResolved"]);
    dashboard.escape();
    dashboard.press("w\t");
    dashboard.wait_for(&["past market 0's dispute window"]);
    dashboard.press("\r");
    dashboard.wait_for(&["resolved YES", "a claim pays 4 USDC now"]);
    dashboard.escape();
    dashboard.press("c");
    dashboard.wait_for(&["Claim market 0"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Confirmed: Claimed 4 USDC from market 0"]);
    dashboard.escape();

    // A new market from the first proof file's terms.
    dashboard.press("N");
    dashboard.wait_for(&[
        "New market",
        "case arsenal-chelsea-total-goals-over-2",
        "Enter creates it",
    ]);
    dashboard.press("\r");
    let created = format!("Confirmed: Created market {}", questions.len());
    dashboard.wait_for(&[created.as_str()]);
    dashboard.escape();

    dashboard.press("q");
    let status = dashboard
        .screen
        .wait_exit(DEADLINE)
        .expect("fulltime exits after q");
    assert!(status.success(), "fulltime exited with {status:?}");

    let balance = chain.cli(&wallet, &["balance"]);
    assert_eq!(
        balance["usdc"].as_u64(),
        Some(before + 100 * USDC - 2_500_000 + 4 * USDC)
    );
    assert_eq!(balance["positions"][0]["claimed"], true);
    let other_balance = chain.cli(&other, &["balance"]);
    assert_eq!(other_balance["usdc"].as_u64(), Some(10 * USDC - 1_500_000));
}

/// The QA desk by keys: a second wallet made and funded by `+`, a YES deposit from the starting
/// wallet and a NO one from the new wallet picked with `W`, the odds of the pools, a settlement
/// by record from the local TxLINE API (the fixture's game_finalised record, listed first in the
/// settle picker), the loser's refused claim read in the inspector, and the winner's claim all.
#[test]
fn two_wallets_by_keys_claim_all_and_the_losers_refusal_in_the_inspector() {
    let (chain, faucet) = Chain::start_with_faucet("qa-desk", &[]);
    let wallet = chain.node.wallet_path().to_owned();
    let txline = TxlineProcess::start(
        Path::new(env!("CARGO_BIN_EXE_fulltime")),
        chain.node.state_dir(),
    )
    .expect("txline-api");
    let mut dashboard = Dashboard::start_with_txline(&chain.node, &faucet.url, Some(txline.url()));
    dashboard.wait_for(&["Market 0", "Arsenal goals (stat 1) > 1"]);

    dashboard.press("+");
    dashboard.wait_for(&["Done: New wallet qa-1: 10 SOL and 100 USDC from localnet"]);
    dashboard.escape();
    dashboard.press("d");
    dashboard.wait_for(&["Deposit in market 0"]);
    dashboard.press("2.5\r");
    dashboard.wait_for(&["Confirmed: Deposited 2.5 USDC on YES in market 0"]);
    dashboard.escape();

    dashboard.press("W");
    dashboard.wait_for(&["Wallets", "* --keypair wallet", "qa-1"]);
    dashboard.press("j\r");
    dashboard.wait_for(&["Acting as qa-1", "Wallet qa-1", "USDC    100 USDC"]);
    dashboard.press("d");
    dashboard.wait_for(&["Deposit in market 0"]);
    dashboard.press("\t1.5\r");
    dashboard.wait_for(&["Confirmed: Deposited 1.5 USDC on NO in market 0"]);
    dashboard.escape();
    // YES holds 2.5 of a 4 USDC pool: 62.5%, and a USDC on it pays 4 / 2.5 = 1.60; NO 37.5%,
    // 4 / 1.5 = 2.666.. rounded down to 2.66.
    dashboard.wait_for(&[
        "62.5/37.5%",
        "Odds    YES 62.5% pays 1.60, NO 37.5% pays 2.66 per USDC",
    ]);
    let market = chain.cli(&wallet, &["market", "0"]);
    assert_eq!(
        (&market["total_yes"], &market["total_no"]),
        (&Value::from(2_500_000), &Value::from(1_500_000))
    );
    assert_eq!(market["odds"]["yes"]["payout_per_usdc"], 1_600_000);
    assert_eq!(market["odds"]["no"]["payout_per_usdc"], 2_666_666);

    dashboard.press("w");
    dashboard.wait_for(&["to the published result"]);
    dashboard.press("\r");
    dashboard.wait_for(&[WARPED_TO_THE_RESULT]);
    dashboard.escape();
    dashboard.press("s");
    dashboard.wait_for(&[
        "TxLINE at http://127.0.0.1",
        "record 1187 game_finalised",
        "settles YES (value 3)",
        "record 1102 corner",
        "not final: a record in play",
    ]);
    dashboard.press("\r");
    dashboard.wait_for(&["Confirmed: Settled market 0: provisional YES"]);
    dashboard.escape();
    dashboard.press("w\t");
    dashboard.wait_for(&["past market 0's dispute window"]);
    dashboard.press("\r");
    dashboard.wait_for(&["resolved YES"]);
    dashboard.escape();

    // qa-1 staked on NO: the program refuses its claim, and the inspector says why.
    dashboard.press("c");
    dashboard.wait_for(&["Claim market 0"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Claim failed", "NotAWinner"]);
    dashboard.escape();
    dashboard.press("a");
    dashboard.wait_for(&["Activity", "Claim market 0"]);
    dashboard.press("\r");
    dashboard.wait_for(&[
        "NotAWinner (settlement program error 6015)",
        "Action    No payout available",
        "AnchorError",
    ]);
    dashboard.escape();

    // Back to the starting wallet, whose YES claim all pays: 2.5 * 4 / 2.5 = 4 USDC.
    dashboard.press("W");
    dashboard.wait_for(&["Wallets"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Acting as --keypair wallet"]);
    // The claim-all counts the positions the feed has read for this wallet: wait for them, or a
    // loaded machine presses C before they come and is told there is nothing to claim.
    dashboard.wait_for(&["YES 2.5 USDC: a claim pays 4 USDC now"]);
    dashboard.press("C");
    dashboard.wait_for(&["Claim all", "Claim   market 0: 4 USDC", "Total   4 USDC"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Confirmed: Paid 4 USDC in 1 transaction: claimed 4 USDC from market 0"]);
    dashboard.escape();

    dashboard.press("q");
    let status = dashboard
        .screen
        .wait_exit(DEADLINE)
        .expect("fulltime exits after q");
    assert!(status.success(), "fulltime exited with {status:?}");
    let qa = chain.node.state_dir().join("wallets").join("qa-1.json");
    assert_eq!(chain.cli(&qa, &["balance"])["usdc"], 98_500_000);
    let position = &chain.cli(&wallet, &["balance"])["positions"][0];
    assert_eq!(
        (&position["market_id"], &position["claimed"]),
        (&Value::from(0), &Value::from(true))
    );
}

/// Recording at the desk: `R`, a wallet made by `+`, a deposit from each wallet, a warp, a
/// settlement, a warp past the dispute window and the loser's claim, which the program refuses
/// (`NotAWinner`); `R` again and Enter save it. The header counts the steps, and `fulltime
/// timeline run` replays the saved file green.
#[test]
fn a_recording_made_by_keys_replays_green() {
    let (chain, faucet) = Chain::start_with_faucet("record-desk", &[]);
    let mut dashboard = Dashboard::start(&chain.node, &faucet.url);
    dashboard.wait_for(&["Market 0", "Arsenal goals (stat 1) > 1"]);

    dashboard.press("R");
    dashboard.wait_for(&["● REC 0 steps"]);
    dashboard.press("+");
    dashboard.wait_for(&["Done: New wallet qa-1", "● REC 1 step "]);
    dashboard.escape();
    dashboard.press("d");
    dashboard.wait_for(&["Deposit in market 0"]);
    dashboard.press("2.5\r");
    dashboard.wait_for(&["Deposited 2.5 USDC on YES in market 0", "● REC 2 steps"]);
    dashboard.escape();
    dashboard.press("W");
    dashboard.wait_for(&["Wallets", "qa-1"]);
    dashboard.press("j\r");
    dashboard.wait_for(&["Acting as qa-1"]);
    dashboard.press("d");
    dashboard.wait_for(&["Deposit in market 0"]);
    dashboard.press("\t1.5\r");
    dashboard.wait_for(&["Deposited 1.5 USDC on NO in market 0", "● REC 3 steps"]);
    dashboard.escape();
    dashboard.press("w");
    dashboard.wait_for(&["to the published result"]);
    dashboard.press("\r");
    dashboard.wait_for(&[WARPED_TO_THE_RESULT, "● REC 4 steps"]);
    dashboard.escape();
    dashboard.press("s");
    dashboard.wait_for(&["arsenal-home-goals-over-1", "settles YES"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Settled market 0: provisional YES", "● REC 5 steps"]);
    dashboard.escape();
    dashboard.press("w\t");
    dashboard.wait_for(&["past market 0's dispute window"]);
    dashboard.press("\r");
    dashboard.wait_for(&["resolved YES", "● REC 6 steps"]);
    dashboard.escape();
    dashboard.press("c");
    dashboard.wait_for(&["Claim market 0"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Claim failed", "NotAWinner", "● REC 7 steps"]);
    dashboard.escape();

    dashboard.press("R");
    dashboard.wait_for(&["Save the recording", "recording-"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Saved to", "fulltime timeline run"]);
    dashboard.escape();
    dashboard.press("q");
    let status = dashboard
        .screen
        .wait_exit(DEADLINE)
        .expect("fulltime exits after q");
    assert!(status.success(), "fulltime exited with {status:?}");

    let folder = chain.node.state_dir().join("recordings");
    let saved: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the recordings folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    let [file] = saved.as_slice() else {
        panic!("one recording in {}: {saved:?}", folder.display());
    };
    let output = Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .env_remove("FULLTIME_URL")
        .env_remove("FULLTIME_STATE_DIR")
        .args(["--json", "timeline", "run"])
        .arg(file)
        .output()
        .expect("run fulltime");
    let text = std::fs::read_to_string(file).expect("the recording");
    assert!(
        output.status.success(),
        "{}\n{}\n{text}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // `--json` streams an object a line; the `finished` one holds the whole run.
    let replay: Value = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|event| event["event"] == "finished")
        .map(|event| event["run"].clone())
        .expect("a finished event");
    let steps = replay["steps"].as_array().expect("the steps");
    assert_eq!(steps.len(), 7, "{replay:#}");
    assert!(text.contains("fails = \"NotAWinner\""), "{text}");
}
