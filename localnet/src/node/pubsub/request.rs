//! What a client's frame asks: one of the requests the front answers itself, or anything else,
//! which it relays to surfpool verbatim. A request the front would answer but cannot read (bad
//! params, an unknown encoding) is relayed too, so surfpool answers it with its own error.

use std::str::FromStr;

use anchor_lang::prelude::Pubkey;
use serde::Deserialize;
use serde_json::Value;
use solana_account_decoder::UiAccountEncoding;
use solana_commitment_config::CommitmentLevel;
use solana_rpc_client_api::config::RpcSignatureSubscribeConfig;
use solana_rpc_client_api::filter::RpcFilterType;
use solana_rpc_client_api::request::MAX_GET_PROGRAM_ACCOUNT_FILTERS;
use solana_signature::Signature;
use surfpool_core::rpc::ws::{RpcAccountSubscribeConfig, RpcProgramSubscribeConfig};

use super::registry::{Registry, SignatureLevel};

/// A request the front answers natively; `id` is the JSON-RPC request id to reply to.
pub struct Native {
    pub id: Value,
    pub ask: Ask,
}

pub enum Ask {
    Signature {
        signature: Signature,
        level: SignatureLevel,
    },
    Account {
        pubkey: Pubkey,
        encoding: UiAccountEncoding,
    },
    Program {
        program: Pubkey,
        encoding: UiAccountEncoding,
        filters: Vec<RpcFilterType>,
    },
    Slots,
    /// Any of the four unsubscribes, for one of the front's ids.
    Unsubscribe {
        subscription: u64,
    },
}

#[derive(Deserialize)]
struct Request {
    jsonrpc: String,
    id: Value,
    method: String,
    #[serde(default)]
    params: Value,
}

/// The native request in `text`, or `None` to relay it.
pub fn native(text: &str) -> Option<Native> {
    let request: Request = serde_json::from_str(text).ok()?;
    if request.jsonrpc != "2.0" {
        return None;
    }
    let params = match &request.params {
        Value::Null => &[][..],
        Value::Array(params) => params.as_slice(),
        _ => return None,
    };
    let ask = match request.method.as_str() {
        "signatureSubscribe" => signature(params)?,
        "accountSubscribe" => account(params)?,
        "programSubscribe" => program(params)?,
        "slotSubscribe" if params.is_empty() => Ask::Slots,
        "signatureUnsubscribe"
        | "accountUnsubscribe"
        | "programUnsubscribe"
        | "slotUnsubscribe" => unsubscribe(params)?,
        _ => return None,
    };
    Some(Native {
        id: request.id,
        ask,
    })
}

/// The first param parsed as `T` and the optional second as config `C`; `None` when there are
/// more, or either does not parse.
fn with_config<T: FromStr, C: for<'de> Deserialize<'de>>(
    params: &[Value],
) -> Option<(T, Option<C>)> {
    let (first, config) = match params {
        [first] => (first, None),
        [first, Value::Null] => (first, None),
        [first, config] => (first, Some(config)),
        _ => return None,
    };
    let first = first.as_str()?.parse().ok()?;
    let config = match config {
        Some(config) => Some(C::deserialize(config).ok()?),
        None => None,
    };
    Some((first, config))
}

fn signature(params: &[Value]) -> Option<Ask> {
    let (signature, config) = with_config::<Signature, RpcSignatureSubscribeConfig>(params)?;
    let config = config.unwrap_or_default();
    let level = if config.enable_received_notification.unwrap_or(false) {
        SignatureLevel::Received
    } else {
        match config.commitment.unwrap_or_default().commitment {
            CommitmentLevel::Processed => SignatureLevel::Processed,
            CommitmentLevel::Confirmed => SignatureLevel::Confirmed,
            CommitmentLevel::Finalized => SignatureLevel::Finalized,
        }
    };
    Some(Ask::Signature { signature, level })
}

/// jsonParsed is left to surfpool: it parses with the IDLs and token mints it keeps.
fn encoding(encoding: Option<UiAccountEncoding>) -> Option<UiAccountEncoding> {
    match encoding.unwrap_or(UiAccountEncoding::Base64) {
        UiAccountEncoding::JsonParsed => None,
        encoding => Some(encoding),
    }
}

