//! A recording's round trip against real binaries: on a `localnet`, hand actions made through
//! the action layer (the `fulltime` command line, which calls it as the dashboard does) feed the
//! recorder one call each, as the dashboard will: two new wallets, a market created by hand,
//! deposits from both, a warp past the close, a refused deposit, a settlement, a warp past the
//! dispute window, a claim and a refused double claim. The saved file is a plain timeline:
//! `fulltime timeline run` replays it on a node of its own with every expectation and invariant
//! held, and a copy with one recorded balance changed stops at that step.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime::record::{Made, Outcome, Recorder};
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::proof_file::ProofFile;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::side::Side;
use fulltime_client::time::format_time;
use fulltime_desk::actions::{
    CreateOrder, DepositOrder, Order, PayoutOrder, SettleOrder, WalletOrder,
};
use fulltime_desk::input::When;
use fulltime_desk::output::receipt::Landed;
use fulltime_desk::output::receipt::payout::PayoutKind;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{Expectation, load, write};
use fulltime_testkit::process::{LocalnetProcess, binary_beside, workspace_binary_beside};
use serde_json::Value;
use solana_keypair::Address as Pubkey;

const CASE: &str = "arsenal-home-goals-over-1";
const USDC: u64 = 1_000_000;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

/// The chain the hands act on, and a client to read it as the dashboard's recorder does.
struct Desk {
    node: LocalnetProcess,
    runtime: tokio::runtime::Runtime,
    client: FulltimeClient,
}

impl Desk {
    fn start() -> Self {
        let node = LocalnetProcess::start(&binary_beside(&fulltime()).expect("localnet"), "record")
            .expect("localnet ready");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("tokio runtime");
        let endpoint =
            Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("localnet endpoint");
        let client = runtime
            .block_on(FulltimeClient::connect(endpoint))
            .expect("a client");
        Self {
            node,
            runtime,
            client,
        }
    }

    /// `fulltime --json ARGS` as the book's wallet `wallet` (the node's own wallet for `None`):
    /// how it ended, as the recorder is told, and its JSON.
    fn act(&self, wallet: Option<&str>, args: &[&str]) -> (Outcome, Value) {
        let mut command = Command::new(fulltime());
        for variable in ["FULLTIME_URL", "FULLTIME_KEYPAIR", "FULLTIME_STATE_DIR"] {
            command.env_remove(variable);
        }
        command
            .args(["--json", "--url", "localnet", "--state-dir"])
            .arg(self.node.state_dir())
            .arg("--keypair");
        match wallet {
            Some(name) => command.arg(name),
            None => command.arg(self.node.wallet_path()),
        };
        let output = command.args(args).output().expect("run fulltime");
        let value: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
            panic!(
                "`fulltime {}`: {error}: {}",
                args.join(" "),
                String::from_utf8_lossy(&output.stderr)
            )
        });
        let outcome = if output.status.success() {
            Outcome::Done
        } else {
            Outcome::Refused {
                error: value["error"].as_str().expect("an error name").to_owned(),
                program: value["program"].as_str().map(str::to_owned),
            }
        };
        (outcome, value)
    }

    fn clock(&self) -> i64 {
        self.runtime
            .block_on(self.client.cluster_time())
            .expect("the clock")
    }

    /// Feeds the recorder the action just made, as the dashboard will.
    fn record(&self, recorder: &mut Recorder, wallet: &str, order: Order, outcome: Outcome) {
        self.record_landed(recorder, wallet, order, Landed::Nothing, outcome);
    }

    /// [`Self::record`] of an order that left `landed`.
    fn record_landed(
        &self,
        recorder: &mut Recorder,
        wallet: &str,
        order: Order,
        landed: Landed,
        outcome: Outcome,
    ) {
        let made = Made {
            wallet: name(wallet),
            order,
            landed,
            outcome,
            clock: self.clock(),
        };
        self.runtime
            .block_on(recorder.record(&self.client, made))
            .expect("recorded");
    }
}

