//! Sending a transaction and waiting for it to be confirmed, quickly.
//!
//! Where the node serves WebSocket subscriptions, the wait is one `signatureSubscribe`, made
//! before the transaction is sent: the node answers once, when the transaction is confirmed or
//! has failed, so a confirmation costs no request after the send. (Subscribing after the send
//! loses the answer for a transaction already confirmed: surfpool-core 1.6.1 may push it before
//! the subscription's id, which the pubsub client then drops.) Where the node does not (no
//! WebSocket URL, nothing listening, the method refused, or the socket closing before the
//! answer), the wait polls; and a subscription that stays silent is backed by a status check
//! every few seconds, so an answer lost on the way is not waited for until the blockhash expires.
//!
//! `RpcClient::send_and_confirm_transaction` sleeps half a second whenever its first status check
//! misses, which happens on every busy node; `localnet` confirms in a millisecond. The polling
//! here starts at one millisecond and doubles to a tenth of a second, so a fast node answers fast
//! and a slow one is not flooded. Both ways end in the RPC client's error kinds, so a preflight
//! failure and an on-chain failure are told apart as usual.

use std::time::Duration;

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use solana_pubsub_client::nonblocking::pubsub_client::PubsubClient;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::{Error as RpcClientError, ErrorKind};
use solana_rpc_client_api::config::RpcSignatureSubscribeConfig;
use solana_rpc_client_api::response::{ProcessedSignatureResult, Response, RpcSignatureResult};
use solana_signature::Signature;
use solana_transaction::Transaction;
use solana_transaction_error::TransactionError;
use tokio::time::{Instant, sleep_until};

pub(super) const FIRST_POLL: Duration = Duration::from_millis(1);
pub(super) const SLOWEST_POLL: Duration = Duration::from_millis(100);
/// About as long as a blockhash stays valid: past it the transaction can no longer land.
pub(super) const GIVE_UP_AFTER: Duration = Duration::from_secs(90);
/// A WebSocket handshake or subscription that takes longer than this is taken for no WebSocket.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// While subscribed, how long the node may stay silent before its status is asked once.
const BACKSTOP: Duration = Duration::from_secs(5);

/// How a confirmation was learned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmedBy {
    /// The node's `signatureSubscribe` answered.
    Subscription,
    /// `getSignatureStatuses`, asked until it answered.
    Polling,
}

/// Opens a WebSocket to `ws_url`; `None` when there is no URL or nothing answers there in time,
/// which callers take for a node without WebSocket.
pub async fn connect_pubsub(ws_url: Option<&str>) -> Option<PubsubClient> {
    let url = ws_url?;
    tokio::time::timeout(CONNECT_TIMEOUT, PubsubClient::new(url))
        .await
        .ok()?
        .ok()
}

/// Sends `transaction` (with preflight) and waits until the RPC client's commitment confirms it,
/// by polling.
pub async fn send_and_confirm(
    rpc: &RpcClient,
    transaction: &Transaction,
) -> Result<Signature, RpcClientError> {
    let signature = rpc.send_transaction(transaction).await?;
    wait_for_confirmation(rpc, signature).await
}

/// Waits until the RPC client's commitment confirms `signature`, or it fails on chain, by polling.
pub async fn wait_for_confirmation(
    rpc: &RpcClient,
    signature: Signature,
) -> Result<Signature, RpcClientError> {
    poll(rpc, signature, Instant::now() + GIVE_UP_AFTER).await?;
    Ok(signature)
}

/// Sends with `send` the transaction whose first signature is `signature` and waits until the
/// RPC client's commitment confirms it, or it fails on chain: by a `signatureSubscribe` on
/// `pubsub`, made before sending, when there is one and it answers; else by polling.
pub async fn send_and_confirm_by(
    rpc: &RpcClient,
    pubsub: Option<&PubsubClient>,
    signature: Signature,
    send: impl Future<Output = Result<Signature, RpcClientError>>,
) -> Result<ConfirmedBy, RpcClientError> {
    let answers = match pubsub {
        Some(pubsub) => subscribe(rpc, pubsub, signature).await,
        None => None,
    };
    send.await?;
    let deadline = Instant::now() + GIVE_UP_AFTER;
    if let Some(answers) = answers
        && let Some(answer) = wait_for_answer(rpc, answers, signature, deadline).await
    {
        return answer;
    }
    poll(rpc, signature, deadline).await?;
    Ok(ConfirmedBy::Polling)
}

/// The node's answers to a `signatureSubscribe` for `signature`; `None` when the subscription
/// could not be made in time.
async fn subscribe<'a>(
    rpc: &RpcClient,
    pubsub: &'a PubsubClient,
    signature: Signature,
) -> Option<BoxStream<'a, Response<RpcSignatureResult>>> {
    let config = RpcSignatureSubscribeConfig {
        commitment: Some(rpc.commitment()),
        enable_received_notification: Some(false),
    };
    let (answers, _unsubscribe) = tokio::time::timeout(
        CONNECT_TIMEOUT,
        pubsub.signature_subscribe(&signature, Some(config)),
    )
    .await
    .ok()?
    .ok()?;
    Some(answers)
}

/// How the transaction ended, from the node's one answer, or from a status check when it stays
/// silent for [`BACKSTOP`]; `None` when the socket closed first (then the caller polls).
async fn wait_for_answer(
    rpc: &RpcClient,
    mut answers: BoxStream<'_, Response<RpcSignatureResult>>,
    signature: Signature,
    deadline: Instant,
) -> Option<Result<ConfirmedBy, RpcClientError>> {
    let mut backstop = Instant::now() + BACKSTOP;
    loop {
        tokio::select! {
            answer = answers.next() => match answer?.value {
                RpcSignatureResult::ProcessedSignature(ProcessedSignatureResult { err: None }) => {
                    return Some(Ok(ConfirmedBy::Subscription));
                }
                RpcSignatureResult::ProcessedSignature(ProcessedSignatureResult {
                    err: Some(error),
                }) => return Some(Err(TransactionError::from(error).into())),
                RpcSignatureResult::ReceivedSignature(_) => {}
            },
            () = sleep_until(backstop.min(deadline)) => match status(rpc, signature).await {
                Err(error) => return Some(Err(error)),
                Ok(Some(result)) => return Some(result.map(|()| ConfirmedBy::Polling)),
                Ok(None) if Instant::now() >= deadline => {
                    return Some(Err(not_confirmed(signature)));
                }
                Ok(None) => backstop = Instant::now() + BACKSTOP,
            },
        }
    }
}

async fn poll(
    rpc: &RpcClient,
    signature: Signature,
    deadline: Instant,
) -> Result<(), RpcClientError> {
    let mut wait = FIRST_POLL;
    loop {
        match status(rpc, signature).await? {
            Some(result) => return result,
            None if Instant::now() >= deadline => return Err(not_confirmed(signature)),
            None => {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(SLOWEST_POLL);
            }
        }
    }
}

/// The transaction's fate at the RPC client's commitment, `None` while it is not confirmed.
async fn status(
    rpc: &RpcClient,
    signature: Signature,
) -> Result<Option<Result<(), RpcClientError>>, RpcClientError> {
    Ok(rpc
        .get_signature_status_with_commitment(&signature, rpc.commitment())
        .await?
        .map(|result| result.map_err(Into::into)))
}

pub(super) fn not_confirmed(signature: Signature) -> RpcClientError {
    ErrorKind::Custom(format!(
        "transaction {signature} was not confirmed within {} s",
        GIVE_UP_AFTER.as_secs()
    ))
    .into()
}