fn account(params: &[Value]) -> Option<Ask> {
    let (pubkey, config) = with_config::<Pubkey, RpcAccountSubscribeConfig>(params)?;
    let encoding = encoding(config.and_then(|config| config.encoding))?;
    Some(Ask::Account { pubkey, encoding })
}

fn program(params: &[Value]) -> Option<Ask> {
    let (program, config) = with_config::<Pubkey, RpcProgramSubscribeConfig>(params)?;
    let config = config.unwrap_or_default();
    let encoding = encoding(config.encoding)?;
    let mut filters = config.filters.unwrap_or_default();
    if filters.len() > MAX_GET_PROGRAM_ACCOUNT_FILTERS {
        return None;
    }
    for filter in &mut filters {
        filter.verify().ok()?;
        match filter {
            RpcFilterType::DataSize(_) => {}
            RpcFilterType::Memcmp(compare) => compare.convert_to_raw_bytes().ok()?,
            RpcFilterType::TokenAccountState => return None,
        }
    }
    Some(Ask::Program {
        program,
        encoding,
        filters,
    })
}

fn unsubscribe(params: &[Value]) -> Option<Ask> {
    let [subscription] = params else {
        return None;
    };
    let subscription = subscription.as_u64()?;
    Registry::is_front_id(subscription).then_some(Ask::Unsubscribe { subscription })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(text: &str) -> Option<Ask> {
        native(text).map(|native| native.ask)
    }

    #[test]
    fn a_signature_subscription_takes_its_level_from_the_config() {
        let signature = Signature::from([7; 64]);
        let request = |config: &str| {
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"signatureSubscribe","params":["{signature}"{config}]}}"#
            )
        };
        let level = |config: &str| match ask(&request(config)) {
            Some(Ask::Signature { level, .. }) => Some(level),
            _ => None,
        };
        assert_eq!(level(""), Some(SignatureLevel::Finalized));
        assert_eq!(
            level(r#",{"commitment":"confirmed"}"#),
            Some(SignatureLevel::Confirmed)
        );
        assert_eq!(
            level(r#",{"commitment":"processed","enableReceivedNotification":true}"#),
            Some(SignatureLevel::Received)
        );
        assert_eq!(level(r#",{"enableReceivedNotification":"yes"}"#), None);
    }

    #[test]
    fn what_the_front_cannot_read_or_does_not_serve_is_relayed() {
        for text in [
            "not json",
            r#"[{"jsonrpc":"2.0","id":1,"method":"slotSubscribe"}]"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"logsSubscribe","params":["all"]}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"signatureSubscribe","params":["nope"]}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"accountSubscribe","params":["11111111111111111111111111111111",{"encoding":"jsonParsed"}]}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"programSubscribe","params":["11111111111111111111111111111111",{"filters":[{"tokenAccountState":null}]}]}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"accountUnsubscribe","params":[3]}"#,
        ] {
            assert!(ask(text).is_none(), "{text} is served natively");
        }
    }

    #[test]
    fn the_fronts_own_ids_are_unsubscribed_natively() {
        let text = format!(
            r#"{{"jsonrpc":"2.0","id":"a","method":"slotUnsubscribe","params":[{}]}}"#,
            super::super::registry::FIRST_FRONT_ID + 4
        );
        assert!(matches!(ask(&text), Some(Ask::Unsubscribe { .. })));
    }

    #[test]
    fn program_filters_arrive_decoded() {
        let text = r#"{"jsonrpc":"2.0","id":1,"method":"programSubscribe","params":["11111111111111111111111111111111",{"encoding":"base64","filters":[{"dataSize":8},{"memcmp":{"offset":0,"bytes":"AQI=","encoding":"base64"}}]}]}"#;
        let Some(Ask::Program { filters, .. }) = ask(text) else {
            panic!("not native: {text}");
        };
        let data = [1, 2, 0, 0, 0, 0, 0, 0];
        assert!(filters.iter().all(|filter| match filter {
            RpcFilterType::DataSize(size) => *size == 8,
            RpcFilterType::Memcmp(compare) => compare.bytes_match(&data),
            RpcFilterType::TokenAccountState => false,
        }));
    }
}
