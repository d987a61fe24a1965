//! Command-line flags with environment fallbacks, and what they resolve to.
//!
//! A malformed value (an address that is not base58, a URL without a scheme) stops the server
//! at start-up; a missing piece (no mint authority, no `.localnet/env.json` yet) does not: the
//! faucet then serves and answers 503.

use std::{
    net::SocketAddr,
    num::NonZeroU32,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use clap::Parser;
use fulltime_client::cluster::{Cluster, DEVNET_URL, MAINNET_URL};
use fulltime_files::localnet_env::{LocalnetEnv, LocalnetEnvError};
use solana_address::Address;
use solana_signer::Signer;

use crate::{
    limits::{Rate, RateLimits},
    mint::Minter,
    rpc_minter::{MintSettings, RpcMinter},
    serve::ConnectionLimits,
    state::AppState,
};

/// The whole request may take this much longer than its RPC work (reading the body, answering),
/// so that a slow mint answers the minter's 500 rather than the request timeout's 408.
pub const REQUEST_TIMEOUT_MARGIN: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Parser)]
#[command(
    name = "faucet",
    version,
    about = concat!("Mints devnet test USDC: POST ", fulltime_client::faucet_path!())
)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, env = "FAUCET_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// JSON-RPC endpoint: an http(s) URL, `devnet`, or `localnet` (reads <state-dir>/env.json).
    /// The faucet refuses to mint on mainnet-beta whatever this says.
    #[arg(long, env = "FAUCET_RPC_URL", default_value = "localnet")]
    pub rpc_url: Cluster,

    /// Where `localnet` wrote env.json.
    #[arg(long, env = "FAUCET_STATE_DIR", default_value = fulltime_files::localnet_env::DEFAULT_STATE_DIR)]
    pub state_dir: PathBuf,

    /// The test USDC mint (default with `localnet`: the one in env.json).
    #[arg(long, env = "FAUCET_MINT")]
    pub mint: Option<Address>,

    /// Keypair file (solana CLI JSON) of the mint's authority; it also pays fees and rent.
    /// Without one the faucet answers 503.
    #[arg(long, env = "FAUCET_MINT_AUTHORITY", value_name = "PATH")]
    pub mint_authority: Option<PathBuf>,

    /// Base units minted per request (test USDC has 6 decimals: 100000000 = 100 USDC).
    #[arg(long, env = "FAUCET_AMOUNT", default_value_t = 100_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub amount: u64,

    /// Seconds a wallet waits after a successful mint (at most a day).
    #[arg(long, env = "FAUCET_COOLDOWN_SECS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(..=86_400))]
    pub cooldown_secs: u64,

    /// Bound, in seconds, on the RPC work of one mint, confirmation included (a blockhash
    /// expires after about 90 s, so longer waits gain nothing).
    #[arg(long, env = "FAUCET_MINT_TIMEOUT_SECS", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub mint_timeout_secs: u64,

    /// Mints one peer address (IPv6: its /64) may ask for per minute, sustained; 0 turns the
    /// per-peer limit off.
    #[arg(long, env = "FAUCET_PER_IP_PER_MINUTE", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(..=MAX_PER_MINUTE))]
    pub per_ip_per_minute: u32,

    /// Mints one peer address may ask for at once before its per-minute rate applies.
    #[arg(long, env = "FAUCET_PER_IP_BURST", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=MAX_BURST))]
    pub per_ip_burst: u32,

    /// Mints all peers together may ask for per minute, sustained; 0 turns the global limit
    /// off.
    #[arg(long, env = "FAUCET_GLOBAL_PER_MINUTE", default_value_t = 60,
          value_parser = clap::value_parser!(u32).range(..=MAX_PER_MINUTE))]
    pub global_per_minute: u32,

    /// Mints all peers together may ask for at once before the global rate applies.
    #[arg(long, env = "FAUCET_GLOBAL_BURST", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..=MAX_BURST))]
    pub global_burst: u32,

    /// Seconds a connection has to send a request's headers, counted from when it waits for
    /// one; a client that sends them slower is disconnected.
    #[arg(long, env = "FAUCET_HEADER_READ_TIMEOUT_SECS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub header_read_timeout_secs: u64,

    /// Seconds a connection may send nothing while none of its requests is being handled
    /// before it is closed.
    #[arg(long, env = "FAUCET_IDLE_TIMEOUT_SECS", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub idle_timeout_secs: u64,

    /// Seconds a request's body has to arrive whole once its headers have; a slower one is
    /// answered 408 and its connection closed.
    #[arg(long, env = "FAUCET_BODY_READ_TIMEOUT_SECS", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub body_read_timeout_secs: u64,

    /// Connections open at once; further ones wait, unaccepted, until one closes. Keep it
    /// below the process's file descriptor limit (`ulimit -n`).
    #[arg(long, env = "FAUCET_MAX_CONNECTIONS", default_value_t = 512,
          value_parser = clap::value_parser!(u32).range(1..=MAX_CONNECTIONS))]
    pub max_connections: u32,

    /// Connections one peer address (IPv6: its /64) may hold open at once; one more is
    /// answered 429 and closed.
    #[arg(long, env = "FAUCET_MAX_CONNECTIONS_PER_IP", default_value_t = 32,
          value_parser = clap::value_parser!(u32).range(1..=MAX_CONNECTIONS))]
    pub max_connections_per_ip: u32,

    /// Connections one network (an IPv4 /24, an IPv6 /48, or every loopback address: this
    /// machine) may hold open at once, whatever number of its addresses it uses; one more is
    /// answered 429 and closed.
    #[arg(long, env = "FAUCET_MAX_CONNECTIONS_PER_NETWORK", default_value_t = 128,
          value_parser = clap::value_parser!(u32).range(1..=MAX_CONNECTIONS))]
    pub max_connections_per_network: u32,

    /// Seconds that requests in flight have to finish after Ctrl-C or SIGTERM; the faucet then
    /// closes every connection still open and exits.
    #[arg(long, env = "FAUCET_SHUTDOWN_TIMEOUT_SECS", default_value_t = 8,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub shutdown_timeout_secs: u64,
}

