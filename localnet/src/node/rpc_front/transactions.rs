//! The transactions a call carries, read exactly as surfpool reads them (its own config types
//! and decoder, through `surfpool`: `encoding` absent is base58, `binary` is base58 too,
//! `base64`, nothing else), so that the front checks the very transaction surfpool would run. A
//! transaction the front cannot read is refused with surfpool's own words, never passed on for
//! surfpool to decide.

use serde::de::DeserializeOwned;
use serde_json::Value;
use solana_rpc_client_api::config::{RpcSendTransactionConfig, RpcSimulateTransactionConfig};
use solana_transaction::versioned::VersionedTransaction;
use solana_transaction_status_client_types::UiTransactionEncoding;

use super::gate::{INVALID_PARAMS, Refused};
use crate::node::surfpool::{SendConfig, decode_bundled_transaction, decode_transaction};

/// A `simulateTransaction`'s transaction, and whether it asks for its blockhash to be replaced.
pub struct Simulated {
    pub transaction: VersionedTransaction,
    pub replaces_blockhash: bool,
}

/// `sendTransaction`'s `[transaction, config?]`.
pub fn sent(params: Option<&Value>) -> Result<VersionedTransaction, Refused> {
    let (data, config): (String, Option<SendConfig>) = arguments(params)?;
    let encoding = config.and_then(|config| config.encoding);
    decode_transaction(data, encoding).map_err(invalid)
}

/// `simulateTransaction`'s `[transaction, config?]`.
pub fn simulated(params: Option<&Value>) -> Result<Simulated, Refused> {
    let (data, config): (String, Option<RpcSimulateTransactionConfig>) = arguments(params)?;
    let config = config.unwrap_or_default();
    let transaction = decode_transaction(data, config.encoding).map_err(invalid)?;
    Ok(Simulated {
        transaction,
        replaces_blockhash: config.replace_recent_blockhash,
    })
}

/// `sendBundle`'s `[[transaction, ...], config?]`, each transaction read as surfpool reads it.
pub fn bundled(params: Option<&Value>) -> Result<Vec<VersionedTransaction>, Refused> {
    let (data, config): (Vec<String>, Option<RpcSendTransactionConfig>) = arguments(params)?;
    let encoding = config
        .and_then(|config| config.encoding)
        .unwrap_or(UiTransactionEncoding::Base58);
    let binary = encoding.into_binary_encoding().ok_or_else(|| {
        invalid(format!(
            "unsupported encoding: {encoding}. Supported encodings: base58, base64"
        ))
    })?;
    data.into_iter()
        .enumerate()
        .map(|(index, data)| {
            decode_bundled_transaction(data, binary).map_err(|error| {
                invalid(format!(
                    "Failed to decode bundle transaction {}: {error}",
                    index + 1
                ))
            })
        })
        .collect()
}

/// `params` as surfpool's methods take them (jsonrpc-derive's rules): an array of the
/// arguments, the optional last one possibly left out.
fn arguments<T: DeserializeOwned>(params: Option<&Value>) -> Result<T, Refused> {
    let mut arguments = match params {
        Some(Value::Array(arguments)) => arguments.clone(),
        None | Some(Value::Null) => Vec::new(),
        Some(_) => return Err(invalid("`params` should be an array".into())),
    };
    match arguments.len() {
        0 => {
            return Err(invalid(
                "`params` should have at least 1 argument(s)".into(),
            ));
        }
        1 => arguments.push(Value::Null),
        2 => {}
        passed => {
            return Err(invalid(format!(
                "Expected from 1 to 2 parameters. Got: {passed}"
            )));
        }
    }
    serde_json::from_value(Value::Array(arguments))
        .map_err(|error| invalid(format!("Invalid params: {error}.")))
}

