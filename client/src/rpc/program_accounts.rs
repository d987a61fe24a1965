//! `getProgramAccounts`, read straight from the answer's bytes into the accounts it lists.
//!
//! solana-rpc-client reads every answer into a `serde_json::Value` before converting it, and
//! reads an account's data through an untagged enum that buffers it and fails twice before it
//! fits. At 10,000 markets (5.7 MB) that was most of the dashboard's list load; here the answer is
//! parsed once, with the addresses and base64 data borrowed from the body, and each account is
//! decoded as it is reached. Its failures are solana-rpc-client's own errors, made as its
//! `HttpSender` makes them, so a request sent this way fails like any other.

use std::borrow::Cow;

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Deserialize;
use solana_rpc_client_api::client_error::{Error as RpcClientError, ErrorKind};
use solana_rpc_client_api::config::RpcProgramAccountsConfig;
use solana_rpc_client_api::request::{RpcError, RpcRequest, RpcResponseErrorData};

use super::ClientError;
use super::account_data::{decode, not_base64};

/// One JSON-RPC answer: its result, or its error.
#[derive(Deserialize)]
struct Answer<'a> {
    #[serde(borrow, default)]
    result: Option<Vec<KeyedAccount<'a>>>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

/// An account as `getProgramAccounts` lists it; its other fields are skipped unread.
#[derive(Deserialize)]
struct KeyedAccount<'a> {
    #[serde(borrow)]
    pubkey: Cow<'a, str>,
    #[serde(borrow)]
    account: AccountData<'a>,
}

/// `["<base64>", "base64"]`, the encoding asked for.
#[derive(Deserialize)]
struct AccountData<'a> {
    #[serde(borrow)]
    data: (Cow<'a, str>, Cow<'a, str>),
}

/// The body of a `getProgramAccounts` request for `program`.
pub(super) fn request_body(program: &Pubkey, config: &RpcProgramAccountsConfig) -> String {
    RpcRequest::GetProgramAccounts
        .build_request_json(1, serde_json::json!([program.to_string(), config]))
        .to_string()
}

/// Sends `body` to `url` and reads the accounts of its answer as `T`, with their addresses.
pub(super) async fn fetch<T: AccountDeserialize>(
    http: &reqwest::Client,
    url: &str,
    body: String,
    what: &'static str,
) -> Result<Result<Vec<(Pubkey, T)>, ClientError>, RpcClientError> {
    let response = http
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .body(body)
        .send()
        .await?;
    // What HttpSender does with a status that is not success (it retries 429s first; a
    // local node never sends one, and a cluster that does is answered the same way).
    let response = response.error_for_status()?;
    let bytes = response.bytes().await?;
    let keyed = answer(&bytes)?;
    Ok(keyed
        .iter()
        .map(|keyed| decoded(keyed, what))
        .collect::<Result<_, _>>())
}

/// The accounts of one answer, or the error it carries, in solana-rpc-client's terms.
fn answer(bytes: &[u8]) -> Result<Vec<KeyedAccount<'_>>, RpcClientError> {
    let request = RpcRequest::GetProgramAccounts;
    let answer: Answer = serde_json::from_slice(bytes)
        .map_err(|error| RpcClientError::new_with_request(ErrorKind::SerdeJson(error), request))?;
    if let Some(error) = answer.error.filter(serde_json::Value::is_object) {
        return Err(response_error(error));
    }
    answer.result.ok_or_else(|| {
        RpcClientError::new_with_request(
            ErrorKind::RpcError(RpcError::ParseError(
                "an answer with neither a result nor an error".into(),
            )),
            request,
        )
    })
}

/// A JSON-RPC error object as solana-rpc-client reports it: its code and message, with no data
/// (the data it reads is a failed preflight's or an unhealthy node's, which this never asks).
fn response_error(error: serde_json::Value) -> RpcClientError {
    #[derive(Deserialize)]
    struct ErrorObject {
        code: i64,
        message: String,
    }
    match serde_json::from_value::<ErrorObject>(error.clone()) {
        Ok(ErrorObject { code, message }) => RpcError::RpcResponseError {
            code,
            message,
            data: RpcResponseErrorData::Empty,
        }
        .into(),
        Err(cause) => RpcError::RpcRequestError(format!(
            "Failed to deserialize RPC error response: {error} [{cause}]"
        ))
        .into(),
    }
}

/// One listed account: its address, and its data decoded as `T`.
fn decoded<T: AccountDeserialize>(
    keyed: &KeyedAccount,
    what: &'static str,
) -> Result<(Pubkey, T), ClientError> {
    let address: Pubkey = keyed.pubkey.parse().map_err(|_| ClientError::Decode {
        what,
        address: Pubkey::default(),
        reason: format!(
            "the node named an account {:?}, which is no address",
            keyed.pubkey
        ),
    })?;
    let (data, encoding) = &keyed.account.data;
    let data = (encoding == "base64")
        .then(|| STANDARD.decode(data.as_bytes()).ok())
        .flatten()
        .ok_or_else(|| not_base64(&address, what))?;
    Ok((address, decode(&data, &address, what)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_answer_is_the_rpc_clients_own_error() {
        let body = br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid param: not a program"}}"#;
        let error = answer(body).err().expect("an error");
        assert!(
            matches!(
                error.kind(),
                ErrorKind::RpcError(RpcError::RpcResponseError { code: -32602, message, .. })
                    if message == "Invalid param: not a program"
            ),
            "{error:?}"
        );
    }

    #[test]
    fn an_answer_that_is_not_json_is_a_serde_error() {
        let error = answer(b"<html>").err().expect("an error");
        assert!(matches!(error.kind(), ErrorKind::SerdeJson(_)), "{error:?}");
    }

    #[test]
    fn listed_accounts_keep_their_addresses_and_skip_other_fields() {
        let body = br#"{"jsonrpc":"2.0","id":1,"result":[{"pubkey":"11111111111111111111111111111111","account":{"data":["AAEC","base64"],"executable":false,"lamports":1,"owner":"11111111111111111111111111111111","rentEpoch":0,"space":3}}]}"#;
        let keyed = answer(body).expect("accounts");
        assert_eq!(keyed.len(), 1);
        assert_eq!(keyed[0].pubkey, "11111111111111111111111111111111");
        assert_eq!(keyed[0].account.data.0, "AAEC");
    }

    #[test]
    fn data_in_another_encoding_is_refused_by_name() {
        let body = br#"{"jsonrpc":"2.0","id":1,"result":[{"pubkey":"11111111111111111111111111111111","account":{"data":["1","base58"]}}]}"#;
        let keyed = answer(body).expect("accounts");
        let refused =
            decoded::<settlement::state::Market>(&keyed[0], "market").expect_err("refused");
        assert_eq!(
            refused.to_string(),
            "account 11111111111111111111111111111111 is not a valid market: the node did not \
             return base64 data"
        );
    }
}
