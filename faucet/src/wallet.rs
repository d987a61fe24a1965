//! The one input: `{"wallet": "<base58 address>"}`, an address a key can sign for.

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
    let wallet: Address = text.parse().map_err(|error| {
        AppError::InvalidWallet(match error {
            ParseAddressError::WrongSize => {
                "wallet is not a Solana address: it does not decode to 32 bytes"
            }
            _ => "wallet is not a Solana address: it is not base58",
        })
    })?;
    // Tokens minted to an address off the curve could never move, and the mint authority
    // would pay the token account's rent for nothing.
    if !wallet.is_on_curve() {
        return Err(AppError::InvalidWallet(
            "wallet is not on the Ed25519 curve: no key can sign for it (a program-derived address?)",
        ));
    }
    Ok(wallet)
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use solana_keypair::Keypair;
    use solana_signer::Signer;

    use super::*;

    fn wallet(body: Value) -> Result<Address, String> {
        let Value::Object(request) = body else {
            panic!("test bodies are objects");
        };
        wallet_of(&request).map_err(|error| error.to_string())
    }

    fn keypair_address() -> Address {
        Keypair::new().pubkey()
    }

    #[test]
    fn accepts_the_address_of_a_keypair() {
        let address = keypair_address();
        assert_eq!(
            wallet(json!({ "wallet": address.to_string() })),
            Ok(address)
        );
    }

    #[test]
    fn refuses_an_address_no_key_can_sign_for() {
        let program = keypair_address();
        let (derived, _bump) = Address::find_program_address(&[b"vault"], &program);
        let error = wallet(json!({ "wallet": derived.to_string() })).expect_err("off the curve");
        assert_eq!(
            error,
            "wallet is not on the Ed25519 curve: no key can sign for it (a program-derived address?)"
        );
        // The check is the curve's, not a quirk of derived addresses: a keypair's is accepted,
        // 32 bytes that decode to no point are not.
        assert!(keypair_address().is_on_curve());
        let off_curve = (0..=u8::MAX)
            .map(|byte| Address::new_from_array([byte; 32]))
            .find(|address| !address.is_on_curve())
            .expect("an off-curve value");
        assert!(wallet(json!({ "wallet": off_curve.to_string() })).is_err());
    }

    #[test]
    fn ignores_other_fields() {
        let address = keypair_address();
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
