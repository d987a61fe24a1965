//! `fulltime … | head -1`: a reader that closes the pipe early ends the command quietly, without
//! the panic `println!` gives on a broken pipe.

use std::io::Read;
use std::net::TcpListener;
use std::process::{Command, Stdio};

#[test]
fn a_closed_stdout_ends_the_command_without_a_panic() {
    // A node that takes the connection and hangs up once stdout is closed, so the command
    // writes its answer (the JSON error) only to a pipe nobody reads any more.
    let node = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}", node.local_addr().expect("address"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .args(["--url", &url, "--json", "markets"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fulltime");
    drop(child.stdout.take());
    let (connection, _) = node.accept().expect("fulltime connects");
    drop(connection);
    drop(node);

    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    let status = child.wait().expect("fulltime exits");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // 101 is Rust's exit code for a panic; the failure to reach the node is the usual 1.
    assert_eq!(status.code(), Some(1), "{stderr}");
}
