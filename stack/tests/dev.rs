//! `fulltime-stack dev` as `just dev` runs it, in a pseudo-terminal: the dashboard opens on the
//! node's funded wallet with the demo markets, and quitting it stops the node, the faucet and the
//! local TxLINE API.

mod common;

use std::time::Duration;

use common::{GONE_WITHIN, Stack};
use fulltime_stack::os::{self, Signal};
use fulltime_testkit::pty::PtyScreen;
use fulltime_testkit::workspace_root;
use portable_pty::CommandBuilder;
use solana_signer::Signer;

const USABLE_WITHIN: Duration = Duration::from_secs(240);

fn start_dev(stack: &Stack) -> PtyScreen {
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_fulltime-stack"));
    for variable in [
        "FULLTIME_URL",
        "FULLTIME_KEYPAIR",
        "FULLTIME_FAUCET_URL",
        "FULLTIME_TXLINE_URL",
    ] {
        command.env_remove(variable);
    }
    command.env("TERM", "xterm-256color");
    command.cwd(workspace_root());
    command.arg("dev");
    command.arg("--state-dir");
    command.arg(&stack.state_dir);
    command.args(stack.start_args());
    PtyScreen::spawn(command, 30, 100).expect("start fulltime-stack dev")
}

#[test]
fn dev_opens_the_dashboard_on_the_funded_wallet_and_quitting_stops_everything() {
    let stack = Stack::new("dev");
    let mut dev = start_dev(&stack);
    let screen = dev
        .wait_for(&["1000 USDC", "Will Arsenal", "localnet"], USABLE_WITHIN)
        .unwrap_or_else(|screen| panic!("the dashboard never became usable:\n{screen}"));
    let record = stack.record();
    let wallet = wallet_address(&record.wallet);
    assert!(
        screen.contains(&wallet[..4]),
        "the dashboard is not on the funded wallet {wallet}:\n{screen}"
    );

    dev.press("q").expect("press q");
    let status = dev
        .wait_exit(GONE_WITHIN)
        .unwrap_or_else(|| panic!("dev did not end after q:\n{}", dev.contents()));
    assert!(status.success(), "dev ended with {status:?}");
    assert!(!dev.alternate_screen(), "the terminal was not restored");
    stack.assert_nothing_left(&record);
    assert!(
        fulltime_files::stack_record::StackRecord::load(&stack.state_dir)
            .expect("readable")
            .is_none()
    );
}

#[test]
fn stopping_the_supervisor_restores_the_terminal_and_stops_everything() {
    let stack = Stack::new("dev-term");
    let mut dev = start_dev(&stack);
    dev.wait_for(&["1000 USDC", "Will Arsenal"], USABLE_WITHIN)
        .unwrap_or_else(|screen| panic!("the dashboard never became usable:\n{screen}"));
    assert!(dev.alternate_screen());
    let record = stack.record();
    assert!(os::send(record.supervisor.pid, Signal::Terminate));
    dev.wait_exit(GONE_WITHIN)
        .unwrap_or_else(|| panic!("dev did not end on SIGTERM:\n{}", dev.contents()));
    assert!(!dev.alternate_screen(), "the terminal was not restored");
    let screen = dev.contents();
    assert!(screen.contains("Stopped the stack on SIGTERM."), "{screen}");
    stack.assert_nothing_left(&record);
}

/// The address of the keypair file the node funded.
fn wallet_address(path: &std::path::Path) -> String {
    fulltime_client::keypair::read_keypair_file(path)
        .expect("the funded wallet's keypair")
        .pubkey()
        .to_string()
}
