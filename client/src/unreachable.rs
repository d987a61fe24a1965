//! Why a URL could not be reached: the node's JSON-RPC or the faucet's HTTP, whose failures come
//! as reqwest errors. A request that got no answer at all (refused, timed out, a name that does not
//! resolve, a TLS handshake that failed, a connection dropped before the answer) is told apart here
//! from an answer the caller did not like, in the one module that looks inside reqwest's and
//! hyper's errors.

use std::error::Error as StdError;
use std::fmt;
use std::io;
use std::time::Duration;

use solana_rpc_client_api::client_error::{Error as RpcClientError, ErrorKind};

/// Why a URL could not be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Nothing listens at the address.
    Refused,
    /// No answer within the client's timeout.
    TimedOut { after: Duration },
    /// The host's name does not resolve (or there is no DNS to ask: offline).
    Dns { host: String },
    /// The TLS handshake failed, in rustls's words.
    Tls { reason: String },
    /// Anything else on the way, in the words of its innermost error.
    Other { reason: String },
}

impl Cause {
    /// Why `error` got no answer from the node; `None` when the node answered (an RPC error, a
    /// body that does not parse, an HTTP status), which is not a matter of reaching it.
    pub fn of_rpc(error: &RpcClientError, timeout: Duration) -> Option<Self> {
        match error.kind() {
            ErrorKind::Reqwest(error) => Self::of_http(error, timeout),
            ErrorKind::Io(error) => Some(Self::of_io(error)),
            _ => None,
        }
    }

    /// Why `error` got no answer over HTTP; `None` when an answer came (a status, a body).
    pub fn of_http(error: &reqwest::Error, timeout: Duration) -> Option<Self> {
        if error.is_timeout() {
            return Some(Self::TimedOut { after: timeout });
        }
        if !error.is_connect() && !error.is_request() {
            return None;
        }
        let causes: Vec<&(dyn StdError + 'static)> = causes(error).collect();
        if causes.iter().any(|cause| is_refusal(*cause)) {
            return Some(Self::Refused);
        }
        if let Some(tls) = causes
            .iter()
            .find_map(|cause| cause.downcast_ref::<rustls::Error>())
        {
            return Some(Self::Tls {
                reason: tls.to_string(),
            });
        }
        // hyper-util's connector names a failed lookup only in its words, "dns error".
        if error.is_connect() && causes.iter().any(|cause| cause.to_string() == "dns error") {
            let host = error.url().and_then(|url| url.host_str()).unwrap_or("");
            return Some(Self::Dns {
                host: host.to_owned(),
            });
        }
        let innermost = causes
            .last()
            .map_or_else(|| error.to_string(), |cause| cause.to_string());
        Some(Self::Other { reason: innermost })
    }

    fn of_io(error: &io::Error) -> Self {
        match error.kind() {
            io::ErrorKind::ConnectionRefused => Self::Refused,
            _ => Self::Other {
                reason: error.to_string(),
            },
        }
    }

    /// The cause as one word for scripts: `refused`, `timed_out`, `dns`, `tls` or `other`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Refused => "refused",
            Self::TimedOut { .. } => "timed_out",
            Self::Dns { .. } => "dns",
            Self::Tls { .. } => "tls",
            Self::Other { .. } => "other",
        }
    }
}

/// `connection refused`, `timed out after 30 s`, `DNS lookup of api.devnet.solana.com failed`...
impl fmt::Display for Cause {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Refused => formatter.write_str("connection refused"),
            Self::TimedOut { after } if after.subsec_nanos() == 0 => {
                write!(formatter, "timed out after {} s", after.as_secs())
            }
            Self::TimedOut { after } => {
                write!(formatter, "timed out after {} ms", after.as_millis())
            }
            Self::Dns { host } => write!(formatter, "DNS lookup of {host} failed"),
            Self::Tls { reason } => write!(formatter, "TLS handshake failed: {reason}"),
            Self::Other { reason } => formatter.write_str(reason),
        }
    }
}

