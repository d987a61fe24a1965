//! End to end through the `fulltime` binary, the way a tester or a script uses it: a real
//! `localnet` node on free ports, markets created, staked on, refused, settled and paid out, every
//! answer read from `--json` output.
//!
//! The `localnet` binary is taken from the same target directory as `fulltime`, and built first
//! when it is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::system_instruction;
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::compute_budget::SETTLE_COMPUTE_UNIT_LIMIT;
use fulltime_client::instructions::{insert_scores_root, mint_to_wallet};
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_client::proof_file::{
    Expected, OracleRoot, ProofComparison, ProofFile, ProofOp, RootsFile,
};
use fulltime_client::rpc::{DEFAULT_HISTORY_DEPTH, FulltimeClient, Pools};
use fulltime_client::settlement::final_value::is_period_ever_final;
use fulltime_client::time::format_time;
use fulltime_client::txline_interface::time::FINAL_PERIOD;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_testkit::deep_proof::{Depths, PROMISED, deep_proof};
use fulltime_testkit::planted::set_market_period;
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use fulltime_testkit::txline_process::TxlineProcess;
use fulltime_testkit::workspace_root;
use serde_json::Value;
use solana_keypair::{Keypair, write_keypair_file};
use solana_signer::Signer;

const WALLET_LAMPORTS: u64 = 2_000_000_000;
const USDC: u64 = 1_000_000;

fn proof_path(name: &str) -> PathBuf {
    workspace_root()
        .join("fixtures/generated")
        .join(format!("{name}.json"))
}

/// A running `localnet` (see `fulltime_testkit::process`) and a runtime for direct RPC calls.
struct Localnet {
    node: LocalnetProcess,
    runtime: tokio::runtime::Runtime,
}

impl Localnet {
    fn start(name: &str) -> Self {
        let binary =
            binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
        let node = LocalnetProcess::start(&binary, &format!("cli-{name}")).expect("localnet ready");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("tokio runtime");
        Self { node, runtime }
    }

    fn env(&self) -> LocalnetEnv {
        self.node.env().expect("localnet wrote env.json")
    }

    fn funder(&self) -> Keypair {
        read_keypair_file(self.node.wallet_path()).expect("the localnet wallet")
    }

    /// Sends instructions paid by the localnet wallet through the client library.
    fn send(&self, instructions: &[Instruction], extra_signers: &[&Keypair]) {
        let endpoint =
            Endpoint::resolve(Cluster::Localnet, self.node.state_dir()).expect("localnet endpoint");
        let funder = self.funder();
        self.runtime.block_on(async {
            let client = FulltimeClient::connect(endpoint).await.expect("connect");
            client
                .send(&funder, instructions, extra_signers)
                .await
                .expect("send");
        });
    }

    /// A new wallet file with SOL for fees and `usdc` base units of test USDC, minted with the
    /// mint authority localnet names in env.json.
    fn new_wallet(&self, usdc: u64) -> PathBuf {
        let env = self.env();
        let wallet = Keypair::new();
        let path = self
            .node
            .state_dir()
            .join(format!("{}.json", wallet.pubkey()));
        write_keypair_file(&wallet, &path).expect("write wallet");
        let funder = self.funder().pubkey();
        let mint_authority = read_keypair_file(&env.mint_authority).expect("mint authority");
        let [create, mint_to] = mint_to_wallet(
            &funder,
            &wallet.pubkey(),
            &env.mint,
            &mint_authority.pubkey(),
            usdc,
        )
        .expect("mint_to instruction");
        let fund = [
            system_instruction::transfer(&funder, &wallet.pubkey(), WALLET_LAMPORTS),
            create,
            mint_to,
        ];
        self.send(&fund, &[&mint_authority]);
        path
    }

    /// Posts the committed oracle roots, signed by the oracle authority localnet names in
    /// env.json; posting a root again unchanged is allowed, so this is harmless when localnet
    /// posted them already.
    fn post_oracle_roots(&self) {
        let roots = RootsFile::load(proof_path("roots")).expect("roots.json");
        for root in &roots.roots {
            self.post_root(root);
        }
    }

    /// Posts one slot's root, signed by the oracle authority localnet names in env.json.
    fn post_root(&self, root: &OracleRoot) {
        let env = self.env();
        let authority_path = env
            .oracle_authority
            .expect("localnet names its oracle authority");
        let authority = read_keypair_file(&authority_path).expect("oracle authority");
        self.send(
            &[insert_scores_root(
                env.oracle_program,
                authority.pubkey(),
                root.epoch_day,
                root.hour_of_day,
                root.minute_of_hour,
                root.root,
            )],
            &[&authority],
        );
    }

    fn command(&self, wallet: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_fulltime"));
        for variable in [
            "FULLTIME_URL",
            "FULLTIME_KEYPAIR",
            "FULLTIME_STATE_DIR",
            "FULLTIME_FAUCET_URL",
            "FULLTIME_TXLINE_URL",
            "FULLTIME_PRIORITY_FEE",
            "TXLINE_JWT",
            "TXLINE_API_TOKEN",
        ] {
            command.env_remove(variable);
        }
        command
            .args(["--url", "localnet", "--state-dir"])
            .arg(self.node.state_dir())
            .arg("--keypair")
            .arg(wallet)
            .args(args);
        command
    }

    /// Runs `fulltime --json <args>` as `wallet`: whether it succeeded, and its JSON.
    fn run(&self, wallet: &Path, args: &[&str]) -> (bool, Value) {
        let output = self
            .command(wallet, args)
            .arg("--json")
            .output()
            .expect("run fulltime");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let value = serde_json::from_str(&stdout).unwrap_or_else(|error| {
            panic!(
                "`fulltime {}` printed no JSON ({error}):\n{stdout}\nstderr:\n{}",
                args.join(" "),
                String::from_utf8_lossy(&output.stderr)
            )
        });
        (output.status.success(), value)
    }

    /// Runs `fulltime <args>` as `wallet` for people: whether it succeeded, stdout and stderr.
    fn human(&self, wallet: &Path, args: &[&str]) -> (bool, String, String) {
        let output = self.command(wallet, args).output().expect("run fulltime");
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }

    fn ok(&self, wallet: &Path, args: &[&str]) -> Value {
        let (succeeded, value) = self.run(wallet, args);
        assert!(succeeded, "`fulltime {}` failed: {value:#}", args.join(" "));
        value
    }