fn name(wallet: &str) -> WalletName {
    wallet.parse().expect("a wallet name")
}

fn run(file: &Path) -> (Option<i32>, Value) {
    workspace_binary_beside(&fulltime(), "fulltime-faucet", "faucet").expect("faucet");
    workspace_binary_beside(&fulltime(), "fulltime-txline-api", "txline-api").expect("txline-api");
    let output: Output = Command::new(fulltime())
        .args(["--json", "timeline", "run"])
        .arg(file)
        .output()
        .expect("run fulltime");
    // `--json` streams an object a line; the `finished` one holds the whole run.
    let stdout = String::from_utf8_lossy(&output.stdout);
    let value = stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|event| event["event"] == "finished")
        .map(|event| event["run"].clone())
        .unwrap_or_else(|| panic!("{stdout}{}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code(), value)
}

#[test]
fn hand_actions_recorded_replay_green_and_a_changed_balance_names_its_step() {
    let desk = Desk::start();
    let case = fulltime_matches::committed()
        .expect("the catalog")
        .proof_file(CASE)
        .cloned()
        .expect("the case");
    let kickoff = case.kickoff.expect("a kickoff");
    let result = case.proof.ts.div_euclid(1_000);
    let mut recorder = desk
        .runtime
        .block_on(Recorder::start(&desk.client, None, &[]))
        .expect("recording starts");

    for wallet in ["alice", "bob"] {
        let (outcome, made) = desk.act(None, &["wallet", "new", wallet, "--fund"]);
        let address: Pubkey = made["address"]
            .as_str()
            .and_then(|text| text.parse().ok())
            .expect("an address");
        let order = Order::NewWallet(WalletOrder {
            name: wallet.to_owned(),
            fund: true,
            faucet_url: String::new(),
        });
        let landed = Landed::Wallet(address);
        desk.record_landed(&mut recorder, wallet, order, landed, outcome);
    }

    let close = format_time(kickoff);
    let market = case.market.as_ref().expect("a case of the catalog");
    let fixture = market.fixture_id.to_string();
    let (outcome, created) = desk.act(
        None,
        &[
            "create-market",
            "--question",
            &market.question,
            "--close",
            &close,
            "--fixture",
            &fixture,
            "--stat",
            "1",
            "--predicate",
            "gt:1",
            "--dispute-window",
            "60s",
        ],
    );
    let id = created["market"]["id"].as_u64().expect("the market's id");
    let order = Order::Create(Box::new(CreateOrder {
        terms: case
            .market_terms(kickoff, 60)
            .expect("a case of the catalog"),
        now: desk.clock(),
        force: false,
    }));
    let landed = Landed::Market(id);
    desk.record_landed(&mut recorder, "alice", order, landed, outcome);
    let market = id.to_string();

    for (wallet, side, usdc) in [("alice", Side::Yes, "10"), ("bob", Side::No, "5")] {
        let word = side.to_string();
        let (outcome, _) = desk.act(Some(wallet), &["deposit", &market, &word, usdc]);
        assert_eq!(outcome, Outcome::Done);
        let order = Order::Deposit(DepositOrder {
            market: id,
            outcome: side.byte(),
            amount: usdc.parse::<u64>().expect("whole USDC") * USDC,
            force: false,
        });
        desk.record(&mut recorder, wallet, order, outcome);
    }

    let (outcome, _) = desk.act(None, &["warp", &format_time(result + 1)]);
    desk.record(&mut recorder, "alice", warp(result + 1), outcome);
    let (outcome, _) = desk.act(Some("bob"), &["deposit", &market, "no", "1"]);
    let order = Order::Deposit(DepositOrder {
        market: id,
        outcome: Side::No.byte(),
        amount: USDC,
        force: false,
    });
    desk.record(&mut recorder, "bob", order, outcome);

    let proof = fulltime_testkit::workspace_root()
        .join("fixtures/generated")
        .join(format!("{CASE}.json"));
    let proof = proof.to_str().expect("a path in UTF-8");
    let (outcome, said) = desk.act(None, &["settle", &market, "--proof", proof]);
    assert_eq!(outcome, Outcome::Done, "{said}");
    let order = Order::Settle(SettleOrder {
        market: id,
        proof_file: Box::new(ProofFile::load(proof).expect("the committed proof file")),
        stated: None,
        force: false,
    });
    desk.record(&mut recorder, "alice", order, outcome);

    let (outcome, _) = desk.act(None, &["warp", "+61s"]);
    desk.record(&mut recorder, "alice", warp(desk.clock()), outcome);
    for _ in 0..2 {
        let (outcome, _) = desk.act(Some("alice"), &["claim", &market]);
        let order = Order::Payout(PayoutOrder {
            kind: PayoutKind::Claim,
            market: id,
            force: false,
        });
        desk.record(&mut recorder, "alice", order, outcome);
    }

    let timeline = recorder.timeline();
    let names: Vec<&str> = timeline
        .steps
        .iter()
        .map(|step| step.name.as_str())
        .collect();
    let label = format!("market-{id}");
    let warp = "warp to ";
    let expected = [
        "1. alice is made".to_owned(),
        "2. bob is made".to_owned(),
        format!("3. create {label}"),
        format!("4. alice deposits 10 USDC on YES in {label}"),
        format!("5. bob deposits 5 USDC on NO in {label}"),
        format!("6. {warp}"),
        format!("7. bob deposits 1 USDC on NO in {label}"),
        format!("8. settle {label} with {CASE}"),
        format!("9. {warp}"),
        format!("10. alice claims from {label}"),
        format!("11. alice claims from {label}"),
    ];
    assert_eq!(names.len(), expected.len(), "{names:?}");
    for (name, expected) in names.iter().zip(&expected) {
        // A warp's step is named by where the clock landed.
        assert!(
            name == expected || (expected.ends_with(warp) && name.starts_with(expected)),
            "{name}, not {expected}"
        );
    }
    let refusal = |step: usize| {
        timeline.steps[step].actions[0]
            .fails
            .as_ref()
            .map(|error| error.name.clone())
    };
    assert_eq!(refusal(6).as_deref(), Some("MarketClosed"));
    assert_eq!(refusal(10).as_deref(), Some("AlreadyClaimed"));
    assert_eq!(refusal(9), None);

    let dir = std::env::temp_dir().join(format!("fulltime-record-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let saved = dir.join("recorded.toml");
    recorder.save(&saved).expect("saved");
    let (code, replay) = run(&saved);
    assert_eq!(code, Some(0), "{replay:#}");
    assert_eq!(replay["failure"], Value::Null);
    let steps = replay["steps"].as_array().expect("the steps");
    assert_eq!(steps.len(), names.len());
    for step in steps {
        assert_eq!(step["invariants_held"], true, "{step}");
    }

    // Alice's balance after her claim, one base unit off.
    let mut changed = load(&saved).expect("the saved file loads");
    let claim = &mut changed.steps[9];
    let claim_name = claim.name.clone();
    let Some(Expectation::Balance { usdc, .. }) = claim.expect.first_mut() else {
        panic!("the claim's step expects alice's balance first: {claim:?}");
    };
    *usdc += 1;
    let changed_file = dir.join("changed.toml");
    std::fs::write(&changed_file, write(&changed).expect("writable")).expect("write the copy");
    let (code, failed) = run(&changed_file);
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert_eq!(code, Some(1), "{failed:#}");
    assert_eq!(failed["failure"]["step"], claim_name.as_str());
    assert!(
        failed["failure"]["expected"]
            .as_str()
            .is_some_and(|expected| expected.starts_with("alice holds")),
        "{failed:#}"
    );
}

/// A warp as the dashboard orders it; where it landed is the clock the recorder reads.
fn warp(to: i64) -> Order {
    Order::Warp { to: When::At(to) }
}
