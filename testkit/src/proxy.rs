//! A pass-through TCP proxy in front of a node, for tests and benches that must know what went
//! over the wire: it notes the JSON-RPC method of every request that passes (so requests are
//! counted, not assumed), and it can fail as a network does: go silent (the node's bytes are
//! lost on the way) and cut every connection it carries. In front of a WebSocket it only carries,
//! silences and cuts: a client's frames are masked, so no method is seen in them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

/// Forwards TCP between clients and the node at `upstream`, noting JSON-RPC methods.
pub struct CountingProxy {
    url: String,
    methods: Arc<Mutex<Vec<String>>>,
    connections: Arc<Mutex<Vec<AbortHandle>>>,
    silent: Arc<AtomicBool>,
    accepting: AbortHandle,
}

impl CountingProxy {
    /// A proxy on a free local port in front of `upstream` (`http://host:port` or
    /// `ws://host:port`); its [`CountingProxy::url`] has the same scheme.
    pub async fn start(upstream: &str) -> std::io::Result<Self> {
        let (scheme, target) = upstream.split_once("://").ok_or_else(|| {
            std::io::Error::other(format!("not an http:// or ws:// URL: {upstream}"))
        })?;
        let target = target.trim_end_matches('/').to_owned();
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("{scheme}://{}", listener.local_addr()?);
        let methods = Arc::new(Mutex::new(Vec::new()));
        let connections: Arc<Mutex<Vec<AbortHandle>>> = Arc::new(Mutex::new(Vec::new()));
        let silent = Arc::new(AtomicBool::new(false));
        let (noted, carried) = (Arc::clone(&methods), Arc::clone(&connections));
        let lost = Arc::clone(&silent);
        let accepting = tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                let target = target.clone();
                let noted = Arc::clone(&noted);
                let lost = Arc::clone(&lost);
                let connection = tokio::spawn(async move {
                    if let Ok(outbound) = TcpStream::connect(&target).await {
                        let _ = forward(inbound, outbound, noted, lost).await;
                    }
                });
                if let Ok(mut carried) = carried.lock() {
                    carried.retain(|connection| !connection.is_finished());
                    carried.push(connection.abort_handle());
                }
            }
        })
        .abort_handle();
        Ok(Self {
            url,
            methods,
            connections,
            silent,
            accepting,
        })
    }

    /// Where clients connect instead of the node.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The methods seen since the last call.
    pub fn take(&self) -> Vec<String> {
        self.methods
            .lock()
            .map(|mut methods| std::mem::take(&mut *methods))
            .unwrap_or_default()
    }

    /// From now on what the node sends is lost on the way, until [`CountingProxy::cut`].
    pub fn silence(&self) {
        self.silent.store(true, Ordering::SeqCst);
    }

    /// Closes every connection carried now; later ones are carried as before, and heard again.
    pub fn cut(&self) {
        if let Ok(mut carried) = self.connections.lock() {
            for connection in carried.drain(..) {
                connection.abort();
            }
        }
        self.silent.store(false, Ordering::SeqCst);
    }
}

impl Drop for CountingProxy {
    fn drop(&mut self) {
        self.accepting.abort();
        self.cut();
    }
}

/// Carries both ways until either side closes; both sockets close with it (or when the task is
/// aborted). While `silent`, the node's bytes are dropped.
async fn forward(
    inbound: TcpStream,
    outbound: TcpStream,
    methods: Arc<Mutex<Vec<String>>>,
    silent: Arc<AtomicBool>,
) -> std::io::Result<()> {
    let (mut from_client, mut to_client) = inbound.into_split();
    let (mut from_node, mut to_node) = outbound.into_split();
    let answers = async {
        let mut buffer = vec![0_u8; 64 * 1024];
        loop {
            let read = from_node.read(&mut buffer).await?;
            if read == 0 {
                return Ok::<(), std::io::Error>(());
            }
            if !silent.load(Ordering::SeqCst) {
                to_client.write_all(&buffer[..read]).await?;
            }
        }
    };
    let requests = async {
        let mut buffer = vec![0_u8; 64 * 1024];
        // Bytes kept across reads, so a method name split between two reads is still found.
        let mut pending = Vec::new();
        loop {
            let read = from_client.read(&mut buffer).await?;
            if read == 0 {
                return Ok::<(), std::io::Error>(());
            }
            to_node.write_all(&buffer[..read]).await?;
            pending.extend_from_slice(&buffer[..read]);
            let (found, consumed) = methods_in(&pending);
            if !found.is_empty()
                && let Ok(mut methods) = methods.lock()
            {
                methods.extend(found);
            }
            pending.drain(..consumed);
        }
    };
    tokio::select! {
        answered = answers => answered,
        requested = requests => requested,
    }
}

/// The `"method":"…"` names in `bytes`, and how many bytes were fully scanned.
fn methods_in(bytes: &[u8]) -> (Vec<String>, usize) {
    const KEY: &[u8] = b"\"method\":\"";
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = bytes[at..]
        .windows(KEY.len())
        .position(|window| window == KEY)
    {
        let name_start = at + offset + KEY.len();
        let Some(length) = bytes[name_start..].iter().position(|&byte| byte == b'"') else {
            return (found, at + offset);
        };
        found.push(String::from_utf8_lossy(&bytes[name_start..name_start + length]).into_owned());
        at = name_start + length;
    }
    (found, bytes.len().saturating_sub(KEY.len()).max(at))
}

#[cfg(test)]
mod tests {
    use super::methods_in;

    #[test]
    fn methods_are_found_across_reads() {
        let body = br#"{"jsonrpc":"2.0","id":1,"method":"getBalance"}{"method":"getSlot"}"#;
        assert_eq!(
            methods_in(body).0,
            ["getBalance", "getSlot"].map(String::from)
        );
        // Split inside the second name: the first is counted once, the second once complete.
        let split = body.len() - 6;
        let (found, consumed) = methods_in(&body[..split]);
        assert_eq!(found, ["getBalance"].map(String::from));
        let mut pending = body[consumed..split].to_vec();
        pending.extend_from_slice(&body[split..]);
        assert_eq!(methods_in(&pending).0, ["getSlot"].map(String::from));
    }
}
