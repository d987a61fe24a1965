//! Sending a transaction and waiting for it to be confirmed, quickly.
//!
//! `RpcClient::send_and_confirm_transaction` sleeps half a second whenever its first status check
//! misses, which happens on every busy node; `localnet` confirms in a millisecond. This polls
//! from one millisecond up, doubling to a tenth of a second, so a fast node answers fast and a
//! slow one is not flooded. Errors keep the RPC client's kinds, so a preflight failure and an
//! on-chain failure are told apart as usual.

use std::time::Duration;

use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::{Error as RpcClientError, ErrorKind};
use solana_signature::Signature;
use solana_transaction::Transaction;

const FIRST_POLL: Duration = Duration::from_millis(1);
const SLOWEST_POLL: Duration = Duration::from_millis(100);
/// About as long as a blockhash stays valid: past it the transaction can no longer land.
const GIVE_UP_AFTER: Duration = Duration::from_secs(90);

/// Sends `transaction` (with preflight) and waits until the RPC client's commitment confirms it.
pub async fn send_and_confirm(
    rpc: &RpcClient,
    transaction: &Transaction,
) -> Result<Signature, RpcClientError> {
    let signature = rpc.send_transaction(transaction).await?;
    wait_for_confirmation(rpc, signature).await
}

/// Waits until the RPC client's commitment confirms `signature`, or it fails on chain.
pub async fn wait_for_confirmation(
    rpc: &RpcClient,
    signature: Signature,
) -> Result<Signature, RpcClientError> {
    let deadline = tokio::time::Instant::now() + GIVE_UP_AFTER;
    let mut wait = FIRST_POLL;
    loop {
        match rpc
            .get_signature_status_with_commitment(&signature, rpc.commitment())
            .await?
        {
            Some(Ok(())) => return Ok(signature),
            Some(Err(error)) => return Err(error.into()),
            None if tokio::time::Instant::now() >= deadline => {
                return Err(ErrorKind::Custom(format!(
                    "transaction {signature} was not confirmed within {} s",
                    GIVE_UP_AFTER.as_secs()
                ))
                .into());
            }
            None => {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(SLOWEST_POLL);
            }
        }
    }
}