    /// Runs a command that must fail with the settlement or oracle error `name`.
    fn refused(&self, wallet: &Path, args: &[&str], name: &str) -> Value {
        let (succeeded, value) = self.run(wallet, args);
        assert!(
            !succeeded,
            "`fulltime {}` succeeded: {value:#}",
            args.join(" ")
        );
        let keys: Vec<&str> = value
            .as_object()
            .expect("an error object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            ["action", "code", "error", "message", "program"],
            "{value:#}"
        );
        assert_eq!(
            value["error"],
            name,
            "`fulltime {}`: {value:#}",
            args.join(" ")
        );
        value
    }

    /// Creates the market `proof_file` settles, closing at `close` with a dispute window of
    /// `dispute_window`, and returns its id. A market on a period `create-market` no longer takes
    /// (the retired rule's 1 or 2) is created on period 100, then its stored period rewritten with
    /// surfpool's `surfnet_setAccount`, as a chain kept from before holds it.
    fn create_market(&self, proof_file: &ProofFile, close: &str, dispute_window: &str) -> u64 {
        let market = proof_file.market.as_ref().expect("a case of the catalog");
        let planted = !is_period_ever_final(market.period);
        let period = if planted { FINAL_PERIOD } else { market.period };
        let comparison = match market.predicate.comparison {
            ProofComparison::Gt => "gt",
            ProofComparison::Lt => "lt",
            ProofComparison::Eq => "eq",
        };
        let predicate = format!("{comparison}:{}", market.predicate.threshold);
        let stat = match market.second_stat {
            None => market.stat_key.to_string(),
            Some(second) => {
                let op = match second.op {
                    ProofOp::Add => '+',
                    ProofOp::Subtract => '-',
                };
                format!("{}{op}{}", market.stat_key, second.stat_key)
            }
        };
        let created = self.ok(
            self.node.wallet_path(),
            &[
                "create-market",
                "--question",
                &market.question,
                "--close",
                close,
                "--fixture",
                &market.fixture_id.to_string(),
                "--stat",
                &stat,
                "--period",
                &period.to_string(),
                "--predicate",
                &predicate,
                "--dispute-window",
                dispute_window,
            ],
        );
        assert_eq!(created["market"]["question"], market.question.as_str());
        assert_eq!(created["market"]["status"], "open");
        let id = created["market"]["id"].as_u64().expect("market id");
        if planted {
            self.runtime
                .block_on(set_market_period(
                    &self.node.rpc_url(),
                    &pda::market(id),
                    market.period,
                ))
                .expect("plant the market's period");
        }
        id
    }
}

fn totals(market: &Value) -> (u64, u64) {
    (
        market["total_yes"].as_u64().expect("total_yes"),
        market["total_no"].as_u64().expect("total_no"),
    )
}

