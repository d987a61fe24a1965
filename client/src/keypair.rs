//! Wallet keypair files in the solana CLI's format: a JSON array of the 64 secret and public key
//! bytes, by default at `~/.config/solana/id.json`, read; and which wallet a command acts as. The
//! one way a keypair file is written is `fulltime_files::keypair_file`'s, which the wallet book
//! uses too.

use std::path::{Path, PathBuf};

use fulltime_files::localnet_env::{LocalnetEnv, LocalnetEnvError};
use fulltime_files::wallet_book::{WalletBook, WalletBookError, WalletName};
use solana_keypair::{Keypair, read_keypair};

use crate::cluster::Cluster;

/// `~/.config/solana/id.json`, the solana CLI's default wallet; `None` without a home directory.
pub fn default_keypair_path() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").filter(|home| !home.is_empty())?;
    Some(solana_cli_keypair_in(Path::new(&home)))
}

/// Where the solana CLI keeps its default wallet under the home directory `home`.
pub fn solana_cli_keypair_in(home: &Path) -> PathBuf {
    home.join(".config").join("solana").join("id.json")
}

#[derive(Debug, thiserror::Error)]
pub enum KeypairError {
    #[error("no keypair path: HOME is not set, so pass --keypair PATH")]
    NoDefaultPath,
    #[error("no keypair file at {}", path.display())]
    NotFound { path: PathBuf },
    #[error("cannot read keypair file {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{} is not a keypair file ({reason}); expected a JSON array of 64 bytes as written by \
         `solana-keygen`",
        path.display()
    )]
    Invalid { path: PathBuf, reason: String },
    /// `--keypair NAME`: neither a file nor a wallet of the book.
    #[error(
        "no keypair file at {} and no wallet named `{name}` in the wallet book ({}); make one \
         with `fulltime wallet new {name}` or see `fulltime wallet list`",
        path.display(),
        book.display()
    )]
    NotFoundAnywhere {
        path: PathBuf,
        name: WalletName,
        book: PathBuf,
    },
    #[error(transparent)]
    Book(#[from] WalletBookError),
    /// On localnet without a solana CLI wallet, the wallet comes from env.json, which is missing
    /// or unreadable.
    #[error(transparent)]
    Localnet(#[from] LocalnetEnvError),
}

/// Where a command's wallet came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalletSource {
    /// `--keypair PATH` (or its environment variable): used as given, never replaced.
    Explicit,
    /// `--keypair NAME`: a wallet of the book, `<state-dir>/wallets/NAME.json`.
    Book,
    /// The solana CLI's default wallet, `~/.config/solana/id.json`.
    SolanaCli,
    /// The wallet `localnet` created and funded, named `wallet` in its `env.json`.
    Localnet,
}

impl WalletSource {
    pub fn label(self) -> &'static str {
        match self {
            WalletSource::Explicit => "--keypair",
            WalletSource::Book => "wallet book",
            WalletSource::SolanaCli => "solana CLI default",
            WalletSource::Localnet => "localnet's funded wallet",
        }
    }
}

/// The wallet that signs and pays, with the file it was read from.
#[derive(Debug)]
pub struct Wallet {
    pub keypair: Keypair,
    pub path: PathBuf,
    pub source: WalletSource,
}

/// The wallet a command acts as on `cluster`, in this order:
///
/// 1. `explicit` (`--keypair`), which must exist: a file at that path, else, when it is a bare
///    name (`alice`), the wallet of that name in the state directory's wallet book; a wallet
///    asked for is never swapped for another one;
/// 2. the solana CLI's `~/.config/solana/id.json` when it exists, as the solana CLI does (and
///    `localnet` funds that same wallet when it exists);
/// 3. on localnet only (`--url localnet`, or the URL its `env.json` names), the wallet `localnet`
///    created and funded, so that the local stack works without the solana CLI.
///
/// Elsewhere (devnet, mainnet, other URLs) a missing default is `NotFound`: real money is never
/// signed for by a wallet the user did not choose.
pub fn resolve_wallet(
    explicit: Option<&Path>,
    cluster: &Cluster,
    state_dir: &Path,
) -> Result<Wallet, KeypairError> {
    resolve_wallet_with_default(
        explicit,
        default_keypair_path().as_deref(),
        cluster,
        state_dir,
    )
}

