//! Loopback means this machine's own tools, not a web page open in a browser on it: the rule
//! both fronts (JSON-RPC and WebSocket) apply to a request's headers before anything else.
//!
//! A page cannot open a socket of its own, but its browser sends what the page asks to any
//! address, loopback included. Two headers tell such a request apart, and a page can forge
//! neither: `Host`, which after a DNS rebinding names the page's own domain, not the loopback;
//! and `Origin`, which a browser adds to every cross-origin request (and to every WebSocket
//! handshake). A tool (curl, a Solana SDK in Node or Rust, `fulltime`) sends the loopback
//! address it connected to as `Host`, and no `Origin`. A `text/plain` POST is the one kind a
//! page may send with no preflight whatever its `Origin` says, so a POST must say it is JSON.
//!
//! Any port goes with a loopback name: a page can make its browser send a loopback `Host` only
//! when it is served from that address itself, and then its request to the node is cross-origin
//! and carries an `Origin`; while a proxy or a tunnel on this machine (the test kit's counting
//! proxy, `ssh -L`) sends the port it listens on.

use std::fmt;

use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, StatusCode};

/// The names under which the node's fronts are reached on this machine.
const LOOPBACK_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// How much of a refused header's text a refusal repeats.
const QUOTED_CHARS: usize = 120;

/// Which requests a front accepts: addressed to a loopback name, from a tool or from a web page
/// `--allow-origin` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopbackPolicy {
    /// Where the front listens, which a refusal names.
    ports: Vec<u16>,
    /// As [`normalize_origin`] leaves them.
    allow_origins: Vec<String>,
}

/// Why a request was refused before it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopbackRefusal {
    /// No `Host` header, or more than one (HTTP/1.1 requires exactly one).
    NoHost,
    /// A `Host` that is not a loopback name of this machine: a page whose domain was rebound
    /// to 127.0.0.1, or a request meant for another server.
    ForeignHost { host: String, ports: Vec<u16> },
    /// An `Origin` (a web page's, or `null`) that `--allow-origin` does not name.
    Origin(String),
    /// A POST whose body is not declared `application/json`.
    NotJson { content_type: Option<String> },
}

impl LoopbackPolicy {
    /// The policy of a front listening on `ports` (each front passes its own, which its
    /// refusals name), accepting the web pages `allow_origins` names (`--allow-origin`;
    /// compared as [`normalize_origin`] leaves them).
    pub fn new(ports: impl IntoIterator<Item = u16>, allow_origins: &[String]) -> Self {
        Self {
            ports: ports.into_iter().collect(),
            allow_origins: allow_origins
                .iter()
                .map(|origin| normalize_origin(origin))
                .collect(),
        }
    }

    /// Whether a request with these headers comes from this machine's own tools (or a page
    /// `--allow-origin` names): its one `Host` is a loopback name, with a port or none, and it
    /// carries no `Origin` but an allowed one.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), LoopbackRefusal> {
        let mut hosts = headers.get_all(header::HOST).iter();
        let (Some(host), None) = (hosts.next(), hosts.next()) else {
            return Err(LoopbackRefusal::NoHost);
        };
        if !is_loopback_host(host) {
            return Err(LoopbackRefusal::ForeignHost {
                host: quoted(host),
                ports: self.ports.clone(),
            });
        }
        for origin in headers.get_all(header::ORIGIN) {
            let allowed = origin.to_str().is_ok_and(|origin| {
                let origin = normalize_origin(origin);
                self.allow_origins.contains(&origin)
            });
            if !allowed {
                return Err(LoopbackRefusal::Origin(quoted(origin)));
            }
        }
        Ok(())
    }

    /// [`Self::check`], and for a POST its body declared JSON (`application/json`, parameters
    /// such as `charset` allowed), as a validator's JSON-RPC server requires.
    pub fn check_request(
        &self,
        method: &Method,
        headers: &HeaderMap,
    ) -> Result<(), LoopbackRefusal> {
        self.check(headers)?;
        if *method == Method::POST && !is_json(headers.get(header::CONTENT_TYPE)) {
            return Err(LoopbackRefusal::NotJson {
                content_type: headers.get(header::CONTENT_TYPE).map(quoted),
            });
        }
        Ok(())
    }
}

