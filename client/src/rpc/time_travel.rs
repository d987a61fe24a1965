//! Whether a node can move its clock, asked of the node rather than guessed from its URL:
//! `localnet` answers at `--url localnet` and at its raw `http://127.0.0.1:PORT` alike.

use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::ErrorKind;
use solana_rpc_client_api::request::{RpcError, RpcRequest};

use std::sync::atomic::Ordering;

use super::{ClientError, FulltimeClient, RPC_TIMEOUT};
use crate::cluster::{Cluster, Endpoint};

/// surfpool's cheat code that moves the cluster clock.
pub const TIME_TRAVEL_METHOD: &str = "surfnet_timeTravel";

/// JSON-RPC 2.0's "invalid params": the node has the method and refused the parameters.
const INVALID_PARAMS: i64 = -32602;

/// What a node said about moving its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeTravel {
    Supported,
    /// The node cannot move its clock; `reason` says how it answered.
    Unsupported {
        reason: String,
    },
}

/// Whether the node of `endpoint` serves `surfnet_timeTravel`, without connecting a
/// [`super::FulltimeClient`] (a plain node may have no settlement config to connect to).
pub async fn time_travel_support(endpoint: &Endpoint) -> Result<TimeTravel, ClientError> {
    let rpc = RpcClient::new_with_timeout(endpoint.rpc_url.clone(), RPC_TIMEOUT);
    probe(&endpoint.cluster, &rpc).await
}

impl FulltimeClient {
    /// [`time_travel_support`] of this client's node, asked over the client's own connection;
    /// once the node said it can, not asked again: a node keeps its cheat codes while it runs,
    /// and a timeline warps at every step.
    pub async fn time_travel_support(&self) -> Result<TimeTravel, ClientError> {
        if self.travels.load(Ordering::Relaxed) {
            return Ok(TimeTravel::Supported);
        }
        let answer = probe(&self.endpoint.cluster, &self.rpc).await?;
        if answer == TimeTravel::Supported {
            self.travels.store(true, Ordering::Relaxed);
        }
        Ok(answer)
    }
}

async fn probe(cluster: &Cluster, rpc: &RpcClient) -> Result<TimeTravel, ClientError> {
    // The public clusters run validators without cheat codes; no need to ask them.
    if matches!(cluster, Cluster::Devnet | Cluster::Mainnet) {
        return Ok(TimeTravel::Unsupported {
            reason: format!("{cluster} is a public cluster, without cheat codes"),
        });
    }
    // A parameter that is no time-travel config: a node with the method refuses it as invalid
    // params before running anything, so the clock stays put, and a node without it answers
    // "method not found" (or, for surfpool with the cheat code turned off, says so). Without
    // parameters surfpool would jump an hour ahead.
    let answer = rpc
        .send::<serde_json::Value>(
            RpcRequest::Custom {
                method: TIME_TRAVEL_METHOD,
            },
            serde_json::json!(["fulltime-probe"]),
        )
        .await;
    let error = match answer {
        Ok(_) => return Ok(TimeTravel::Supported),
        Err(error) => error,
    };
    match error.kind() {
        ErrorKind::RpcError(RpcError::RpcResponseError { code, .. }) if *code == INVALID_PARAMS => {
            Ok(TimeTravel::Supported)
        }
        ErrorKind::RpcError(RpcError::RpcResponseError { code, message, .. }) => {
            Ok(TimeTravel::Unsupported {
                reason: format!("the node answered `{message}` (JSON-RPC error {code})"),
            })
        }
        _ => Err(ClientError::from_rpc(
            rpc.url(),
            Some(cluster),
            RPC_TIMEOUT,
            error,
        )),
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use anchor_lang::prelude::Pubkey;

    use super::*;

    /// A JSON-RPC node that answers every request with `error`, and the endpoint of its URL.
    async fn node_answering(error: serde_json::Value) -> Endpoint {
        node_answering_times(error, usize::MAX).await
    }

    /// [`node_answering`], gone after `times` requests.
    async fn node_answering_times(error: serde_json::Value, times: usize) -> Endpoint {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        tokio::spawn(async move {
            for _ in 0..times {
                let Ok((mut stream, _)) = listener.accept().await else {
                    break;
                };
                let mut request = vec![0; 64 * 1024];
                let _ = stream.read(&mut request).await;
                let body =
                    serde_json::json!({"jsonrpc": "2.0", "id": 1, "error": error}).to_string();
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                     connection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
            }
        });
        Endpoint {
            cluster: Cluster::Custom(url.clone()),
            rpc_url: url,
            oracle_program: txline_interface::DEVNET_PROGRAM_ID,
            ws_url: None,
            usdc_mint: None,
        }
    }

    #[tokio::test]
    async fn a_node_without_the_method_cannot_travel() {
        let endpoint =
            node_answering(serde_json::json!({"code": -32601, "message": "Method not found"}))
                .await;
        assert_eq!(
            time_travel_support(&endpoint).await.expect("an answer"),
            TimeTravel::Unsupported {
                reason: "the node answered `Method not found` (JSON-RPC error -32601)".into()
            }
        );
    }

    #[tokio::test]
    async fn a_node_that_refuses_the_probes_parameter_has_the_method() {
        let endpoint =
            node_answering(serde_json::json!({"code": -32602, "message": "Invalid params"})).await;
        assert_eq!(
            time_travel_support(&endpoint).await.expect("an answer"),
            TimeTravel::Supported
        );
    }

    #[tokio::test]
    async fn a_client_asks_once_whether_its_node_travels() {
        let endpoint = node_answering_times(
            serde_json::json!({"code": -32602, "message": "Invalid params"}),
            1,
        )
        .await;
        let endpoint = Endpoint {
            usdc_mint: Some(Pubkey::new_unique()),
            ..endpoint
        };
        let client = FulltimeClient::connect(endpoint)
            .await
            .expect("a client that knows its mint asks nothing");
        for _ in 0..2 {
            // The second answer is the first one's: the node is gone.
            assert_eq!(
                client.time_travel_support().await.expect("an answer"),
                TimeTravel::Supported
            );
        }
    }

    #[tokio::test]
    async fn public_clusters_are_not_asked() {
        for cluster in [Cluster::Devnet, Cluster::Mainnet] {
            let endpoint = Endpoint {
                cluster: cluster.clone(),
                // Nothing listens here: an answer proves no request was made.
                rpc_url: "http://127.0.0.1:9".into(),
                oracle_program: txline_interface::DEVNET_PROGRAM_ID,
                ws_url: None,
                usdc_mint: None,
            };
            assert!(matches!(
                time_travel_support(&endpoint).await,
                Ok(TimeTravel::Unsupported { .. })
            ));
        }
    }

    #[tokio::test]
    async fn an_unreachable_node_is_unreachable() {
        let endpoint = Endpoint {
            cluster: Cluster::Custom("http://127.0.0.1:9".into()),
            rpc_url: "http://127.0.0.1:9".into(),
            oracle_program: txline_interface::DEVNET_PROGRAM_ID,
            ws_url: None,
            usdc_mint: None,
        };
        assert!(matches!(
            time_travel_support(&endpoint).await,
            Err(ClientError::Unreachable { .. })
        ));
    }
}
