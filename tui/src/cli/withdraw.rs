//! `claim` and `refund`: paying a position out to the wallet.

use clap::Args;
use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::Endpoint;
use fulltime_client::errors::ProgramFailure;
use fulltime_client::rpc::{FulltimeClient, Withdrawn};
use fulltime_client::settlement::state::Market;
use fulltime_client::validate::{check_claim, check_refund};
use serde_json::json;

use super::refusal::refused;
use super::{Checks, Context};
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::{position_json, position_summary};
use crate::output::transaction::{signature_line, transaction_json, usdc_json, usdc_line};

#[derive(Debug, Args)]
pub struct WithdrawArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    #[command(flatten)]
    pub checks: Checks,
}

pub async fn claim(context: &Context, args: WithdrawArgs) -> Result<Output, CliError> {
    let wallet = context.wallet()?;
    let client = context.client(args.checks.force).await?;
    if !args.checks.force {
        check_market(&client, args.id, check_claim).await?;
    }
    let withdrawn = client.claim(&wallet, args.id).await?;
    Ok(render(client.endpoint(), "Claimed", args.id, &withdrawn))
}

pub async fn refund(context: &Context, args: WithdrawArgs) -> Result<Output, CliError> {
    let wallet = context.wallet()?;
    let client = context.client(args.checks.force).await?;
    if !args.checks.force {
        check_market(&client, args.id, check_refund).await?;
    }
    let withdrawn = client.refund(&wallet, args.id).await?;
    Ok(render(client.endpoint(), "Refunded", args.id, &withdrawn))
}

/// Refuses before sending what the market's state does not allow at the cluster's time.
async fn check_market(
    client: &FulltimeClient,
    id: u64,
    check: fn(&Market, i64) -> Result<(), ProgramFailure>,
) -> Result<(), CliError> {
    let market = client.market(id).await?;
    let now = client.cluster_time().await?;
    check(&market, now).map_err(|failure| refused(failure, &market, now).into())
}

fn render(endpoint: &Endpoint, verb: &str, market_id: u64, withdrawn: &Withdrawn) -> Output {
    let paid = withdrawn.usdc.received();
    Output {
        human: [
            format!("{verb} {} from market {market_id}", format_usdc(paid)),
            signature_line(endpoint, &withdrawn.signature),
            usdc_line(&withdrawn.usdc),
            format!("Position:  {}", position_summary(&withdrawn.position)),
        ]
        .join("\n"),
        json: transaction_json(
            endpoint,
            &withdrawn.signature,
            json!({
                "paid": paid,
                "usdc": usdc_json(&withdrawn.usdc),
                "position": position_json(&withdrawn.position, Some(market_id)),
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::rpc::BalanceChange;

    use crate::output::market::tests::{sample_market, sample_position};
    use crate::output::transaction::tests::{devnet, signature};

    use super::*;

    #[test]
    fn shows_the_payout_as_a_balance_change() {
        let mut position = sample_position(&sample_market());
        position.claimed = true;
        let withdrawn = Withdrawn {
            signature: signature(),
            position,
            usdc: BalanceChange {
                before: 997_000_000,
                after: 1_001_125_000,
            },
        };
        let output = render(&devnet(), "Claimed", 3, &withdrawn);
        assert_eq!(
            output.human,
            format!(
                "Claimed 4.125 USDC from market 3\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 USDC:      997 USDC -> 1001.125 USDC\n\
                 Position:  YES 3 USDC, claimed",
                signature()
            )
        );
        assert_eq!(output.json["paid"], 4_125_000);
        assert_eq!(output.json["position"]["claimed"], true);
    }
}
