//! `balance` and `faucet`: the wallet's money and positions, and how to get test USDC.

use std::collections::HashMap;

use fulltime_client::faucet::request_test_usdc;
use fulltime_client::pda;
use solana_signer::Signer;

use crate::args::FaucetArgs;
use crate::error::Error;
use crate::output::balance::WalletBalance;
use crate::output::position::PositionView;
use crate::output::receipt::grant::GrantReceipt;
use crate::session::Session;

pub async fn balance(session: &Session) -> Result<WalletBalance, Error> {
    let wallet = session.wallet()?.pubkey();
    let client = session.client(false).await?;
    let balances = client.balances(&wallet).await?;
    let mut positions = client.positions(&wallet).await?;
    // A position stores its market's address; the id is what users type.
    let ids: HashMap<_, _> = if positions.is_empty() {
        HashMap::new()
    } else {
        client
            .markets()
            .await?
            .iter()
            .map(|market| (pda::market(market.id), market.id))
            .collect()
    };
    positions.sort_by_key(|position| ids.get(&position.market).copied());
    let positions = positions
        .iter()
        .map(|position| PositionView::new(position, ids.get(&position.market).copied()))
        .collect();
    Ok(WalletBalance::new(
        wallet.to_string(),
        client.usdc_mint().to_string(),
        balances,
        positions,
    ))
}

pub async fn faucet(session: &Session, args: FaucetArgs) -> Result<GrantReceipt, Error> {
    let wallet = session.wallet()?.pubkey();
    let grant = request_test_usdc(&args.url, &wallet).await?;
    // The link is a convenience: without a resolvable --url the raw signature still prints.
    Ok(GrantReceipt::new(
        grant,
        wallet.to_string(),
        session.endpoint().ok().as_ref(),
    ))
}
