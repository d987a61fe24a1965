//! Shared by the tests: the router on the committed catalog with known credentials, requests
//! with and without them, and the answers as JSON.

#![allow(dead_code)] // each test crate uses its own subset

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode, header},
};
use fulltime_client::txline::api::{API_TOKEN_HEADER, Credentials};
use fulltime_matches::catalog::Catalog;
use fulltime_txline_api::{AppState, app};
use serde_json::Value;
use tower::ServiceExt;

pub fn credentials() -> Credentials {
    Credentials {
        jwt: "eyJhbGciOiJub25lIn0.eyJpc3MiOiJ0ZXN0In0.c2lnbmF0dXJl".into(),
        api_token: "0123456789abcdef".into(),
    }
}

pub fn router() -> Router {
    app(AppState::new(Catalog::committed(), credentials()))
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Value,
}

impl Answer {
    /// The error body's machine code, checking the body is `{"error", "message"}`.
    pub fn error_code(&self) -> &str {
        let keys: Vec<&str> = self
            .body
            .as_object()
            .map(|body| body.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(keys, ["error", "message"], "{}", self.body);
        self.body["error"].as_str().expect("a code")
    }

    pub fn message(&self) -> &str {
        self.body["message"].as_str().expect("a message")
    }
}

/// GET `uri` with the router's own credentials.
pub async fn get(uri: &str) -> Answer {
    send(authorized(Request::get(uri))).await
}

pub fn authorized(request: axum::http::request::Builder) -> Request<Body> {
    let credentials = credentials();
    request
        .header(header::AUTHORIZATION, format!("Bearer {}", credentials.jwt))
        .header(API_TOKEN_HEADER, credentials.api_token)
        .body(Body::empty())
        .expect("a request")
}

pub async fn send(request: Request<Body>) -> Answer {
    let response = router().oneshot(request).await.expect("an answer");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a body");
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&bytes)));
    Answer {
        status,
        headers,
        body,
    }
}
