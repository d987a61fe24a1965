//! surfpool's own JSON-RPC methods, called in process: the handlers and the middleware its HTTP
//! server runs, on a runtime of their own, with no server in between. Nothing but the front
//! reaches them (surfpool's server is closed once it opens: `listeners`), and each call surfpool
//! runs is the very value the front checked, not a text that it reads again.

use std::sync::{Arc, RwLock};

use serde_json::{Map, Value, json};
use surfpool_core::jsonrpc_core::{Call, MetaIoHandler, Output, Request, Response};
use surfpool_core::rpc::accounts_data::AccountsData;
use surfpool_core::rpc::accounts_scan::AccountsScan;
use surfpool_core::rpc::admin::AdminRpc;
use surfpool_core::rpc::bank_data::BankData;
use surfpool_core::rpc::full::Full;
use surfpool_core::rpc::jito::Jito;
use surfpool_core::rpc::minimal::Minimal;
use surfpool_core::rpc::surfnet_cheatcodes::{SurfnetCheatcodes, SurfnetCheatcodesRpc};
use surfpool_core::rpc::{self, RunloopContext, SurfpoolMiddleware};

use super::chain::Chain;
use super::methods_base::{methods_runtime, middleware};
use super::ports::Ports;
use crate::node::NodeError;

/// As many workers as surfpool's own HTTP server runs (its `threads(6)`): a synchronous method
/// (`sendTransaction` waits for the runloop) holds one while it runs.
const WORKERS: usize = 6;

type Handler = MetaIoHandler<Option<RunloopContext>, SurfpoolMiddleware>;

/// surfpool's JSON-RPC methods, ready to call.
#[derive(Clone)]
pub struct RpcMethods {
    io: Arc<Handler>,
    runtime: tokio::runtime::Handle,
}

/// The runtime surfpool's methods run on; stopped when dropped (from anywhere, an async context
/// included).
pub struct RpcMethodsRuntime(Option<tokio::runtime::Runtime>);

impl Drop for RpcMethodsRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

impl RpcMethods {
    /// surfpool's methods over `chain`, describing the node as `ports` says (`getClusterNodes`
    /// names its RPC and WebSocket addresses: the node's fronts). surfpool's plugin manager is
    /// not reachable from here, so its plugin methods fail (the front refuses them first:
    /// `gate`).
    pub fn start(chain: &Chain, ports: Ports) -> Result<(Self, RpcMethodsRuntime), NodeError> {
        let runtime = methods_runtime("surfpool-rpc", WORKERS, "surfpool's RPC")?;
        let mut io = MetaIoHandler::with_middleware(middleware(chain, ports));
        // As surfpool's server does: the cheat codes first, and the list of their names, which
        // `surfnet_enableCheatcode` and `surfnet_disableCheatcode` look names up in.
        let cheatcode_methods = Arc::new(RwLock::new(Vec::new()));
        io.extend_with(
            SurfnetCheatcodesRpc {
                registered_methods: Arc::clone(&cheatcode_methods),
            }
            .to_delegate(),
        );
        if let Ok(mut names) = cheatcode_methods.write() {
            names.extend(io.iter().map(|(name, _)| name.clone()));
        }
        io.extend_with(rpc::minimal::SurfpoolMinimalRpc.to_delegate());
        io.extend_with(rpc::full::SurfpoolFullRpc.to_delegate());
        io.extend_with(rpc::jito::SurfpoolJitoRpc.to_delegate());
        io.extend_with(rpc::accounts_data::SurfpoolAccountsDataRpc.to_delegate());
        io.extend_with(rpc::accounts_scan::SurfpoolAccountsScanRpc.to_delegate());
        io.extend_with(rpc::bank_data::SurfpoolBankDataRpc.to_delegate());
        io.extend_with(rpc::admin::SurfpoolAdminRpc.to_delegate());
        let methods = Self {
            io: Arc::new(io),
            runtime: runtime.handle().clone(),
        };
        Ok((methods, RpcMethodsRuntime(Some(runtime))))
    }

    /// One call (a JSON object), answered as surfpool's server answers it alone: its response,
    /// or none for a notification.
    pub async fn call(&self, call: Value) -> Result<Option<Value>, String> {
        let Ok(call) = serde_json::from_value::<Call>(call) else {
            // Not even an invalid call to jsonrpc-core (an `id` that is an object, say).
            return Ok(Some(json!({
                "jsonrpc": "2.0",
                "error": {"code": -32600, "message": "Invalid request"},
                "id": null,
            })));
        };
        let io = Arc::clone(&self.io);
        // Spawned, not called here: a synchronous method runs as soon as it is called, and may
        // wait for the runloop.
        let response = self
            .runtime
            .spawn(async move { io.handle_rpc_request(Request::Single(call), None).await })
            .await
            .map_err(|error| format!("surfpool's method did not finish: {error}"))?;
        Ok(match response {
            None => None,
            Some(Response::Single(output)) => Some(output_value(output)),
            Some(Response::Batch(outputs)) => Some(Value::Array(
                outputs.into_iter().map(output_value).collect(),
            )),
        })
    }
}

/// A response as JSON, its `result` moved rather than copied (it may be every account of a
/// program).
fn output_value(output: Output) -> Value {
    let mut fields = Map::new();
    let (jsonrpc, id) = match output {
        Output::Success(success) => {
            fields.insert("result".into(), success.result);
            (success.jsonrpc, success.id)
        }
        Output::Failure(failure) => {
            fields.insert(
                "error".into(),
                serde_json::to_value(failure.error).unwrap_or(Value::Null),
            );
            (failure.jsonrpc, failure.id)
        }
    };
    if let Some(version) = jsonrpc {
        fields.insert(
            "jsonrpc".into(),
            serde_json::to_value(version).unwrap_or(Value::Null),
        );
    }
    fields.insert("id".into(), serde_json::to_value(id).unwrap_or(Value::Null));
    Value::Object(fields)
}

/// Whether jsonrpc-core, which agave's and surfpool's servers run, reads `body` as a request.
#[cfg(test)]
pub fn jsonrpc_core_reads(body: &str) -> bool {
    serde_json::from_str::<Request>(body).is_ok()
}