/// `error` and the errors under it, outermost first. An `io::Error` that wraps another (as
/// tokio-rustls wraps rustls's) is followed into what it wraps: its own `source` skips that.
fn causes<'a>(
    error: &'a (dyn StdError + 'static),
) -> impl Iterator<Item = &'a (dyn StdError + 'static)> {
    std::iter::successors(Some(error), |&error| {
        match error.downcast_ref::<io::Error>() {
            Some(io) => io.get_ref().map(|inner| inner as &(dyn StdError + 'static)),
            None => error.source(),
        }
    })
}

fn is_refusal(error: &(dyn StdError + 'static)) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|io| io.kind() == io::ErrorKind::ConnectionRefused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopback::{answering, black_hole, closed_port_url, hanging_up};

    /// The cause of a GET of `url` with `timeout`.
    async fn cause_of_get(url: &str, timeout: Duration) -> Option<Cause> {
        let error = reqwest::Client::new()
            .get(url)
            .timeout(timeout)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect_err("no answer");
        Cause::of_http(&error, timeout)
    }

    const LONG: Duration = Duration::from_secs(30);

    #[tokio::test]
    async fn a_closed_port_is_refused() {
        let cause = cause_of_get(&closed_port_url(), LONG).await;
        assert_eq!(cause, Some(Cause::Refused));
        assert_eq!(Cause::Refused.to_string(), "connection refused");
    }

    #[tokio::test]
    async fn a_host_that_never_resolves_is_a_dns_failure() {
        // `.invalid` is reserved never to resolve (RFC 2606).
        let cause = cause_of_get("http://fulltime-no-such-host.invalid:8899", LONG).await;
        assert_eq!(
            cause,
            Some(Cause::Dns {
                host: "fulltime-no-such-host.invalid".into()
            })
        );
        assert_eq!(
            cause.expect("a cause").to_string(),
            "DNS lookup of fulltime-no-such-host.invalid failed"
        );
    }

    #[tokio::test]
    async fn a_listener_that_never_answers_times_out() {
        let url = format!("http://{}", black_hole().await);
        let timeout = Duration::from_millis(300);
        let cause = cause_of_get(&url, timeout).await;
        assert_eq!(cause, Some(Cause::TimedOut { after: timeout }));
        assert_eq!(
            cause.expect("a cause").to_string(),
            "timed out after 300 ms"
        );
        assert_eq!(
            Cause::TimedOut { after: LONG }.to_string(),
            "timed out after 30 s"
        );
    }

    #[tokio::test]
    async fn tls_to_a_plain_http_server_fails_its_handshake() {
        let address = answering("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n").await;
        let cause = cause_of_get(&format!("https://{address}"), LONG).await;
        assert!(
            matches!(&cause, Some(Cause::Tls { reason }) if !reason.is_empty()),
            "{cause:?}"
        );
        let words = cause.expect("a cause").to_string();
        assert!(words.starts_with("TLS handshake failed: "), "{words}");
    }

    #[tokio::test]
    async fn a_connection_closed_before_the_answer_says_so() {
        let address = hanging_up().await;
        let cause = cause_of_get(&format!("http://{address}"), LONG).await;
        assert!(
            matches!(&cause, Some(Cause::Other { reason }) if reason.contains("closed")),
            "{cause:?}"
        );
    }

    #[tokio::test]
    async fn an_answer_is_not_a_failure_to_reach() {
        let address =
            answering("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                .await;
        assert_eq!(cause_of_get(&format!("http://{address}"), LONG).await, None);
    }

    #[test]
    fn each_cause_has_its_code() {
        let codes = [
            Cause::Refused,
            Cause::TimedOut { after: LONG },
            Cause::Dns { host: "h".into() },
            Cause::Tls { reason: "r".into() },
            Cause::Other { reason: "r".into() },
        ]
        .map(|cause| cause.code());
        assert_eq!(codes, ["refused", "timed_out", "dns", "tls", "other"]);
    }
}
