//! Which cluster to talk to, chosen like the solana CLI's `--url`, and the explorer links and
//! short signatures to show for its transactions.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use anchor_lang::prelude::Pubkey;
use fulltime_files::localnet_env::{LocalnetEnv, LocalnetEnvError};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use solana_signature::Signature;

pub const DEVNET_URL: &str = "https://api.devnet.solana.com";
pub const MAINNET_URL: &str = "https://api.mainnet-beta.solana.com";
const EXPLORER_URL: &str = "https://explorer.solana.com";

/// What JavaScript's `encodeURIComponent` leaves alone, which is what the explorer expects.
const URI_COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// A cluster as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cluster {
    /// The node `localnet` runs; its address and accounts are in `<state-dir>/env.json`.
    Localnet,
    Devnet,
    Mainnet,
    /// Any other JSON-RPC endpoint, e.g. a `solana-test-validator`.
    Custom(String),
}

#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    #[error("`{0}` is not a cluster: use localnet, devnet, mainnet or an http(s):// RPC URL")]
    Unknown(String),
    #[error(transparent)]
    Localnet(#[from] LocalnetEnvError),
    #[error(
        "localnet runs the settlement program {found}, but this client is built for {expected}; \
         restart localnet from this checkout"
    )]
    SettlementProgramMismatch { expected: Pubkey, found: Pubkey },
}

impl FromStr for Cluster {
    type Err = ClusterError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "localnet" | "localhost" | "l" => Ok(Self::Localnet),
            "devnet" | "d" => Ok(Self::Devnet),
            "mainnet" | "mainnet-beta" | "m" => Ok(Self::Mainnet),
            url => {
                let rest = url
                    .strip_prefix("http://")
                    .or_else(|| url.strip_prefix("https://"));
                match rest {
                    Some(host) if !host.is_empty() && !host.starts_with('/') => {
                        Ok(Self::Custom(url.to_owned()))
                    }
                    _ => Err(ClusterError::Unknown(url.to_owned())),
                }
            }
        }
    }
}

impl fmt::Display for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Localnet => f.write_str("localnet"),
            Self::Devnet => f.write_str("devnet"),
            Self::Mainnet => f.write_str("mainnet"),
            Self::Custom(url) => f.write_str(url),
        }
    }
}

/// A cluster resolved to everything a client needs to use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    pub cluster: Cluster,
    pub rpc_url: String,
    /// Where the node serves WebSocket subscriptions: localnet's `env.json` names it, any other
    /// cluster's is derived from `rpc_url` as the solana CLI derives it ([`websocket_url`]).
    /// `None` when there is none to derive; then everything polls.
    pub ws_url: Option<String>,
    /// The TxLINE program that validates settlement proofs.
    pub oracle_program: Pubkey,
    /// The test USDC mint when known without asking the chain (localnet's env.json); otherwise
    /// the client reads it from the settlement config.
    pub usdc_mint: Option<Pubkey>,
}

impl Endpoint {
    /// Resolves `cluster`; `localnet` reads `<state_dir>/env.json`.
    pub fn resolve(cluster: Cluster, state_dir: &Path) -> Result<Self, ClusterError> {
        let (rpc_url, ws_url, oracle_program, usdc_mint) = match &cluster {
            Cluster::Localnet => {
                let env = LocalnetEnv::load(state_dir)?;
                if env.settlement_program != settlement::ID {
                    return Err(ClusterError::SettlementProgramMismatch {
                        expected: settlement::ID,
                        found: env.settlement_program,
                    });
                }
                let ws_url = Some(env.ws_url);
                (env.rpc_url, ws_url, env.oracle_program, Some(env.mint))
            }
            Cluster::Devnet => (
                DEVNET_URL.to_owned(),
                websocket_url(DEVNET_URL),
                txline_interface::DEVNET_PROGRAM_ID,
                None,
            ),
            Cluster::Mainnet => (
                MAINNET_URL.to_owned(),
                websocket_url(MAINNET_URL),
                txline_interface::MAINNET_PROGRAM_ID,
                None,
            ),
            // A custom node is a local validator in practice, with the mock loaded at the
            // devnet oracle's address.
            Cluster::Custom(url) => (
                url.clone(),
                websocket_url(url),
                txline_interface::DEVNET_PROGRAM_ID,
                None,
            ),
        };
        Ok(Self {
            cluster,
            rpc_url,
            ws_url,
            oracle_program,
            usdc_mint,
        })
    }

