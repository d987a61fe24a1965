//! The committed IDL serves a client nobody here wrote: Anchor's own TypeScript client
//! (`clients/anchor-ts/check.mjs`, `@coral-xyz/anchor` 0.32 and `@solana/web3.js` 1.98 pinned in
//! its lockfile) lists the markets and the config of a real `localnet`, creates a market,
//! deposits 1.25 USDC, reads the totals back, and gets `BelowMinimum` as a parsed Anchor error for
//! 0.05 USDC; then `fulltime` reads the same market.
//!
//! Node.js 20 or later and npm are required: if they are missing the test fails and says so,
//! since serving real clients is part of the contract. The test kit installs the client's
//! packages from the npm registry the first time (`fulltime_testkit::anchor_ts`).

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use fulltime_testkit::anchor_ts::AnchorTsClient;
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use fulltime_testkit::workspace_root;
use serde_json::Value;

#[test]
fn anchors_typescript_client_trades_through_the_committed_idl() {
    let client = AnchorTsClient::installed().unwrap_or_else(|error| panic!("{error}"));
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "anchor-ts").expect("localnet ready");

    let (rpc_url, ws_url) = (node.rpc_url(), node.ws_url());
    let idl = workspace_root().join("idl/settlement.json");
    let args = [
        OsStr::new(&rpc_url),
        OsStr::new(&ws_url),
        node.wallet_path().as_os_str(),
        idl.as_os_str(),
    ];
    let output = client
        .run("check.mjs", args, b"")
        .unwrap_or_else(|error| panic!("the Anchor TypeScript client: {error}"));
    let seen: Value = serde_json::from_slice(&output).expect("the client's JSON");
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
    assert!(
        market.status.success(),
        "fulltime market 5 failed ({}):\n{}",
        market.status,
        String::from_utf8_lossy(&market.stderr)
    );
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
