//! The one input: `{"wallet": "<base58 address>"}`.

use serde_json::{Map, Value};
use solana_address::{Address, error::ParseAddressError};

use crate::error::AppError;

/// The request body as parsed: an object, so that a JSON array never reaches serde's
/// positional struct form.
pub type FaucetRequest = Map<String, Value>;

pub fn wallet_of(request: &FaucetRequest) -> Result<Address, AppError> {
    let text = match request.get("wallet") {
        None | Some(Value::Null) => return Err(AppError::InvalidWallet("wallet is required")),
        Some(Value::String(text)) => text,
        Some(_) => return Err(AppError::InvalidWallet("wallet must be a string")),
    };
    if text.is_empty() {
        return Err(AppError::InvalidWallet("wallet is empty"));
    }
    text.parse().map_err(|error| {
        AppError::InvalidWallet(match error {
            ParseAddressError::WrongSize => {
                "wallet is not a Solana address: it does not decode to 32 bytes"
            }
            _ => "wallet is not a Solana address: it is not base58",
        })
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn wallet(body: Value) -> Result<Address, String> {
        let Value::Object(request) = body else {
            panic!("test bodies are objects");
        };
        wallet_of(&request).map_err(|error| error.to_string())
    }

    #[test]
    fn accepts_a_base58_address() {
        let address = Address::new_unique();
        assert_eq!(
            wallet(json!({ "wallet": address.to_string() })),
            Ok(address)
        );
    }

    #[test]
    fn ignores_other_fields() {
        let address = Address::new_unique();
        let body = json!({ "wallet": address.to_string(), "note": 1 });
        assert_eq!(wallet(body), Ok(address));
    }

    #[test]
    fn names_what_is_wrong() {
        let cases = [
            (json!({}), "wallet is required"),
            (json!({ "wallet": null }), "wallet is required"),
            (json!({ "wallet": 7 }), "wallet must be a string"),
            (json!({ "wallet": ["a"] }), "wallet must be a string"),
            (json!({ "wallet": "" }), "wallet is empty"),
            (json!({ "wallet": "0OIl" }), "it is not base58"),
            (json!({ "wallet": "abc" }), "does not decode to 32 bytes"),
            (
                json!({ "wallet": "1".repeat(45) }),
                "does not decode to 32 bytes",
            ),
        ];
        for (body, expected) in cases {
            let error = wallet(body.clone()).expect_err("invalid");
            assert!(error.contains(expected), "{body}: {error}");
        }
    }
}
