//! How an account's bytes become the typed account they hold: asked as base64, decoded with
//! Anchor's discriminator check, and named by what it should be when it is not.

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use solana_account_decoder_client_types::{UiAccount, UiAccountEncoding};
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::Error as RpcClientError;
use solana_rpc_client_api::config::RpcAccountInfoConfig;

use super::ClientError;

/// Accounts as base64, the encoding the client decodes.
pub(super) fn base64_config() -> RpcAccountInfoConfig {
    RpcAccountInfoConfig {
        encoding: Some(UiAccountEncoding::Base64),
        ..RpcAccountInfoConfig::default()
    }
}

/// `getMultipleAccounts` of `addresses` at the RPC client's commitment, as base64: the RPC
/// client's own call asks base64+zstd, which has the node compress each account of a few
/// hundred bytes and this side unpack it, for nothing on a local node.
pub(super) async fn multiple_accounts(
    rpc: &RpcClient,
    addresses: &[Pubkey],
) -> Result<Vec<Option<UiAccount>>, RpcClientError> {
    let config = RpcAccountInfoConfig {
        commitment: Some(rpc.commitment()),
        ..base64_config()
    };
    Ok(rpc
        .get_multiple_ui_accounts_with_config(addresses, config)
        .await?
        .value)
}

/// An account as the node sent it (base64, see [`base64_config`]), decoded as `T`.
pub(super) fn decode_ui<T: AccountDeserialize>(
    account: &UiAccount,
    address: &Pubkey,
    what: &'static str,
) -> Result<T, ClientError> {
    let data = account
        .data
        .decode()
        .ok_or_else(|| not_base64(address, what))?;
    decode(&data, address, what)
}

/// The account at `address` came in another encoding than the base64 asked for.
pub(super) fn not_base64(address: &Pubkey, what: &'static str) -> ClientError {
    ClientError::Decode {
        what,
        address: *address,
        reason: "the node did not return base64 data".into(),
    }
}

/// `data`, the bytes of the account at `address`, decoded as `T` (named `what` when it fails).
pub(super) fn decode<T: AccountDeserialize>(
    data: &[u8],
    address: &Pubkey,
    what: &'static str,
) -> Result<T, ClientError> {
    T::try_deserialize(&mut &data[..]).map_err(|error| ClientError::Decode {
        what,
        address: *address,
        reason: error.to_string(),
    })
}
