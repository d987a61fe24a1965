//! HTTP/1.1 written by hand over a socket, so that a test chooses every header and byte, as a
//! hostile client does; and what the node's process holds open, as any local process sees it.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

/// Only so that a node that never answers fails the test instead of hanging it.
const ANSWER_WITHIN: Duration = Duration::from_secs(120);

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, value)| value.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|error| panic!("not JSON ({error}): {self:?}"))
    }
}

/// `Host: 127.0.0.1:<port>` and `Content-Type: application/json`, as a tool sends them.
pub fn tool_headers(port: u16) -> Vec<(String, String)> {
    vec![
        ("Host".into(), format!("127.0.0.1:{port}")),
        ("Content-Type".into(), "application/json".into()),
    ]
}

/// Sends `method` with `headers` (each as given, none added but `Content-Length` when there is
/// a body, and `Connection: close`), reads the whole answer.
pub fn exchange(port: u16, method: &str, headers: &[(String, String)], body: &str) -> Answer {
    let mut request = format!("{method} / HTTP/1.1\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        request.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    request.push_str("Connection: close\r\n\r\n");
    request.push_str(body);
    send_raw(port, request.as_bytes())
}

/// Writes `bytes` as they are and reads the answer until the node closes the connection.
pub fn send_raw(port: u16, bytes: &[u8]) -> Answer {
    let mut stream = connect(port);
    stream.write_all(bytes).expect("the request written");
    read_answer(&mut stream)
}

pub fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("a connection");
    stream
        .set_read_timeout(Some(ANSWER_WITHIN))
        .expect("a read timeout");
    stream
}

/// Everything until the node closes the connection, as one answer.
pub fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut raw = Vec::new();
    if let Err(error) = stream.read_to_end(&mut raw) {
        assert!(
            error.kind() == ErrorKind::ConnectionReset,
            "no answer ({error}) after {:?}",
            String::from_utf8_lossy(&raw)
        );
    }
    parse(&String::from_utf8_lossy(&raw))
}

/// Whether the node closes `stream` (reads an end or a reset before [`ANSWER_WITHIN`]),
/// whatever it writes before.
pub fn closed_by_node(stream: &mut TcpStream) -> bool {
    let mut sink = Vec::new();
    match stream.read_to_end(&mut sink) {
        Ok(_) => true,
        Err(error) => error.kind() == ErrorKind::ConnectionReset,
    }
}

fn parse(raw: &str) -> Answer {
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((raw, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP status in {raw:?}"));
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_owned(),
    }
}

/// A JSON-RPC request as a tool sends it; the answer's JSON.
pub fn rpc(port: u16, request: &Value) -> Value {
    let answer = exchange(port, "POST", &tool_headers(port), &request.to_string());
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.json()
}

/// One call's response.
pub fn call(port: u16, method: &str, params: Value) -> Value {
    rpc(
        port,
        &json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}),
    )
}

/// That the node still answers `getSlot`.
pub fn assert_answers_get_slot(port: u16) {
    let response = call(port, "getSlot", json!([]));
    assert!(response["result"].is_u64(), "getSlot: {response}");
}

/// The error `response` carries: its code and message.
pub fn error_of(response: &Value) -> (i64, String) {
    let code = response["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("no error in {response}"));
    let message = response["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (code, message)
}

/// How many descriptors process `pid` holds open.
pub fn open_descriptors(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .expect("the process's descriptors")
        .count()
}

/// The TCP ports process `pid` listens on, as any process on the machine can list them
/// (`/proc/net/tcp` and the process's descriptors, as `ss -ltnp` does).
pub fn listening_ports(pid: u32) -> BTreeSet<u16> {
    let sockets: BTreeSet<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .expect("the process's descriptors")
        .flatten()
        .filter_map(|entry| std::fs::read_link(entry.path()).ok())
        .filter_map(|target| {
            let target = target.to_string_lossy().into_owned();
            Some(
                target
                    .strip_prefix("socket:[")?
                    .strip_suffix(']')?
                    .to_owned(),
            )
        })
        .collect();
    let mut ports = BTreeSet::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (Some(local), Some(state), Some(inode)) =
                (fields.get(1), fields.get(3), fields.get(9))
            else {
                continue;
            };
            const LISTEN: &str = "0A";
            if *state != LISTEN || !sockets.contains(*inode) {
                continue;
            }
            if let Some(port) = local
                .rsplit(':')
                .next()
                .and_then(|port| u16::from_str_radix(port, 16).ok())
            {
                ports.insert(port);
            }
        }
    }
    ports
}
