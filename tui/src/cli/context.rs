//! What the global flags resolve to: the cluster endpoint, the wallet and a connected client.

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::{Wallet, resolve_wallet};
use fulltime_client::rpc::FulltimeClient;
use solana_keypair::Keypair;

use super::GlobalArgs;
use crate::output::failure::CliError;

pub struct Context {
    global: GlobalArgs,
}

impl Context {
    pub fn new(global: GlobalArgs) -> Self {
        Self { global }
    }

    pub fn cluster(&self) -> &Cluster {
        &self.global.url
    }

    pub fn endpoint(&self) -> Result<Endpoint, CliError> {
        Ok(Endpoint::resolve(
            self.global.url.clone(),
            &self.global.state_dir,
        )?)
    }

    /// The wallet the command acts as: `--keypair`, else the solana CLI's default, else on
    /// localnet the wallet it funded (see [`resolve_wallet`] for the order and why).
    pub fn resolve_wallet(&self) -> Result<Wallet, CliError> {
        Ok(resolve_wallet(
            self.global.keypair.as_deref(),
            &self.global.url,
            &self.global.state_dir,
        )?)
    }

    /// The keypair of [`Context::resolve_wallet`], which signs and pays.
    pub fn wallet(&self) -> Result<Keypair, CliError> {
        Ok(self.resolve_wallet()?.keypair)
    }

    /// A client of the `--url` cluster; `force` turns its client-side checks off.
    pub async fn client(&self, force: bool) -> Result<FulltimeClient, CliError> {
        let client = FulltimeClient::connect(self.endpoint()?).await?;
        Ok(if force {
            client.without_client_checks()
        } else {
            client
        })
    }
}
