//! A URL `fulltime` cannot reach is named with why, apart from a missing account and from a node
//! without the settlement program: the `fulltime` binary against a closed port, a host that never
//! resolves, a hand-rolled JSON-RPC node without the program, a `localnet --no-bootstrap` (the
//! program deployed, not initialized), and a real `localnet` (a market that does not exist, a
//! wallet without test USDC, a faucet URL where nothing listens).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Command, Output};

use fulltime_testkit::process::{LocalnetProcess, NO_BOOTSTRAP, binary_beside};
use serde_json::{Value, json};
use solana_keypair::{Keypair, write_keypair_file};

/// `.invalid` is reserved never to resolve (RFC 2606).
const NO_SUCH_HOST: &str = "http://fulltime-no-such-host.invalid:8899";

/// `fulltime ARGS` with none of its environment variables: every wallet is a `--keypair`.
fn fulltime(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .env_remove("FULLTIME_URL")
        .env_remove("FULLTIME_KEYPAIR")
        .env_remove("FULLTIME_STATE_DIR")
        .env_remove("FULLTIME_FAUCET_URL")
        .args(args)
        .output()
        .expect("run fulltime")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("one JSON object ({error}): {output:?}"))
}

/// A loopback URL where nothing listens: a port bound, then let go.
fn closed_port_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    drop(listener);
    url
}

#[test]
fn a_closed_port_is_unreachable_refused_naming_the_url() {
    let url = closed_port_url();

    let text = fulltime(&["--url", &url, "markets"]);
    assert_eq!(text.status.code(), Some(1), "{}", stderr(&text));
    assert_eq!(
        stderr(&text),
        format!(
            "error: Unreachable: cannot reach {url}: connection refused\n\
             action: Start the node at that URL (`just dev` for localnet), or fix --url\n"
        )
    );

    let scripted = fulltime(&["--url", &url, "--json", "markets"]);
    assert_eq!(scripted.status.code(), Some(1));
    assert_eq!(
        json_of(&scripted),
        json!({
            "error": "Unreachable",
            "code": null,
            "program": null,
            "message": format!("cannot reach {url}: connection refused"),
            "action": "Start the node at that URL (`just dev` for localnet), or fix --url",
            "url": url,
            "cause": "refused",
        })
    );
}

#[test]
fn a_host_that_never_resolves_is_unreachable_by_dns() {
    let output = fulltime(&["--url", NO_SUCH_HOST, "--json", "markets"]);
    assert_eq!(output.status.code(), Some(1));
    let report = json_of(&output);
    assert_eq!(report["error"], "Unreachable");
    assert_eq!(report["cause"], "dns");
    assert_eq!(report["url"], NO_SUCH_HOST);
    assert_eq!(
        report["message"],
        format!("cannot reach {NO_SUCH_HOST}: DNS lookup of fulltime-no-such-host.invalid failed")
    );
}

/// A JSON-RPC node that has no account at all: every `getAccountInfo` answers `null`.
fn node_without_accounts() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { break };
            let Some(request) = read_request(&mut stream) else {
                continue;
            };
            let result = match request["method"].as_str() {
                Some("getAccountInfo") => json!({ "context": { "slot": 1 }, "value": null }),
                _ => Value::Null,
            };
            let body = json!({ "jsonrpc": "2.0", "id": request["id"], "result": result });
            let body = body.to_string();
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    url
}

/// The JSON body of one HTTP request, read up to the length its head announces.
fn read_request(stream: &mut TcpStream) -> Option<Value> {
    let mut request = Vec::new();
    let mut buffer = [0; 4096];
    loop {
        let read = stream.read(&mut buffer).ok().filter(|read| *read > 0)?;
        request.extend_from_slice(&buffer[..read]);
        let text = String::from_utf8_lossy(&request);
        let (head, body) = text.split_once("\r\n\r\n")?;
        let length = head.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })?;
        if body.len() >= length {
            return serde_json::from_str(body).ok();
        }
    }
}

#[test]
fn a_node_without_the_program_says_it_is_not_deployed() {
    let url = node_without_accounts();
    let output = fulltime(&["--url", &url, "markets"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "error: ProgramNotDeployed: the settlement program {} is not deployed at {url}: no \
             account has its address\n\
             action: Deploy the settlement program there, or point --url at a node that runs it \
             (`just dev` starts localnet with it)\n",
            fulltime_client::settlement::ID
        )
    );
}

#[test]
fn a_real_node_still_tells_missing_accounts_and_an_uninitialized_program() {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "cli-unreachable").expect("localnet ready");
    let state_dir = node.state_dir().to_str().expect("a UTF-8 path");
    let wallet = node.wallet_path().to_str().expect("a UTF-8 path");
    let on_localnet = |args: &[&str]| {
        let mut all = vec!["--url", "localnet", "--state-dir", state_dir, "--json"];
        all.extend_from_slice(args);
        fulltime(&all)
    };

    let missing = on_localnet(&["market", "999"]);
    assert_eq!(json_of(&missing)["error"], "MarketNotFound", "{missing:?}");

    let unfunded = node.state_dir().join("unfunded.json");
    write_keypair_file(&Keypair::new(), &unfunded).expect("a keypair file");
    let unfunded = unfunded.to_str().expect("a UTF-8 path");
    let no_usdc = on_localnet(&["--keypair", unfunded, "deposit", "0", "yes", "1"]);
    assert_eq!(json_of(&no_usdc)["error"], "NoUsdcAccount", "{no_usdc:?}");

    let faucet_url = closed_port_url();
    let faucet = on_localnet(&["--keypair", wallet, "faucet", "--faucet-url", &faucet_url]);
    assert_eq!(faucet.status.code(), Some(1));
    let endpoint = format!("{faucet_url}/api/faucet");
    assert_eq!(
        json_of(&faucet),
        json!({
            "error": "FaucetUnreachable",
            "code": null,
            "program": null,
            "message": format!("cannot reach the faucet at {endpoint}: connection refused"),
            "action": "Start the faucet, or pass its address with --faucet-url",
            "url": endpoint,
            "cause": "refused",
        })
    );
    drop(node);

    // `--no-bootstrap` loads the program but initializes nothing.
    let bare = LocalnetProcess::start_with(&binary, "cli-uninitialized", &[NO_BOOTSTRAP])
        .expect("localnet ready");
    let output = fulltime(&["--url", &bare.rpc_url(), "--json", "markets"]);
    let report = json_of(&output);
    assert_eq!(report["error"], "ConfigNotFound", "{output:?}");
    assert!(
        report["message"]
            .as_str()
            .is_some_and(|message| message.ends_with("deployed there but not initialized")),
        "{report}"
    );
}
