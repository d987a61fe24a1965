//! The faucet's one endpoint, `POST <url>/api/faucet`, as the published contract defines it,
//! and which faucet a session asks.

use std::path::Path;
use std::time::Duration;

use anchor_lang::prelude::Pubkey;
use fulltime_files::stack_record::StackRecord;
use serde::{Deserialize, Serialize};

use crate::cluster::Cluster;
use crate::unreachable::Cause;

/// Where `faucet` listens when started locally.
pub const DEFAULT_FAUCET_URL: &str = "http://127.0.0.1:8080";

/// The faucet's base URL for a session on `cluster` with `state_dir`, in this order: `chosen`
/// (`--faucet-url` or `FULLTIME_FAUCET_URL`); the faucet of the stack running from `state_dir`
/// (its `stack.json`, while that faucet runs), wherever `fulltime-stack --faucet-port` put it,
/// when `cluster` is that stack's node; else [`DEFAULT_FAUCET_URL`].
pub fn faucet_base_url(chosen: Option<&str>, cluster: &Cluster, state_dir: &Path) -> String {
    if let Some(url) = chosen {
        return url.to_owned();
    }
    let recorded = StackRecord::load(state_dir).ok().flatten();
    recorded
        .as_ref()
        .filter(|record| is_the_stacks_node(cluster, record))
        .and_then(StackRecord::running_faucet_url)
        .unwrap_or(DEFAULT_FAUCET_URL)
        .to_owned()
}

/// The stack's faucet mints for the stack's node only: `localnet` (found through the same state
/// directory's `env.json`) or the node's JSON-RPC URL as the record has it, never devnet's or
/// mainnet's wallets.
fn is_the_stacks_node(cluster: &Cluster, record: &StackRecord) -> bool {
    match cluster {
        Cluster::Localnet => true,
        Cluster::Custom(url) => url.trim_end_matches('/') == record.rpc_url.trim_end_matches('/'),
        Cluster::Devnet | Cluster::Mainnet => false,
    }
}

/// The faucet's one endpoint as a string literal, for `concat!` (the faucet's `--help` and log
/// line); use [`FAUCET_PATH`] elsewhere.
#[macro_export]
macro_rules! faucet_path {
    () => {
        "/api/faucet"
    };
}

/// The faucet's one endpoint, under its base URL.
pub const FAUCET_PATH: &str = faucet_path!();

/// What the `faucet` binary logs once it listens; `fulltime-stack` waits for it.
pub const SERVING: &str = concat!("serving POST ", faucet_path!());

const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// The 200 body, as the faucet serves it and the client reads it: the mint transaction, the
/// amount in base units and the test USDC mint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaucetGrant {
    pub signature: String,
    pub amount: u64,
    pub mint: String,
}

/// The body of every error answer.
#[derive(Deserialize)]
struct ErrorBody {
    error: String,
    message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum FaucetError {
    /// No answer came: see [`Cause`].
    #[error("cannot reach the faucet at {url}: {cause}")]
    Unreachable { url: String, cause: Cause },
    /// A 4xx or 5xx answer with the contract's JSON error body.
    #[error("{message}")]
    Refused {
        status: u16,
        error: String,
        message: String,
        /// From `Retry-After` on a 429.
        retry_after_secs: Option<u64>,
    },
    #[error("the faucet at {url} answered {status} with an unexpected body: {body}")]
    UnexpectedResponse {
        url: String,
        status: u16,
        body: String,
    },
}

/// Asks the faucet at `faucet_url` to mint test USDC to `wallet`.
pub async fn request_test_usdc(
    faucet_url: &str,
    wallet: &Pubkey,
) -> Result<FaucetGrant, FaucetError> {
    let url = format!("{}{FAUCET_PATH}", faucet_url.trim_end_matches('/'));
    let unreachable = |error: reqwest::Error| FaucetError::Unreachable {
        url: url.clone(),
        cause: Cause::of_http(&error, REQUEST_TIMEOUT).unwrap_or_else(|| Cause::Other {
            reason: error.to_string(),
        }),
    };
    let response = reqwest::Client::new()
        .post(&url)
        .timeout(REQUEST_TIMEOUT)
        .json(&serde_json::json!({ "wallet": wallet.to_string() }))
        .send()
        .await
        .map_err(unreachable)?;
    let status = response.status();
    let retry_after_secs = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse().ok());
    let body = response.text().await.map_err(unreachable)?;
    let unexpected = || FaucetError::UnexpectedResponse {
        url: url.clone(),
        status: status.as_u16(),
        body: body.clone(),
    };
    if status.is_success() {
        return serde_json::from_str(&body).map_err(|_| unexpected());
    }
    let refusal: ErrorBody = serde_json::from_str(&body).map_err(|_| unexpected())?;
    Err(FaucetError::Refused {
        status: status.as_u16(),
        error: refusal.error,
        message: refusal.message,
        retry_after_secs,
    })
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;
    use tokio::task::JoinHandle;

    use super::*;
    use crate::loopback::{closed_port_url, content_length};
    use crate::sample::{stack_record, state_dir_with, this_process};

