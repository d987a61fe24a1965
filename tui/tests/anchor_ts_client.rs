//! The committed IDL serves a client nobody here wrote: Anchor's own TypeScript client
//! (`clients/anchor-ts/check.mjs`, `@coral-xyz/anchor` 0.32 and `@solana/web3.js` 1.98 pinned in
//! its lockfile) lists the markets and the config of a real `localnet`, creates a market,
//! deposits 1.25 USDC, reads the totals back, and gets `BelowMinimum` as a parsed Anchor error for
//! 0.05 USDC; then `fulltime` reads the same market.
//!
//! Node.js 20 or later and npm are required: if they are missing the test fails and says so,
//! since serving real clients is part of the contract. Its packages are installed from the npm
//! registry with `npm ci` the first time (`clients/anchor-ts/node_modules`, ignored by git).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use fulltime_testkit::workspace_root;
use serde_json::Value;

fn run(command: &mut Command, what: &str) -> Output {
    command.output().unwrap_or_else(|error| {
        panic!(
            "cannot run {what} ({error}): install Node.js 20 or later with npm (e.g. \
             `apt install nodejs npm`); the Anchor TypeScript client test needs them"
        )
    })
}

fn require_success(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The client's directory, its packages installed from the lockfile.
fn anchor_client() -> PathBuf {
    let dir = workspace_root().join("clients/anchor-ts");
    let version = run(Command::new("node").arg("--version"), "node");
    require_success(&version, "node --version");
    let version = String::from_utf8_lossy(&version.stdout);
    let major: u32 = version
        .trim()
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|major| major.parse().ok())
        .unwrap_or(0);
    assert!(major >= 20, "Node.js {version} is too old: 20 or later");
    if !dir.join("node_modules/@coral-xyz/anchor").exists() {
        let install = run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&dir),
            "npm",
        );
        require_success(&install, "npm ci in clients/anchor-ts");
    }
    dir
}

#[test]
fn anchors_typescript_client_trades_through_the_committed_idl() {
    let client = anchor_client();
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "anchor-ts").expect("localnet ready");

    let output = run(
        Command::new("node")
            .arg("check.mjs")
            .arg(node.rpc_url())
            .arg(node.ws_url())
            .arg(node.wallet_path())
            .arg(workspace_root().join("idl/settlement.json"))
            .current_dir(&client),
        "node",
    );
    require_success(&output, "the Anchor TypeScript client");
    let seen: Value = serde_json::from_slice(&output.stdout).expect("the client's JSON");
    assert_eq!(seen["markets"], 5, "the demo markets: {seen}");
    assert_eq!(seen["market_count"], 5, "{seen}");
    assert_eq!(seen["created"], 5, "{seen}");
    assert_eq!(
        (&seen["total_yes"], &seen["total_no"]),
        (&1_250_000.into(), &0.into())
    );
    assert_eq!(
        seen["refused"],
        serde_json::json!({
            "code": "BelowMinimum",
            "number": 6004,
            "message": "Deposit below 0.10 USDC",
        })
    );

    // The command line reads the market the TypeScript client made.
    let market = Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .env_remove("FULLTIME_URL")
        .env_remove("FULLTIME_STATE_DIR")
        .args(["--url", "localnet", "--state-dir"])
        .arg(node.state_dir())
        .args(["--json", "market", "5"])
        .output()
        .expect("run fulltime");
    require_success(&market, "fulltime market 5");
    let market: Value = serde_json::from_slice(&market.stdout).expect("JSON");
    assert_eq!(
        market["question"],
        "Will the away side score more than 1 goal? (Anchor TS client)"
    );
    assert_eq!(
        (&market["total_yes"], &market["total_no"]),
        (&1_250_000.into(), &0.into())
    );
    assert_eq!(market["status"], "open");
    assert_eq!(
        (&market["fixture_id"], &market["stat_key"]),
        (&18_502_311.into(), &2.into())
    );
}
