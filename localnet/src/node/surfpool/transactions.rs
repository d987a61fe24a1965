//! A transaction's text decoded as surfpool's methods decode it, with surfpool's own words for
//! what it cannot read.

use solana_transaction::versioned::VersionedTransaction;
use solana_transaction_status_client_types::{TransactionBinaryEncoding, UiTransactionEncoding};
use surfpool_core::rpc::utils::{decode_and_deserialize, decode_rpc_versioned_transaction};

/// A `sendTransaction` or `simulateTransaction` transaction in `encoding` (absent is base58).
pub fn decode_transaction(
    data: String,
    encoding: Option<UiTransactionEncoding>,
) -> Result<VersionedTransaction, String> {
    decode_rpc_versioned_transaction(data, encoding).map_err(|error| error.message)
}

/// One of a `sendBundle`'s transactions in `encoding`.
pub fn decode_bundled_transaction(
    data: String,
    encoding: TransactionBinaryEncoding,
) -> Result<VersionedTransaction, String> {
    decode_and_deserialize::<VersionedTransaction>(data, encoding)
        .map(|(_, transaction)| transaction)
        .map_err(|error| error.message)
}
