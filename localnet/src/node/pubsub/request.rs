//! What a client's frame asks: one of the requests the front answers itself, or anything else,
//! which it relays to surfpool verbatim. A request the front would answer but cannot read (bad
//! params, an unknown encoding) is relayed too, so surfpool answers it with its own error.
//!
//! A frame is read once for its id and method (borrowed, the rest skipped unread); only the
//! front's own methods have their params read. A relayed frame is never parsed again: what the
//! relay needs (the id to answer a failure with, the subscriptions it asks surfpool for) comes
//! from that one read.
//!
//! Some frames are kept from surfpool ([`KeptBack`]): every subscription surfpool makes must
//! end when its client goes. surfpool ends a client's subscriptions when its session ends, but
//! a `signatureSubscribe` it made runs until the transaction commits, whatever the client does
//! (its task holds the session, and an unsubscribe does not stop it), so for a signature nobody
//! sends it would run for good. The front answers every `signatureSubscribe` with an id that it
//! can read itself, so surfpool only gets one alone that it refuses; it keeps back one without
//! an id, and a batch holding one.

use std::borrow::Cow;
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

use super::registry::{Registry, SignatureLevel};
use crate::node::surfpool::{AccountSubscribeConfig, ProgramSubscribeConfig};

/// A client's frame, read.
pub enum Request {
    Native(Native),
    Relayed(Relayed),
}

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

/// A frame for surfpool: `id` answers a failure of the relay (null for a batch or what cannot
/// be read), and `calls` are the subscribe and unsubscribe requests in it; unless the front
/// keeps it back.
pub struct Relayed {
    pub id: Value,
    pub calls: Vec<SubscriptionCall>,
    pub kept_back: Option<KeptBack>,
}

/// Why the front keeps a frame from surfpool: a subscription surfpool would make of it might
/// never end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptBack {
    /// A subscribe without an id (a notification): its client could never learn the
    /// subscription's id, so never end it. Answered, as JSON-RPC answers a notification, with
    /// nothing, and nothing made.
    NoId,
    /// A batch holding a subscribe without an id, or a `signatureSubscribe` (the front answers
    /// that one alone). Answered with one error, this reason, and none of it run.
    Batch(&'static str),
}

/// A relayed request that makes or ends a subscription on surfpool's server.
#[derive(Clone, Debug, PartialEq)]
pub struct SubscriptionCall {
    /// The request's id (null when it has none: surfpool then answers nothing).
    pub id: Value,
    pub kind: CallKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallKind {
    Subscribe,
    Unsubscribe,
}

/// What a request is read for first: its id and method, the rest skipped.
#[derive(Deserialize)]
struct Head<'a> {
    #[serde(borrow, default)]
    jsonrpc: Option<Cow<'a, str>>,
    #[serde(default)]
    id: Option<Value>,
    #[serde(borrow, default)]
    method: Option<Cow<'a, str>>,
}

/// A native request's params, read once its method says it is one.
#[derive(Deserialize)]
struct Params {
    #[serde(default)]
    params: Value,
}

/// What `text` asks.
pub fn read(text: &str) -> Request {
    if text.trim_start().starts_with('[') {
        let batch = serde_json::from_str::<Vec<Head<'_>>>(text).unwrap_or_default();
        return Request::Relayed(Relayed {
            id: Value::Null,
            calls: batch.iter().filter_map(Head::call).collect(),
            kept_back: batch.iter().find_map(Head::kept_from_batch),
        });
    }
    let Ok(head) = serde_json::from_str::<Head<'_>>(text) else {
        return Request::Relayed(Relayed {
            id: Value::Null,
            calls: Vec::new(),
            kept_back: None,
        });
    };
    if let Some(ask) = head.native_ask(text) {
        return Request::Native(Native {
            id: head.id.unwrap_or(Value::Null),
            ask,
        });
    }
    let call = head.call();
    let kept_back = call
        .as_ref()
        .is_some_and(|call| call.kind == CallKind::Subscribe && call.id.is_null())
        .then_some(KeptBack::NoId);
    Request::Relayed(Relayed {
        id: head.id.unwrap_or(Value::Null),
        calls: call.into_iter().collect(),
        kept_back,
    })
}

impl Head<'_> {
    /// The native request this is, reading its params from `text`; `None` to relay it.
    fn native_ask(&self, text: &str) -> Option<Ask> {
        if self.jsonrpc.as_deref() != Some("2.0") || self.id.is_none() {
            return None;
        }
        let method = self.method.as_deref()?;
        if !is_native(method) {
            return None;
        }
        let params = serde_json::from_str::<Params>(text).ok()?.params;
        let params = match &params {
            Value::Null => &[][..],
            Value::Array(params) => params.as_slice(),
            _ => return None,
        };
        match method {
            "signatureSubscribe" => signature(params),
            "accountSubscribe" => account(params),
            "programSubscribe" => program(params),
            "slotSubscribe" if params.is_empty() => Some(Ask::Slots),
            "slotSubscribe" => None,
            _ => unsubscribe(params),
        }
    }

    /// The subscription this request makes or ends on surfpool's server, if any.
    fn call(&self) -> Option<SubscriptionCall> {
        let method = self.method.as_deref()?;
        let kind = if method.ends_with("Unsubscribe") {
            CallKind::Unsubscribe
        } else if method.ends_with("Subscribe") {
            CallKind::Subscribe
        } else {
            return None;
        };
        Some(SubscriptionCall {
            id: self.id.clone().unwrap_or(Value::Null),
            kind,
        })
    }
}