/// [`resolve_wallet`] with the solana CLI default given, so that tests need no HOME.
pub fn resolve_wallet_with_default(
    explicit: Option<&Path>,
    solana_cli_default: Option<&Path>,
    cluster: &Cluster,
    state_dir: &Path,
) -> Result<Wallet, KeypairError> {
    if let Some(path) = explicit {
        return explicit_wallet(path, state_dir);
    }
    if let Some(path) = solana_cli_default.filter(|path| path.exists()) {
        return read_wallet(path, WalletSource::SolanaCli);
    }
    if let Some(path) = localnet_wallet(cluster, state_dir)? {
        return read_wallet(&path, WalletSource::Localnet);
    }
    Err(match solana_cli_default {
        Some(path) => KeypairError::NotFound {
            path: path.to_owned(),
        },
        None => KeypairError::NoDefaultPath,
    })
}

/// The wallet env.json names, when `cluster` is the node it describes. `--url localnet` needs
/// env.json anyway, so its absence is reported; a URL only matches when env.json exists.
fn localnet_wallet(cluster: &Cluster, state_dir: &Path) -> Result<Option<PathBuf>, KeypairError> {
    match cluster {
        Cluster::Localnet => Ok(Some(LocalnetEnv::load(state_dir)?.wallet)),
        Cluster::Custom(url) => Ok(LocalnetEnv::load(state_dir)
            .ok()
            .filter(|env| same_url(&env.rpc_url, url))
            .map(|env| env.wallet)),
        Cluster::Devnet | Cluster::Mainnet => Ok(None),
    }
}

/// A file at `path` wins over a book wallet of the same name, so that `--keypair id.json` keeps
/// meaning the file in the working directory.
fn explicit_wallet(path: &Path, state_dir: &Path) -> Result<Wallet, KeypairError> {
    let name = path
        .to_str()
        .and_then(|text| text.parse::<WalletName>().ok());
    let Some(name) = name.filter(|_| !path.exists()) else {
        return read_wallet(path, WalletSource::Explicit);
    };
    let book = WalletBook::in_state_dir(state_dir);
    match book.get(&name) {
        Ok(entry) => read_wallet(&entry.path, WalletSource::Book),
        Err(WalletBookError::NotFound { dir, .. }) => Err(KeypairError::NotFoundAnywhere {
            path: path.to_owned(),
            name,
            book: dir,
        }),
        Err(error) => Err(error.into()),
    }
}

fn same_url(a: &str, b: &str) -> bool {
    a.trim_end_matches('/') == b.trim_end_matches('/')
}

fn read_wallet(path: &Path, source: WalletSource) -> Result<Wallet, KeypairError> {
    Ok(Wallet {
        keypair: read_keypair_file(path)?,
        path: path.to_owned(),
        source,
    })
}

