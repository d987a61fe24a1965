//! `create-market`: a market binding a fixture, a stat and a predicate.

use fulltime_client::settlement::MarketTerms;

use super::acting;
use crate::actions::{self, CreateOrder};
use crate::args::CreateMarketArgs;
use crate::error::Error;
use crate::output::receipt::create::CreateReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: CreateMarketArgs) -> Result<CreateReceipt, Error> {
    acting(session, async |actor| {
        // `--close +10m` counts from the cluster clock.
        let now = actor.client.cluster_time().await?;
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
            force: args.checks.force,
        };
        actions::create_market(actor, order, now).await
    })
    .await
}