impl Head<'_> {
    /// Why a batch holding this request is kept from surfpool, if it is.
    fn kept_from_batch(&self) -> Option<KeptBack> {
        let method = self.method.as_deref()?;
        if method == "signatureSubscribe" {
            Some(KeptBack::Batch(
                "signatureSubscribe is taken alone, not in a batch",
            ))
        } else if method.ends_with("Subscribe") && self.id.is_none() {
            Some(KeptBack::Batch(
                "a subscription in a batch needs an id, to be ended",
            ))
        } else {
            None
        }
    }
}

fn is_native(method: &str) -> bool {
    matches!(
        method,
        "signatureSubscribe"
            | "accountSubscribe"
            | "programSubscribe"
            | "slotSubscribe"
            | "signatureUnsubscribe"
            | "accountUnsubscribe"
            | "programUnsubscribe"
            | "slotUnsubscribe"
    )
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
    let (pubkey, config) = with_config::<Pubkey, AccountSubscribeConfig>(params)?;
    let encoding = encoding(config.and_then(|config| config.encoding))?;
    Some(Ask::Account { pubkey, encoding })
}

fn program(params: &[Value]) -> Option<Ask> {
    let (program, config) = with_config::<Pubkey, ProgramSubscribeConfig>(params)?;
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
        match read(text) {
            Request::Native(native) => Some(native.ask),
            Request::Relayed(_) => None,
        }
    }

    fn relayed(text: &str) -> Relayed {
        match read(text) {
            Request::Relayed(relayed) => relayed,
            Request::Native(_) => panic!("{text} is served natively"),
        }
    }

    #[test]
    fn a_relayed_request_keeps_its_id_and_the_subscriptions_it_asks_for() {
        let logs =
            relayed(r#"{"jsonrpc":"2.0","id":"x","method":"logsSubscribe","params":["all"]}"#);
        assert_eq!(logs.id, Value::from("x"));
        assert_eq!(
            logs.calls,
            vec![SubscriptionCall {
                id: Value::from("x"),
                kind: CallKind::Subscribe
            }]
        );
        let unsubscribe =
            relayed(r#"{"params":[3],"method":"logsUnsubscribe","id":7,"jsonrpc":"2.0"}"#);
        assert_eq!(unsubscribe.id, Value::from(7));
        assert_eq!(unsubscribe.calls[0].kind, CallKind::Unsubscribe);
        let other = relayed(r#"{"jsonrpc":"2.0","id":[1,{"a":2}],"method":"getVersion"}"#);
        assert_eq!(other.id, serde_json::json!([1, {"a": 2}]));
        assert!(other.calls.is_empty());
        for unreadable in ["not json", r#"{"id":1"#, "", "7"] {
            let relayed = relayed(unreadable);
            assert_eq!(relayed.id, Value::Null, "{unreadable}");
            assert!(relayed.calls.is_empty(), "{unreadable}");
        }
    }

    #[test]
    fn a_subscription_that_could_never_end_is_kept_from_surfpool() {
        let signature = Signature::from([7; 64]);
        // A subscribe without an id: never relayed, answered with nothing.
        for notification in [
            format!(
                r#"{{"jsonrpc":"2.0","method":"signatureSubscribe","params":["{signature}"]}}"#
            ),
            r#"{"jsonrpc":"2.0","method":"logsSubscribe","params":["all"]}"#.to_owned(),
            r#"{"jsonrpc":"2.0","id":null,"method":"slotsUpdatesSubscribe"}"#.to_owned(),
        ] {
            assert_eq!(
                relayed(&notification).kept_back,
                Some(KeptBack::NoId),
                "{notification}"
            );
        }
        // A batch holding a signatureSubscribe, or a subscribe without an id: one error.
        for batch in [
            format!(r#"[{{"jsonrpc":"2.0","id":1,"method":"signatureSubscribe","params":["{signature}"]}}]"#),
            r#"[{"jsonrpc":"2.0","id":1,"method":"getSlot"},{"jsonrpc":"2.0","method":"logsSubscribe","params":["all"]}]"#.to_owned(),
        ] {
            assert!(
                matches!(relayed(&batch).kept_back, Some(KeptBack::Batch(_))),
                "{batch}"
            );
        }
        // What surfpool ends with its session goes through.
        for through in [
            r#"{"jsonrpc":"2.0","id":1,"method":"logsSubscribe","params":["all"]}"#,
            r#"[{"jsonrpc":"2.0","id":1,"method":"logsSubscribe","params":["all"]}]"#,
            r#"{"jsonrpc":"2.0","method":"logsUnsubscribe","params":[0]}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"signatureSubscribe","params":["not a signature"]}"#,
        ] {
            assert_eq!(relayed(through).kept_back, None, "{through}");
        }
    }

    #[test]
    fn a_batch_is_relayed_with_each_subscription_it_asks_for() {
        let batch = relayed(
            r#"[{"jsonrpc":"2.0","id":1,"method":"logsSubscribe","params":["all"]},
                {"jsonrpc":"2.0","id":2,"method":"getSlot"},
                {"jsonrpc":"2.0","id":3,"method":"slotSubscribe"},
                {"jsonrpc":"2.0","id":4,"method":"rootUnsubscribe","params":[0]}]"#,
        );
        assert_eq!(batch.id, Value::Null);
        let calls: Vec<(Value, CallKind)> = batch
            .calls
            .into_iter()
            .map(|call| (call.id, call.kind))
            .collect();
        assert_eq!(
            calls,
            vec![
                (Value::from(1), CallKind::Subscribe),
                (Value::from(3), CallKind::Subscribe),
                (Value::from(4), CallKind::Unsubscribe),
            ]
        );
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
            r#"{"jsonrpc":"2.0","method":"slotSubscribe"}"#,
            r#"{"jsonrpc":"1.0","id":1,"method":"slotSubscribe"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"slotSubscribe","params":[1]}"#,
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
