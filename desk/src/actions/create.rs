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
    /// The cluster clock the terms' close time was resolved against, and are checked at.
    pub now: i64,
    /// Send it without the checks.
    pub force: bool,
}

/// What the program would refuse of `terms` at cluster time `now`: every check of its own, the
/// first fault named the one it would name.
pub fn check(terms: &MarketTerms, now: i64) -> Result<(), Refusal> {
    Ok(check_market_terms(terms, now)?)
}

/// Creates the market `order` describes, checked at its clock unless `order.force`. Its id is
/// the config's count of markets.
pub async fn create_market(actor: &Actor<'_>, order: CreateOrder) -> Result<CreateReceipt, Error> {
    let now = order.now;
    if !order.force {
        check(&order.terms, now)?;
    }
    let signing = actor.signing().await?;
    let client = &signing.client;
    let id = client.config().await?.market_count;
    let instruction =
        instructions::create_market(signing.address(), client.usdc_mint(), id, order.terms);
    let signature = signing.send(instruction).await?;
    let market = client.market(id).await?;
    Ok(CreateReceipt::new(
        client.endpoint(),
        &signature,
        &market,
        now,
    ))
}
