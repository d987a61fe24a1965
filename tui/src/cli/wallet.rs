//! `balance`: the wallet's money and positions.

use std::collections::HashMap;

use fulltime_client::pda;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::settlement::state::Position;
use solana_keypair::Address as Pubkey;
use solana_signer::Signer;

use fulltime_desk::error::Error;
use fulltime_desk::output::balance::WalletBalance;
use fulltime_desk::output::position::PositionView;
use fulltime_desk::session::Session;

pub async fn balance(session: &Session) -> Result<WalletBalance, Error> {
    let wallet = session.wallet()?.pubkey();
    let client = session.client().await?;
    let balances = client.balances(&wallet).await?;
    let positions = client.positions(&wallet).await?;
    // Markets are read only when there is a position to name.
    let ids = if positions.is_empty() {
        MarketIds::new()
    } else {
        market_ids(&client).await?
    };
    Ok(WalletBalance::new(
        wallet.to_string(),
        client.usdc_mint().to_string(),
        balances,
        position_views(positions, &ids),
    ))
}

/// A position stores its market's address; the id is what users type.
pub(super) type MarketIds = HashMap<Pubkey, u64>;

pub(super) async fn market_ids(client: &FulltimeClient) -> Result<MarketIds, Error> {
    Ok(client
        .markets()
        .await?
        .iter()
        .map(|market| (pda::market(market.id), market.id))
        .collect())
}

/// The positions as shown, by market id.
pub(super) fn position_views(mut positions: Vec<Position>, ids: &MarketIds) -> Vec<PositionView> {
    positions.sort_by_key(|position| ids.get(&position.market).copied());
    positions
        .iter()
        .map(|position| PositionView::new(position, ids.get(&position.market).copied()))
        .collect()
}
