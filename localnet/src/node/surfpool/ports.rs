//! The ports surfpool's methods are told the node serves on (`getClusterNodes` names them).

use surfpool_types::RpcConfig;

/// A JSON-RPC port and a WebSocket port, on the loopback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ports {
    pub rpc: u16,
    pub ws: u16,
}

impl Ports {
    pub(super) fn rpc_config(self) -> RpcConfig {
        RpcConfig {
            bind_host: "127.0.0.1".into(),
            bind_port: self.rpc,
            ws_port: self.ws,
            ..RpcConfig::default()
        }
    }
}
