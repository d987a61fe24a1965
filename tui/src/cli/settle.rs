//! `settle`: resolving a market with a proof fixture, or replacing its provisional settlement
//! with a later proof.

use std::path::PathBuf;

use clap::Args;
use fulltime_client::cluster::Endpoint;
use fulltime_client::fixture::ProofFixture;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::rpc::ClientError;
use fulltime_client::rpc::Settled;
use fulltime_client::validate::{check_batch_time, check_settle};
use serde_json::{Value, json};

use super::refusal::refused;
use super::{Checks, Context};
use crate::input::{format_span, format_time};
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::{batch_time_note, market_json, outcome_json, outcome_label, totals};
use crate::output::transaction::{signature_line, transaction_json};

#[derive(Debug, Args)]
pub struct SettleArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    /// Proof fixture JSON file, e.g. fixtures/generated/arsenal-home-goals-over-1.json. Its
    /// proof must be of the market's fixture, stat and period; the outcome stated is the one its
    /// value gives the market's predicate. During the dispute window a strictly later proof
    /// replaces the settlement.
    #[arg(long, value_name = "PATH")]
    pub fixture: PathBuf,

    #[command(flatten)]
    pub checks: Checks,
}

pub async fn run(context: &Context, args: SettleArgs) -> Result<Output, CliError> {
    let fixture = ProofFixture::load(&args.fixture)?;
    let payer = context.wallet()?;
    let client = context.client(args.checks.force).await?;
    let before = client.market(args.id).await?;
    if !args.checks.force {
        let now = client.cluster_time().await?;
        check_settle(&before, now).map_err(|failure| refused(failure, &before, now))?;
        check_batch_time(fixture.proof.ts, &before, now).map_err(|mut failure| {
            let note = batch_time_note(fixture.proof.ts, &before, now);
            failure.message = format!("{} ({note})", failure.message);
            ClientError::refused(failure)
        })?;
    }
    let settled = client.settle(&payer, args.id, &fixture).await?;
    let now = client.cluster_time().await?;
    // A settle that succeeds on a settled market replaced its settlement.
    let replaced = before.settled.then_some(before.outcome);
    Ok(render(client.endpoint(), &settled, replaced, now))
}

/// `replaced`: the outcome of the settlement this one replaced, if any.
fn render(endpoint: &Endpoint, settled: &Settled, replaced: Option<u8>, now: i64) -> Output {
    let market = &settled.market;
    let id = market.id;
    let stated = outcome_label(market.outcome);
    let status = MarketStatus::of(market, now);
    let standing = match status {
        MarketStatus::Provisional { final_at, .. } => format!(
            "provisional until {} (final in {})",
            format_time(final_at),
            format_span(final_at.saturating_sub(now))
        ),
        _ => "final".to_owned(),
    };
    let headline = match replaced {
        Some(previous) => format!(
            "Replaced the settlement of market {id}: {} -> {stated}, {standing}",
            outcome_label(previous)
        ),
        None => format!("Settled market {id}: {stated}, {standing}"),
    };
    let nobody_won = market.winning_total() == 0;
    let next = match (status, nobody_won) {
        (MarketStatus::Provisional { .. }, false) => format!(
            "Until then a strictly later proof of the same stat can replace it; then winners \
             claim with `fulltime claim {id}`."
        ),
        (MarketStatus::Provisional { .. }, true) => format!(
            "Until then a strictly later proof of the same stat can replace it; then, as nobody \
             won, every stake is refundable with `fulltime refund {id}`."
        ),
        (_, true) => format!("Nobody won: every stake is refundable with `fulltime refund {id}`."),
        (_, false) => format!("Winners claim with `fulltime claim {id}`."),
    };
    Output {
        human: [
            headline,
            signature_line(endpoint, &settled.signature),
            format!("Market {id}:  {}", totals(market)),
            next,
        ]
        .join("\n"),
        json: transaction_json(
            endpoint,
            &settled.signature,
            json!({
                "stated": outcome_json(market.outcome),
                "replaced": replaced.is_some(),
                "replaced_outcome": replaced.map_or(Value::Null, outcome_json),
                "market": market_json(market, now),
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::settlement::constants::{OUTCOME_NO, OUTCOME_YES};

    use crate::output::market::tests::{FINAL_AT, PROOF_TS, settled_market};
    use crate::output::transaction::tests::{devnet, signature};

    use super::*;

    fn settled(outcome: u8, total_yes: u64) -> Settled {
        let mut market = settled_market(outcome);
        market.total_yes = total_yes;
        Settled {
            signature: signature(),
            market,
        }
    }

    #[test]
    fn a_first_settlement_is_provisional_until_its_window_ends() {
        let output = render(
            &devnet(),
            &settled(OUTCOME_YES, 4_000_000),
            None,
            FINAL_AT - 3_600,
        );
        assert_eq!(
            output.human,
            format!(
                "Settled market 3: YES, provisional until 2026-05-16T16:10:00Z (final in 1h)\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Market 3:  YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Until then a strictly later proof of the same stat can replace it; then \
                 winners claim with `fulltime claim 3`.",
                signature()
            )
        );
        assert_eq!(output.json["stated"], "yes");
        assert_eq!(output.json["replaced"], false);
        assert_eq!(output.json["replaced_outcome"], Value::Null);
        assert_eq!(output.json["market"]["status"], "provisional");
        assert_eq!(output.json["market"]["dispute_ends_at"], FINAL_AT);
        assert_eq!(output.json["market"]["proof_ts"], PROOF_TS);
    }

    #[test]
    fn a_replacement_says_which_outcome_it_replaced() {
        let output = render(
            &devnet(),
            &settled(OUTCOME_NO, 4_000_000),
            Some(OUTCOME_YES),
            FINAL_AT - 42,
        );
        assert_eq!(
            output.human.lines().next(),
            Some(
                "Replaced the settlement of market 3: YES -> NO, provisional until \
                 2026-05-16T16:10:00Z (final in 42s)"
            )
        );
        assert_eq!(
            (&output.json["stated"], &output.json["replaced"]),
            (&json!("no"), &json!(true))
        );
        assert_eq!(output.json["replaced_outcome"], "yes");
    }

    #[test]
    fn an_empty_winning_side_points_to_refunds() {
        let output = render(&devnet(), &settled(OUTCOME_YES, 0), None, FINAL_AT - 60);
        assert!(
            output.human.ends_with(
                "then, as nobody won, every stake is refundable with `fulltime refund 3`."
            ),
            "{}",
            output.human
        );
        let output = render(&devnet(), &settled(OUTCOME_YES, 0), None, FINAL_AT);
        assert_eq!(
            output.human.lines().next(),
            Some("Settled market 3: YES, final")
        );
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
