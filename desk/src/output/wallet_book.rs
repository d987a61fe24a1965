//! The wallet book as results: a wallet just made ([`WalletMade`], `fulltime wallet new`) and
//! the book with each wallet's money and positions ([`WalletBookList`], `fulltime wallet list`).

use std::fmt;

use fulltime_client::amount::{format_sol, format_usdc};
use fulltime_client::cluster::Cluster;
use fulltime_client::terminal_text::escaped;
use serde::Serialize;

use super::position::PositionView;
use super::receipt::{Summary, TransactionLink};
use super::table::aligned;

/// Where a new wallet's money came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FundingSource {
    /// The local node's airdrop and its mint authority.
    Localnet,
    /// The faucet (test USDC only).
    Faucet,
}

#[derive(Clone, Debug, Serialize)]
pub struct Funding {
    pub source: FundingSource,
    pub lamports: u64,
    pub usdc: u64,
    pub signatures: Vec<String>,
}

/// What funds a wallet on the session's cluster: the text a wallet made without `--fund` is
/// told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClusterFunding {
    /// `wallet new NAME --fund`: SOL by the node's airdrop and test USDC from its mint.
    Localnet,
    /// SOL for fees from the cluster's own faucet, test USDC from `fulltime faucet`.
    Faucets,
    /// Nothing hands money out.
    Mainnet,
}

