//! `create-market`: a market binding a fixture, a stat and a predicate.

use fulltime_client::rpc::ClientError;
use fulltime_client::settlement::MarketTerms;
use fulltime_client::validate::check_market_terms;

use crate::args::CreateMarketArgs;
use crate::error::Error;
use crate::output::receipt::create::CreateReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: CreateMarketArgs) -> Result<CreateReceipt, Error> {
    let creator = session.wallet()?;
    let client = session.client(args.checks.force).await?;
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
    if !args.checks.force {
        // Every check of the program, in its order; the client's own covers only some.
        check_market_terms(&terms, now).map_err(ClientError::refused)?;
    }
    let created = client.create_market(&creator, terms).await?;
    Ok(CreateReceipt::new(client.endpoint(), &created, now))
}
