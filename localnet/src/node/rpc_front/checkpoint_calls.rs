//! `localnet_saveCheckpoint` and `localnet_restoreCheckpoint`, answered by the front itself
//! (surfpool has no such methods): the JSON-RPC shapes around [`Checkpoints`].

use std::sync::Arc;

use serde_json::{Value, json};

use crate::node::checkpoints::Checkpoints;

/// JSON-RPC 2.0's "invalid params": no id, an id that is not a number, an unknown id.
const INVALID_PARAMS: i64 = -32602;
/// JSON-RPC 2.0's "internal error": the runtime refused a write.
const INTERNAL_ERROR: i64 = -32603;

/// The answer to `localnet_saveCheckpoint` (`call` is the whole request, for its id).
pub async fn save(checkpoints: &Arc<Checkpoints>, call: &Value) -> Value {
    let checkpoints = Arc::clone(checkpoints);
    // The runtime's lock is a blocking one here, and the front runs on one thread.
    let saved = tokio::task::spawn_blocking(move || checkpoints.save()).await;
    match saved {
        Ok(checkpoint) => result(call, json!(checkpoint)),
        Err(error) => error_response(call, INTERNAL_ERROR, &error.to_string()),
    }
}

/// The answer to `localnet_restoreCheckpoint`, whose only param is the checkpoint's id.
pub async fn restore(checkpoints: &Arc<Checkpoints>, call: &Value) -> Value {
    let Some(id) = checkpoint_id(call) else {
        return error_response(
            call,
            INVALID_PARAMS,
            "localnet_restoreCheckpoint takes one param, the id localnet_saveCheckpoint answered \
             (an integer)",
        );
    };
    let checkpoints = Arc::clone(checkpoints);
    let restored = tokio::task::spawn_blocking(move || checkpoints.restore(id)).await;
    match restored {
        Ok(Ok(restored)) => result(call, json!(restored)),
        Ok(Err(error @ crate::node::checkpoints::RestoreError::Unknown { .. })) => {
            error_response(call, INVALID_PARAMS, &error.to_string())
        }
        Ok(Err(error)) => error_response(call, INTERNAL_ERROR, &error.to_string()),
        Err(error) => error_response(call, INTERNAL_ERROR, &error.to_string()),
    }
}

/// The id in `params`: `[id]`, exactly one unsigned integer.
fn checkpoint_id(call: &Value) -> Option<u64> {
    match call.get("params")?.as_array()?.as_slice() {
        [id] => id.as_u64(),
        _ => None,
    }
}

fn result(call: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "result": result, "id": call.get("id").cloned().unwrap_or(Value::Null)})
}

fn error_response(call: &Value, code: i64, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "error": {"code": code, "message": message},
        "id": call.get("id").cloned().unwrap_or(Value::Null),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_the_one_integer_param() {
        assert_eq!(checkpoint_id(&json!({"params": [7]})), Some(7));
        for params in [
            json!({}),
            json!({"params": []}),
            json!({"params": ["7"]}),
            json!({"params": [-1]}),
            json!({"params": [1.5]}),
            json!({"params": [1, 2]}),
            json!({"params": {"id": 1}}),
        ] {
            assert_eq!(checkpoint_id(&params), None, "{params}");
        }
    }
}
