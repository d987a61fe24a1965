//! The state directory: a start that fails (a taken port, a bad wallet) leaves it byte for byte
//! as it was, a directory that was not there included; and one node per state directory, a
//! second refused naming the directory and the holder's pid, a killed holder leaving no lock.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{
    assert_resumes, binary, picture, refused_start, save_snapshot, unique_dir, write_wallet,
};
use fulltime_files::localnet_env::READY;
use fulltime_testkit::process::{LocalnetProcess, free_ports};

/// A debug build boots in seconds; the margin is for a loaded machine.
const READY_WITHIN: Duration = Duration::from_secs(300);

#[tokio::test]
async fn a_start_that_fails_changes_nothing_in_the_state_directory() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("bind a port");
    let taken_port = taken.local_addr().expect("address").port().to_string();
    let on_the_taken_port = ["--rpc-port", taken_port.as_str()];

    // A state directory that was not there stays absent, and so do its missing parents.
    let absent = unique_dir("state-absent").join("nested");
    let stderr = refused_start(&absent, &on_the_taken_port);
    assert!(stderr.contains("--rpc-port"), "{stderr}");
    assert!(!absent.exists(), "{} was made", absent.display());
    assert!(!absent.parent().expect("parent").exists());
    let missing_wallet = absent.join("no-such-wallet.json");
    let missing_wallet = missing_wallet.to_str().expect("a UTF-8 path");
    let stderr = refused_start(&absent, &["--wallet", missing_wallet]);
    assert!(stderr.contains(missing_wallet), "{stderr}");
    assert!(!absent.parent().expect("parent").exists());

    // An empty one stays empty.
    let empty = unique_dir("state-empty");
    std::fs::create_dir_all(&empty).expect("an empty directory");
    refused_start(&empty, &on_the_taken_port);
    assert_eq!(picture(&empty), Some(Default::default()));
    std::fs::remove_dir(&empty).expect("still empty");

    // A kept chain, on the taken port plainly and with a snapshot that carries keys: nothing
    // replaced, not the chain and not its keys.
    let state_dir = unique_dir("state-kept");
    let wallet = state_dir.join("test-wallet.json");
    write_wallet(&wallet);
    let node = LocalnetProcess::start_in_dir(binary(), &state_dir, &wallet, &[]).expect("ready");
    save_snapshot(&node, "with-keys").await;
    node.terminate().expect("stops");
    let before = picture(&state_dir);
    let wallet_arg = wallet.to_str().expect("a UTF-8 path");
    for extra in [&[][..], &["--snapshot", "with-keys"][..], &["--reset"][..]] {
        let args = [&on_the_taken_port[..], &["--wallet", wallet_arg][..], extra].concat();
        let stderr = refused_start(&state_dir, &args);
        assert!(stderr.contains("--rpc-port"), "{args:?}: {stderr}");
        assert!(
            picture(&state_dir) == before,
            "{args:?}: the state directory changed"
        );
    }
    drop(taken);
    assert_resumes(&state_dir, &wallet, "the chain it kept resumes");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}

/// `localnet` in `state_dir`, started here (so its pid is known) and ready.
fn start_holder(state_dir: &Path, wallet: &Path) -> Child {
    let (rpc_port, ws_port) = free_ports().expect("free ports");
    let mut child = Command::new(binary())
        .args(["--rpc-port", &rpc_port.to_string()])
        .args(["--ws-port", &ws_port.to_string()])
        .arg("--state-dir")
        .arg(state_dir)
        .arg("--wallet")
        .arg(wallet)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start localnet");
    let stdout = child.stdout.take().expect("stdout");
    let (ready, is_ready) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.starts_with(READY) {
                let _ = ready.send(());
            }
        }
    });
    if is_ready.recv_timeout(READY_WITHIN).is_err() {
        let _ = child.kill();
        panic!("localnet did not get ready");
    }
    child
}

#[test]
fn a_second_node_on_a_state_directory_is_refused_and_a_killed_holder_leaves_no_lock() {
    let state_dir = unique_dir("state-lock");
    let wallet = state_dir.join("test-wallet.json");
    write_wallet(&wallet);
    let mut holder = start_holder(&state_dir, &wallet);
    let wallet_arg = wallet.to_str().expect("a UTF-8 path");
    for args in [
        &["--wallet", wallet_arg][..],
        &["--reset", "--wallet", wallet_arg][..],
        &["--no-bootstrap"][..],
    ] {
        let stderr = refused_start(&state_dir, args);
        for expected in [
            format!("the state directory {} is in use", state_dir.display()),
            format!("(pid {})", holder.id()),
        ] {
            assert!(
                stderr.contains(&expected),
                "{args:?}: {expected:?} not in {stderr}"
            );
        }
    }
    holder.kill().expect("SIGKILL the holder");
    holder.wait().expect("the holder ends");

    assert_resumes(&state_dir, &wallet, "the next start after a killed holder");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}
