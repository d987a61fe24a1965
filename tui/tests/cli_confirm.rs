//! `fulltime`'s transactions confirm by `signatureSubscribe` where the node serves WebSocket, so
//! a confirmation costs no request after the send, and by polling where its WebSocket does not
//! answer; a deposit reads what it checks in one request and nothing after: a deposit through
//! the command line, its JSON-RPC requests counted by a proxy in front of a real `localnet`.

use std::path::Path;
use std::process::Command;

use fulltime_testkit::process::{LocalnetProcess, binary_beside, free_ports};
use fulltime_testkit::proxy::CountingProxy;

const STATUS: &str = "getSignatureStatuses";

#[test]
fn a_deposit_confirms_by_subscription_else_by_polling() {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "cli-confirm").expect("localnet ready");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let proxy = runtime
        .block_on(CountingProxy::start(&node.rpc_url()))
        .expect("proxy");
    let (closed, _) = free_ports().expect("a free port");
    let subscribed = node
        .redirected("subscribed", proxy.url(), &node.ws_url())
        .expect("state dir");
    let polled = node
        .redirected("polled", proxy.url(), &format!("ws://127.0.0.1:{closed}"))
        .expect("state dir");

    let deposit = |state_dir: &Path| {
        proxy.take();
        let output = Command::new(env!("CARGO_BIN_EXE_fulltime"))
            .env_remove("FULLTIME_URL")
            .env_remove("FULLTIME_KEYPAIR")
            .env_remove("FULLTIME_STATE_DIR")
            .args(["--url", "localnet", "--json", "--state-dir"])
            .arg(state_dir)
            .arg("--keypair")
            .arg(node.wallet_path())
            .args(["deposit", "0", "yes", "0.1"])
            .output()
            .expect("run fulltime");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        proxy.take()
    };

    // The market, the position, the test USDC and the clock in one read; the receipt is the
    // program's arithmetic on them, and the confirmation comes by subscription.
    let methods = deposit(&subscribed);
    assert_eq!(
        methods,
        [
            "getMultipleAccounts",
            "getLatestBlockhash",
            "sendTransaction"
        ],
        "confirmed by subscription, nothing read back"
    );

    let methods = deposit(&polled);
    assert!(
        methods.iter().any(|method| method == STATUS),
        "confirmed by polling: {methods:?}"
    );
}
