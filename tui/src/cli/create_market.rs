//! `create-market`: a market binding a fixture, a stat and a predicate.

use fulltime_client::settlement::MarketTerms;

use crate::args::CreateMarketArgs;
use fulltime_desk::actions::{Actor, CreateOrder, Order};
use fulltime_desk::error::Error;
use fulltime_desk::session::Session;

/// The market `args` describe, its close time resolved against the cluster clock.
pub async fn order(session: &Session, args: CreateMarketArgs) -> Result<Order, Error> {
    // The wallet is read before the node is asked, as for every order that sends.
    let client = Actor::of_session(session).signing().await?.client;
    // `--close +10m` counts from the cluster clock.
    let now = client.cluster_time().await?;
    let terms = MarketTerms {
        question: args.question,
        close_time: args.close.resolve(now)?,
        fixture_id: args.fixture,
        stat_key: args.stat.stat_key,
        period: args.period,
        predicate: args.predicate,
        dispute_window: args.dispute_window,
        second_stat: args.stat.second_stat,
    };
    let order = CreateOrder {
        terms,
        now,
        force: args.checks.force,
    };
    Ok(Order::Create(Box::new(order)))
}
