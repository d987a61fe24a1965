//! Reading a running node's chain over JSON-RPC for a snapshot: its accounts through surfpool's
//! `surfnet_exportSnapshot` cheat code, then its clock.

use std::collections::BTreeMap;

use anchor_lang::prelude::Pubkey;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::Deserialize;
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::ErrorKind;
use solana_rpc_client_api::request::{RpcError, RpcRequest};

use fulltime_files::snapshot::{ChainClock, SnapshotAccount, belongs_in_snapshot};

use crate::rpc::{CLOCK_SYSVAR, ClientError, account_info, rpc_error};

/// surfpool's cheat code that returns every account of the chain.
pub const EXPORT_METHOD: &str = "surfnet_exportSnapshot";

/// The Clock sysvar's slot is its first field, little-endian.
const SLOT_FIELD: std::ops::Range<usize> = 0..8;

#[derive(Deserialize)]
struct Exported {
    value: BTreeMap<String, ExportedAccount>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExportedAccount {
    lamports: u64,
    owner: String,
    executable: bool,
    rent_epoch: u64,
    /// Base64.
    data: String,
}

/// Every account of the node's chain that a snapshot holds ([`belongs_in_snapshot`]: surfpool's
/// export leaves out sysvars, feature gates and the BPF loaders' accounts, but not the native
/// loader's builtins, so the filter here decides), sorted by address, read in one request (the
/// node holds its state still while it answers).
pub async fn export_accounts(rpc: &RpcClient) -> Result<Vec<SnapshotAccount>, ClientError> {
    let params = serde_json::json!([{
        "scope": "network",
        "filter": { "excludeSysvars": true, "excludeFeatureGates": true },
    }]);
    let exported: Exported = rpc
        .send(
            RpcRequest::Custom {
                method: EXPORT_METHOD,
            },
            params,
        )
        .await
        .map_err(|error| match error.kind() {
            ErrorKind::RpcError(RpcError::RpcResponseError { code, message, .. }) => {
                ClientError::SnapshotUnsupported {
                    url: rpc.url(),
                    reason: format!("it answered `{message}` (JSON-RPC error {code})"),
                }
            }
            _ => rpc_error(rpc, error),
        })?;
    let mut accounts = Vec::with_capacity(exported.value.len());
    for (address, account) in exported.value {
        let decode_error = |reason: String| ClientError::Decode {
            what: "exported account",
            address: address.parse().unwrap_or_default(),
            reason,
        };
        let owner: Pubkey = account
            .owner
            .parse()
            .map_err(|_| decode_error(format!("owner {} is not an address", account.owner)))?;
        if !belongs_in_snapshot(&owner, account.executable, account.lamports) {
            continue;
        }
        accounts.push(SnapshotAccount {
            address: address
                .parse()
                .map_err(|_| decode_error(format!("{address} is not an address")))?,
            lamports: account.lamports,
            owner,
            executable: account.executable,
            rent_epoch: account.rent_epoch,
            data: BASE64
                .decode(&account.data)
                .map_err(|error| decode_error(format!("data is not base64: {error}")))?,
        });
    }
    accounts.sort_by_key(|account| account.address);
    Ok(accounts)
}

/// The node's clock, slot, block height and transaction count, as it processed them.
pub async fn read_clock(rpc: &RpcClient) -> Result<ChainClock, ClientError> {
    let processed = CommitmentConfig::processed();
    let clock = account_info(rpc, &CLOCK_SYSVAR, processed)
        .await
        .map_err(|error| rpc_error(rpc, error))?
        .value
        .and_then(|account| account.data.decode())
        .unwrap_or_default();
    let decode_error = |reason: String| ClientError::Decode {
        what: "Clock sysvar",
        address: CLOCK_SYSVAR,
        reason,
    };
    let unix_timestamp = crate::rpc::unix_timestamp(&clock)
        .ok_or_else(|| decode_error(format!("{} bytes, expected 40", clock.len())))?;
    let slot = clock
        .get(SLOT_FIELD)
        .and_then(|bytes| bytes.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or_else(|| decode_error("no slot".into()))?;
    let block_height = rpc
        .get_block_height_with_commitment(processed)
        .await
        .map_err(|error| rpc_error(rpc, error))?;
    let transaction_count = rpc
        .get_transaction_count_with_commitment(processed)
        .await
        .map_err(|error| rpc_error(rpc, error))?;
    Ok(ChainClock {
        unix_ms: u64::try_from(unix_timestamp).unwrap_or_default() * 1_000,
        slot,
        block_height,
        transaction_count,
    })
}