/// Whether `host` is `localhost`, `127.0.0.1` or `[::1]`, with a port or none.
fn is_loopback_host(host: &HeaderValue) -> bool {
    let Ok(host) = host.to_str() else {
        return false;
    };
    let (name, port) = match host.rfind(':') {
        // `[::1]` holds colons of its own: a port comes after the bracket.
        Some(colon) if !host[colon..].contains(']') => (&host[..colon], Some(&host[colon + 1..])),
        _ => (host, None),
    };
    let port_is_one = port.is_none_or(|port| {
        !port.is_empty()
            && port.bytes().all(|digit| digit.is_ascii_digit())
            && port.parse::<u16>().is_ok()
    });
    port_is_one
        && LOOPBACK_NAMES
            .iter()
            .any(|loopback| name.eq_ignore_ascii_case(loopback))
}

impl LoopbackRefusal {
    /// The HTTP status a refusal is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::NoHost => StatusCode::BAD_REQUEST,
            Self::ForeignHost { .. } | Self::Origin(_) => StatusCode::FORBIDDEN,
            Self::NotJson { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        }
    }
}

impl fmt::Display for LoopbackRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoHost => write!(
                f,
                "refused: the request has no Host header (or several); this node answers \
                 requests addressed to {}",
                LOOPBACK_NAMES.join(", ")
            ),
            Self::ForeignHost { host, ports } => {
                let ports = ports
                    .iter()
                    .map(u16::to_string)
                    .collect::<Vec<_>>()
                    .join(" or ");
                write!(
                    f,
                    "refused: Host {host} is not this node's loopback address ({}; this front \
                     listens on 127.0.0.1:{ports}); a web page whose domain points at 127.0.0.1 \
                     is not one of this machine's tools",
                    LOOPBACK_NAMES.join(", ")
                )
            }
            Self::Origin(origin) => write!(
                f,
                "refused: a request from the web page {origin} (its Origin header); start the \
                 node with --allow-origin {} to accept that page",
                origin.trim_matches('"')
            ),
            Self::NotJson { content_type } => write!(
                f,
                "refused: a POST must be sent with Content-Type: application/json (this one had \
                 {})",
                content_type.as_deref().unwrap_or("none")
            ),
        }
    }
}

impl std::error::Error for LoopbackRefusal {}

/// An origin as a browser writes it (`scheme://host[:port]`, lower case, no trailing slash), so
/// that `--allow-origin http://LOCALHOST:3000/` names the page that sends `http://localhost:3000`.
pub fn normalize_origin(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// `--allow-origin`'s value: an origin as a browser sends it (`http://localhost:3000`), or
/// `null` (a sandboxed frame or a `file:` page), refused with the reason when it is neither (a
/// bare host, a path), since such a value could never match and the page would stay refused.
pub fn parse_allowed_origin(text: &str) -> Result<String, String> {
    let origin = normalize_origin(text);
    if origin == "null" {
        return Ok(origin);
    }
    let well_formed = origin.split_once("://").is_some_and(|(scheme, rest)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && !rest.is_empty()
            && !rest.contains(['/', '?', '#', ' '])
    });
    if well_formed {
        Ok(origin)
    } else {
        Err(format!(
            "`{text}` is not an origin: write it as a browser sends it, scheme://host[:port] \
             (e.g. http://localhost:3000), or `null`"
        ))
    }
}

fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|media_type| media_type.trim().eq_ignore_ascii_case("application/json"))
}

