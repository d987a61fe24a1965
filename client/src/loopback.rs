//! Loopback servers for this crate's unit tests of unreachable URLs and absent programs: a port
//! where nothing listens, a listener that never answers, one that hangs up, a server with one
//! fixed answer, and a JSON-RPC node whose answers the test decides.

use std::net::TcpListener as StdListener;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// An `http://127.0.0.1:PORT` URL where nothing listens: a port bound, then let go.
pub fn closed_port_url() -> String {
    let listener = StdListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    drop(listener);
    url
}

/// The `127.0.0.1:PORT` of a listener that accepts connections, holds them and never writes a
/// byte: a node that hangs.
pub async fn black_hole() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address").to_string();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    address
}

/// The `127.0.0.1:PORT` of a server that reads what a connection sends first, then writes
/// `answer` and closes.
pub async fn answering(answer: &'static str) -> String {
    serve(move |_| answer.to_owned()).await
}

/// The `127.0.0.1:PORT` of a server that reads each request and hangs up without answering.
pub async fn hanging_up() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address").to_string();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            read_request(&mut stream).await;
        }
    });
    address
}

/// The URL of a JSON-RPC node that answers each request with `result(method, params)`.
pub async fn json_rpc_node(
    result: impl Fn(&str, &serde_json::Value) -> serde_json::Value + Send + Sync + 'static,
) -> String {
    let address = serve(move |request| {
        let body = request
            .split_once("\r\n\r\n")
            .map_or("", |(_, body)| body)
            .to_owned();
        let request: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        let method = request["method"].as_str().unwrap_or_default();
        let answer = serde_json::json!({
            "jsonrpc": "2.0",
            "id": request["id"],
            "result": result(method, &request["params"]),
        })
        .to_string();
        format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{answer}",
            answer.len()
        )
    })
    .await;
    format!("http://{address}")
}

/// The URL of an HTTP server that answers each request (its head and body, as text) with the
/// status and JSON body `answer` gives.
pub async fn http_server(answer: impl Fn(&str) -> (u16, String) + Send + Sync + 'static) -> String {
    let address = serve(move |request| {
        let (status, body) = answer(request);
        format!(
            "HTTP/1.1 {status} Answer\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            body.len()
        )
    })
    .await;
    format!("http://{address}")
}

/// `getAccountInfo`'s answer for `account` (a JSON account, or `null`).
pub fn account_answer(account: serde_json::Value) -> serde_json::Value {
    serde_json::json!({ "context": { "slot": 1 }, "value": account })
}

async fn serve(answer: impl Fn(&str) -> String + Send + Sync + 'static) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address").to_string();
    let answer = Arc::new(answer);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let answer = Arc::clone(&answer);
            tokio::spawn(async move {
                let request = read_request(&mut stream).await;
                let _ = stream.write_all(answer(&request).as_bytes()).await;
                // Read on until the client hangs up: closing with its bytes unread would reset
                // the connection before it read the answer.
                let _ = stream.read_to_end(&mut Vec::new()).await;
            });
        }
    });
    address
}

/// An HTTP request's head and the body its `content-length` announces, or the first bytes of
/// anything else (a TLS handshake).
async fn read_request(stream: &mut TcpStream) -> String {
    let mut request = Vec::new();
    let mut buffer = [0; 4096];
    while let Ok(read) = stream.read(&mut buffer).await
        && read > 0
    {
        request.extend_from_slice(&buffer[..read]);
        let text = String::from_utf8_lossy(&request);
        let Some((head, body)) = text.split_once("\r\n\r\n") else {
            if !text.starts_with("POST") && !text.starts_with("GET") {
                break;
            }
            continue;
        };
        if body.len() >= content_length(head) {
            break;
        }
    }
    String::from_utf8_lossy(&request).into_owned()
}

/// The body length an HTTP request's head announces (`content-length`), 0 when it announces none.
pub fn content_length(head: &str) -> usize {
    head.lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0)
}
