//! `markets` and `market <ID>`: reading markets, no wallet needed.

use crate::args::MarketArgs;
use fulltime_desk::error::Error;
use fulltime_desk::output::market::{MarketList, MarketView};
use fulltime_desk::session::Session;

pub async fn list(session: &Session) -> Result<MarketList, Error> {
    let client = session.client().await?;
    let markets = client.markets().await?;
    let now = client.cluster_time().await?;
    Ok(MarketList::new(&markets, now))
}

pub async fn show(session: &Session, args: MarketArgs) -> Result<MarketView, Error> {
    let client = session.client().await?;
    let market = client.market(args.id).await?;
    let now = client.cluster_time().await?;
    Ok(MarketView::new(&market, now))
}
