//! `settle`: resolving a market with a proof fixture.

use std::path::PathBuf;

use clap::Args;
use fulltime_client::cluster::Endpoint;
use fulltime_client::fixture::ProofFixture;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::rpc::Settled;
use serde_json::json;

use super::Context;
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::{market_json, status_label, totals};
use crate::output::transaction::{signature_line, transaction_json};

#[derive(Debug, Args)]
pub struct SettleArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    /// Proof fixture JSON file, e.g. fixtures/generated/arsenal-home-goals-over-1.json. Its
    /// proof must be of the market's fixture, stat and period.
    #[arg(long, value_name = "PATH")]
    pub fixture: PathBuf,
}

pub async fn run(context: &Context, args: SettleArgs) -> Result<Output, CliError> {
    let fixture = ProofFixture::load(&args.fixture)?;
    let payer = context.wallet()?;
    let client = context.client(false).await?;
    let settled = client.settle(&payer, args.id, &fixture).await?;
    let now = client.cluster_time().await?;
    Ok(render(client.endpoint(), &settled, now))
}

fn render(endpoint: &Endpoint, settled: &Settled, now: i64) -> Output {
    let market = &settled.market;
    let status = MarketStatus::of(market, now);
    let next = match status {
        MarketStatus::Resolved {
            refundable: true, ..
        } => format!(
            "Nobody won: every stake is refundable with `fulltime refund {}`.",
            market.id
        ),
        _ => format!("Winners claim with `fulltime claim {}`.", market.id),
    };
    Output {
        human: [
            format!("Settled market {}: {}", market.id, status_label(status)),
            signature_line(endpoint, &settled.signature),
            format!("Market {}:  {}", market.id, totals(market)),
            next,
        ]
        .join("\n"),
        json: transaction_json(
            endpoint,
            &settled.signature,
            json!({
                "market": market_json(market, now),
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::settlement::constants::OUTCOME_YES;

    use crate::output::market::tests::{NOW, sample_market};
    use crate::output::transaction::tests::{devnet, signature};

    use super::*;

    fn settled(total_yes: u64) -> Settled {
        let mut market = sample_market();
        market.resolved = true;
        market.outcome = OUTCOME_YES;
        market.total_yes = total_yes;
        Settled {
            signature: signature(),
            market,
        }
    }

    #[test]
    fn shows_the_outcome_and_who_claims() {
        let output = render(&devnet(), &settled(4_000_000), NOW);
        assert_eq!(
            output.human,
            format!(
                "Settled market 3: resolved YES\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Market 3:  YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Winners claim with `fulltime claim 3`.",
                signature()
            )
        );
        assert_eq!(output.json["market"]["outcome"], "yes");
    }

    #[test]
    fn an_empty_winning_side_points_to_refunds() {
        let output = render(&devnet(), &settled(0), NOW);
        assert!(
            output
                .human
                .ends_with("Nobody won: every stake is refundable with `fulltime refund 3`."),
            "{}",
            output.human
        );
        assert_eq!(output.json["market"]["refundable"], true);
    }
}
