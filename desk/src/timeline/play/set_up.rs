//! The timeline's cast made on the node before its first step: its wallets funded together
//! through the pipeline, the markets no step creates created by the desk.

use std::collections::BTreeMap;

use fulltime_client::cluster::ClusterError;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::Funding;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_matches::timeline::Timeline;
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::cast::{Cast, stakers};
use super::order::create_order;
use crate::actions::{Actor, create_market};
use crate::error::Error;
use crate::session::Session;

/// The timeline's cast on the session's node: its wallets made and funded together, the markets
/// it does not create in a step created by the desk.
pub async fn set_up(
    session: &Session,
    timeline: &Timeline,
    faucet_url: &str,
) -> Result<Cast, Error> {
    let client = session.client().await?;
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::from)?;
    let mint_authority = read_keypair_file(&env.mint_authority)?;
    let mut cast = Cast {
        desk: session.wallet()?,
        wallets: timeline
            .wallets
            .iter()
            .map(|wallet| (wallet.name.clone(), Keypair::new()))
            .collect(),
        markets: BTreeMap::new(),
        faucet_url: faucet_url.to_owned(),
        stakers: stakers(timeline),
    };
    let fundings: Vec<Funding> = timeline
        .wallets
        .iter()
        .map(|wallet| Funding {
            wallet: cast.wallet(&wallet.name).pubkey(),
            lamports: wallet.lamports,
            usdc: wallet.usdc,
        })
        .collect();
    client
        .fund_all(&cast.desk, &mint_authority, &fundings)
        .await?;
    for market in timeline.markets.iter().filter(|m| m.created_in.is_none()) {
        let order = create_order(session, timeline, &market.label, false).await?;
        let created = create_market(&Actor::as_wallet(session, &cast.desk), order).await?;
        cast.markets.insert(market.label.clone(), created.market.id);
    }
    Ok(cast)
}