/// A thousand mints a second is beyond what any RPC node takes from one faucet.
const MAX_PER_MINUTE: i64 = 60_000;
/// Bounded so that a bucket's size in time (burst times period) cannot overflow.
const MAX_BURST: i64 = 10_000;
/// Far beyond what one process's file descriptors allow by default.
const MAX_CONNECTIONS: i64 = 1_000_000;

/// Why the faucet cannot mint; it serves 503 meanwhile.
#[derive(Debug, thiserror::Error)]
pub enum NotConfigured {
    #[error(transparent)]
    Localnet(#[from] LocalnetEnvError),
    #[error("no mint authority: pass --mint-authority <keypair.json> or set FAUCET_MINT_AUTHORITY")]
    NoAuthority,
    #[error("no mint: pass --mint <address> or set FAUCET_MINT")]
    NoMint,
    #[error("cannot read the mint authority keypair {}: {reason}", path.display())]
    Authority { path: PathBuf, reason: String },
}

pub struct FaucetConfig {
    pub bind: SocketAddr,
    pub cooldown: Duration,
    pub mint_timeout: Duration,
    /// `None`: that limit is off.
    pub per_peer: Option<Rate>,
    pub global: Option<Rate>,
    pub minting: Result<MintSettings, NotConfigured>,
    pub connections: ConnectionLimits,
}

impl Args {
    pub fn resolve(self) -> FaucetConfig {
        let mint_timeout = Duration::from_secs(self.mint_timeout_secs);
        FaucetConfig {
            bind: self.bind,
            cooldown: Duration::from_secs(self.cooldown_secs),
            mint_timeout,
            per_peer: rate(self.per_ip_per_minute, self.per_ip_burst),
            global: rate(self.global_per_minute, self.global_burst),
            connections: self.connection_limits(),
            minting: self.mint_settings(mint_timeout),
        }
    }

    fn connection_limits(&self) -> ConnectionLimits {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(self.header_read_timeout_secs),
            idle_timeout: Duration::from_secs(self.idle_timeout_secs),
            body_read_timeout: Duration::from_secs(self.body_read_timeout_secs),
            // The flags' range keeps them within any usize.
            max_connections: usize::try_from(self.max_connections).unwrap_or(usize::MAX),
            max_connections_per_peer: usize::try_from(self.max_connections_per_ip)
                .unwrap_or(usize::MAX),
            max_connections_per_network: usize::try_from(self.max_connections_per_network)
                .unwrap_or(usize::MAX),
            shutdown_timeout: Duration::from_secs(self.shutdown_timeout_secs),
        }
    }

    fn mint_settings(self, timeout: Duration) -> Result<MintSettings, NotConfigured> {
        let (rpc_url, mint, authority) = match self.rpc_url {
            Cluster::Devnet => (DEVNET_URL.to_owned(), self.mint, self.mint_authority),
            // Accepted so that the genesis check, not a spelling, is what refuses mainnet.
            Cluster::Mainnet => (MAINNET_URL.to_owned(), self.mint, self.mint_authority),
            Cluster::Custom(url) => (url, self.mint, self.mint_authority),
            Cluster::Localnet => {
                let env = LocalnetEnv::load(&self.state_dir)?;
                let mint = self.mint.unwrap_or(env.mint);
                let authority = self.mint_authority.unwrap_or(env.mint_authority);
                (env.rpc_url, Some(mint), Some(authority))
            }
        };
        let authority = authority.ok_or(NotConfigured::NoAuthority)?;
        let mint = mint.ok_or(NotConfigured::NoMint)?;
        Ok(MintSettings {
            rpc_url,
            mint,
            authority: read_authority(&authority)?,
            amount: self.amount,
            timeout,
        })
    }
}

