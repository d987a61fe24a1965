//! What a refused call gets: a JSON-RPC error, and for a transaction whose blockhash has
//! expired the answers a validator gives, in the shapes surfpool gives them.

use serde_json::{Value, json};
use solana_rpc_client_api::response::RpcSimulateTransactionResult;
use solana_transaction_error::TransactionError;
use solana_transaction_status_client_types::UiTransactionError;

use super::gate::{INVALID_PARAMS, Refused};

/// A JSON-RPC error response to the call of `id`.
pub fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}, "id": id})
}

/// `sendBundle`'s refusal of a bundle whose transaction `index` (from 0) has an expired
/// blockhash: invalid params, as surfpool refuses a bundle whose transaction fails, worded as
/// its verification failure.
pub fn bundle_refused(index: usize) -> Refused {
    Refused {
        code: INVALID_PARAMS,
        message: format!(
            "Jito bundle couldn't be executed: Verification failed for transaction {}: {:?} \
             (its blockhash has expired)",
            index + 1,
            TransactionError::BlockhashNotFound
        ),
    }
}

/// `sendTransaction`'s refusal, as a validator's preflight gives it (and surfpool's, with the
/// simulation result as `data`), with or without preflight.
pub fn send_refused(id: &Value) -> Value {
    let error = TransactionError::BlockhashNotFound;
    json!({
        "jsonrpc": "2.0",
        "error": {
            "code": -32002,
            "message": format!("Transaction simulation failed: {error}"),
            "data": simulation_refused(error),
        },
        "id": id,
    })
}

/// `simulateTransaction`'s answer: `value` as a simulation that never ran, keeping what
/// surfpool measured of the transaction itself (`loadedAccountsDataSize`) and the shape it was
/// asked for (`innerInstructions`).
pub fn simulation_value_refused(value: &mut Value) {
    let Some(fields) = value.as_object_mut() else {
        return;
    };
    for (field, refused) in [
        (
            "err",
            json!(UiTransactionError::from(
                TransactionError::BlockhashNotFound
            )),
        ),
        ("logs", json!([])),
        ("accounts", Value::Null),
        ("unitsConsumed", json!(0)),
        ("returnData", Value::Null),
    ] {
        fields.insert(field.into(), refused);
    }
    if let Some(inner) = fields
        .get_mut("innerInstructions")
        .filter(|inner| !inner.is_null())
    {
        *inner = json!([]);
    }
}

fn simulation_refused(error: TransactionError) -> Value {
    json!(RpcSimulateTransactionResult {
        err: Some(UiTransactionError::from(error)),
        logs: Some(Vec::new()),
        accounts: None,
        units_consumed: Some(0),
        loaded_accounts_data_size: None,
        return_data: None,
        inner_instructions: None,
        replacement_blockhash: None,
        fee: None,
        pre_balances: None,
        post_balances: None,
        pre_token_balances: None,
        post_token_balances: None,
        loaded_addresses: None,
    })
}
