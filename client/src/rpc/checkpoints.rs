//! `localnet`'s checkpoints: the node's whole state kept in memory when asked, and restored in
//! place (`localnet_saveCheckpoint`, `localnet_restoreCheckpoint`; see the localnet README,
//! "Checkpoints"). The JSON shapes are these types, shared by the node that writes them and the
//! client that reads them.

use serde::{Deserialize, Serialize};
use solana_rpc_client_api::client_error::ErrorKind;
use solana_rpc_client_api::request::{RpcError, RpcRequest};

use super::{ClientError, FulltimeClient};

/// Keeps a checkpoint of the node's state; no params.
pub const SAVE_CHECKPOINT_METHOD: &str = "localnet_saveCheckpoint";
/// Restores the checkpoint of the id given as the only param.
pub const RESTORE_CHECKPOINT_METHOD: &str = "localnet_restoreCheckpoint";

/// A checkpoint the node keeps: what `localnet_saveCheckpoint` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Checkpoint {
    /// What `localnet_restoreCheckpoint` takes; ids count up from 1 and are never reused.
    pub id: u64,
    /// The slot it was kept at (a restore does not take the slot back).
    pub slot: u64,
    /// The cluster clock it holds, in unix seconds.
    pub unix_timestamp: i64,
    /// How many accounts it holds.
    pub accounts: u64,
}

/// What `localnet_restoreCheckpoint` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RestoredCheckpoint {
    /// The checkpoint restored, as it was kept.
    pub checkpoint: Checkpoint,
    /// The slot the chain is at after the restore: it goes on from where it was.
    pub slot: u64,
    /// How many accounts the restore wrote back or removed.
    pub changed: u64,
}

impl FulltimeClient {
    /// Keeps a checkpoint of the whole chain on a `localnet` node.
    pub async fn save_checkpoint(&self) -> Result<Checkpoint, ClientError> {
        self.checkpoint_call(SAVE_CHECKPOINT_METHOD, serde_json::json!([]))
            .await
    }

    /// Restores the checkpoint `id` in place: every account, and the clock, as they were.
    pub async fn restore_checkpoint(&self, id: u64) -> Result<RestoredCheckpoint, ClientError> {
        self.checkpoint_call(RESTORE_CHECKPOINT_METHOD, serde_json::json!([id]))
            .await
    }

    async fn checkpoint_call<T: serde::de::DeserializeOwned>(
        &self,
        method: &'static str,
        params: serde_json::Value,
    ) -> Result<T, ClientError> {
        let rpc = self.rpc();
        rpc.send(RpcRequest::Custom { method }, params)
            .await
            .map_err(|error| match error.kind() {
                ErrorKind::RpcError(RpcError::RpcResponseError { code, message, .. }) => {
                    ClientError::Checkpoint {
                        url: rpc.url(),
                        reason: format!("{message} (JSON-RPC error {code})"),
                    }
                }
                _ => self.rpc_error(error),
            })
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;
    use crate::cluster::{Cluster, Endpoint};

    /// A client of a JSON-RPC node that answers every request with `answer` (its `result` or
    /// `error` member), and the requests it received.
    async fn client_of_node_answering(
        answer: serde_json::Value,
    ) -> (FulltimeClient, tokio::sync::mpsc::UnboundedReceiver<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let (requests, received) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let mut request = vec![0; 64 * 1024];
                let read = stream.read(&mut request).await.unwrap_or_default();
                let _ = requests.send(String::from_utf8_lossy(&request[..read]).into_owned());
                let mut body = serde_json::json!({"jsonrpc": "2.0", "id": 1});
                if let (Some(body), Some(answer)) = (body.as_object_mut(), answer.as_object()) {
                    body.extend(answer.clone());
                }
                let body = body.to_string();
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                     connection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
            }
        });
        let endpoint = Endpoint {
            cluster: Cluster::Custom(url.clone()),
            rpc_url: url,
            oracle_program: txline_interface::DEVNET_PROGRAM_ID,
            ws_url: None,
            usdc_mint: Some(anchor_lang::prelude::Pubkey::new_unique()),
        };
        let client = FulltimeClient::connect(endpoint).await.expect("connect");
        (client, received)
    }

    #[tokio::test]
    async fn a_restore_sends_the_id_and_reads_the_answer() {
        let restored = RestoredCheckpoint {
            checkpoint: Checkpoint {
                id: 7,
                slot: 120,
                unix_timestamp: 1_778_940_000,
                accounts: 42,
            },
            slot: 300,
            changed: 5,
        };
        let answer = serde_json::json!({"result": {
            "checkpoint": {"id": 7, "slot": 120, "unixTimestamp": 1_778_940_000_i64, "accounts": 42},
            "slot": 300,
            "changed": 5,
        }});
        let (client, mut received) = client_of_node_answering(answer).await;
        assert_eq!(
            client.restore_checkpoint(7).await.expect("restored"),
            restored
        );
        let request = received.recv().await.expect("a request");
        assert!(
            request.contains(r#""method":"localnet_restoreCheckpoint","params":[7]"#),
            "{request}"
        );
    }

    #[tokio::test]
    async fn a_refused_restore_says_what_the_node_said() {
        let answer = serde_json::json!({"error": {
            "code": -32602,
            "message": "no checkpoint 9: this node keeps checkpoints 1 to 3",
        }});
        let (client, _received) = client_of_node_answering(answer).await;
        let error = client.restore_checkpoint(9).await.expect_err("refused");
        assert!(
            matches!(&error, ClientError::Checkpoint { reason, .. }
                if reason == "no checkpoint 9: this node keeps checkpoints 1 to 3 (JSON-RPC error -32602)"),
            "{error:?}"
        );
    }
}
