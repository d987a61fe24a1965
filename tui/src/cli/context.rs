//! What the global flags resolve to: the cluster endpoint, the wallet and a connected client.

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::{KeypairError, default_keypair_path, read_keypair_file};
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

    /// The `--keypair` wallet, or the solana CLI's default one.
    pub fn wallet(&self) -> Result<Keypair, CliError> {
        let path = self
            .global
            .keypair
            .clone()
            .or_else(default_keypair_path)
            .ok_or(KeypairError::NoDefaultPath)?;
        Ok(read_keypair_file(&path)?)
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
