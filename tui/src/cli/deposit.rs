//! `deposit`: staking test USDC on one side of a market.

use clap::Args;
use fulltime_client::amount::{format_usdc, parse_usdc};
use fulltime_client::cluster::Endpoint;
use fulltime_client::rpc::Deposited;
use fulltime_client::validate::parse_outcome;
use serde_json::json;

use super::{Checks, Context};
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::{market_json, outcome_label, position_json, position_summary, totals};
use crate::output::transaction::{signature_line, transaction_json, usdc_json, usdc_line};

#[derive(Debug, Args)]
pub struct DepositArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    /// The side: yes or 1, no or 0. A wallet keeps the side of its first deposit.
    #[arg(value_name = "yes|no|1|0", allow_hyphen_values = true)]
    pub outcome: String,

    /// USDC to stake, up to 6 decimals (e.g. 2.5); at least 0.1.
    #[arg(value_parser = parse_usdc, allow_hyphen_values = true)]
    pub amount: u64,

    #[command(flatten)]
    pub checks: Checks,
}

pub async fn run(context: &Context, args: DepositArgs) -> Result<Output, CliError> {
    // A word that is no outcome at all cannot be sent, even with --force.
    let outcome =
        parse_outcome(&args.outcome).map_err(|failure| CliError::Unsendable(Box::new(failure)))?;
    let wallet = context.wallet()?;
    let client = context.client(args.checks.force).await?;
    let deposited = client
        .deposit(&wallet, args.id, outcome, args.amount)
        .await?;
    let now = client.cluster_time().await?;
    Ok(render(
        client.endpoint(),
        &deposited,
        args.amount,
        outcome,
        now,
    ))
}

fn render(
    endpoint: &Endpoint,
    deposited: &Deposited,
    amount: u64,
    outcome: u8,
    now: i64,
) -> Output {
    let market = &deposited.market;
    Output {
        human: [
            format!(
                "Deposited {} on {} in market {}",
                format_usdc(amount),
                outcome_label(outcome),
                market.id
            ),
            signature_line(endpoint, &deposited.signature),
            usdc_line(&deposited.usdc),
            format!("Position:  {}", position_summary(&deposited.position)),
            format!("Market {}:  {}", market.id, totals(market)),
        ]
        .join("\n"),
        json: transaction_json(
            endpoint,
            &deposited.signature,
            json!({
                "amount": amount,
                "usdc": usdc_json(&deposited.usdc),
                "position": position_json(&deposited.position, Some(market.id)),
                "market": market_json(market, now),
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::rpc::BalanceChange;

    use crate::output::market::tests::{NOW, sample_market, sample_position};
    use crate::output::transaction::tests::{devnet, signature};

    use super::*;

    #[test]
    fn shows_the_stake_the_balance_change_and_the_new_totals() {
        let market = sample_market();
        let deposited = Deposited {
            signature: signature(),
            position: sample_position(&market),
            market,
            usdc: BalanceChange {
                before: 1_000_000_000,
                after: 997_500_000,
            },
        };
        let output = render(&devnet(), &deposited, 2_500_000, 1, NOW);
        assert_eq!(
            output.human,
            format!(
                "Deposited 2.5 USDC on YES in market 3\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 USDC:      1000 USDC -> 997.5 USDC\n\
                 Position:  YES 3 USDC\n\
                 Market 3:  YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC",
                signature()
            )
        );
        assert_eq!(output.json["amount"], 2_500_000);
        assert_eq!(output.json["market"]["total_yes"], 4_000_000);
        assert_eq!(output.json["position"]["amount"], 3_000_000);
        assert_eq!(output.json["usdc"]["after"], 997_500_000);
    }
}
