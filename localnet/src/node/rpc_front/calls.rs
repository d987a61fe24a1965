//! One JSON-RPC call: refused when it may not run (`gate`) or carries a transaction that is
//! unreadable or expired; answered by the front itself for the few methods it decides; every
//! other one run by surfpool in process, as the value the front read.

use std::sync::Arc;

use serde_json::{Value, json};
use solana_hash::Hash;
use solana_message::VersionedMessage;

use fulltime_client::rpc::{RESTORE_CHECKPOINT_METHOD, SAVE_CHECKPOINT_METHOD};

use super::gate::{Gate, Refused, Writes};
use super::time_travel::{self, ChainNow};
use super::{checkpoint_calls, refusal, transactions};
use crate::node::blocks::lifetime::{self, Freshness};
use crate::node::blocks::{BlockRequests, durable_nonce};
use crate::node::checkpoints::Checkpoints;
use crate::node::surfpool::{Chain, RpcMethods};

/// What the front does with a call, by its method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Treatment {
    /// Run by surfpool, answered as surfpool answers.
    Forward,
    /// Refused when its transaction is unreadable or its blockhash has expired; a block follows
    /// a transaction processed.
    SendTransaction,
    /// Refused when its transaction is unreadable; its result says so when its blockhash has
    /// expired, unless it asks for the blockhash to be replaced.
    SimulateTransaction,
    /// Refused when one of its transactions is unreadable or has an expired blockhash; a block
    /// follows a bundle processed.
    SendBundle,
    /// surfpool's answer with the node's `lastValidBlockHeight`.
    LatestBlockhash,
    /// surfpool's answer with the node's verdict.
    BlockhashValid,
    /// Run; a block follows when it processed something.
    MakesBlock,
    /// `localnet_saveCheckpoint`, answered by the node.
    SaveCheckpoint,
    /// `localnet_restoreCheckpoint`, answered by the node.
    RestoreCheckpoint,
    /// `surfnet_timeTravel`: refused past the latest time and slot a chain may hold, and run
    /// while the clock's hold is held, so that the wall clock's tick cannot undo it.
    TimeTravel,
}

impl Treatment {
    pub fn of(method: &str) -> Self {
        match method {
            "sendTransaction" => Self::SendTransaction,
            "simulateTransaction" => Self::SimulateTransaction,
            "sendBundle" => Self::SendBundle,
            "getLatestBlockhash" => Self::LatestBlockhash,
            "isBlockhashValid" => Self::BlockhashValid,
            "requestAirdrop" => Self::MakesBlock,
            SAVE_CHECKPOINT_METHOD => Self::SaveCheckpoint,
            RESTORE_CHECKPOINT_METHOD => Self::RestoreCheckpoint,
            "surfnet_timeTravel" => Self::TimeTravel,
            _ => Self::Forward,
        }
    }
}

pub struct Calls {
    pub surfpool: RpcMethods,
    pub chain: Chain,
    pub blocks: BlockRequests,
    pub checkpoints: Arc<Checkpoints>,
    pub gate: Gate,
}

impl Calls {
    /// Answers `call` (a JSON object): its JSON-RPC response, or none for a notification
    /// (refused or not, as JSON-RPC has it).
    pub async fn answer(&self, call: Value) -> Result<Option<Value>, String> {
        let id = call.get("id").cloned();
        let id = id.as_ref();
        let Some(method) = call.get("method").and_then(Value::as_str) else {
            // Not a call surfpool can run either: it answers it as an invalid request.
            return self.surfpool.call(call).await;
        };
        if let Err(refused) = self.check_gate(method, call.get("params")).await {
            return refuse(id, refused);
        }
        match Treatment::of(method) {
            Treatment::SendTransaction => self.send_transaction(id, call).await,
            Treatment::SendBundle => self.send_bundle(id, call).await,
            Treatment::SimulateTransaction => self.simulate_transaction(id, call).await,
            Treatment::LatestBlockhash => self.latest_blockhash(call).await,
            Treatment::BlockhashValid => self.blockhash_valid(call).await,
            Treatment::MakesBlock => self.run_then_block(call).await,
            Treatment::SaveCheckpoint => {
                Ok(Some(checkpoint_calls::save(&self.checkpoints, &call).await))
            }
            Treatment::RestoreCheckpoint => Ok(Some(
                checkpoint_calls::restore(&self.checkpoints, &call).await,
            )),
            Treatment::TimeTravel => self.time_travel(id, call).await,
            Treatment::Forward => self.surfpool.call(call).await,
        }
    }

    /// Whether the gate lets `method` run with `params`, the account it writes (if any) looked
    /// at under the SVM's read lock.
    async fn check_gate(&self, method: &str, params: Option<&Value>) -> Result<(), Refused> {
        let writes = self.gate.check_call(method, params)?;
        if writes != Writes::Nothing {
            self.chain
                .read_async(|chain| Gate::check_account(chain, method, &writes))
                .await?;
        }
        Ok(())
    }

    /// `sendTransaction`: refused when its transaction is unreadable or its lifetime is over.
    async fn send_transaction(
        &self,
        id: Option<&Value>,
        call: Value,
    ) -> Result<Option<Value>, String> {
        let transaction = match transactions::sent(call.get("params")) {
            Ok(transaction) => transaction,
            Err(refused) => return refuse(id, refused),
        };
        if !self.lifetime_holds(&transaction.message).await {
            return Ok(id.map(refusal::send_refused));
        }
        self.run_then_block(call).await
    }