fn invalid(message: String) -> Refused {
    Refused {
        code: INVALID_PARAMS,
        message,
    }
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use serde_json::json;
    use solana_hash::Hash;
    use solana_keypair::Keypair;
    use solana_signer::Signer;
    use solana_transaction::Transaction;

    use super::*;

    fn transfer() -> (VersionedTransaction, Vec<u8>) {
        let payer = Keypair::new();
        let instruction = anchor_lang::solana_program::system_instruction::transfer(
            &payer.pubkey(),
            &anchor_lang::prelude::Pubkey::new_unique(),
            1,
        );
        let transaction = Transaction::new_signed_with_payer(
            &[instruction],
            Some(&payer.pubkey()),
            &[&payer],
            Hash::new_unique(),
        );
        let bytes = bincode::serialize(&transaction).expect("a transaction");
        (VersionedTransaction::from(transaction), bytes)
    }

    #[test]
    fn every_encoding_surfpool_reads_is_read() {
        let (transaction, bytes) = transfer();
        let base58 = bs58::encode(&bytes).into_string();
        let base64 = base64::engine::general_purpose::STANDARD.encode(&bytes);
        for params in [
            json!([base58]),
            json!([base58, null]),
            json!([base58, {}]),
            json!([base58, {"encoding": "base58"}]),
            json!([base58, {"encoding": "binary", "skipPreflight": true}]),
            json!([base64, {"encoding": "base64"}]),
        ] {
            assert_eq!(
                sent(Some(&params)).ok(),
                Some(transaction.clone()),
                "{params}"
            );
        }
        let simulated = simulated(Some(
            &json!([base64, {"encoding": "base64", "replaceRecentBlockhash": true}]),
        ))
        .expect("read");
        assert_eq!(simulated.transaction, transaction);
        assert!(simulated.replaces_blockhash);
        assert_eq!(
            bundled(Some(
                &json!([[base58.clone(), base58], {"encoding": "binary"}])
            ))
            .ok(),
            Some(vec![transaction.clone(), transaction])
        );
    }

    #[test]
    fn what_surfpool_cannot_read_is_refused_in_its_words() {
        let (_, bytes) = transfer();
        let base58 = bs58::encode(&bytes).into_string();
        for (params, says) in [
            (
                json!([base58, {"encoding": "json"}]),
                "unsupported encoding: json",
            ),
            (
                json!([base58, {"encoding": "jsonParsed"}]),
                "unsupported encoding",
            ),
            (
                json!([base58, {"encoding": "hex"}]),
                "Invalid params: unknown variant `hex`",
            ),
            (
                json!([base58, {"encoding": "base64"}]),
                "invalid base64 encoding",
            ),
            (
                json!(["0OIl", {"encoding": "base58"}]),
                "invalid base58 encoding",
            ),
            (
                json!([bs58::encode(&bytes[..40]).into_string()]),
                "failed to deserialize",
            ),
            (json!([]), "at least 1 argument"),
            (json!({"transaction": base58}), "should be an array"),
            (json!([base58, {}, 3]), "Expected from 1 to 2 parameters"),
            (json!([7]), "Invalid params"),
        ] {
            let refused = sent(Some(&params)).expect_err("refused");
            assert_eq!(refused.code, INVALID_PARAMS);
            assert!(
                refused.message.contains(says),
                "{params}: {}",
                refused.message
            );
        }
        assert!(sent(None).is_err());
    }

    #[test]
    fn a_bundle_names_the_transaction_it_cannot_read() {
        let (_, bytes) = transfer();
        let good = bs58::encode(&bytes).into_string();
        let refused = bundled(Some(&json!([[good, "0OIl"]]))).expect_err("refused");
        assert!(
            refused
                .message
                .starts_with("Failed to decode bundle transaction 2: "),
            "{}",
            refused.message
        );
        let refused = bundled(Some(&json!([["x"], {"encoding": "json"}]))).expect_err("refused");
        assert!(
            refused.message.contains("unsupported encoding"),
            "{}",
            refused.message
        );
    }
}