    fn http(status: &str, extra_headers: &str, body: &str) -> String {
        format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n{extra_headers}\r\n{body}",
            body.len()
        )
    }

    /// Whether `request` holds its headers and the whole body they announce.
    fn complete(request: &[u8]) -> bool {
        let text = String::from_utf8_lossy(request);
        let Some((head, body)) = text.split_once("\r\n\r\n") else {
            return false;
        };
        body.len() >= content_length(head)
    }

    /// A server that answers one request with `response` and hands back the request it got.
    async fn serve_once(response: String) -> (String, JoinHandle<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let server = tokio::spawn(async move {
            let (mut stream, _) = listener.accept().await.expect("accept");
            let mut request = Vec::new();
            let mut buffer = [0; 4096];
            while !complete(&request) {
                let read = stream.read(&mut buffer).await.expect("read");
                if read == 0 {
                    break;
                }
                request.extend_from_slice(&buffer[..read]);
            }
            stream.write_all(response.as_bytes()).await.expect("write");
            String::from_utf8_lossy(&request).into_owned()
        });
        (url, server)
    }

    #[test]
    fn a_chosen_url_wins_then_the_running_stacks_faucet_then_the_default() {
        let record = stack_record(this_process(), "http://127.0.0.1:18181", "http://t:1");
        let dir = state_dir_with("faucet-url", &record);
        let url = |chosen, cluster| faucet_base_url(chosen, &cluster, &dir);
        assert_eq!(url(None, Cluster::Localnet), "http://127.0.0.1:18181");
        assert_eq!(url(Some("http://f:9"), Cluster::Localnet), "http://f:9");
        // The stack's faucet mints for the stack's node, never another cluster's wallets.
        let node = Cluster::Custom(format!("{}/", record.rpc_url));
        assert_eq!(url(None, node), "http://127.0.0.1:18181");
        assert_eq!(url(None, Cluster::Devnet), DEFAULT_FAUCET_URL);
        let other = Cluster::Custom("http://10.0.0.2:8899".into());
        assert_eq!(url(None, other), DEFAULT_FAUCET_URL);

        // A record a killed supervisor left: its faucet's pid runs nothing now.
        let mut gone = std::process::Command::new("true").spawn().expect("true");
        let mut stale = record.clone();
        stale.faucet.pid = gone.id();
        gone.wait().expect("reap true");
        stale.save(&dir).expect("stack.json");
        assert_eq!(url(None, Cluster::Localnet), DEFAULT_FAUCET_URL);

        std::fs::write(StackRecord::path_in(&dir), "not a record").expect("write");
        assert_eq!(url(None, Cluster::Localnet), DEFAULT_FAUCET_URL);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(url(None, Cluster::Localnet), DEFAULT_FAUCET_URL);
    }

    #[tokio::test]
    async fn a_grant_is_the_200_body() {
        let body = r#"{"signature":"5VER","amount":1000000000,"mint":"M1nt"}"#;
        let (url, server) = serve_once(http("200 OK", "", body)).await;
        let wallet = Pubkey::new_unique();
        let grant = request_test_usdc(&format!("{url}/"), &wallet)
            .await
            .expect("granted");
        assert_eq!(
            grant,
            FaucetGrant {
                signature: "5VER".into(),
                amount: 1_000_000_000,
                mint: "M1nt".into()
            }
        );
        let request = server.await.expect("server");
        assert!(
            request.starts_with("POST /api/faucet HTTP/1.1\r\n"),
            "{request}"
        );
        assert!(
            request.ends_with(&format!(r#"{{"wallet":"{wallet}"}}"#)),
            "{request}"
        );
    }

    #[tokio::test]
    async fn a_refusal_carries_status_code_message_and_retry_after() {
        let body = r#"{"error":"cooldown","message":"wait 27 s"}"#;
        let response = http("429 Too Many Requests", "Retry-After: 27\r\n", body);
        let (url, _server) = serve_once(response).await;
        let error = request_test_usdc(&url, &Pubkey::new_unique())
            .await
            .expect_err("refused");
        assert!(
            matches!(
                &error,
                FaucetError::Refused { status: 429, error, message, retry_after_secs: Some(27) }
                    if error == "cooldown" && message == "wait 27 s"
            ),
            "{error:?}"
        );
        assert_eq!(error.to_string(), "wait 27 s");
    }

    #[tokio::test]
    async fn a_body_not_in_the_contract_shape_is_unexpected() {
        let (url, _server) = serve_once(http("500 Internal Server Error", "", "oops")).await;
        let error = request_test_usdc(&url, &Pubkey::new_unique())
            .await
            .expect_err("unexpected");
        assert!(
            matches!(&error, FaucetError::UnexpectedResponse { status: 500, body, .. } if body == "oops"),
            "{error:?}"
        );
    }

    #[tokio::test]
    async fn no_faucet_is_unreachable_refused() {
        let url = closed_port_url();
        let error = request_test_usdc(&url, &Pubkey::new_unique())
            .await
            .expect_err("unreachable");
        assert!(
            matches!(
                &error,
                FaucetError::Unreachable {
                    cause: Cause::Refused,
                    ..
                }
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!("cannot reach the faucet at {url}/api/faucet: connection refused")
        );
    }

    #[tokio::test]
    async fn a_faucet_host_that_never_resolves_is_unreachable_by_dns() {
        let error = request_test_usdc(
            "http://fulltime-no-such-host.invalid:8080",
            &Pubkey::new_unique(),
        )
        .await
        .expect_err("unreachable");
        assert_eq!(
            error.to_string(),
            "cannot reach the faucet at http://fulltime-no-such-host.invalid:8080/api/faucet: DNS \
             lookup of fulltime-no-such-host.invalid failed"
        );
    }
}
