//! Making a wallet of the book, funded on request: what `fulltime wallet new` and the
//! dashboard's new-wallet key both do (`fulltime_files::wallet_book` keeps the files).

use std::sync::Arc;

use fulltime_client::amount::LAMPORTS_PER_SOL;
use fulltime_client::cluster::{Cluster, ClusterError};
use fulltime_client::faucet::request_test_usdc;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::odds::ONE_USDC;
use fulltime_client::rpc::FulltimeClient;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_files::wallet_book::{WalletBook, WalletName};
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::Actor;
use crate::error::Error;
use crate::output::wallet_book::{ClusterFunding, Funding, FundingSource, WalletMade};
use crate::session::Session;

/// What a funded new wallet gets on localnet: fees and rent for a day of testing, and stakes for
/// a few dozen deposits.
pub const NEW_WALLET_SOL: u64 = 10 * LAMPORTS_PER_SOL;
pub const NEW_WALLET_USDC: u64 = 100 * ONE_USDC;

/// A wallet to make in the book under `name`; with `fund`, funded (localnet: the node's airdrop
/// and mint; elsewhere the faucet at `faucet_url`, test USDC only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletOrder {
    pub name: String,
    pub fund: bool,
    pub faucet_url: String,
}

/// Makes the wallet `order` names in the session's book, funded when it says so. The actor's
/// own wallet is not read.
pub async fn make_wallet(actor: &Actor<'_>, order: WalletOrder) -> Result<WalletMade, Error> {
    let session = actor.session;
    let name: WalletName = order.name.parse()?;
    let book = WalletBook::in_state_dir(session.state_dir());
    // Whatever funding needs is found before the keypair is made, so that a wallet is not left
    // half made because the node is down or the cluster is mainnet.
    let funder = if order.fund {
        Some(Funder::for_session(session, &order.faucet_url).await?)
    } else {
        None
    };
    let (keypair, path) = book.create(&name)?;
    let funded = match funder {
        Some(funder) => Some(funder.fund(&keypair).await?),
        None => None,
    };
    Ok(WalletMade {
        name: name.to_string(),
        address: keypair.pubkey().to_string(),
        path: path.display().to_string(),
        funded,
        cluster_funding: ClusterFunding::of(session.cluster()),
    })
}

/// The local node's client and the mint authority env.json names.
struct LocalFunder {
    client: Arc<FulltimeClient>,
    mint_authority: Keypair,
}

/// Where a new wallet's money comes from.
enum Funder {
    /// The local node: its airdrop for SOL, its mint authority (from env.json) for test USDC.
    Localnet(Box<LocalFunder>),
    /// The faucet at this URL, for test USDC.
    Faucet { url: String },
}

impl Funder {
    async fn for_session(session: &Session, faucet_url: &str) -> Result<Self, Error> {
        match session.cluster() {
            Cluster::Localnet => {
                let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::from)?;
                Ok(Self::Localnet(Box::new(LocalFunder {
                    client: session.client().await?,
                    mint_authority: read_keypair_file(&env.mint_authority)?,
                })))
            }
            Cluster::Mainnet => Err(Error::NoFundingOnMainnet),
            Cluster::Devnet | Cluster::Custom(_) => Ok(Self::Faucet {
                url: faucet_url.to_owned(),
            }),
        }
    }

    async fn fund(self, wallet: &Keypair) -> Result<Funding, Error> {
        let address = wallet.pubkey();
        match self {
            Self::Localnet(local) => {
                let LocalFunder {
                    client,
                    mint_authority,
                } = *local;
                let airdrop = client.airdrop(&address, NEW_WALLET_SOL).await?;
                let mint = client
                    .mint_test_usdc(&mint_authority, &address, NEW_WALLET_USDC)
                    .await?;
                Ok(Funding {
                    source: FundingSource::Localnet,
                    lamports: NEW_WALLET_SOL,
                    usdc: NEW_WALLET_USDC,
                    signatures: vec![airdrop.to_string(), mint.to_string()],
                })
            }
            Self::Faucet { url } => {
                let grant = request_test_usdc(&url, &address).await?;
                Ok(Funding {
                    source: FundingSource::Faucet,
                    lamports: 0,
                    usdc: grant.amount,
                    signatures: vec![grant.signature],
                })
            }
        }
    }
}