/// 0 per minute turns the limit off; the burst is at least 1 by its flag's range.
fn rate(per_minute: u32, burst: u32) -> Option<Rate> {
    Some(Rate {
        per_minute: NonZeroU32::new(per_minute)?,
        burst: NonZeroU32::new(burst)?,
    })
}

fn read_authority(path: &Path) -> Result<solana_keypair::Keypair, NotConfigured> {
    // The error texts of the reader name the problem, never the file's bytes.
    solana_keypair::read_keypair_file(path).map_err(|error| NotConfigured::Authority {
        path: path.to_owned(),
        reason: error.to_string(),
    })
}

impl FaucetConfig {
    /// The state the router runs on; says in the log why minting is off when it is.
    pub fn app_state(self) -> AppState {
        let minter = match self.minting {
            Ok(settings) => {
                tracing::info!(
                    rpc = origin(&settings.rpc_url),
                    mint = %settings.mint,
                    authority = %settings.authority.pubkey(),
                    amount = settings.amount,
                    "minting"
                );
                Some(Arc::new(RpcMinter::new(settings)) as Arc<dyn Minter>)
            }
            Err(reason) => {
                tracing::warn!(%reason, "the faucet cannot mint and answers 503");
                None
            }
        };
        for (limit, rate) in [("per peer", self.per_peer), ("global", self.global)] {
            match rate {
                Some(rate) => tracing::info!(
                    limit,
                    per_minute = rate.per_minute,
                    burst = rate.burst,
                    "rate limit"
                ),
                None => tracing::warn!(limit, "rate limit off"),
            }
        }
        AppState::new(
            minter,
            self.cooldown,
            RateLimits::new(self.per_peer, self.global),
            self.mint_timeout + REQUEST_TIMEOUT_MARGIN,
        )
    }
}

/// `scheme://host[:port]` of a URL: providers put API keys in paths and queries.
fn origin(url: &str) -> &str {
    let host_start = url.find("://").map_or(0, |index| index + 3);
    let host_end = url[host_start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |index| host_start + index);
    &url[..host_end]
}

#[cfg(test)]
mod tests {
    use solana_keypair::{Keypair, write_keypair_file};

