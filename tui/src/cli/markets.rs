//! `markets` and `market <ID>`: reading markets, no wallet needed.

use clap::Args;
use serde_json::json;

use super::Context;
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::{market_details, market_json, markets_table};

#[derive(Debug, Args)]
pub struct MarketArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,
}

pub async fn list(context: &Context) -> Result<Output, CliError> {
    let client = context.client(false).await?;
    let markets = client.markets().await?;
    let now = client.cluster_time().await?;
    Ok(Output {
        human: markets_table(&markets, now),
        json: json!({
            "cluster_time": now,
            "markets": markets.iter().map(|market| market_json(market, now)).collect::<Vec<_>>(),
        }),
    })
}

pub async fn show(context: &Context, args: MarketArgs) -> Result<Output, CliError> {
    let client = context.client(false).await?;
    let market = client.market(args.id).await?;
    let now = client.cluster_time().await?;
    Ok(Output {
        human: market_details(&market, now),
        json: market_json(&market, now),
    })
}