#[test]
fn a_market_from_creation_to_payout() {
    let localnet = Localnet::start("lifecycle");
    localnet.post_oracle_roots();
    let proof_file = ProofFile::load(proof_path("arsenal-home-goals-over-1")).expect("proof file");
    let arsenal = proof_path("arsenal-home-goals-over-1");
    let arsenal = arsenal.to_string_lossy();
    let [alice, bob, carol] = [(); 3].map(|()| localnet.new_wallet(10 * USDC));

    // Two markets on the same terms, so that one warp closes both and one ends both dispute
    // windows; the second one's winning side stays empty.
    let id = localnet.create_market(&proof_file, "+10m", "60s");
    let market = id.to_string();
    let market = market.as_str();
    let empty = localnet
        .create_market(&proof_file, "+10m", "60s")
        .to_string();
    let state = localnet.ok(&carol, &["market", market]);
    assert_eq!(state["dispute_window"], 60);
    assert_eq!(
        (&state["dispute_ends_at"], &state["proof_ts"]),
        (&Value::Null, &Value::Null)
    );

    // Stakes on both sides; a second deposit on the same side adds to the position.
    let deposited = localnet.ok(&alice, &["deposit", market, "yes", "2.5"]);
    assert_eq!(deposited["usdc"]["before"], 10 * USDC);
    assert_eq!(deposited["usdc"]["after"], 7_500_000);
    localnet.ok(&bob, &["deposit", market, "no", "1.5"]);
    localnet.ok(&carol, &["deposit", market, "1", "0.35"]);
    let deposited = localnet.ok(&alice, &["deposit", market, "YES", "0.5"]);
    assert_eq!(deposited["position"]["amount"], 3 * USDC);
    assert_eq!(deposited["position"]["outcome"], "yes");
    assert_eq!(totals(&deposited["market"]), (3_350_000, 1_500_000));
    // The odds follow the pools: YES holds 3.35 of 4.85 USDC, and a USDC on it would be paid
    // 4.85 / 3.35 = 1.447761… USDC (rounded down to the base unit, as the program pays).
    let odds = &localnet.ok(&carol, &["market", market])["odds"];
    assert_eq!(
        odds["yes"]["implied"],
        serde_json::json!({"numerator": 3_350_000, "denominator": 4_850_000})
    );
    assert_eq!(
        (
            &odds["yes"]["payout_per_usdc"],
            &odds["no"]["payout_per_usdc"]
        ),
        (&Value::from(1_447_761), &Value::from(3_233_333))
    );
    localnet.ok(&bob, &["deposit", &empty, "no", "1"]);

    // What the client can judge is refused before sending, with the program's own error;
    // --force lets the program answer with the same one.
    for (args, name) in [
        (&["deposit", market, "maybe", "1"][..], "InvalidOutcome"),
        (
            &["deposit", market, "maybe", "1", "--force"],
            "InvalidOutcome",
        ),
        (&["deposit", market, "2", "1"], "InvalidOutcome"),
        (&["deposit", market, "2", "1", "--force"], "InvalidOutcome"),
        (&["deposit", market, "yes", "0.05"], "BelowMinimum"),
        (
            &["deposit", market, "yes", "0.05", "--force"],
            "BelowMinimum",
        ),
        (&["deposit", market, "yes", "0"], "BelowMinimum"),
        (&["settle", market, "--proof", &arsenal], "MarketNotClosed"),
        (
            &["settle", market, "--proof", &arsenal, "--force"],
            "MarketNotClosed",
        ),
        (&["claim", market], "NotResolved"),
        (&["claim", market, "--force"], "NotResolved"),
    ] {
        let error = localnet.refused(&carol, args, name);
        assert_eq!(error["program"], "settlement");
    }
    localnet.refused(&bob, &["deposit", market, "yes", "1000"], "OutcomeLocked");
    let error = localnet.refused(&bob, &["deposit", market, "yes", "1"], "OutcomeLocked");
    assert_eq!(
        (&error["code"], &error["action"]),
        (
            &Value::from(6007),
            &Value::from("Use the original side or another wallet")
        )
    );
    let long_question = "?".repeat(141);
    for force in [None, Some("--force")] {
        for (question, close, predicate, window, name) in [
            (
                long_question.as_str(),
                "+1h",
                "gt:1",
                "1h",
                "QuestionTooLong",
            ),
            ("Never?", "+1h", "gt:2147483647", "1h", "InvalidPredicate"),
            ("Never?", "+1h", "lt:-2147483648", "1h", "InvalidPredicate"),
            (
                "Too late?",
                "2020-01-01T00:00:00Z",
                "gt:1",
                "1h",
                "InvalidCloseTime",
            ),
            ("Too far?", "+367days", "gt:1", "1h", "CloseTimeTooFar"),
            ("Too hasty?", "+1h", "gt:1", "59s", "InvalidDisputeWindow"),
            ("Too slow?", "+1h", "gt:1", "8days", "InvalidDisputeWindow"),
        ] {
            let mut args = vec![
                "create-market",
                "--question",
                question,
                "--close",
                close,
                "--fixture",
                "1",
                "--stat",
                "1",
                "--predicate",
                predicate,
                "--dispute-window",
                window,
            ];
            args.extend(force);
            localnet.refused(localnet.node.wallet_path(), &args, name);
        }
    }

    // The human rendering of a refusal names the error and the action, and says how long
    // there is to wait when that is what the market does.
    let (succeeded, _, stderr) = localnet.human(&carol, &["deposit", market, "yes", "0.05"]);
    assert!(!succeeded);
    assert!(
        stderr.starts_with(
            "error: BelowMinimum (settlement program error 6004): Deposit below 0.10 USDC\n\
             action: Increase amount\n"
        ),
        "{stderr}"
    );
    let (succeeded, _, stderr) = localnet.human(&carol, &["settle", market, "--proof", &arsenal]);
    assert!(!succeeded);
    assert!(
        stderr.starts_with(
            "error: MarketNotClosed (settlement program error 6023): The market has not closed \
             yet; it can be settled only after its close time (open, closes in "
        ),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "action: Wait for the market's close time before settling\n\
             note: refused before sending; --force sends it so the program answers\n"
        ),
        "{stderr}"
    );

    // Nothing refused moved any money.
    let state = localnet.ok(&carol, &["market", market]);
    assert_eq!(totals(&state), (3_350_000, 1_500_000));
    let balance = localnet.ok(&carol, &["balance"]);
    assert_eq!(balance["usdc"], 10 * USDC - 350_000);

    // Time only moves forward, and only on localnet; past the close time deposits stop.
    localnet.refused(&carol, &["warp", "2020-01-01T00:00:00Z"], "WarpBackwards");
    let warped = localnet.ok(&carol, &["warp", "+11m"]);
    let (before, after) = (
        warped["before"].as_i64().expect("before"),
        warped["after"].as_i64().expect("after"),
    );
    assert!(after >= before + 660, "{warped:#}");
    // Closed, but the result is not out yet: the proof's batch is after the cluster clock.
    for force in [None, Some("--force")] {
        let mut args = vec!["settle", market, "--proof", &arsenal];
        args.extend(force);
        let error = localnet.refused(&bob, &args, "ProofFromFuture");
        assert_eq!(error["code"], 6036);
    }
    localnet.refused(&carol, &["deposit", market, "yes", "1"], "MarketClosed");
    // More than the wallet holds, on a closed market: the program would name the market's state
    // first, and so does the client.
    localnet.refused(&carol, &["deposit", market, "yes", "1000"], "MarketClosed");
    assert_eq!(localnet.ok(&carol, &["market", market])["status"], "closed");

    // Once the clock reaches the batch, the arsenal proof resolves YES: YES holds 3.35 USDC
    // (alice 3, carol 0.35), the pool 4.85. The settlement is provisional for the market's
    // minute of dispute window.
    let published = format_time(proof_file.proof.ts.div_euclid(1_000));
    localnet.ok(&carol, &["warp", &published]);
    let settled = localnet.ok(&bob, &["settle", market, "--proof", &arsenal]);
    assert_eq!(
        (&settled["stated"], &settled["replaced"]),
        (&Value::from("yes"), &Value::from(false))
    );
    let state = &settled["market"];
    assert_eq!(
        (&state["status"], &state["outcome"]),
        (&Value::from("provisional"), &Value::from("yes"))
    );
    assert_eq!(state["proof_ts"], proof_file.proof.ts);
    let final_at = state["dispute_ends_at"].as_i64().expect("dispute_ends_at");
    assert!(final_at >= after + 60, "{state:#}");
    let state = localnet.ok(&carol, &["market", market]);
    assert_eq!(state["status"], "provisional");
    assert_eq!(state["dispute_ends_at"], final_at);
    let (_, stdout, _) = localnet.human(&carol, &["market", market]);
    let status = stdout.lines().nth(1).unwrap_or_default();
    assert!(
        status.starts_with("Status:   provisional YES, final in "),
        "{stdout}"
    );
    let (_, stdout, _) = localnet.human(&carol, &["markets"]);
    assert!(stdout.contains("provisional YES, final in "), "{stdout}");

    // A question is anyone's text: what would clear the screen and set the clipboard (OSC 52)
    // reaches the terminal escaped, and the JSON as it was sent.
    let hostile = "Rain?\u{1b}[2J\u{1b}]52;c;cm0gLXJmIH4=\u{7}";
    let escaped = "Rain?\\u{1b}[2J\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}";
    let created = localnet.ok(
        &carol,
        &[
            "create-market",
            "--question",
            hostile,
            "--close",
            "+1h",
            "--fixture",
            "1",
            "--stat",
            "1",
            "--predicate",
            "gt:1",
        ],
    );
    assert_eq!(created["market"]["question"], hostile);
    let hostile_id = created["market"]["id"].as_u64().expect("id").to_string();
    assert_eq!(
        localnet.ok(&carol, &["market", &hostile_id])["question"],
        hostile
    );
    let (_, shown, _) = localnet.human(&carol, &["market", &hostile_id]);
    assert_eq!(
        shown.lines().next(),
        Some(format!("Market {hostile_id}: {escaped}").as_str())
    );
    let (_, listed, _) = localnet.human(&carol, &["markets"]);
    assert!(listed.contains(escaped), "{listed}");
    for text in [shown, listed] {
        assert!(!text.contains(['\u{1b}', '\u{7}']), "{text:?}");
    }

    // Nothing is paid out during the window, and a proof that is not later (here the same one)
    // cannot replace the settlement.
    let error = localnet.refused(&alice, &["claim", market], "NotResolved");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("Market is not resolved (provisional YES, final in "),
        "{message}"
    );
    localnet.refused(&alice, &["claim", market, "--force"], "NotResolved");
    localnet.refused(
        &bob,
        &["settle", market, "--proof", &arsenal],
        "ProofNotLater",
    );
    let settled = localnet.ok(&carol, &["settle", &empty, "--proof", &arsenal]);
    assert_eq!(settled["market"]["status"], "provisional");
    assert_eq!(settled["market"]["refundable"], false);
    localnet.refused(&bob, &["refund", &empty], "NotResolved");
    localnet.refused(&bob, &["refund", &empty, "--force"], "NotResolved");

    // Once the window is over the settlement is final: claims open, settling is refused.
    localnet.ok(&carol, &["warp", "+61s"]);
    let state = localnet.ok(&carol, &["market", market]);
    assert_eq!(
        (&state["status"], &state["outcome"]),
        (&Value::from("resolved"), &Value::from("yes"))
    );
    for force in [None, Some("--force")] {
        let mut args = vec!["settle", market, "--proof", &arsenal];
        args.extend(force);
        localnet.refused(&bob, &args, "MarketResolved");
    }

    // Payouts are stake * pool / winning total, rounded down:
    // alice 3_000_000 * 4_850_000 / 3_350_000 = 4_343_283.58..; carol 350_000 * .. = 506_716.41..
    let claimed = localnet.ok(&alice, &["claim", market]);
    assert_eq!(claimed["paid"], 4_343_283);
    assert_eq!(claimed["usdc"]["before"], 7 * USDC);
    assert_eq!(claimed["usdc"]["after"], 7 * USDC + 4_343_283);
    assert_eq!(claimed["position"]["claimed"], true);
    let claimed = localnet.ok(&carol, &["claim", market]);
    assert_eq!(claimed["paid"], 506_716);
    localnet.refused(&bob, &["claim", market], "NotAWinner");
    localnet.refused(&alice, &["claim", market], "AlreadyClaimed");
    let balance = localnet.ok(&alice, &["balance"]);
    assert_eq!(balance["usdc"], 7 * USDC + 4_343_283);
    assert_eq!(balance["positions"][0]["market_id"], id);
    assert_eq!(balance["positions"][0]["claimed"], true);

    // A market whose winning side is empty refunds its stakes.
    assert_eq!(localnet.ok(&bob, &["market", &empty])["refundable"], true);
    localnet.refused(&bob, &["claim", &empty], "NoWinners");
    let refunded = localnet.ok(&bob, &["refund", &empty]);
    assert_eq!(refunded["paid"], USDC);
    localnet.refused(&bob, &["refund", &empty], "AlreadyClaimed");

    let listed = localnet.ok(&carol, &["markets"]);
    let ids: Vec<u64> = listed["markets"]
        .as_array()
        .expect("markets")
        .iter()
        .filter_map(|market| market["id"].as_u64())
        .collect();
    assert!(
        ids.contains(&id) && ids.contains(&empty.parse().expect("id")),
        "{ids:?}"
    );
}

