//! TxLINE's two credentials on every endpoint: `Authorization: Bearer <guest JWT>` and
//! `X-Api-Token`. Either missing is a 401; both present but not the stand-in's a 403, as TxLINE
//! answers an expired JWT or a token activated elsewhere. Nothing here logs a header.

use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::middleware::Next;
use axum::response::Response;
use fulltime_client::txline::api::API_TOKEN_HEADER;

use crate::error::{ApiError, MISSING_API_TOKEN, MISSING_BEARER};
use crate::state::AppState;

pub async fn require_credentials(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let headers = request.headers();
    let jwt = bearer(headers).ok_or(ApiError::Unauthorized(MISSING_BEARER))?;
    let api_token =
        header_text(headers, API_TOKEN_HEADER).ok_or(ApiError::Unauthorized(MISSING_API_TOKEN))?;
    // Both compared whatever the first gives, each in constant time.
    let jwt_matches = same(jwt, &state.credentials.jwt);
    let token_matches = same(api_token, &state.credentials.api_token);
    if !(jwt_matches & token_matches) {
        return Err(ApiError::Forbidden);
    }
    Ok(next.run(request).await)
}

/// The token of `Authorization: Bearer <token>` (the scheme in any case, RFC 9110).
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = header_text(headers, AUTHORIZATION.as_str())?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// A header's value, trimmed; `None` when absent, empty or not visible ASCII.
fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    let value = headers.get(name)?.to_str().ok()?.trim();
    (!value.is_empty()).then_some(value)
}

/// Equal strings, in time that depends on their lengths only.
fn same(given: &str, held: &str) -> bool {
    given.len() == held.len()
        && given
            .bytes()
            .zip(held.bytes())
            .fold(0u8, |differs, (a, b)| differs | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn the_bearer_scheme_is_read_in_any_case_and_needs_a_token() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(AUTHORIZATION, HeaderValue::from_static(value));
            bearer(&headers).map(str::to_owned)
        };
        assert_eq!(with("Bearer abc").as_deref(), Some("abc"));
        assert_eq!(with("bearer  abc ").as_deref(), Some("abc"));
        assert_eq!(with("Bearer "), None);
        assert_eq!(with("Bearer"), None);
        assert_eq!(with("Basic abc"), None);
        assert_eq!(bearer(&HeaderMap::new()), None);
    }

    #[test]
    fn tokens_match_only_whole() {
        assert!(same("abc", "abc"));
        assert!(!same("abd", "abc"));
        assert!(!same("ab", "abc"));
        assert!(!same("", "abc"));
    }
}