/// Reads a keypair file, telling a missing file apart from a malformed one.
pub fn read_keypair_file(path: &Path) -> Result<Keypair, KeypairError> {
    let text = std::fs::read_to_string(path).map_err(|source| match source.kind() {
        std::io::ErrorKind::NotFound => KeypairError::NotFound {
            path: path.to_owned(),
        },
        _ => KeypairError::Read {
            path: path.to_owned(),
            source,
        },
    })?;
    read_keypair(&mut text.as_bytes()).map_err(|reason| KeypairError::Invalid {
        path: path.to_owned(),
        reason: reason.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use anchor_lang::prelude::Pubkey;
    use solana_keypair::write_keypair_file;
    use solana_signer::Signer;

    use super::*;

    fn temp_path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("fulltime-keypair-{}-{name}", std::process::id()))
    }

    #[test]
    fn reads_a_solana_cli_keypair_file() {
        let path = temp_path("good.json");
        let keypair = Keypair::new();
        write_keypair_file(&keypair, &path).expect("write keypair");
        let read = read_keypair_file(&path).expect("read keypair");
        assert_eq!(read.pubkey(), keypair.pubkey());
        std::fs::remove_file(&path).expect("clean up");
    }

    #[test]
    fn a_missing_file_is_not_found() {
        let path = temp_path("missing.json");
        let error = read_keypair_file(&path).expect_err("missing");
        assert!(matches!(&error, KeypairError::NotFound { path: p } if *p == path));
        assert_eq!(
            error.to_string(),
            format!("no keypair file at {}", path.display())
        );
    }

    #[test]
    fn a_malformed_file_is_invalid_and_says_why() {
        for (name, contents) in [
            ("not-json.json", "hello"),
            ("short.json", "[1, 2, 3]"),
            ("not-bytes.json", &format!("[{}]", ["300"; 64].join(","))),
        ] {
            let path = temp_path(name);
            std::fs::write(&path, contents).expect("write");
            let error = read_keypair_file(&path).expect_err(name);
            assert!(matches!(error, KeypairError::Invalid { .. }), "{name}");
            assert!(
                error
                    .to_string()
                    .contains("expected a JSON array of 64 bytes"),
                "{error}"
            );
            std::fs::remove_file(&path).expect("clean up");
        }
    }

    /// A temporary home with, optionally, a solana CLI wallet, and a localnet state directory
    /// whose env.json names a funded wallet at `rpc_url`.
    struct Machine {
        dir: PathBuf,
        solana_cli: Option<Keypair>,
        localnet: Keypair,
        explicit: Keypair,
    }

    impl Machine {
        fn new(name: &str, with_solana_cli: bool, rpc_url: &str) -> Self {
            let dir = temp_path(name);
            let state_dir = dir.join("state");
            std::fs::create_dir_all(&state_dir).expect("state dir");
            let solana_cli = with_solana_cli.then(|| {
                let keypair = Keypair::new();
                let path = solana_cli_keypair_in(&dir.join("home"));
                std::fs::create_dir_all(path.parent().expect("a parent")).expect("home");
                write_keypair_file(&keypair, &path).expect("solana CLI wallet");
                keypair
            });
            let localnet = Keypair::new();
            write_keypair_file(&localnet, state_dir.join("wallet.json")).expect("localnet wallet");
            let explicit = Keypair::new();
            write_keypair_file(&explicit, dir.join("explicit.json")).expect("explicit wallet");
            LocalnetEnv {
                rpc_url: rpc_url.into(),
                ws_url: "ws://127.0.0.1:18900".into(),
                settlement_program: settlement::ID,
                oracle_program: txline_interface::DEVNET_PROGRAM_ID,
                mint: Pubkey::new_unique(),
                mint_authority: state_dir.join("mint-authority.json"),
                oracle_authority: None,
                wallet: state_dir.join("wallet.json"),
                chain: None,
            }
            .save(&state_dir)
            .expect("env.json");
            Self {
                dir,
                solana_cli,
                localnet,
                explicit,
            }
        }

        fn resolve(&self, explicit: bool, cluster: &Cluster) -> Result<Wallet, KeypairError> {
            let explicit = explicit.then(|| self.dir.join("explicit.json"));
            resolve_wallet_with_default(
                explicit.as_deref(),
                Some(&solana_cli_keypair_in(&self.dir.join("home"))),
                cluster,
                &self.dir.join("state"),
            )
        }
    }

    impl Drop for Machine {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    const NODE: &str = "http://127.0.0.1:18899";

    #[test]
    fn an_explicit_keypair_wins_everywhere() {
        let machine = Machine::new("explicit", true, NODE);
        for cluster in [
            Cluster::Localnet,
            Cluster::Devnet,
            Cluster::Custom(NODE.into()),
        ] {
            let wallet = machine.resolve(true, &cluster).expect("explicit");
            assert_eq!(wallet.source, WalletSource::Explicit, "{cluster}");
            assert_eq!(wallet.keypair.pubkey(), machine.explicit.pubkey());
        }
        // Asked for by name, a missing file is an error, not a reason to use another wallet.
        let error = resolve_wallet_with_default(
            Some(&machine.dir.join("missing.json")),
            None,
            &Cluster::Localnet,
            &machine.dir.join("state"),
        )
        .expect_err("missing");
        assert!(matches!(error, KeypairError::NotFound { .. }), "{error}");
    }

    #[test]
    fn a_bare_name_is_a_wallet_of_the_book_unless_a_file_has_that_path() {
        let machine = Machine::new("book", true, NODE);
        let state_dir = machine.dir.join("state");
        let book = WalletBook::in_state_dir(&state_dir);
        let (alice, _) = book.create(&"alice".parse().expect("name")).expect("alice");
        let resolve = |value: &Path| {
            resolve_wallet_with_default(Some(value), None, &Cluster::Devnet, &state_dir)
        };
        let wallet = resolve(Path::new("alice")).expect("alice from the book");
        assert_eq!(
            (wallet.source, wallet.keypair.pubkey()),
            (WalletSource::Book, alice.pubkey())
        );

        // A name neither a file nor in the book says both, and how to make one.
        let error = resolve(Path::new("carol")).expect_err("no carol");
        let message = error.to_string();
        assert!(
            message.contains("no keypair file at carol and no wallet named `carol`")
                && message.contains("fulltime wallet new carol"),
            "{message}"
        );
        // A path is never looked up in the book.
        let error = resolve(&machine.dir.join("alice")).expect_err("no file");
        assert!(matches!(error, KeypairError::NotFound { .. }), "{error}");
    }

    #[test]
    fn the_solana_cli_wallet_comes_before_localnets() {
        let machine = Machine::new("solana-cli", true, NODE);
        let solana_cli = machine.solana_cli.as_ref().expect("a solana CLI wallet");
        for cluster in [Cluster::Localnet, Cluster::Devnet] {
            let wallet = machine.resolve(false, &cluster).expect("solana CLI");
            assert_eq!(wallet.source, WalletSource::SolanaCli, "{cluster}");
            assert_eq!(wallet.keypair.pubkey(), solana_cli.pubkey());
        }
    }

    #[test]
    fn without_a_solana_cli_wallet_localnet_uses_the_wallet_it_funded() {
        let machine = Machine::new("localnet", false, NODE);
        for cluster in [
            Cluster::Localnet,
            Cluster::Custom(NODE.into()),
            Cluster::Custom(format!("{NODE}/")),
        ] {
            let wallet = machine.resolve(false, &cluster).expect("localnet wallet");
            assert_eq!(wallet.source, WalletSource::Localnet, "{cluster}");
            assert_eq!(wallet.keypair.pubkey(), machine.localnet.pubkey());
            assert_eq!(wallet.path, machine.dir.join("state/wallet.json"));
        }
    }

    #[test]
    fn other_clusters_never_fall_back_to_localnets_wallet() {
        let machine = Machine::new("devnet", false, NODE);
        let default = solana_cli_keypair_in(&machine.dir.join("home"));
        for cluster in [
            Cluster::Devnet,
            Cluster::Mainnet,
            Cluster::Custom("http://127.0.0.1:9999".into()),
        ] {
            let error = machine.resolve(false, &cluster).expect_err("no wallet");
            assert!(
                matches!(&error, KeypairError::NotFound { path } if *path == default),
                "{cluster}: {error}"
            );
        }
        let error = resolve_wallet_with_default(None, None, &Cluster::Devnet, &machine.dir)
            .expect_err("no home");
        assert!(matches!(error, KeypairError::NoDefaultPath), "{error}");
    }

    #[test]
    fn localnet_without_env_json_says_it_is_not_running() {
        let machine = Machine::new("no-env", false, NODE);
        std::fs::remove_file(machine.dir.join("state/env.json")).expect("remove env.json");
        let error = machine
            .resolve(false, &Cluster::Localnet)
            .expect_err("no env.json");
        assert!(matches!(error, KeypairError::Localnet(_)), "{error}");
        assert!(
            error.to_string().contains("is `localnet` running?"),
            "{error}"
        );
    }

    #[test]
    fn the_default_is_the_solana_cli_wallet() {
        if let Some(path) = default_keypair_path() {
            assert!(
                path.ends_with(".config/solana/id.json"),
                "{}",
                path.display()
            );
        }
    }
}