    /// The explorer page of a transaction, with the `cluster=` parameter the explorer needs to
    /// find it (none for mainnet, the explorer's default).
    pub fn explorer_tx_url(&self, signature: &Signature) -> String {
        let page = format!("{EXPLORER_URL}/tx/{signature}");
        match &self.cluster {
            Cluster::Mainnet => page,
            Cluster::Devnet => format!("{page}?cluster=devnet"),
            Cluster::Localnet | Cluster::Custom(_) => format!(
                "{page}?cluster=custom&customUrl={}",
                utf8_percent_encode(&self.rpc_url, URI_COMPONENT)
            ),
        }
    }
}

/// The WebSocket URL of a JSON-RPC URL the way the solana CLI derives it: `ws` for `http`, `wss`
/// for `https`, and the next port when the URL names one (`http://127.0.0.1:8899` ->
/// `ws://127.0.0.1:8900`). `None` for anything but an http(s) URL.
pub fn websocket_url(rpc_url: &str) -> Option<String> {
    let (scheme, rest) = if let Some(rest) = rpc_url.strip_prefix("https://") {
        ("wss", rest)
    } else {
        ("ws", rpc_url.strip_prefix("http://")?)
    };
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, path) = rest.split_at(host_end);
    if host.is_empty() {
        return None;
    }
    // The port follows the last colon, unless that colon is inside an IPv6 address's brackets.
    let port_at = host.rfind(':').filter(|at| !host[*at..].contains(']'));
    let host = match port_at {
        Some(at) => {
            let port: u16 = host[at + 1..].parse().ok()?;
            format!("{}:{}", &host[..at], port.checked_add(1)?)
        }
        None => host.to_owned(),
    };
    Some(format!("{scheme}://{host}{path}"))
}

/// `abcd..wxyz`: the first and last four characters of a signature.
pub fn short_signature(signature: &Signature) -> String {
    short_base58(&signature.to_string())
}

