//! Creating a market: its terms checked as the program checks them, in its order, the send, and
//! the new market read back.

use fulltime_client::instructions;
use fulltime_client::settlement::MarketTerms;
use fulltime_client::validate::check_market_terms;

use super::{Actor, Refusal};
use crate::error::Error;
use crate::output::receipt::create::CreateReceipt;

#[derive(Clone, Debug)]
pub struct CreateOrder {
    pub terms: MarketTerms,
    /// Send it without the checks.
    pub force: bool,
}

/// What the program would refuse of `terms` at cluster time `now`: every check of its own, the
/// first fault named the one it would name.
pub fn check(terms: &MarketTerms, now: i64) -> Result<(), Refusal> {
    Ok(check_market_terms(terms, now)?)
}

/// Creates the market `order` describes, checked at cluster time `now` (which its close time was
/// resolved against) unless `order.force`. Its id is the config's count of markets.
pub async fn create_market(
    actor: &Actor<'_>,
    order: CreateOrder,
    now: i64,
) -> Result<CreateReceipt, Error> {
    if !order.force {
        check(&order.terms, now)?;
    }
    let client = actor.client;
    let id = client.config().await?.market_count;
    let instruction =
        instructions::create_market(actor.address(), client.usdc_mint(), id, order.terms);
    let signature = actor.send(instruction).await?;
    let market = client.market(id).await?;
    Ok(CreateReceipt::new(
        client.endpoint(),
        &signature,
        &market,
        now,
    ))
}
