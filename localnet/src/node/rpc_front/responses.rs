//! The HTTP answers the front writes: JSON-RPC responses, and the refusals of requests it does
//! not read, in the words and statuses of the JSON-RPC server a validator (and surfpool) runs.
//! A page that `--allow-origin` names gets the CORS headers that let its browser read them.

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::{Value, json};

use crate::node::loopback::LoopbackRefusal;

/// How long a browser may keep a preflight's answer (a day).
const PREFLIGHT_MAX_AGE: &str = "86400";

/// The JSON-RPC response (an empty body when none is due: notifications only); `origin` is the
/// allowed page's, if the request came from one.
pub fn json(response: Option<&Value>, origin: Option<&HeaderValue>) -> Response<Full<Bytes>> {
    let body = response.map_or_else(Vec::new, |value| value.to_string().into_bytes());
    let mut answer = Response::new(Full::new(Bytes::from(body)));
    answer.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    allow(answer.headers_mut(), origin);
    answer
}

/// A CORS preflight from an allowed page (the policy has refused any other): POST, with the
/// headers it asks for.
pub fn preflight(origin: Option<&HeaderValue>, request: &HeaderMap) -> Response<Full<Bytes>> {
    let mut answer = Response::new(Full::new(Bytes::new()));
    let headers = answer.headers_mut();
    if origin.is_some() {
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("POST, OPTIONS"),
        );
        let asked = request
            .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
            .cloned()
            .unwrap_or_else(|| HeaderValue::from_static("content-type"));
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, asked);
        headers.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static(PREFLIGHT_MAX_AGE),
        );
    }
    allow(headers, origin);
    answer
}

/// A request the loopback policy refused, before anything of it was read.
pub fn refused(refusal: &LoopbackRefusal) -> Response<Full<Bytes>> {
    text(refusal.status(), &format!("{refusal}\n"))
}

/// Anything but POST and OPTIONS, as the JSON-RPC server surfpool and agave run answers it.
pub fn method_not_allowed() -> Response<Full<Bytes>> {
    text(
        StatusCode::METHOD_NOT_ALLOWED,
        "Used HTTP Method is not allowed. POST or OPTIONS is required\n",
    )
}

/// A body over the limit: refused unread, and the connection closed (the rest of the body is
/// not read either).
pub fn too_large(max_body: usize) -> Response<Full<Bytes>> {
    closing(text(
        StatusCode::PAYLOAD_TOO_LARGE,
        &format!("request body size exceeds allowed maximum ({max_body} bytes)\n"),
    ))
}

/// A body that did not arrive in time: the connection is closed.
pub fn body_timeout(seconds: u64) -> Response<Full<Bytes>> {
    closing(text(
        StatusCode::REQUEST_TIMEOUT,
        &format!("the request's body did not arrive within {seconds} s\n"),
    ))
}

/// A body that broke off.
pub fn bad_body(reason: &str) -> Response<Full<Bytes>> {
    closing(text(
        StatusCode::BAD_REQUEST,
        &format!("the request's body could not be read: {reason}\n"),
    ))
}

/// JSON-RPC's "internal error" for the call of `id`: the node's runtime did not answer.
pub fn node_error(id: &Value, reason: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "error": {"code": -32603, "message": format!("the node's runtime did not answer: {reason}")},
        "id": id,
    })
}

fn allow(headers: &mut HeaderMap, origin: Option<&HeaderValue>) {
    if let Some(origin) = origin {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        headers.insert(header::VARY, HeaderValue::from_static("Origin"));
    }
}

fn text(status: StatusCode, message: &str) -> Response<Full<Bytes>> {
    let mut answer = Response::new(Full::new(Bytes::from(message.to_owned())));
    *answer.status_mut() = status;
    answer.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    answer
}

fn closing(mut answer: Response<Full<Bytes>>) -> Response<Full<Bytes>> {
    answer
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    answer
}