#[test]
fn each_bad_proof_file_is_refused_by_name() {
    let localnet = Localnet::start("bad-proofs");
    localnet.post_oracle_roots();
    let depositor = localnet.new_wallet(100 * USDC);
    let dir = workspace_root().join("fixtures/generated");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/generated")
        .map(|entry| entry.expect("dir entry").path())
        .filter(|path| path.file_name().is_some_and(|name| name != "roots.json"))
        .collect();
    paths.sort();

    // Every market first, then one warp past their close time and every proof file's batch:
    // settling opens only then, and no proof is from the future.
    let mut markets = Vec::new();
    for path in paths {
        let proof_file = ProofFile::load(&path).expect("proof file");
        let Some(Expected::Error(expected)) = proof_file.expected.clone() else {
            continue;
        };
        let id = localnet.create_market(&proof_file, "+1h", "1h").to_string();
        localnet.ok(&depositor, &["deposit", &id, "yes", "1"]);
        markets.push((proof_file.name, path, expected, id));
    }
    localnet.ok(&depositor, &["warp", "2026-05-18T21:10:00Z"]);

    for (name, path, expected, id) in &markets {
        let error = localnet.refused(
            localnet.node.wallet_path(),
            &["settle", id, "--proof", &path.to_string_lossy()],
            &expected.name,
        );
        assert_eq!(
            (&error["program"], &error["code"]),
            (
                &Value::from(expected.program.label()),
                &Value::from(expected.code)
            ),
            "{name}"
        );
        // The funds stay in the vault of the still unsettled market.
        let market = localnet.ok(&depositor, &["market", id]);
        assert_eq!(market["status"], "closed", "{name}");
        assert_eq!(totals(&market), (USDC, 0), "{name}");
    }
    assert_eq!(
        markets.len(),
        20,
        "the committed set has twenty bad proof files"
    );
}

