//! A pass-through TCP proxy in front of the node that notes the JSON-RPC method of every
//! request, so a reading's requests are counted, not assumed.

use std::sync::{Arc, Mutex};

use color_eyre::eyre::{Result, eyre};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Forwards HTTP between the client and the node and notes the JSON-RPC method of every
/// request that passes, so a reading's requests are counted, not assumed.
pub struct CountingProxy {
    pub url: String,
    methods: Arc<Mutex<Vec<String>>>,
}

impl CountingProxy {
    pub async fn start(upstream: &str) -> Result<Self> {
        let target = upstream
            .strip_prefix("http://")
            .ok_or_else(|| eyre!("not an http:// URL: {upstream}"))?
            .trim_end_matches('/')
            .to_string();
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}", listener.local_addr()?);
        let methods = Arc::new(Mutex::new(Vec::new()));
        let noted = Arc::clone(&methods);
        tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                let target = target.clone();
                let noted = Arc::clone(&noted);
                tokio::spawn(async move {
                    if let Ok(outbound) = TcpStream::connect(&target).await {
                        let _ = forward(inbound, outbound, noted).await;
                    }
                });
            }
        });
        Ok(Self { url, methods })
    }

    /// The methods seen since the last call.
    pub fn take(&self) -> Vec<String> {
        self.methods
            .lock()
            .map(|mut methods| std::mem::take(&mut *methods))
            .unwrap_or_default()
    }
}

async fn forward(
    inbound: TcpStream,
    outbound: TcpStream,
    methods: Arc<Mutex<Vec<String>>>,
) -> std::io::Result<()> {
    let (mut from_client, mut to_client) = inbound.into_split();
    let (mut from_node, mut to_node) = outbound.into_split();
    let answers =
        tokio::spawn(async move { tokio::io::copy(&mut from_node, &mut to_client).await });
    let mut buffer = vec![0_u8; 64 * 1024];
    // Bytes kept across reads, so a method name split between two reads is still found.
    let mut pending = Vec::new();
    loop {
        let read = from_client.read(&mut buffer).await?;
        if read == 0 {
            break;
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
    answers.abort();
    Ok(())
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
