//! Asking the faucet for test USDC: `POST {"wallet": ...}` to its `/api/faucet`.

use fulltime_client::faucet::request_test_usdc;
use solana_keypair::Address as Pubkey;

use crate::error::Error;
use crate::output::receipt::grant::GrantReceipt;
use crate::session::Session;

/// Test USDC for `wallet` from the faucet at `faucet_url`.
pub async fn faucet(
    session: &Session,
    wallet: &Pubkey,
    faucet_url: &str,
) -> Result<GrantReceipt, Error> {
    let grant = request_test_usdc(faucet_url, wallet).await?;
    // The link is a convenience: without a resolvable --url the raw signature still prints.
    Ok(GrantReceipt::new(
        grant,
        wallet.to_string(),
        session.endpoint().ok().as_ref(),
    ))
}