    use super::*;

    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> Self {
            let path =
                std::env::temp_dir().join(format!("fulltime-faucet-{name}-{}", std::process::id()));
            std::fs::create_dir_all(&path).expect("temp dir");
            Self(path)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn args(flags: &[&str]) -> Args {
        let argv = std::iter::once("faucet").chain(flags.iter().copied());
        Args::try_parse_from(argv).expect("valid flags")
    }

    fn keypair_file(dir: &Path, name: &str) -> (PathBuf, Keypair) {
        let keypair = Keypair::new();
        let path = dir.join(name);
        write_keypair_file(&keypair, &path).expect("write keypair");
        (path, keypair)
    }

    fn write_env(dir: &Path, mint: Address, authority: PathBuf) {
        LocalnetEnv {
            rpc_url: "http://127.0.0.1:18899".into(),
            ws_url: "ws://127.0.0.1:18900".into(),
            settlement_program: Address::new_unique(),
            oracle_program: Address::new_unique(),
            mint,
            mint_authority: authority,
            oracle_authority: None,
            wallet: dir.join("wallet.json"),
            chain: None,
        }
        .save(dir)
        .expect("save env");
    }

    #[test]
    fn defaults_follow_the_contract() {
        let args = args(&[]);
        assert_eq!(args.bind, "127.0.0.1:8080".parse().expect("address"));
        assert_eq!(args.rpc_url, Cluster::Localnet);
        assert_eq!(args.amount, 100_000_000);
        assert_eq!(args.cooldown_secs, 30);
        let config = args.resolve();
        assert_eq!(config.per_peer, rate(10, 5));
        assert_eq!(config.global, rate(60, 20));
        assert_eq!(config.connections, ConnectionLimits::default());
    }

    #[test]
    fn connection_limits_come_from_their_flags() {
        let config = args(&[
            "--header-read-timeout-secs",
            "3",
            "--idle-timeout-secs",
            "4",
            "--body-read-timeout-secs",
            "7",
            "--max-connections",
            "5",
            "--max-connections-per-ip",
            "2",
            "--max-connections-per-network",
            "3",
            "--shutdown-timeout-secs",
            "6",
        ])
        .resolve();
        assert_eq!(
            config.connections,
            ConnectionLimits {
                header_read_timeout: Duration::from_secs(3),
                idle_timeout: Duration::from_secs(4),
                body_read_timeout: Duration::from_secs(7),
                max_connections: 5,
                max_connections_per_peer: 2,
                max_connections_per_network: 3,
                shutdown_timeout: Duration::from_secs(6),
            }
        );
    }

    #[test]
    fn zero_per_minute_turns_a_limit_off() {
        let config = args(&["--per-ip-per-minute", "0", "--global-per-minute", "0"]).resolve();
        assert_eq!(config.per_peer, None);
        assert_eq!(config.global, None);
        let config = args(&["--per-ip-per-minute", "0"]).resolve();
        assert_eq!(config.per_peer, None);
        assert!(config.global.is_some());
    }

    #[test]
    fn without_an_authority_it_is_not_configured() {
        let mint = Address::new_unique().to_string();
        let config = args(&["--rpc-url", "devnet", "--mint", &mint]).resolve();
        assert!(matches!(config.minting, Err(NotConfigured::NoAuthority)));
    }

    #[test]
    fn a_missing_localnet_env_is_not_configured() {
        let config = args(&["--state-dir", "/nonexistent/fulltime"]).resolve();
        assert!(matches!(config.minting, Err(NotConfigured::Localnet(_))));
    }

    #[test]
    fn an_unreadable_authority_is_not_configured() {
        let mint = Address::new_unique().to_string();
        let flags = ["--rpc-url", "http://127.0.0.1:1", "--mint", &mint];
        let config =
            args(&[&flags[..], &["--mint-authority", "/nonexistent.json"]].concat()).resolve();
        assert!(matches!(
            config.minting,
            Err(NotConfigured::Authority { .. })
        ));
    }

    #[test]
    fn localnet_reads_env_json_and_explicit_flags_win() {
        let dir = TempDir::new("localnet-env");
        let (env_authority_path, env_authority) = keypair_file(&dir.0, "env-authority.json");
        let env_mint = Address::new_unique();
        write_env(&dir.0, env_mint, env_authority_path);
        let state_dir = dir.0.to_str().expect("utf-8 temp dir");

        let from_env = args(&["--state-dir", state_dir]).resolve();
        let settings = from_env.minting.expect("configured");
        assert_eq!(settings.rpc_url, "http://127.0.0.1:18899");
        assert_eq!(settings.mint, env_mint);
        assert_eq!(settings.authority.pubkey(), env_authority.pubkey());

        let (flag_authority_path, flag_authority) = keypair_file(&dir.0, "flag-authority.json");
        let flag_mint = Address::new_unique();
        let explicit = args(&[
            "--state-dir",
            state_dir,
            "--mint",
            &flag_mint.to_string(),
            "--mint-authority",
            flag_authority_path.to_str().expect("utf-8 temp dir"),
        ])
        .resolve();
        let settings = explicit.minting.expect("configured");
        assert_eq!(settings.mint, flag_mint);
        assert_eq!(settings.authority.pubkey(), flag_authority.pubkey());
    }

    #[test]
    fn malformed_values_are_refused_at_start_up() {
        let argv = |flags: &[&str]| {
            Args::try_parse_from(std::iter::once("faucet").chain(flags.iter().copied())).is_err()
        };
        assert!(argv(&["--rpc-url", "api.devnet.solana.com"]));
        assert!(argv(&["--mint", "not-an-address"]));
        assert!(argv(&["--amount", "0"]));
        assert!(argv(&["--amount", "-5"]));
        assert!(argv(&["--bind", "localhost"]));
        // Bounded so that deadlines computed from them cannot overflow.
        assert!(argv(&["--cooldown-secs", "86401"]));
        assert!(argv(&["--mint-timeout-secs", "0"]));
        assert!(argv(&["--mint-timeout-secs", "301"]));
        assert!(argv(&["--per-ip-burst", "0"]));
        assert!(argv(&["--global-burst", "0"]));
        assert!(argv(&["--per-ip-per-minute", "-1"]));
        assert!(argv(&["--global-per-minute", "60001"]));
        assert!(argv(&["--per-ip-burst", "10001"]));
        for flag in [
            "--header-read-timeout-secs",
            "--idle-timeout-secs",
            "--body-read-timeout-secs",
            "--max-connections",
            "--max-connections-per-ip",
            "--shutdown-timeout-secs",
        ] {
            assert!(argv(&[flag, "0"]), "{flag} 0");
            assert!(argv(&[flag, "1000001"]), "{flag} 1000001");
        }
    }

    #[test]
    fn logs_only_the_origin_of_an_rpc_url() {
        assert_eq!(
            origin("https://rpc.example.com/v1/SECRET?api-key=SECRET"),
            "https://rpc.example.com"
        );
        assert_eq!(origin("http://127.0.0.1:8899"), "http://127.0.0.1:8899");
        assert_eq!(origin("https://host?api-key=SECRET"), "https://host");
    }
}
