//! `create-market`: a market binding a fixture, a stat and a predicate.

use clap::Args;
use fulltime_client::cluster::Endpoint;
use fulltime_client::fixture::FixturePredicate;
use fulltime_client::rpc::{ClientError, CreatedMarket};
use fulltime_client::settlement::MarketTerms;
use fulltime_client::validate::check_market_terms;
use serde_json::json;

use super::{Checks, Context};
use crate::input::{
    DEFAULT_DISPUTE_WINDOW, StatSpec, When, format_span, format_time, parse_predicate, parse_span,
    parse_stat,
};
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::market_json;
use crate::output::terms::terms_line;
use crate::output::transaction::{signature_line, transaction_json};

#[derive(Debug, Args)]
pub struct CreateMarketArgs {
    /// The question users stake on, at most 140 characters.
    #[arg(long)]
    pub question: String,

    /// When deposits close: +DURATION from the cluster clock (+10m, +2h, +1h30m) or an
    /// RFC 3339 time (2026-11-20T18:00:00Z). Must be in the future, at most 366 days ahead.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    pub close: When,

    /// The match's fixture id, as in the oracle's score batches.
    #[arg(long, value_name = "ID", allow_negative_numbers = true)]
    pub fixture: i64,

    /// The stat key the proof must prove (in the committed fixtures 1 is home goals, 2 away
    /// goals), or two stats of the same event combined: 1+2 (total goals) or 1-2 (goal
    /// difference, home minus away). The predicate then applies to the combined value.
    #[arg(long, value_name = "KEY|KEY+KEY|KEY-KEY", value_parser = parse_stat)]
    pub stat: StatSpec,

    /// The stat's period; 100 is the final, full-time value.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true)]
    pub period: i32,

    /// The market resolves YES when the stat satisfies <gt|lt|eq>:<THRESHOLD>, e.g. gt:1
    /// (more than 1). A predicate no value can satisfy (gt:2147483647, lt:-2147483648) is
    /// refused.
    #[arg(long, value_name = "CMP:THRESHOLD", value_parser = parse_predicate, allow_hyphen_values = true)]
    pub predicate: FixturePredicate,

    /// How long a settlement stays provisional: until then a strictly later proof of the same
    /// stat replaces it, and nothing is paid out. A duration from 60s to 7days, like 90s, 10m,
    /// 1h.
    #[arg(
        long,
        value_name = "DURATION",
        default_value = DEFAULT_DISPUTE_WINDOW,
        value_parser = parse_span
    )]
    pub dispute_window: i64,

    #[command(flatten)]
    pub checks: Checks,
}

pub async fn run(context: &Context, args: CreateMarketArgs) -> Result<Output, CliError> {
    let creator = context.wallet()?;
    let client = context.client(args.checks.force).await?;
    let now = client.cluster_time().await?;
    let terms = MarketTerms {
        question: args.question,
        close_time: args.close.resolve(now)?,
        fixture_id: args.fixture,
        stat_key: args.stat.stat_key,
        period: args.period,
        predicate: args.predicate.into(),
        dispute_window: args.dispute_window,
        second_stat: args.stat.second_stat,
    };
    if !args.checks.force {
        // Every check of the program, in its order; the client's own covers only some.
        check_market_terms(&terms, now).map_err(ClientError::refused)?;
    }
    let created = client.create_market(&creator, terms).await?;
    Ok(render(client.endpoint(), &created, now))
}

fn render(endpoint: &Endpoint, created: &CreatedMarket, now: i64) -> Output {
    let market = &created.market;
    Output {
        human: [
            format!("Created market {}: {}", market.id, market.question),
            signature_line(endpoint, &created.signature),
            format!("Closes:    {}", format_time(market.close_time)),
            format!("Terms:     {}", terms_line(market)),
            format!(
                "Dispute:   {} window: a settlement is provisional this long",
                format_span(market.dispute_window)
            ),
        ]
        .join("\n"),
        json: transaction_json(
            endpoint,
            &created.signature,
            json!({
                "market": market_json(market, now),
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::output::market::tests::{NOW, sample_market};
    use crate::output::transaction::tests::{devnet, signature};

    use super::*;

    #[test]
    fn shows_the_new_market_and_its_terms() {
        let created = CreatedMarket {
            signature: signature(),
            market: sample_market(),
        };
        let output = render(&devnet(), &created, NOW);
        assert_eq!(
            output.human,
            format!(
                "Created market 3: Will Arsenal score more than 1 goal against Chelsea?\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Closes:    2026-05-16T15:10:00Z\n\
                 Terms:     fixture 18502311, full time (period 100); YES if home goals (stat 1) > 1\n\
                 Dispute:   1h window: a settlement is provisional this long",
                signature()
            )
        );
        assert_eq!(output.json["signature"], signature().to_string());
        assert_eq!(output.json["market"]["id"], 3);
        assert_eq!(output.json["market"]["status"], "open");
        assert_eq!(output.json["market"]["dispute_window"], 3_600);
    }
}
