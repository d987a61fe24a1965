//! The real server on a free loopback port, and a raw HTTP/1.1 client over TCP that can also
//! misbehave: send half a request, trickle it, or say nothing.

use std::{
    net::{IpAddr, Ipv4Addr, SocketAddr},
    time::Duration,
};

use fulltime_faucet::{AppState, ConnectionLimits, app, serve};
use serde_json::Value;
use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWriteExt},
    net::{TcpSocket, TcpStream},
    sync::oneshot,
    task::JoinHandle,
};

/// Generous: the point is that an answer or a close comes, not how fast.
pub const WITHIN: Duration = Duration::from_secs(30);

/// A request line and half a header, never finished.
pub const HALF_REQUEST: &[u8] = b"POST /api/faucet HTTP/1.1\r\nHost: faucet\r\nContent-Ty";

/// Whole headers of a request whose 60-byte body never follows.
pub const HEADERS_ONLY: &[u8] = b"POST /api/faucet HTTP/1.1\r\nHost: faucet\r\n\
    Content-Type: application/json\r\nContent-Length: 60\r\n\r\n";

/// The loopback address connections come from unless bound to another.
pub const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
/// Another peer address: all of 127.0.0.0/8 reaches the loopback on Linux.
pub const OTHER_LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// `serve` on 127.0.0.1, port chosen by the system, until [`Server::stop`].
pub struct Server {
    pub address: SocketAddr,
    shutdown_timeout: Duration,
    stop: oneshot::Sender<()>,
    served: JoinHandle<()>,
}

impl Server {
    pub async fn start(state: AppState, limits: ConnectionLimits) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("address");
        let (stop, stopped) = oneshot::channel::<()>();
        let shutdown = async move {
            let _ = stopped.await;
        };
        let served = tokio::spawn(serve(listener, app(state), limits, shutdown));
        Self {
            address,
            shutdown_timeout: limits.shutdown_timeout,
            stop,
            served,
        }
    }

    /// Sends the shutdown signal; the handle completes when `serve` returns.
    pub fn signal_shutdown(self) -> JoinHandle<()> {
        let _ = self.stop.send(());
        self.served
    }

    /// Shuts the server down and waits for `serve` to return, by its deadline.
    pub async fn stop(self) {
        let within = self.shutdown_timeout + WITHIN;
        tokio::time::timeout(within, self.signal_shutdown())
            .await
            .expect("serve returns by the shutdown deadline")
            .expect("serve does not panic");
    }
}

pub struct RawAnswer {
    pub status: u16,
    /// The status line and headers, as received.
    pub head: String,
    pub body: Value,
}

impl RawAnswer {
    pub fn error_code(&self) -> &str {
        self.body["error"].as_str().unwrap_or_default()
    }

    /// The value of the header `name` (any case), if the answer has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        header_value(&self.head, name)
    }
}

fn header_value<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (field, value) = line.split_once(':')?;
        field.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// `POST /api/faucet` with a JSON body; `Connection: close` unless `keep_alive`.
pub fn faucet_request(body: &str, keep_alive: bool) -> Vec<u8> {
    let connection = if keep_alive { "keep-alive" } else { "close" };
    format!(
        "POST /api/faucet HTTP/1.1\r\nHost: faucet\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: {connection}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

pub fn wallet_body(wallet: &impl std::fmt::Display) -> String {
    format!(r#"{{"wallet":"{wallet}"}}"#)
}

pub async fn connect(address: SocketAddr) -> TcpStream {
    TcpStream::connect(address).await.expect("connect")
}

/// A connection from `source` (any 127.0.0.0/8 address reaches the loopback on Linux).
pub async fn connect_from(source: IpAddr, address: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::new(source, 0))
        .expect("bind the source");
    socket.connect(address).await.expect("connect")
}

/// Sends `request` on `stream` and reads one answer.
pub async fn exchange(stream: &mut TcpStream, request: &[u8]) -> RawAnswer {
    stream.write_all(request).await.expect("send the request");
    read_answer(stream).await
}

/// One request on a connection of its own, answered within [`WITHIN`].
pub async fn ask(address: SocketAddr, body: &str) -> RawAnswer {
    ask_from(LOOPBACK, address, body).await
}

/// [`ask`] from the peer address `source`.
pub async fn ask_from(source: IpAddr, address: SocketAddr, body: &str) -> RawAnswer {
    tokio::time::timeout(WITHIN, async {
        let mut stream = connect_from(source, address).await;
        exchange(&mut stream, &faucet_request(body, false)).await
    })
    .await
    .expect("an answer within the bound")
}

/// Reads one answer: its head, then as many body bytes as `Content-Length` says.
pub async fn read_answer(stream: &mut (impl AsyncRead + Unpin)) -> RawAnswer {
    let mut received = Vec::new();
    let head_end = loop {
        if let Some(end) = received.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        read_more(stream, &mut received).await;
    };
    let head = String::from_utf8_lossy(&received[..head_end]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {head}"));
    let length: usize = header_value(&head, "content-length")
        .and_then(|length| length.parse().ok())
        .unwrap_or_else(|| panic!("no Content-Length: {head}"));
    while received.len() < head_end + length {
        read_more(stream, &mut received).await;
    }
    let body = serde_json::from_slice(&received[head_end..head_end + length]).unwrap_or_default();
    RawAnswer { status, head, body }
}

async fn read_more(stream: &mut (impl AsyncRead + Unpin), received: &mut Vec<u8>) {
    let mut chunk = [0; 4096];
    let read = stream.read(&mut chunk).await.expect("read the answer");
    assert!(read > 0, "closed before a whole answer");
    received.extend_from_slice(&chunk[..read]);
}

/// Completes when the server has closed `stream`: end of file, or a reset.
pub async fn closed_by_server(stream: &mut TcpStream) {
    let mut chunk = [0; 1024];
    loop {
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// Whether the server has left `stream` open: nothing to read, and no end of file.
pub fn still_open(stream: &TcpStream) -> bool {
    let mut chunk = [0; 1];
    matches!(stream.try_read(&mut chunk), Err(error) if error.kind() == std::io::ErrorKind::WouldBlock)
}

/// `count` connections that send [`HALF_REQUEST`] and then nothing.
pub async fn slow_clients(address: SocketAddr, count: usize) -> Vec<TcpStream> {
    clients_from(LOOPBACK, address, HALF_REQUEST, count).await
}

/// `count` connections from the peer address `source` that send `sent` and then nothing.
pub async fn clients_from(
    source: IpAddr,
    address: SocketAddr,
    sent: &[u8],
    count: usize,
) -> Vec<TcpStream> {
    let mut clients = Vec::with_capacity(count);
    for _ in 0..count {
        let mut stream = connect_from(source, address).await;
        stream.write_all(sent).await.expect("send");
        clients.push(stream);
    }
    clients
}

/// Both ends of every connection are in this process: lifts the soft limit on file descriptors
/// to the hard one, in case it is as low as 1024.
pub fn raise_fd_limit() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}