/// A header's text for a refusal: quoted, escaped, cut short.
fn quoted(value: &HeaderValue) -> String {
    let text = String::from_utf8_lossy(value.as_bytes());
    let shown: String = text.chars().take(QUOTED_CHARS).collect();
    let cut = if shown.len() < text.len() { "..." } else { "" };
    format!("{:?}{cut}", shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(
                header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        headers
    }

    fn policy() -> LoopbackPolicy {
        LoopbackPolicy::new([8899], &["http://localhost:3000".to_owned()])
    }

    #[test]
    fn the_loopback_names_with_a_port_or_none_are_accepted() {
        for host in [
            "127.0.0.1:8899",
            "localhost:8899",
            "LocalHost:8899",
            "[::1]:8899",
            "127.0.0.1",
            "localhost",
            "[::1]",
            // A proxy or a tunnel on this machine sends its own port.
            "127.0.0.1:40123",
        ] {
            assert_eq!(
                policy().check(&headers(&[("host", host)])),
                Ok(()),
                "{host}"
            );
        }
    }

    #[test]
    fn another_host_or_a_port_that_is_none_is_refused() {
        for host in [
            "evil.example:8899",
            "evil.example",
            "localhost:88990",
            "localhost:+88",
            "localhost:",
            "127.0.0.2:8899",
            "localhost.:8899",
            "::1",
            "[::1]:x",
            "127.0.0.1:8899@evil.example",
            "",
        ] {
            let refusal = policy().check(&headers(&[("host", host)])).unwrap_err();
            assert!(
                matches!(refusal, LoopbackRefusal::ForeignHost { .. }),
                "{host}: {refusal:?}"
            );
            assert_eq!(refusal.status(), StatusCode::FORBIDDEN);
        }
    }

    #[test]
    fn no_host_or_two_are_refused() {
        assert_eq!(policy().check(&headers(&[])), Err(LoopbackRefusal::NoHost));
        assert_eq!(
            policy().check(&headers(&[("host", "localhost"), ("host", "localhost")])),
            Err(LoopbackRefusal::NoHost)
        );
    }

    #[test]
    fn a_foreign_host_is_told_where_the_front_listens() {
        let refusal = LoopbackPolicy::new([8899, 8900], &[])
            .check(&headers(&[("host", "evil.example")]))
            .unwrap_err();
        assert!(
            refusal
                .to_string()
                .contains("listens on 127.0.0.1:8899 or 8900"),
            "{refusal}"
        );
    }

    #[test]
    fn a_web_pages_origin_is_refused_unless_allowed() {
        for origin in [
            "https://evil.example",
            "null",
            "http://localhost:3001",
            "http://localhost",
        ] {
            let refusal = policy()
                .check(&headers(&[("host", "127.0.0.1:8899"), ("origin", origin)]))
                .unwrap_err();
            assert_eq!(refusal, LoopbackRefusal::Origin(format!("{origin:?}")));
            assert!(
                refusal
                    .to_string()
                    .contains(&format!("--allow-origin {origin}")),
                "{refusal}"
            );
        }
        for origin in ["http://localhost:3000", "HTTP://LOCALHOST:3000"] {
            assert_eq!(
                policy().check(&headers(&[("host", "127.0.0.1:8899"), ("origin", origin)])),
                Ok(()),
                "{origin}"
            );
        }
    }

    #[test]
    fn every_origin_header_must_be_allowed() {
        let two = headers(&[
            ("host", "localhost"),
            ("origin", "http://localhost:3000"),
            ("origin", "https://evil.example"),
        ]);
        assert!(matches!(
            policy().check(&two),
            Err(LoopbackRefusal::Origin(_))
        ));
    }

    #[test]
    fn a_post_must_be_json() {
        let host = ("host", "127.0.0.1:8899");
        for json in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
        ] {
            assert_eq!(
                policy().check_request(&Method::POST, &headers(&[host, ("content-type", json)])),
                Ok(()),
                "{json}"
            );
        }
        for other in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/jsonp",
        ] {
            let refusal = policy()
                .check_request(&Method::POST, &headers(&[host, ("content-type", other)]))
                .unwrap_err();
            assert_eq!(refusal.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
            assert!(refusal.to_string().contains(other), "{refusal}");
        }
        let none = policy()
            .check_request(&Method::POST, &headers(&[host]))
            .unwrap_err();
        assert!(none.to_string().ends_with("(this one had none)"), "{none}");
        assert_eq!(
            policy().check_request(&Method::GET, &headers(&[host])),
            Ok(())
        );
    }

    #[test]
    fn a_refusal_quotes_a_hostile_header_escaped_and_short() {
        // A C1 control (CSI) in UTF-8, which a header value may carry as opaque bytes.
        let long = format!("\u{9b}2J{}", "a".repeat(500));
        let mut hostile = headers(&[("host", "localhost")]);
        hostile.insert(
            header::ORIGIN,
            HeaderValue::from_bytes(long.as_bytes()).unwrap(),
        );
        let refusal = policy().check(&hostile).unwrap_err().to_string();
        assert!(!refusal.contains('\u{9b}'), "{refusal}");
        assert!(refusal.len() < 400, "{refusal}");
    }

    #[test]
    fn allowed_origins_are_origins() {
        assert_eq!(
            parse_allowed_origin("http://LocalHost:3000/"),
            Ok("http://localhost:3000".to_owned())
        );
        assert_eq!(parse_allowed_origin("null"), Ok("null".to_owned()));
        for bad in ["localhost:3000", "http://", "http://x/path", "://x", ""] {
            let error = parse_allowed_origin(bad).unwrap_err();
            assert!(error.contains("scheme://host[:port]"), "{error}");
        }
    }
}
