//! Asking the faucet for test USDC: `POST {"wallet": ...}` to its `/api/faucet`.

use fulltime_client::faucet::request_test_usdc;

use super::Actor;
use crate::error::Error;
use crate::output::receipt::grant::GrantReceipt;

/// Test USDC for the actor's wallet from the faucet at `faucet_url`.
pub async fn faucet(actor: &Actor<'_>, faucet_url: &str) -> Result<GrantReceipt, Error> {
    let wallet = actor.address()?;
    let grant = request_test_usdc(faucet_url, &wallet).await?;
    // The link is a convenience: without a resolvable --url the raw signature still prints.
    Ok(GrantReceipt::new(
        grant,
        wallet.to_string(),
        actor.session.endpoint().ok().as_ref(),
    ))
}