/// A market settles by record from TxLINE's API, the local stand-in: its fixtures and records
/// listed with their stats' names, the game_finalised record's proof fetched and checked, the
/// compute budget and the priority fee in the transaction. The same command settles through
/// another base URL serving the same shapes; `proof fetch` writes a file `settle --proof`
/// takes; an API out of reach sends nothing.
#[test]
fn a_market_settles_by_record_from_the_txline_api() {
    let localnet = Localnet::start("txline");
    localnet.post_oracle_roots();
    let state_dir = localnet.node.state_dir().to_owned();
    let fulltime = Path::new(env!("CARGO_BIN_EXE_fulltime"));
    let api = TxlineProcess::start(fulltime, &state_dir).expect("txline-api");
    let other_api = TxlineProcess::start(fulltime, &state_dir).expect("another txline-api");
    let alice = localnet.new_wallet(10 * USDC);
    let url = |api: &TxlineProcess| ["--txline-url".to_owned(), api.url().to_owned()];
    let with = |api: &TxlineProcess, args: &[&str]| -> Vec<String> {
        url(api)
            .into_iter()
            .chain(args.iter().map(|arg| (*arg).to_owned()))
            .collect()
    };
    let call = |args: &[String]| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        localnet.run(&alice, &args)
    };

    let (listed, fixtures) = call(&with(&api, &["txline", "fixtures"]));
    assert!(listed, "{fixtures:#}");
    let arsenal = fixtures["fixtures"]
        .as_array()
        .expect("fixtures")
        .iter()
        .find(|fixture| fixture["fixture_id"] == 18_502_311)
        .expect("Arsenal v Chelsea");
    assert_eq!(arsenal["name"], "Arsenal v Chelsea");
    let (read, scores) = call(&with(&api, &["txline", "scores", "18502311"]));
    assert!(read, "{scores:#}");
    let finalised = &scores["records"][1];
    assert_eq!(
        (
            &finalised["seq"],
            &finalised["action"],
            &finalised["finalised"]
        ),
        (
            &Value::from(1187),
            &Value::from("game_finalised"),
            &Value::from(true)
        )
    );
    assert!(
        finalised["stats"]
            .as_array()
            .expect("stats")
            .iter()
            .any(|stat| stat["key"] == 1001 && stat["name"] == "Arsenal first-half goals"),
        "{finalised:#}"
    );

    let total = load_case("arsenal-chelsea-total-goals-over-2");
    let home = load_case("arsenal-home-goals-over-1");
    let [by_record, elsewhere, unreachable, from_file] =
        [&total, &total, &home, &home].map(|case| localnet.create_market(case, "+10m", "60s"));
    for market in [by_record, elsewhere, unreachable, from_file] {
        localnet.ok(&alice, &["deposit", &market.to_string(), "yes", "1"]);
    }
    localnet.ok(
        &alice,
        &["warp", &format_time(total.proof.ts.div_euclid(1_000) + 1)],
    );

    // From the game_finalised record, with a priority fee beside the compute budget.
    let (settled, receipt) = call(&with(
        &api,
        &[
            "settle",
            &by_record.to_string(),
            "--txline",
            "--priority-fee",
            "5000",
        ],
    ));
    assert!(settled, "{receipt:#}");
    assert_eq!(receipt["stated"], "yes");
    assert_eq!(receipt["proof"]["seq"], 1187);
    assert_eq!(receipt["proof"]["fetched_from"], api.url());
    let signature = receipt["signature"]
        .as_str()
        .and_then(|text| text.parse().ok())
        .expect("a signature");
    let endpoint = Endpoint::resolve(Cluster::Localnet, &state_dir).expect("localnet endpoint");
    let detail = localnet.runtime.block_on(async {
        FulltimeClient::connect(endpoint)
            .await
            .expect("connect")
            .transaction_detail(&signature)
            .await
            .expect("the settlement, read back")
    });
    let budget: Vec<&[u8]> = detail
        .instructions
        .iter()
        .filter(|instruction| {
            instruction.program.to_string() == "ComputeBudget111111111111111111111111111111"
        })
        .map(|instruction| instruction.data.as_slice())
        .collect();
    let price = [&[3u8][..], &5_000u64.to_le_bytes()].concat();
    let limit = [&[2u8][..], &SETTLE_COMPUTE_UNIT_LIMIT.to_le_bytes()].concat();
    assert_eq!(budget, [price.as_slice(), limit.as_slice()]);

    // Another base URL serving the same shapes: the same command, unchanged.
    let (settled, receipt) = call(&with(
        &other_api,
        &["settle", &elsewhere.to_string(), "--txline"],
    ));
    assert!(settled, "{receipt:#}");
    assert_eq!(receipt["proof"]["fetched_from"], other_api.url());

    // Out of reach (logged in, but nothing listens): named, and nothing sent.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        format!("http://{}", listener.local_addr().expect("address"))
    };
    let (logged_in, login) = call(&[
        "--txline-url".to_owned(),
        closed.clone(),
        "txline".to_owned(),
        "login".to_owned(),
        "--jwt".to_owned(),
        "eyJ.guest".to_owned(),
        "--api-token".to_owned(),
        "token".to_owned(),
    ]);
    assert!(logged_in, "{login:#}");
    assert!(
        !login.to_string().contains("eyJ.guest"),
        "never printed: {login:#}"
    );
    let (settled, error) = call(&[
        "--txline-url".to_owned(),
        closed.clone(),
        "settle".to_owned(),
        unreachable.to_string(),
        "--txline".to_owned(),
    ]);
    assert!(!settled);
    assert_eq!(
        (&error["error"], &error["cause"], &error["url"]),
        (
            &Value::from("TxlineUnreachable"),
            &Value::from("refused"),
            &Value::from(format!("{closed}/api/scores/historical/18502311"))
        )
    );
    let state = localnet.ok(&alice, &["market", &unreachable.to_string()]);
    assert_eq!(state["status"], "closed");

    // A fetched proof file settles with --proof as any other.
    let file = state_dir.join("fetched.json");
    let (fetched, written) = call(&with(
        &api,
        &[
            "proof",
            "fetch",
            "18502311",
            "--stat",
            "1",
            "--seq",
            "1187",
            "-o",
            &file.to_string_lossy(),
        ],
    ));
    assert!(fetched, "{written:#}");
    assert_eq!(written["seq"], 1187);
    let settled = localnet.ok(
        &alice,
        &[
            "settle",
            &from_file.to_string(),
            "--proof",
            &file.to_string_lossy(),
        ],
    );
    assert_eq!(settled["stated"], "yes");
    assert_eq!(settled["proof"]["name"], "txline-18502311-1187-stat-1");
}

fn load_case(name: &str) -> ProofFile {
    ProofFile::load(proof_path(name)).expect("proof file")
}