impl ClusterFunding {
    pub fn of(cluster: &Cluster) -> Self {
        match cluster {
            Cluster::Localnet => Self::Localnet,
            Cluster::Mainnet => Self::Mainnet,
            Cluster::Devnet | Cluster::Custom(_) => Self::Faucets,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct WalletMade {
    pub name: String,
    pub address: String,
    pub path: String,
    /// `None` (JSON `null`) without `--fund`.
    pub funded: Option<Funding>,
    /// What funds a wallet where it was made; only the text tells it.
    #[serde(skip)]
    pub cluster_funding: ClusterFunding,
}

/// `New wallet bob: 10 SOL and 100 USDC from localnet`; its funding's transactions are not the
/// wallet's own.
impl Summary for WalletMade {
    fn summary(&self) -> String {
        match &self.funded {
            None => format!("New wallet {}, not funded", self.name),
            Some(funding) => {
                let from = match funding.source {
                    FundingSource::Localnet => "localnet",
                    FundingSource::Faucet => "the faucet",
                };
                let sol = if funding.lamports > 0 {
                    format!("{} and ", format_sol(funding.lamports))
                } else {
                    String::new()
                };
                format!(
                    "New wallet {}: {sol}{} from {from}",
                    self.name,
                    format_usdc(funding.usdc)
                )
            }
        }
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        None
    }
}

impl fmt::Display for WalletMade {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = escaped(&self.name);
        writeln!(formatter, "Wallet {name}: {}", self.address)?;
        writeln!(formatter, "Keypair: {}", escaped(&self.path))?;
        match &self.funded {
            None => writeln!(formatter, "Funded:  no ({})", self.unfunded_hint())?,
            Some(funding) => match funding.source {
                FundingSource::Localnet => writeln!(
                    formatter,
                    "Funded:  {} by the node's airdrop, {} from localnet's mint",
                    format_sol(funding.lamports),
                    format_usdc(funding.usdc)
                )?,
                FundingSource::Faucet => writeln!(
                    formatter,
                    "Funded:  {} from the faucet; SOL for fees comes from the cluster's faucet \
                     (`solana airdrop 1 {}`)",
                    format_usdc(funding.usdc),
                    self.address
                )?,
            },
        }
        write!(formatter, "Use it:  fulltime --keypair {name} balance")
    }
}

impl WalletMade {
    /// What funds this wallet on its cluster; a wallet of the book is not made twice, so on
    /// localnet that is another wallet made with `--fund`.
    fn unfunded_hint(&self) -> String {
        let name = escaped(&self.name);
        match self.cluster_funding {
            ClusterFunding::Localnet => {
                "on localnet `fulltime wallet new NAME --fund` makes a wallet with SOL and test USDC"
                    .to_owned()
            }
            ClusterFunding::Faucets => format!(
                "SOL for fees from the cluster's faucet, `solana airdrop 1 {}`; test USDC from \
                 `fulltime --keypair {name} faucet`",
                self.address
            ),
            ClusterFunding::Mainnet => "on mainnet send it SOL and USDC yourself".to_owned(),
        }
    }
}

/// One wallet of the book with what it holds.
#[derive(Clone, Debug, Serialize)]
pub struct BookWallet {
    pub name: String,
    pub address: String,
    pub path: String,
    pub lamports: u64,
    /// `None` before the wallet has a test USDC account.
    pub usdc: Option<u64>,
    pub positions: Vec<PositionView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct WalletBookList {
    /// The book's folder.
    pub book: String,
    pub wallets: Vec<BookWallet>,
}

/// One row per wallet; columns as wide as their widest cell.
impl fmt::Display for WalletBookList {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.wallets.is_empty() {
            return write!(
                formatter,
                "The wallet book ({}) is empty. Make a wallet with `fulltime wallet new NAME --fund`.",
                escaped(&self.book)
            );
        }
        let header = ["NAME", "ADDRESS", "SOL", "USDC", "POSITIONS"];
        let rows: Vec<[String; 5]> = self
            .wallets
            .iter()
            .map(|wallet| {
                [
                    escaped(&wallet.name).into_owned(),
                    wallet.address.clone(),
                    format_sol(wallet.lamports),
                    wallet.usdc.map_or_else(|| "-".to_owned(), format_usdc),
                    positions_cell(&wallet.positions),
                ]
            })
            .collect();
        write!(
            formatter,
            "{}\n(book: {})",
            aligned(header, &rows),
            escaped(&self.book)
        )
    }
}

/// `market 3: YES 2.5 USDC; market 5: NO 1 USDC, claimed`, or `none`.
fn positions_cell(positions: &[PositionView]) -> String {
    if positions.is_empty() {
        return "none".to_owned();
    }
    positions
        .iter()
        .map(|position| {
            let market = position
                .market_id
                .map_or_else(|| position.market.clone(), |id| id.to_string());
            format!("market {market}: {position}")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{json_of, sample_market, sample_position};

    fn wallet(name: &str, usdc: Option<u64>, positions: Vec<PositionView>) -> BookWallet {
        BookWallet {
            name: name.into(),
            address: format!("{name}Addr"),
            path: format!(".localnet/wallets/{name}.json"),
            lamports: 10_000_000_000,
            usdc,
            positions,
        }
    }

    #[test]
    fn the_book_lists_each_wallets_money_and_positions() {
        let market = sample_market();
        let position = PositionView::new(&sample_position(&market), Some(3));
        let list = WalletBookList {
            book: ".localnet/wallets".into(),
            wallets: vec![
                wallet("alice", Some(97_000_000), vec![position]),
                wallet("bob", None, vec![]),
            ],
        };
        assert_eq!(
            list.to_string(),
            "NAME   ADDRESS    SOL     USDC     POSITIONS\n\
             alice  aliceAddr  10 SOL  97 USDC  market 3: YES 3 USDC\n\
             bob    bobAddr    10 SOL  -        none\n\
             (book: .localnet/wallets)"
        );
        let json = json_of(&list);
        assert_eq!(json["wallets"][0]["usdc"], 97_000_000);
        assert_eq!(json["wallets"][0]["positions"][0]["market_id"], 3);
        assert_eq!(json["wallets"][1]["usdc"], serde_json::Value::Null);
    }

    #[test]
    fn the_books_folder_is_printed_escaped() {
        // A wallet's name is letters, digits, `-` and `_` (`WalletName`); its folder is the
        // state directory's, which may hold anything.
        let book = "state\u{1b}[2J/wallets";
        let list = WalletBookList {
            book: book.into(),
            wallets: vec![BookWallet {
                path: format!("{book}/alice.json"),
                ..wallet("alice", None, vec![])
            }],
        };
        assert_eq!(
            list.to_string(),
            "NAME   ADDRESS    SOL     USDC  POSITIONS\n\
             alice  aliceAddr  10 SOL  -     none\n\
             (book: state\\u{1b}[2J/wallets)"
        );
        let made = WalletMade {
            name: "alice".into(),
            address: "A1ice".into(),
            path: format!("{book}/alice.json"),
            funded: None,
            cluster_funding: ClusterFunding::Localnet,
        };
        assert_eq!(
            made.to_string().lines().nth(1),
            Some("Keypair: state\\u{1b}[2J/wallets/alice.json")
        );
        assert_eq!(json_of(&made)["path"], format!("{book}/alice.json"));
    }

    #[test]
    fn an_empty_book_says_how_to_make_a_wallet() {
        let list = WalletBookList {
            book: "w".into(),
            wallets: vec![],
        };
        assert_eq!(
            list.to_string(),
            "The wallet book (w) is empty. Make a wallet with `fulltime wallet new NAME --fund`."
        );
    }

    #[test]
    fn a_new_wallet_says_where_its_money_came_from_and_how_to_use_it() {
        let made = |funded| WalletMade {
            name: "bob".into(),
            address: "B0b".into(),
            path: "s/wallets/bob.json".into(),
            funded,
            cluster_funding: ClusterFunding::Localnet,
        };
        assert_eq!(
            made(Some(Funding {
                source: FundingSource::Localnet,
                lamports: 10_000_000_000,
                usdc: 100_000_000,
                signatures: vec!["s1".into(), "s2".into()],
            }))
            .to_string(),
            "Wallet bob: B0b\n\
             Keypair: s/wallets/bob.json\n\
             Funded:  10 SOL by the node's airdrop, 100 USDC from localnet's mint\n\
             Use it:  fulltime --keypair bob balance"
        );
        assert!(made(None).to_string().contains("Funded:  no"));
        assert_eq!(json_of(&made(None))["funded"], serde_json::Value::Null);
    }

    #[test]
    fn an_unfunded_wallet_is_told_what_funds_one_on_its_cluster() {
        let made = |cluster: Cluster| WalletMade {
            name: "bob".into(),
            address: "B0b".into(),
            path: "s/wallets/bob.json".into(),
            funded: None,
            cluster_funding: ClusterFunding::of(&cluster),
        };
        let funded_line = |cluster| {
            made(cluster)
                .to_string()
                .lines()
                .find(|line| line.starts_with("Funded:"))
                .map(str::to_owned)
        };
        assert_eq!(
            funded_line(Cluster::Localnet).as_deref(),
            Some(
                "Funded:  no (on localnet `fulltime wallet new NAME --fund` makes a wallet with \
                 SOL and test USDC)"
            )
        );
        let faucets = "Funded:  no (SOL for fees from the cluster's faucet, `solana airdrop 1 \
                       B0b`; test USDC from `fulltime --keypair bob faucet`)";
        assert_eq!(funded_line(Cluster::Devnet).as_deref(), Some(faucets));
        assert_eq!(
            funded_line(Cluster::Custom("http://10.0.0.2:8899".into())).as_deref(),
            Some(faucets)
        );
        assert_eq!(
            funded_line(Cluster::Mainnet).as_deref(),
            Some("Funded:  no (on mainnet send it SOL and USDC yourself)")
        );
        // The hint is the text's alone: the JSON keeps its four fields.
        let json = json_of(&made(Cluster::Devnet));
        let mut keys: Vec<&str> = json
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["address", "funded", "name", "path"]);
    }
}
