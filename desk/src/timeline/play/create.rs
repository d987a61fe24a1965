//! A market of the timeline created by the desk, at the clock's time.

use fulltime_matches::timeline::Timeline;

use super::cast::Cast;
use crate::actions::{Actor, CreateOrder, create_market};
use crate::error::Error;
use crate::session::Session;

/// Creates the market labelled `label` as the desk, at the clock's time; its id.
pub async fn create(
    session: &Session,
    cast: &Cast,
    timeline: &Timeline,
    label: &str,
    force: bool,
) -> Result<u64, Error> {
    let client = session.client().await?;
    let Some(market) = timeline.markets.iter().find(|market| market.label == label) else {
        return Err(Error::UnknownTimelineName(label.to_owned()));
    };
    let desk = Actor {
        client: &client,
        wallet: &cast.desk,
        progress: None,
    };
    let order = CreateOrder {
        terms: market.terms.clone(),
        force,
    };
    let now = client.cluster_time().await?;
    let receipt = create_market(&desk, order, now).await?;
    Ok(receipt.market.id)
}
