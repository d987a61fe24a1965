//! Where a sent transaction stands on chain: polled until it is confirmed, failed or expired.
//!
//! Expiry is decided as the cluster decides it: once the block height (at `confirmed`) is past
//! the transaction's last valid block height, no later block can include it, so a signature the
//! node does not know by then never will be. The last look searches the node's history, so a
//! transaction that landed long ago (a follow delayed by an unreachable node) is not mistaken
//! for an expired one.

use std::time::Duration;

use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::Error as ClientError;
use solana_transaction_status_client_types::TransactionStatus;

use crate::mint::{Fate, Sent};

/// How often to ask: from `first`, doubling up to `slowest`.
#[derive(Debug, Clone, Copy)]
pub struct Polls {
    pub first: Duration,
    pub slowest: Duration,
}

/// While the client waits: `localnet` confirms in a millisecond, devnet in about a second.
pub const WHILE_ANSWERING: Polls = Polls {
    first: Duration::from_millis(1),
    slowest: Duration::from_millis(100),
};

/// In the background, for up to a blockhash's lifetime: gentle on public RPC nodes.
pub const IN_BACKGROUND: Polls = Polls {
    first: Duration::from_secs(1),
    slowest: Duration::from_secs(2),
};

/// Polls until the fate of `sent` is known. RPC errors are logged and polled through: the
/// caller bounds the wait.
pub async fn fate(rpc: &RpcClient, sent: Sent, polls: Polls) -> Fate {
    let mut wait = polls.first;
    loop {
        match standing(rpc, sent).await {
            Ok(Some(fate)) => return fate,
            Ok(None) => {}
            Err(error) => tracing::debug!(
                signature = %sent.signature,
                error = %crate::error::causes(&error),
                "cannot tell yet whether the mint landed"
            ),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(polls.slowest);
    }
}

/// One look: the fate, or `None` while the transaction may still land.
async fn standing(rpc: &RpcClient, sent: Sent) -> Result<Option<Fate>, ClientError> {
    let recent = rpc.get_signature_statuses(&[sent.signature]).await?.value;
    if let Some(status) = recent.first().and_then(Option::as_ref) {
        return Ok(settled(rpc, status));
    }
    // Asked after the status, so a transaction that landed in between is seen by the last look.
    if rpc.get_block_height().await? <= sent.last_valid_block_height {
        return Ok(None);
    }
    let searched = rpc
        .get_signature_statuses_with_history(&[sent.signature])
        .await?
        .value;
    Ok(match searched.first().and_then(Option::as_ref) {
        Some(status) => settled(rpc, status),
        None => Some(Fate::Expired),
    })
}

/// The fate of a transaction the node knows, once confirmed; a processed one may still be
/// dropped with its fork.
fn settled(rpc: &RpcClient, status: &TransactionStatus) -> Option<Fate> {
    if !status.satisfies_commitment(rpc.commitment()) {
        return None;
    }
    Some(match &status.err {
        None => Fate::Confirmed,
        Some(error) => Fate::Failed(error.to_string()),
    })
}