/// The deepest proof the program README promises one transaction carries (a slot of 1,024
/// fixtures, 64 records of the fixture, 64 stats of the record, a two-stat market) settles on
/// localnet with a priority fee; one record more in the slot, and the transaction would not fit
/// one packet: refused before sending.
#[test]
fn the_deepest_promised_proof_settles_in_one_transaction() {
    let localnet = Localnet::start("deep-proof");
    let alice = localnet.new_wallet(10 * USDC);
    // 2026-05-19 12:00 UTC: a slot no committed batch uses.
    let batch = 1_779_192_000_000;
    let fixture = 99_000_001;
    let deep = |depths| deep_proof(batch, fixture, depths, (2, 1)).expect("a deep proof");
    let promised = deep(PROMISED);
    let deeper = deep(Depths {
        records: PROMISED.records + 1,
        ..PROMISED
    });
    // The deeper proof never leaves the client: only the promised one's root is posted.
    localnet.post_root(&promised.root);
    let market = |question: &str| {
        localnet.ok(
            &alice,
            &[
                "create-market",
                "--question",
                question,
                "--close",
                "+10m",
                "--fixture",
                &fixture.to_string(),
                "--stat",
                "1+2",
                "--predicate",
                "gt:2",
                "--dispute-window",
                "60s",
            ],
        )["market"]["id"]
            .as_u64()
            .expect("an id")
            .to_string()
    };
    let [deepest, too_deep] = ["Deepest?", "Too deep?"].map(market);
    for id in [&deepest, &too_deep] {
        localnet.ok(&alice, &["deposit", id, "yes", "1"]);
    }
    localnet.ok(&alice, &["warp", &format_time(batch / 1_000 + 1)]);
    let write = |proof: &fulltime_testkit::deep_proof::DeepProof, name: &str| {
        let path = localnet.node.state_dir().join(format!("{name}.json"));
        std::fs::write(&path, proof.proof_file(name).to_json()).expect("write the proof file");
        path.to_string_lossy().into_owned()
    };
    let settled = localnet.ok(
        &alice,
        &[
            "settle",
            &deepest,
            "--proof",
            &write(&promised, "deepest"),
            "--priority-fee",
            "1",
        ],
    );
    assert_eq!(settled["stated"], "yes", "2 + 1 goals is more than 2");
    let (sent, error) = localnet.run(
        &alice,
        &[
            "settle",
            &too_deep,
            "--proof",
            &write(&deeper, "too-deep"),
            "--force",
        ],
    );
    assert!(!sent);
    assert_eq!(error["error"], "TransactionTooLarge", "{error:#}");
    let state = localnet.ok(&alice, &["market", &too_deep]);
    assert_eq!(state["status"], "closed", "nothing was sent");
}

/// Only final values settle: `create-market --period 1` (the retired way to name a half) is
/// refused by the client and, forced, by the program; a first-half market (stat 1001) is refused
/// the running score in play and the halftime_finalised record, and settles from the
/// game_finalised record; a market of the retired rule, planted as a chain kept from before holds
/// it, is refused whatever proof comes and stays unsettled.
#[test]
fn only_final_values_settle_a_market() {
    let localnet = Localnet::start("final-values");
    localnet.post_oracle_roots();
    let [alice, bob] = [(); 2].map(|()| localnet.new_wallet(10 * USDC));
    let load = |name: &str| ProofFile::load(proof_path(name)).expect("proof file");
    let path = |name: &str| proof_path(name).to_string_lossy().into_owned();

    let retired_period = [
        "create-market",
        "--question",
        "Will Brighton score in the first half?",
        "--close",
        "+10m",
        "--fixture",
        "18502313",
        "--stat",
        "1",
        "--period",
        "1",
        "--predicate",
        "gt:0",
    ];
    let funder = localnet.node.wallet_path();
    let (succeeded, _, stderr) = localnet.human(funder, &retired_period);
    assert!(!succeeded);
    assert_eq!(
        stderr,
        "error: PeriodNeverFinal (settlement program error 6038): Only period 100, the \
         game_finalised record's, ever settles: name a half by its stat key (1001 = participant \
         1's first-half goals)\n\
         action: Use period 100 and name a half by its stat key (1001 = participant 1's \
         first-half goals)\n\
         note: refused before sending; --force sends it so the program answers\n"
    );
    let forced = [&retired_period[..], &["--force"]].concat();
    let (succeeded, _, stderr) = localnet.human(funder, &forced);
    assert!(!succeeded);
    assert!(
        stderr.starts_with("error: PeriodNeverFinal (settlement program error 6038)"),
        "{stderr}"
    );
    assert!(!stderr.contains("refused before sending"), "{stderr}");
    let error = localnet.refused(funder, &forced, "PeriodNeverFinal");
    assert_eq!(error["code"], 6038);

    let first_half = load("brentford-home-goals-first-half");
    let retired = load("brighton-home-goals-first-half-retired-rule");
    let half = localnet
        .create_market(&first_half, "+10m", "60s")
        .to_string();
    let planted = localnet.create_market(&retired, "+10m", "60s").to_string();
    assert_eq!(localnet.ok(&alice, &["market", &planted])["period"], 1);
    for market in [&half, &planted] {
        localnet.ok(&alice, &["deposit", market, "yes", "2"]);
        localnet.ok(&bob, &["deposit", market, "no", "1"]);
    }

    // In play, 1-1 at 28', then the reviewed half-time record: neither is the game_finalised
    // record, so neither value is final.
    for name in [
        "brentford-home-goals-first-half-in-play",
        "brentford-home-goals-first-half-at-half-time",
    ] {
        let proof_file = load(name);
        localnet.ok(
            &alice,
            &["warp", &format_time(proof_file.proof.ts.div_euclid(1_000))],
        );
        let proof = path(name);
        for force in [None, Some("--force")] {
            let mut args = vec!["settle", &half, "--proof", &proof];
            args.extend(force);
            let error = localnet.refused(&bob, &args, "ValueNotFinal");
            assert_eq!(error["code"], 6037, "{name}");
        }
    }

    // At full time: the first-half goals as the game_finalised record carries them.
    localnet.ok(
        &alice,
        &["warp", &format_time(first_half.proof.ts.div_euclid(1_000))],
    );
    let settled = localnet.ok(
        &bob,
        &[
            "settle",
            &half,
            "--proof",
            &path("brentford-home-goals-first-half"),
        ],
    );
    assert_eq!(settled["stated"], "yes");
    assert_eq!(settled["market"]["status"], "provisional");

    // The planted market of the retired rule (its batch is already published): refused whatever
    // the proof.
    assert!(retired.proof.ts <= first_half.proof.ts);
    for name in [
        "brighton-home-goals-first-half-retired-rule",
        "brighton-home-goals-first-half",
    ] {
        for force in [None, Some("--force")] {
            let proof = path(name);
            let mut args = vec!["settle", &planted, "--proof", &proof];
            args.extend(force);
            let error = localnet.refused(&bob, &args, "PeriodRetired");
            assert_eq!(error["code"], 6039, "{name}");
        }
    }
    let state = localnet.ok(&alice, &["market", &planted]);
    assert_eq!(state["status"], "closed");
    assert_eq!(totals(&state), (2 * USDC, USDC));

    localnet.ok(&alice, &["warp", "+61s"]);
    assert_eq!(localnet.ok(&alice, &["claim", &half])["paid"], 3 * USDC);
}

#[test]
fn warp_refuses_clusters_other_than_localnet() {
    let output = Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .args(["--url", "devnet", "--json", "warp", "+1h"])
        .env_remove("FULLTIME_URL")
        .output()
        .expect("run fulltime");
    assert!(!output.status.success());
    let error: Value = serde_json::from_slice(&output.stdout).expect("JSON error");
    assert_eq!(error["error"], "WarpUnsupported");
    assert_eq!(error["action"], "Use --url localnet");
}

