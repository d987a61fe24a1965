//! `<state-dir>/env.json`: what a running `localnet` created and where it listens, so that the
//! `fulltime` command and the faucet find it with `--url localnet`.

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use serde::{Deserialize, Serialize};

/// How the `localnet` binary's line starts once it serves requests; whoever starts it waits for
/// this.
pub const READY: &str = "ready";

/// The default state directory, relative to the working directory.
pub const DEFAULT_STATE_DIR: &str = ".localnet";
pub const ENV_FILE: &str = "env.json";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalnetEnv {
    pub rpc_url: String,
    pub ws_url: String,
    #[serde(with = "pubkey_string")]
    pub settlement_program: Pubkey,
    #[serde(with = "pubkey_string")]
    pub oracle_program: Pubkey,
    /// The test USDC mint.
    #[serde(with = "pubkey_string")]
    pub mint: Pubkey,
    /// Keypair file of the mint authority (the faucet's key on localnet).
    pub mint_authority: PathBuf,
    /// Keypair file of the mock oracle's authority, the only key it takes roots from; absent
    /// where the bootstrap posted no roots (the real oracle's authority is TxLINE's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle_authority: Option<PathBuf>,
    /// Keypair file of the wallet localnet funded.
    pub wallet: PathBuf,
    /// Which chain `localnet` serves: written by `localnet` itself, absent where
    /// `fulltime-bootstrap` bootstrapped another node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<ChainInfo>,
}

/// Whether `localnet` made its chain at this start or resumed the one its state directory kept,
/// and since when the chain exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainInfo {
    /// When the chain was made: its first start, or its start from a snapshot (unix seconds of
    /// the wall clock).
    pub started: i64,
    /// Resumed from the state directory, rather than made at this start.
    pub resumed: bool,
    /// The snapshot file it was made from, when it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum LocalnetEnvError {
    #[error("cannot read {}: {source} (is `localnet` running? start it with `just dev` or `cargo run -p fulltime-localnet --bin localnet`)", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a localnet env file: {source}", path.display())]
    Parse {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl LocalnetEnv {
    pub fn path_in(state_dir: &Path) -> PathBuf {
        state_dir.join(ENV_FILE)
    }

    pub fn load(state_dir: &Path) -> Result<Self, LocalnetEnvError> {
        let path = Self::path_in(state_dir);
        let text = std::fs::read_to_string(&path).map_err(|source| LocalnetEnvError::Read {
            path: path.clone(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|source| LocalnetEnvError::Parse { path, source })
    }

    /// Replaces `env.json` whole: the faucet and `fulltime` may read it at any moment.
    pub fn save(&self, state_dir: &Path) -> Result<(), LocalnetEnvError> {
        let path = Self::path_in(state_dir);
        let mut text = serde_json::to_string_pretty(self).expect("env serializes");
        text.push('\n');
        crate::whole_file::write_atomically(&path, text.as_bytes())
            .map_err(|source| LocalnetEnvError::Write { path, source })
    }
}

mod pubkey_string {
    use anchor_lang::prelude::Pubkey;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(key: &Pubkey, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(key)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Pubkey, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("not a base58 address: {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_the_state_dir() {
        let dir = std::env::temp_dir().join(format!("fulltime-env-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let env = LocalnetEnv {
            rpc_url: "http://127.0.0.1:8899".into(),
            ws_url: "ws://127.0.0.1:8900".into(),
            settlement_program: settlement::ID,
            oracle_program: txline_interface::DEVNET_PROGRAM_ID,
            mint: Pubkey::new_unique(),
            mint_authority: dir.join("mint-authority.json"),
            oracle_authority: None,
            wallet: dir.join("wallet.json"),
            chain: Some(ChainInfo {
                started: 1_780_000_000,
                resumed: true,
                snapshot: None,
            }),
        };
        env.save(&dir).expect("save");
        assert_eq!(LocalnetEnv::load(&dir).expect("load"), env);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_file_without_chain_facts_still_reads() {
        let old = r#"{
            "rpc_url": "http://127.0.0.1:8899",
            "ws_url": "ws://127.0.0.1:8900",
            "settlement_program": "E5jNnqsCsntgThdQuYWLKiMir1f3LNgHkKkTXHqsE3MH",
            "oracle_program": "6pW64gN1s2uqjHkn1unFeEjAwJkPGHoppGvS715wyP2J",
            "mint": "4dDsYdyg3X7txYScgVFne63d4pBTr9s6672KMqy2ex9v",
            "mint_authority": ".localnet/mint-authority.json",
            "wallet": ".localnet/wallet.json"
        }"#;
        let env: LocalnetEnv = serde_json::from_str(old).expect("an env.json from before");
        assert_eq!(env.chain, None);
    }

    #[test]
    fn a_missing_file_says_how_to_start_localnet() {
        let error = LocalnetEnv::load(Path::new("/nonexistent/state")).expect_err("missing");
        assert!(
            error.to_string().contains("is `localnet` running?"),
            "{error}"
        );
    }
}
