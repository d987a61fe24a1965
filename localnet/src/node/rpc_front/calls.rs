//! One JSON-RPC call: the few methods the front answers or checks itself, and everything else
//! forwarded to surfpool as it came.

use std::sync::Arc;

use base64::Engine;
use hyper::HeaderMap;
use hyper::body::Bytes;
use hyper::http::request::Parts;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use solana_hash::Hash;
use solana_transaction::versioned::VersionedTransaction;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;

use fulltime_client::rpc::{RESTORE_CHECKPOINT_METHOD, SAVE_CHECKPOINT_METHOD};

use super::upstream::{Answer, Upstream};
use super::{checkpoint_calls, refusal};
use crate::node::blocks::lifetime::{self, Freshness};
use crate::node::blocks::{BlockRequests, durable_nonce};
use crate::node::checkpoints::Checkpoints;

/// What the front does with a call, by its method.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Treatment {
    /// Forwarded as it came, answered as surfpool answers.
    Forward,
    /// Refused when its blockhash has expired; a block follows a transaction processed.
    SendTransaction,
    /// Refused when its blockhash has expired, unless it asks for the blockhash to be replaced.
    SimulateTransaction,
    /// surfpool's answer with the node's `lastValidBlockHeight`.
    LatestBlockhash,
    /// surfpool's answer with the node's verdict.
    BlockhashValid,
    /// Forwarded; a block follows when it processed something.
    MakesBlock,
    /// `localnet_saveCheckpoint`, answered by the node.
    SaveCheckpoint,
    /// `localnet_restoreCheckpoint`, answered by the node.
    RestoreCheckpoint,
    /// `surfnet_timeTravel`: forwarded while the clock's hold is held, so that the wall clock's
    /// tick cannot undo it.
    TimeTravel,
}

impl Treatment {
    pub fn of(method: &str) -> Self {
        match method {
            "sendTransaction" => Self::SendTransaction,
            "simulateTransaction" => Self::SimulateTransaction,
            "getLatestBlockhash" => Self::LatestBlockhash,
            "isBlockhashValid" => Self::BlockhashValid,
            "requestAirdrop" | "sendBundle" => Self::MakesBlock,
            SAVE_CHECKPOINT_METHOD => Self::SaveCheckpoint,
            RESTORE_CHECKPOINT_METHOD => Self::RestoreCheckpoint,
            "surfnet_timeTravel" => Self::TimeTravel,
            _ => Self::Forward,
        }
    }
}

/// An answer to one call.
pub enum Reply {
    /// surfpool's, unchanged.
    AsAnswered(Answer),
    /// The JSON-RPC response (none for a notification), with surfpool's headers.
    Rewritten {
        response: Option<Value>,
        headers: HeaderMap,
    },
    /// The front's own response.
    Own(Value),
}

/// Whether a call succeeded, read without building the rest.
#[derive(Deserialize)]
struct Outcome {
    result: Option<IgnoredAny>,
}

pub struct Calls {
    pub upstream: Upstream,
    pub locker: SurfnetSvmLocker,
    pub blocks: BlockRequests,
    pub checkpoints: Arc<Checkpoints>,
}

impl Calls {
    /// Answers `call`, whose JSON text is `body` (forwarded as it is when surfpool's answer
    /// needs no change).
    pub async fn answer(&self, parts: &Parts, call: Value, body: Bytes) -> Result<Reply, String> {
        let treatment = call
            .get("method")
            .and_then(Value::as_str)
            .map_or(Treatment::Forward, Treatment::of);
        match treatment {
            Treatment::SendTransaction | Treatment::SimulateTransaction => {
                let replaced = treatment == Treatment::SimulateTransaction
                    && config_flag(&call, "replaceRecentBlockhash");
                let expired = !replaced && !self.lifetime_holds(&call).await;
                if expired && treatment == Treatment::SendTransaction {
                    let id = call.get("id").cloned().unwrap_or(Value::Null);
                    return Ok(Reply::Own(refusal::send_refused(&id)));
                }
                if treatment == Treatment::SendTransaction {
                    return self.forward_then_block(parts, body).await;
                }
                let mut reply = self.forward(parts, body).await?;
                if let Some(value) = result_value(&mut reply) {
                    if expired {
                        refusal::simulation_value_refused(value);
                    } else if let Some(replacement) = value.get_mut("replacementBlockhash") {
                        set_last_valid_block_height(replacement);
                    }
                }
                Ok(reply)
            }
            Treatment::LatestBlockhash => {
                let mut reply = self.forward(parts, body).await?;
                if let Some(value) = result_value(&mut reply) {
                    set_last_valid_block_height(value);
                }
                Ok(reply)
            }
            Treatment::BlockhashValid => {
                let recent = self.blockhash_is_recent(&call).await;
                let mut reply = self.forward(parts, body).await?;
                if let Some(value) = result_value(&mut reply) {
                    *value = Value::Bool(recent);
                }
                Ok(reply)
            }
            Treatment::MakesBlock => self.forward_then_block(parts, body).await,
            Treatment::SaveCheckpoint => Ok(Reply::Own(
                checkpoint_calls::save(&self.checkpoints, &call).await,
            )),
            Treatment::RestoreCheckpoint => Ok(Reply::Own(
                checkpoint_calls::restore(&self.checkpoints, &call).await,
            )),
            Treatment::TimeTravel => {
                let _clock = self.checkpoints.clock_hold().hold_async().await;
                self.forward(parts, body).await
            }
            Treatment::Forward => self.forward(parts, body).await,
        }
    }

