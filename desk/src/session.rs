//! The session every subcommand and the dashboard run in (agave's `CliConfig`): what the global
//! flags resolve to — the cluster endpoint, the wallet, the one connected client — and how
//! results print.

use std::path::Path;
use std::sync::Arc;

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::faucet::faucet_base_url;
use fulltime_client::keypair::{Wallet, resolve_wallet};
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::txline::api::{TxlineApi, api_base_url, credentials_for};
use solana_keypair::Keypair;
use tokio::sync::Mutex;

use crate::error::Error;
use crate::global_args::GlobalArgs;
use crate::output::OutputFormat;

pub struct Session {
    global: GlobalArgs,
    /// The client every request of the session goes through, once connected.
    client: Mutex<Option<Arc<FulltimeClient>>>,
}

impl Session {
    pub fn new(global: GlobalArgs) -> Self {
        Self {
            global,
            client: Mutex::new(None),
        }
    }

    pub fn cluster(&self) -> &Cluster {
        &self.global.url
    }

    /// Where localnet keeps env.json, and where `just dev` writes the node's and the faucet's
    /// logs.
    pub fn state_dir(&self) -> &Path {
        &self.global.state_dir
    }

    /// `--json` or text.
    pub fn output_format(&self) -> OutputFormat {
        if self.global.json {
            OutputFormat::Json
        } else {
            OutputFormat::Text
        }
    }

    pub fn endpoint(&self) -> Result<Endpoint, Error> {
        Ok(Endpoint::resolve(
            self.global.url.clone(),
            &self.global.state_dir,
        )?)
    }

    /// The wallet the session acts as: `--keypair`, else the solana CLI's default, else on
    /// localnet the wallet it funded (see [`resolve_wallet`] for the order and why).
    pub fn resolve_wallet(&self) -> Result<Wallet, Error> {
        Ok(resolve_wallet(
            self.global.keypair.as_deref(),
            &self.global.url,
            &self.global.state_dir,
        )?)
    }

    /// The keypair of [`Session::resolve_wallet`], which signs and pays.
    pub fn wallet(&self) -> Result<Keypair, Error> {
        Ok(self.resolve_wallet()?.keypair)
    }

    /// The client of the `--url` cluster: one HTTP connection pool and one WebSocket for
    /// confirmations, shared by every request of the session. `--url` is resolved on each call
    /// (localnet's env.json may name a restarted node's new ports); a new endpoint gets a new
    /// client.
    pub async fn client(&self) -> Result<Arc<FulltimeClient>, Error> {
        let endpoint = self.endpoint()?;
        let mut held = self.client.lock().await;
        if let Some(client) = held.as_ref()
            && *client.endpoint() == endpoint
        {
            return Ok(Arc::clone(client));
        }
        let client = Arc::new(
            FulltimeClient::connect(endpoint)
                .await?
                .with_priority_fee(self.global.priority_fee),
        );
        *held = Some(Arc::clone(&client));
        Ok(client)
    }

    /// Micro-lamports per compute unit every transaction of the session offers, if any.
    pub fn priority_fee(&self) -> Option<u64> {
        self.global.priority_fee
    }

    /// The faucet this session asks: `chosen` (`--faucet-url`, `FULLTIME_FAUCET_URL`), else, on
    /// the stack's node, the running stack's (see [`faucet_base_url`] for the order).
    pub fn faucet_url(&self, chosen: Option<&str>) -> String {
        faucet_base_url(chosen, &self.global.url, &self.global.state_dir)
    }

    /// The base URL of TxLINE's API for this session: `--txline-url`, else the cluster's.
    pub fn txline_url(&self) -> Result<String, Error> {
        Ok(api_base_url(
            self.global.txline_url.as_deref(),
            &self.global.url,
            &self.global.state_dir,
        )?)
    }

    /// TxLINE's API for this session, with the credentials kept for its host.
    pub fn txline_api(&self) -> Result<TxlineApi, Error> {
        let base_url = self.txline_url()?;
        let credentials = credentials_for(&base_url, &self.global.state_dir)?;
        Ok(TxlineApi::new(&base_url, credentials)?)
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use fulltime_client::keypair::{KeypairError, WalletSource};
    use solana_keypair::{Keypair, write_keypair_file};
    use solana_signer::Signer;

    use super::*;

    /// The global flags alone, as the command line's `Cli` flattens them.
    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        global: GlobalArgs,
    }

    fn session(args: &[&str]) -> Session {
        let flags = Flags::try_parse_from(std::iter::once("fulltime").chain(args.iter().copied()))
            .unwrap_or_else(|error| panic!("{args:?}: {error}"));
        Session::new(flags.global)
    }

    #[test]
    fn the_keypair_flag_is_resolved_first() {
        let path =
            std::env::temp_dir().join(format!("fulltime-cli-wallet-{}.json", std::process::id()));
        let keypair = Keypair::new();
        write_keypair_file(&keypair, &path).expect("write keypair");
        let path_text = path.to_string_lossy().into_owned();
        let session = session(&["--url", "devnet", "-k", &path_text]);
        let wallet = session.resolve_wallet().expect("the --keypair wallet");
        assert_eq!(
            (wallet.source, wallet.keypair.pubkey()),
            (WalletSource::Explicit, keypair.pubkey())
        );
        std::fs::remove_file(&path).expect("clean up");

        // Named but missing: an error about that file, never another wallet.
        let session = self::session(&["-k", &path_text]);
        let error = session.resolve_wallet().expect_err("missing");
        assert!(
            matches!(&error, Error::Keypair(KeypairError::NotFound { path: missing }) if *missing == path),
            "{error}"
        );
    }
}