/// A newcomer's machine: no solana CLI wallet (an empty HOME), no `--keypair`, only the local
/// stack. The wallet is the one `localnet` funded and names in env.json; the node's raw URL is
/// the same node as `--url localnet`, warps included; over-balance deposits are refused with the
/// balance, and when forced, named as the token program's error with the logs once.
#[test]
fn the_local_stack_works_without_a_solana_cli_wallet() {
    let localnet = Localnet::start("newcomer");
    let env = localnet.env();
    let home = localnet.node.state_dir().join("empty-home");
    std::fs::create_dir_all(&home).expect("empty home");
    let newcomer = |url: &str, args: &[&str]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_fulltime"));
        for variable in ["FULLTIME_URL", "FULLTIME_KEYPAIR", "FULLTIME_STATE_DIR"] {
            command.env_remove(variable);
        }
        let output = command
            .env("HOME", &home)
            .args(["--url", url, "--state-dir"])
            .arg(localnet.node.state_dir())
            .args(args)
            .output()
            .expect("run fulltime");
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let json = |url: &str, args: &[&str]| -> (bool, Value) {
        let mut args = args.to_vec();
        args.push("--json");
        let (succeeded, stdout, stderr) = newcomer(url, &args);
        let value = serde_json::from_str(&stdout)
            .unwrap_or_else(|error| panic!("{args:?}: no JSON ({error}): {stdout}{stderr}"));
        (succeeded, value)
    };
    let funded = localnet.funder().pubkey().to_string();
    let raw_url = env.rpc_url.as_str();

    for url in ["localnet", raw_url] {
        let (succeeded, balance) = json(url, &["balance"]);
        assert!(succeeded, "{url}: {balance:#}");
        assert_eq!(balance["wallet"], funded.as_str(), "{url}");
        assert_eq!(balance["usdc"], 1_000 * USDC, "{url}");
    }

    // More than the wallet holds: refused before sending, with the balance.
    let (succeeded, _, stderr) = newcomer("localnet", &["deposit", "0", "yes", "1000000"]);
    assert!(!succeeded);
    assert_eq!(
        stderr,
        "error: InsufficientFunds (token program error 1): Insufficient funds (the wallet holds \
         1000 USDC, the deposit is 1000000 USDC)\n\
         action: Deposit at most the wallet's test USDC balance, or get more with `fulltime \
         faucet`\n\
         note: refused before sending; --force sends it so the program answers\n"
    );

    // Forced, the token program answers; its error is named and every log line shows once.
    let (succeeded, _, stderr) =
        newcomer("localnet", &["deposit", "0", "yes", "1000000", "--force"]);
    assert!(!succeeded);
    assert!(
        stderr.starts_with(
            "error: InsufficientFunds (token program error 1): Insufficient funds\n\
             action: Deposit at most"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("\nnote: log: Program log: Error: insufficient funds\n"),
        "{stderr}"
    );
    assert!(!stderr.contains("log messages"), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        lines.len(),
        "a line printed twice:\n{stderr}"
    );
    let (succeeded, error) = json("localnet", &["deposit", "0", "yes", "1000000", "--force"]);
    assert!(!succeeded);
    assert_eq!(
        (&error["error"], &error["program"], &error["code"]),
        (
            &Value::from("InsufficientFunds"),
            &Value::from("token"),
            &Value::from(1)
        )
    );
    let (_, market) = json("localnet", &["market", "0"]);
    assert_eq!(totals(&market), (0, 0), "nothing was deposited");

    // The raw URL of the node warps like `--url localnet`: the node is asked, not its name.
    let (succeeded, warped) = json(raw_url, &["warp", "+1m"]);
    assert!(succeeded, "{warped:#}");
    let (before, after) = (
        warped["before"].as_i64().expect("before"),
        warped["after"].as_i64().expect("after"),
    );
    assert!(after >= before + 60, "{warped:#}");
}

#[test]
fn wallets_of_the_book_are_made_funded_listed_and_named_with_keypair() {
    let localnet = Localnet::start("wallet-book");
    let funder = localnet.node.wallet_path().to_owned();
    let empty = localnet.ok(&funder, &["wallet", "list"]);
    assert_eq!(empty["wallets"], serde_json::json!([]));

    let made = localnet.ok(&funder, &["wallet", "new", "alice", "--fund"]);
    assert_eq!(made["name"], "alice");
    assert_eq!(made["funded"]["source"], "localnet");
    let alice = made["address"].as_str().expect("an address").to_owned();
    let bob = localnet.ok(&funder, &["wallet", "new", "bob"]);
    assert_eq!(bob["funded"], Value::Null);

    // `--keypair alice` acts as the book's alice: a deposit from her shows in the list.
    let id = localnet.create_market(
        &ProofFile::load(proof_path("arsenal-home-goals-over-1")).expect("proof file"),
        "+10m",
        "60s",
    );
    let deposited = localnet.ok(
        Path::new("alice"),
        &["deposit", &id.to_string(), "no", "2.5"],
    );
    assert_eq!(deposited["position"]["owner"], alice.as_str());
    // Read back as the dashboard's inspector reads it: named, its accounts in the IDL's roles.
    let signature: solana_signature::Signature = deposited["signature"]
        .as_str()
        .and_then(|text| text.parse().ok())
        .expect("a signature");
    let endpoint =
        Endpoint::resolve(Cluster::Localnet, localnet.node.state_dir()).expect("endpoint");
    let detail = localnet.runtime.block_on(async {
        let client = FulltimeClient::connect(endpoint).await.expect("connect");
        client
            .transaction_detail(&signature)
            .await
            .expect("the deposit")
    });
    assert_eq!(detail.error, None);
    let deposit = detail
        .instructions
        .iter()
        .find(|instruction| instruction.name == Some("Deposit"))
        .expect("a Deposit instruction");
    let depositor = &deposit.accounts[0];
    assert_eq!(
        (
            depositor.role,
            depositor.address.to_string(),
            depositor.signer
        ),
        (Some("depositor"), alice.clone(), true)
    );
    let roles: Vec<_> = deposit
        .accounts
        .iter()
        .map(|account| account.role)
        .collect();
    assert_eq!(roles[4], Some("vault"));
    assert!(
        detail
            .logs
            .iter()
            .any(|log| log == "Program log: Instruction: Deposit"),
        "{:?}",
        detail.logs
    );
    // The market's pool history: each deposit's pools, oldest first.
    localnet.ok(&funder, &["deposit", &id.to_string(), "yes", "1"]);
    let history = localnet.runtime.block_on(async {
        let endpoint =
            Endpoint::resolve(Cluster::Localnet, localnet.node.state_dir()).expect("endpoint");
        let client = FulltimeClient::connect(endpoint).await.expect("connect");
        client
            .pool_history(id, DEFAULT_HISTORY_DEPTH)
            .await
            .expect("the history")
    });
    let pools: Vec<Option<Pools>> = history.points.iter().map(|point| point.pools).collect();
    assert_eq!(
        pools,
        [
            Some(Pools {
                yes: 0,
                no: 2_500_000
            }),
            Some(Pools {
                yes: USDC,
                no: 2_500_000
            })
        ]
    );
    let listed = localnet.ok(&funder, &["wallet", "list"]);
    let wallets = listed["wallets"].as_array().expect("wallets");
    let names: Vec<&str> = wallets
        .iter()
        .map(|w| w["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    assert_eq!(wallets[0]["address"], alice.as_str());
    assert_eq!(
        wallets[0]["lamports"].as_u64().map(|l| l > 9_000_000_000),
        Some(true)
    );
    assert_eq!(wallets[0]["usdc"], 97_500_000);
    assert_eq!(wallets[0]["positions"][0]["market_id"], id);
    assert_eq!(wallets[0]["positions"][0]["amount"], 2_500_000);
    assert_eq!(
        (&wallets[1]["lamports"], &wallets[1]["usdc"]),
        (&Value::from(0), &Value::Null)
    );

    // A name taken, a bad name, and a name nobody made are each refused by name.
    for (args, error) in [
        (&["wallet", "new", "alice"][..], "WalletExists"),
        (&["wallet", "new", "../alice"][..], "InvalidWalletName"),
    ] {
        let (succeeded, value) = localnet.run(&funder, args);
        assert!(!succeeded, "{value:#}");
        assert_eq!(value["error"], error, "{value:#}");
    }
    let (succeeded, value) = localnet.run(Path::new("carol"), &["balance"]);
    assert!(!succeeded);
    assert_eq!(value["error"], "KeypairNotFound", "{value:#}");
    assert!(
        value["message"]
            .as_str()
            .unwrap()
            .contains("no wallet named `carol`"),
        "{value:#}"
    );
    // Alice's keypair was not replaced by the refused second `alice`.
    let again = localnet.ok(Path::new("alice"), &["balance"]);
    assert_eq!(again["wallet"], alice.as_str());
}

#[test]
fn claim_all_pays_every_payout_and_refund_at_once_and_says_what_waits() {
    let localnet = Localnet::start("claim-all");
    localnet.post_oracle_roots();
    let proof_file = ProofFile::load(proof_path("arsenal-home-goals-over-1")).expect("proof file");
    let arsenal = proof_path("arsenal-home-goals-over-1");
    let arsenal = arsenal.to_string_lossy();
    let [alice, bob] = [(); 2].map(|()| localnet.new_wallet(10 * USDC));

    // The arsenal proof resolves YES. Alice wins `won`, loses `lost`, and is refunded `empty`,
    // whose YES side nobody took.
    let [won, lost, empty] = [(); 3].map(|()| {
        localnet
            .create_market(&proof_file, "+10m", "60s")
            .to_string()
    });
    for (wallet, market, side, amount) in [
        (&alice, &won, "yes", "2"),
        (&bob, &won, "no", "1"),
        (&alice, &lost, "no", "1"),
        (&bob, &lost, "yes", "1"),
        (&alice, &empty, "no", "1.5"),
    ] {
        localnet.ok(wallet, &["deposit", market, side, amount]);
    }
    localnet.ok(&alice, &["warp", "+11m"]);
    localnet.ok(
        &alice,
        &["warp", &format_time(proof_file.proof.ts.div_euclid(1_000))],
    );
    for market in [&won, &lost, &empty] {
        localnet.ok(&bob, &["settle", market, "--proof", &arsenal]);
    }
    // Provisional: nothing is paid yet, and the summary says until when.
    let waiting = localnet.ok(&alice, &["claim", "--all"]);
    assert_eq!(waiting["paid"], serde_json::json!([]));
    assert_eq!(
        waiting["waiting"].as_array().map(Vec::len),
        Some(3),
        "{waiting:#}"
    );
    assert_eq!(waiting["waiting"][0]["status"], "provisional");
    localnet.ok(&alice, &["warp", "+61s"]);
    let open = localnet
        .create_market(&proof_file, "+1h", "60s")
        .to_string();
    localnet.ok(&alice, &["deposit", &open, "yes", "1"]);

    // 2 of YES's 2 USDC in a 3 USDC pool pays 3 USDC; the refund is the 1.5 USDC stake.
    let paid = localnet.ok(&alice, &["claim", "--all"]);
    assert_eq!(paid["total_paid"], 4_500_000, "{paid:#}");
    let each: Vec<(String, &str, u64)> = paid["paid"]
        .as_array()
        .expect("paid")
        .iter()
        .map(|paid| {
            (
                paid["market_id"].to_string(),
                paid["kind"].as_str().unwrap(),
                paid["amount"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        each,
        [
            (won.clone(), "claim", 3 * USDC),
            (empty.clone(), "refund", 1_500_000)
        ]
    );
    assert_eq!(paid["transactions"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        paid["usdc"]["after"],
        paid["usdc"]["before"].as_u64().unwrap() + 4_500_000
    );
    assert_eq!(paid["waiting"][0]["market_id"].to_string(), open);
    assert_eq!(paid["waiting"][0]["status"], "open");
    assert_eq!(paid["lost"][0]["market_id"].to_string(), lost);
    assert_eq!(paid["lost"][0]["outcome"], "yes");
    let balance = localnet.ok(&alice, &["balance"]);
    assert_eq!(balance["usdc"], paid["usdc"]["after"]);

    // Nothing is paid twice.
    let again = localnet.ok(&alice, &["claim", "--all"]);
    assert_eq!(again["total_paid"], 0);
    let (succeeded, stdout, _) = localnet.human(&alice, &["claim", "--all"]);
    assert!(succeeded);
    assert!(
        stdout.starts_with("Nothing to claim or refund now.\nWaiting:   market "),
        "{stdout}"
    );
    // Bob's winning side of `lost` is his to claim.
    assert_eq!(localnet.ok(&bob, &["claim", &lost])["paid"], 2 * USDC);
}