    async fn forward(&self, parts: &Parts, body: Bytes) -> Result<Reply, String> {
        let answer = self.upstream.send(parts, body).await?;
        let response = if answer.body.is_empty() {
            None
        } else {
            Some(serde_json::from_slice(&answer.body).map_err(|error| error.to_string())?)
        };
        Ok(Reply::Rewritten {
            response,
            headers: answer.headers,
        })
    }

    /// Forwards a call that may process a transaction, and once it did, answers after the
    /// block that confirms it.
    async fn forward_then_block(&self, parts: &Parts, body: Bytes) -> Result<Reply, String> {
        let answer = self.upstream.send(parts, body).await?;
        let processed = serde_json::from_slice::<Outcome>(&answer.body)
            .is_ok_and(|outcome| outcome.result.is_some());
        if processed {
            self.blocks.next_block().await;
        }
        Ok(Reply::AsAnswered(answer))
    }

    /// Whether the call's transaction may still be processed: a recent blockhash, or a durable
    /// nonce that holds. A transaction that cannot be read is left to surfpool to refuse.
    async fn lifetime_holds(&self, call: &Value) -> bool {
        let Some(message) = transaction(call).map(|transaction| transaction.message) else {
            return true;
        };
        let svm = self.locker.0.read().await;
        match lifetime::freshness(
            message.recent_blockhash(),
            svm.latest_epoch_info.block_height,
        ) {
            Freshness::Recent => true,
            Freshness::Expired => false,
            Freshness::Foreign => durable_nonce::holds(&svm, &message),
        }
    }

    async fn blockhash_is_recent(&self, call: &Value) -> bool {
        let Some(hash) = first_param(call)
            .and_then(Value::as_str)
            .and_then(|text| text.parse::<Hash>().ok())
        else {
            return false;
        };
        let height = self.locker.0.read().await.latest_epoch_info.block_height;
        lifetime::freshness(&hash, height) == Freshness::Recent
    }
}

fn first_param(call: &Value) -> Option<&Value> {
    call.get("params")?.get(0)
}

fn config_flag(call: &Value, flag: &str) -> bool {
    call.get("params")
        .and_then(|params| params.get(1))
        .and_then(|config| config.get(flag))
        .and_then(Value::as_bool)
        .unwrap_or(false)
}

/// The transaction of a `sendTransaction` or `simulateTransaction` call, read as surfpool reads
/// it (base58 unless the config says base64).
fn transaction(call: &Value) -> Option<VersionedTransaction> {
    let data = first_param(call)?.as_str()?;
    let encoding = call
        .get("params")
        .and_then(|params| params.get(1))
        .and_then(|config| config.get("encoding"))
        .and_then(Value::as_str);
    let bytes = match encoding {
        Some("base64") => base64::engine::general_purpose::STANDARD
            .decode(data)
            .ok()?,
        None | Some("base58") => bs58::decode(data).into_vec().ok()?,
        Some(_) => return None,
    };
    bincode::deserialize(&bytes).ok()
}

fn result_value(reply: &mut Reply) -> Option<&mut Value> {
    let Reply::Rewritten {
        response: Some(response),
        ..
    } = reply
    else {
        return None;
    };
    response.get_mut("result")?.get_mut("value")
}

/// `lastValidBlockHeight` of an `RpcBlockhash` object, from the block its blockhash names.
fn set_last_valid_block_height(rpc_blockhash: &mut Value) {
    let index = rpc_blockhash
        .get("blockhash")
        .and_then(Value::as_str)
        .and_then(|text| text.parse::<Hash>().ok())
        .and_then(|hash| lifetime::block_index(&hash));
    if let (Some(index), Some(fields)) = (index, rpc_blockhash.as_object_mut()) {
        fields.insert(
            "lastValidBlockHeight".into(),
            json!(lifetime::last_valid_block_height(index)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_blockhash_methods_and_those_that_process_are_handled() {
        assert!(matches!(
            Treatment::of("sendTransaction"),
            Treatment::SendTransaction
        ));
        assert!(matches!(
            Treatment::of("requestAirdrop"),
            Treatment::MakesBlock
        ));
        assert!(matches!(
            Treatment::of("getAccountInfo"),
            Treatment::Forward
        ));
    }

    #[test]
    fn last_valid_block_height_follows_the_blockhash() {
        let hash = *surfpool_core::types::SyntheticBlockhash::new(41).hash();
        let mut value = json!({"blockhash": hash.to_string(), "lastValidBlockHeight": 192});
        set_last_valid_block_height(&mut value);
        assert_eq!(
            value["lastValidBlockHeight"],
            json!(42 + lifetime::LIFETIME_BLOCKS)
        );
    }
}
