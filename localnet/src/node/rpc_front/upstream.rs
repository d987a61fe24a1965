//! The embedded surfpool's own HTTP JSON-RPC server, on a loopback port nobody else is told
//! about, reached through one pooled keep-alive client.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::http::request::Parts;
use hyper::{HeaderMap, Request, StatusCode, Uri};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

/// What surfpool answered.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

#[derive(Clone)]
pub struct Upstream {
    client: Client<HttpConnector, Full<Bytes>>,
    authority: String,
}

impl Upstream {
    pub fn new(port: u16) -> Self {
        let mut connector = HttpConnector::new();
        // Requests are small and answered at once: Nagle's delay would dominate them.
        connector.set_nodelay(true);
        Self {
            client: Client::builder(TokioExecutor::new()).build(connector),
            authority: format!("127.0.0.1:{port}"),
        }
    }

    /// Sends `body` as the client sent its request (method, path, headers), and reads the
    /// whole answer.
    pub async fn send(&self, parts: &Parts, body: Bytes) -> Result<Answer, String> {
        let path = parts.uri.path_and_query().map_or("/", |path| path.as_str());
        let uri: Uri = format!("http://{}{path}", self.authority)
            .parse()
            .map_err(|error| format!("{error}"))?;
        let mut request = Request::builder().method(parts.method.clone()).uri(uri);
        if let Some(headers) = request.headers_mut() {
            for (name, value) in &parts.headers {
                // The body may have changed length (one call of a batch), and the host is
                // surfpool's.
                if name != hyper::header::CONTENT_LENGTH && name != hyper::header::HOST {
                    headers.append(name, value.clone());
                }
            }
        }
        let request = request
            .body(Full::new(body))
            .map_err(|error| error.to_string())?;
        let response = self
            .client
            .request(request)
            .await
            .map_err(|error| error.to_string())?;
        let (parts, body) = response.into_parts();
        let body = body
            .collect()
            .await
            .map_err(|error| error.to_string())?
            .to_bytes();
        Ok(Answer {
            status: parts.status,
            headers: parts.headers,
            body,
        })
    }
}