/// `abcd..wxyz`: the first and last four characters of a base58 text (an address, a
/// signature); a short text as it is.
pub fn short_base58(text: &str) -> String {
    // Base58 is ASCII, so byte offsets are character offsets.
    match (text.get(..4), text.get(text.len().saturating_sub(4)..)) {
        (Some(head), Some(tail)) if text.len() > 10 => format!("{head}..{tail}"),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoint(cluster: Cluster, rpc_url: &str) -> Endpoint {
        Endpoint {
            cluster,
            rpc_url: rpc_url.into(),
            ws_url: websocket_url(rpc_url),
            oracle_program: txline_interface::DEVNET_PROGRAM_ID,
            usdc_mint: None,
        }
    }

    #[test]
    fn parses_cluster_names_and_urls() {
        for (text, cluster) in [
            ("localnet", Cluster::Localnet),
            ("l", Cluster::Localnet),
            ("devnet", Cluster::Devnet),
            ("d", Cluster::Devnet),
            ("mainnet", Cluster::Mainnet),
            ("mainnet-beta", Cluster::Mainnet),
            (
                "http://127.0.0.1:8899",
                Cluster::Custom("http://127.0.0.1:8899".into()),
            ),
            (
                "https://rpc.example.com/key",
                Cluster::Custom("https://rpc.example.com/key".into()),
            ),
        ] {
            assert_eq!(text.parse::<Cluster>().expect(text), cluster);
        }
    }

    #[test]
    fn refuses_anything_else() {
        for text in [
            "testnet",
            "",
            "127.0.0.1:8899",
            "ftp://x",
            "http://",
            "https:///x",
        ] {
            let error = text.parse::<Cluster>().expect_err(text);
            assert_eq!(
                error.to_string(),
                format!(
                    "`{text}` is not a cluster: use localnet, devnet, mainnet or an http(s):// RPC URL"
                )
            );
        }
    }

    #[test]
    fn public_clusters_resolve_to_their_rpc_and_oracle() {
        let nowhere = Path::new("/nonexistent");
        let devnet = Endpoint::resolve(Cluster::Devnet, nowhere).expect("devnet");
        assert_eq!(devnet.rpc_url, "https://api.devnet.solana.com");
        assert_eq!(
            devnet.ws_url.as_deref(),
            Some("wss://api.devnet.solana.com")
        );
        assert_eq!(devnet.oracle_program, txline_interface::DEVNET_PROGRAM_ID);
        let mainnet = Endpoint::resolve(Cluster::Mainnet, nowhere).expect("mainnet");
        assert_eq!(mainnet.rpc_url, "https://api.mainnet-beta.solana.com");
        assert_eq!(mainnet.oracle_program, txline_interface::MAINNET_PROGRAM_ID);
        assert_eq!(mainnet.usdc_mint, None);
    }

    #[test]
    fn localnet_resolves_from_env_json() {
        let dir = std::env::temp_dir().join(format!("fulltime-cluster-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mint = Pubkey::new_unique();
        let mut env = LocalnetEnv {
            rpc_url: "http://127.0.0.1:18899".into(),
            ws_url: "ws://127.0.0.1:18900".into(),
            settlement_program: settlement::ID,
            oracle_program: txline_interface::DEVNET_PROGRAM_ID,
            mint,
            mint_authority: dir.join("mint-authority.json"),
            oracle_authority: None,
            wallet: dir.join("wallet.json"),
            chain: None,
        };
        env.save(&dir).expect("save env");
        let resolved = Endpoint::resolve(Cluster::Localnet, &dir).expect("localnet");
        assert_eq!(resolved.rpc_url, "http://127.0.0.1:18899");
        assert_eq!(resolved.ws_url.as_deref(), Some("ws://127.0.0.1:18900"));
        assert_eq!(resolved.usdc_mint, Some(mint));

        env.settlement_program = Pubkey::new_unique();
        env.save(&dir).expect("save env");
        let error = Endpoint::resolve(Cluster::Localnet, &dir).expect_err("other program");
        assert!(matches!(
            error,
            ClusterError::SettlementProgramMismatch { .. }
        ));
        std::fs::remove_dir_all(&dir).expect("clean up");

        let error = Endpoint::resolve(Cluster::Localnet, &dir).expect_err("no env.json");
        assert!(
            error.to_string().contains("is `localnet` running?"),
            "{error}"
        );
    }

    #[test]
    fn explorer_links_carry_the_cluster() {
        let signature = Signature::from([7; 64]);
        let sig = signature.to_string();
        assert_eq!(
            endpoint(Cluster::Devnet, DEVNET_URL).explorer_tx_url(&signature),
            format!("https://explorer.solana.com/tx/{sig}?cluster=devnet")
        );
        assert_eq!(
            endpoint(Cluster::Mainnet, MAINNET_URL).explorer_tx_url(&signature),
            format!("https://explorer.solana.com/tx/{sig}")
        );
        assert_eq!(
            endpoint(Cluster::Localnet, "http://127.0.0.1:8899").explorer_tx_url(&signature),
            format!(
                "https://explorer.solana.com/tx/{sig}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899"
            )
        );
        let custom = "https://rpc.example.com/v1?api-key=a b";
        assert_eq!(
            endpoint(Cluster::Custom(custom.into()), custom).explorer_tx_url(&signature),
            format!(
                "https://explorer.solana.com/tx/{sig}?cluster=custom&customUrl=https%3A%2F%2Frpc.example.com%2Fv1%3Fapi-key%3Da%20b"
            )
        );
    }

    #[test]
    fn websocket_urls_follow_the_solana_cli() {
        for (rpc, ws) in [
            ("http://127.0.0.1:8899", "ws://127.0.0.1:8900"),
            ("http://localhost:18999/", "ws://localhost:19000/"),
            (DEVNET_URL, "wss://api.devnet.solana.com"),
            (
                "https://rpc.example.com:443/v1?key=a",
                "wss://rpc.example.com:444/v1?key=a",
            ),
            ("http://[::1]:8899", "ws://[::1]:8900"),
            ("http://[::1]", "ws://[::1]"),
        ] {
            assert_eq!(websocket_url(rpc).as_deref(), Some(ws), "{rpc}");
        }
        for bad in [
            "127.0.0.1:8899",
            "ftp://x",
            "http://",
            "http://host:65535",
            "http://h:x",
        ] {
            assert_eq!(websocket_url(bad), None, "{bad}");
        }
        let custom = Endpoint::resolve(
            Cluster::Custom("http://127.0.0.1:8899".into()),
            Path::new("/nonexistent"),
        )
        .expect("custom");
        assert_eq!(custom.ws_url.as_deref(), Some("ws://127.0.0.1:8900"));
    }

    #[test]
    fn signatures_shorten_to_four_and_four() {
        let signature: Signature =
            "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"
                .parse()
                .expect("signature");
        assert_eq!(short_signature(&signature), "5VER..kQUW");
    }
}
