//! A POST body read as JSON-RPC before any of its calls runs: one call, or a batch of at most
//! `max_batch` calls. What a validator's JSON-RPC server (jsonrpc-core, agave's and surfpool's)
//! cannot read as calls is answered as it answers it, and nothing of it runs: a body that is
//! not JSON, or not a call or a batch of calls (a number, a batch holding a number or another
//! batch), is one parse error.

use serde_json::{Value, json};

use super::gate::INVALID_REQUEST;

/// JSON-RPC 2.0's "parse error".
const PARSE_ERROR: i64 = -32700;

/// The calls of a body.
#[derive(Debug, PartialEq)]
pub enum Calls {
    One(Value),
    /// Each call an object, in the order sent.
    Batch(Vec<Value>),
}

/// The calls of `body`, or the one JSON-RPC error that answers it.
pub fn read(body: &[u8], max_batch: usize) -> Result<Calls, Value> {
    let parse_error = || error(PARSE_ERROR, "Parse error");
    match serde_json::from_slice::<Value>(body).map_err(|_| parse_error())? {
        call @ Value::Object(_) => Ok(Calls::One(call)),
        Value::Array(calls) if calls.is_empty() => Err(error(INVALID_REQUEST, "Invalid request")),
        Value::Array(calls) if calls.len() > max_batch => Err(error(
            INVALID_REQUEST,
            &format!(
                "Invalid request: a batch holds at most {max_batch} calls, this one {}",
                calls.len()
            ),
        )),
        Value::Array(calls) if calls.iter().all(Value::is_object) => Ok(Calls::Batch(calls)),
        _ => Err(parse_error()),
    }
}

fn error(code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}, "id": null})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::surfpool::jsonrpc_core_reads;

    const GET_SLOT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"getSlot"}"#;

    #[test]
    fn a_call_or_a_batch_of_calls_is_read() {
        assert!(matches!(read(GET_SLOT.as_bytes(), 10), Ok(Calls::One(_))));
        let batch = format!("[{GET_SLOT},{GET_SLOT}]");
        assert!(matches!(read(batch.as_bytes(), 2), Ok(Calls::Batch(calls)) if calls.len() == 2));
    }

    #[test]
    fn a_batch_longer_than_the_cap_is_one_error_naming_it() {
        let batch = format!("[{}]", [GET_SLOT; 11].join(","));
        let refused = read(batch.as_bytes(), 10).unwrap_err();
        assert_eq!(refused["error"]["code"], INVALID_REQUEST);
        assert_eq!(
            refused["error"]["message"],
            "Invalid request: a batch holds at most 10 calls, this one 11"
        );
        assert_eq!(refused["id"], Value::Null);
    }

    /// What the front refuses as a whole is what jsonrpc-core, which agave's and surfpool's
    /// servers run, cannot read as a request at all.
    #[test]
    fn what_jsonrpc_core_cannot_read_is_one_parse_error() {
        for body in [
            "not json".to_owned(),
            "1".to_owned(),
            "\"getSlot\"".to_owned(),
            "null".to_owned(),
            format!("[[{GET_SLOT}],{GET_SLOT}]"),
            format!("[1,{GET_SLOT}]"),
            format!("[\"{{}}\",{GET_SLOT}]"),
            format!("[null,{GET_SLOT}]"),
        ] {
            assert!(!jsonrpc_core_reads(&body), "jsonrpc-core reads {body}");
            let refused = read(body.as_bytes(), 10).unwrap_err();
            assert_eq!(refused["error"]["code"], PARSE_ERROR, "{body}");
        }
    }

    #[test]
    fn an_empty_batch_is_an_invalid_request() {
        assert_eq!(
            read(b"[]", 10).unwrap_err()["error"]["code"],
            INVALID_REQUEST
        );
    }

    #[test]
    fn a_repeated_key_is_read_once_and_so_run_as_read() {
        let body = r#"{"jsonrpc":"2.0","id":1,"method":"getSlot","method":"sendTransaction"}"#;
        let Ok(Calls::One(call)) = read(body.as_bytes(), 10) else {
            panic!("a call");
        };
        assert_eq!(call["method"], "sendTransaction");
    }
}