    /// `sendBundle`: refused when one of its transactions is unreadable or its lifetime is over.
    async fn send_bundle(&self, id: Option<&Value>, call: Value) -> Result<Option<Value>, String> {
        let bundle = match transactions::bundled(call.get("params")) {
            Ok(bundle) => bundle,
            Err(refused) => return refuse(id, refused),
        };
        for (index, transaction) in bundle.iter().enumerate() {
            if !self.lifetime_holds(&transaction.message).await {
                return refuse(id, refusal::bundle_refused(index));
            }
        }
        self.run_then_block(call).await
    }

    /// `simulateTransaction`: its result says so when its lifetime is over (unless it asks for
    /// the blockhash to be replaced); a replacement blockhash gets the node's
    /// `lastValidBlockHeight`.
    async fn simulate_transaction(
        &self,
        id: Option<&Value>,
        call: Value,
    ) -> Result<Option<Value>, String> {
        let simulated = match transactions::simulated(call.get("params")) {
            Ok(simulated) => simulated,
            Err(refused) => return refuse(id, refused),
        };
        let expired = !simulated.replaces_blockhash
            && !self.lifetime_holds(&simulated.transaction.message).await;
        let mut response = self.surfpool.call(call).await?;
        if let Some(value) = result_value(&mut response) {
            if expired {
                refusal::simulation_value_refused(value);
            } else if let Some(replacement) = value.get_mut("replacementBlockhash") {
                set_last_valid_block_height(replacement);
            }
        }
        Ok(response)
    }

    async fn latest_blockhash(&self, call: Value) -> Result<Option<Value>, String> {
        let mut response = self.surfpool.call(call).await?;
        if let Some(value) = result_value(&mut response) {
            set_last_valid_block_height(value);
        }
        Ok(response)
    }

    async fn blockhash_valid(&self, call: Value) -> Result<Option<Value>, String> {
        let recent = self.blockhash_is_recent(&call).await;
        let mut response = self.surfpool.call(call).await?;
        if let Some(value) = result_value(&mut response) {
            *value = Value::Bool(recent);
        }
        Ok(response)
    }

    /// `surfnet_timeTravel`, checked and run while the clock's hold is held.
    async fn time_travel(&self, id: Option<&Value>, call: Value) -> Result<Option<Value>, String> {
        let _clock = self.checkpoints.clock_hold().hold_async().await;
        let now = self.chain.read_async(ChainNow::of).await;
        if let Err(refused) = time_travel::check(call.get("params"), &now) {
            return refuse(id, refused);
        }
        self.surfpool.call(call).await
    }

    /// Runs a call that may process a transaction, and once it did, answers after the block
    /// that confirms it.
    async fn run_then_block(&self, call: Value) -> Result<Option<Value>, String> {
        let response = self.surfpool.call(call).await?;
        let processed = response
            .as_ref()
            .is_some_and(|response| response.get("result").is_some());
        if processed {
            self.blocks.next_block().await;
        }
        Ok(response)
    }

    /// Whether a transaction with `message` may still be processed: a recent blockhash, or a
    /// durable nonce that holds.
    async fn lifetime_holds(&self, message: &VersionedMessage) -> bool {
        self.chain
            .read_async(|chain| {
                match lifetime::freshness(message.recent_blockhash(), chain.block_height()) {
                    Freshness::Recent => true,
                    Freshness::Expired => false,
                    Freshness::Foreign => durable_nonce::holds(chain, message),
                }
            })
            .await
    }

    async fn blockhash_is_recent(&self, call: &Value) -> bool {
        let Some(hash) = first_param(call)
            .and_then(Value::as_str)
            .and_then(|text| text.parse::<Hash>().ok())
        else {
            return false;
        };
        let height = self.chain.read_async(|chain| chain.block_height()).await;
        lifetime::freshness(&hash, height) == Freshness::Recent
    }
}

/// The JSON-RPC error that answers a refused call, or none for a notification.
fn refuse(id: Option<&Value>, refused: Refused) -> Result<Option<Value>, String> {
    Ok(id.map(|id| refusal::error(id, refused.code, &refused.message)))
}

fn first_param(call: &Value) -> Option<&Value> {
    call.get("params")?.get(0)
}

fn result_value(response: &mut Option<Value>) -> Option<&mut Value> {
    response.as_mut()?.get_mut("result")?.get_mut("value")
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
        assert!(matches!(Treatment::of("sendBundle"), Treatment::SendBundle));
        assert!(matches!(
            Treatment::of("getAccountInfo"),
            Treatment::Forward
        ));
    }

    #[test]
    fn last_valid_block_height_follows_the_blockhash() {
        let hash = crate::node::surfpool::synthetic_blockhash(41);
        let mut value = json!({"blockhash": hash.to_string(), "lastValidBlockHeight": 192});
        set_last_valid_block_height(&mut value);
        assert_eq!(
            value["lastValidBlockHeight"],
            json!(42 + lifetime::LIFETIME_BLOCKS)
        );
    }
}
