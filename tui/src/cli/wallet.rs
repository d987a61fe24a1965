//! `balance` and `faucet`: the wallet's money and positions, and how to get test USDC.

use std::collections::HashMap;

use clap::Args;
use fulltime_client::amount::{format_sol, format_usdc};
use fulltime_client::cluster::Endpoint;
use fulltime_client::faucet::{DEFAULT_FAUCET_URL, FaucetGrant, request_test_usdc};
use fulltime_client::pda;
use fulltime_client::rpc::Balances;
use fulltime_client::settlement::state::Position;
use serde_json::json;
use solana_signature::Signature;
use solana_signer::Signer;

use super::Context;
use crate::output::Output;
use crate::output::failure::CliError;
use crate::output::market::{position_json, position_summary};
use crate::output::transaction::signature_line;

#[derive(Debug, Args)]
pub struct FaucetArgs {
    /// The faucet's base URL; the request goes to <URL>/api/faucet.
    #[arg(
        long,
        default_value = DEFAULT_FAUCET_URL,
        env = "FULLTIME_FAUCET_URL",
        value_name = "URL"
    )]
    pub faucet_url: String,
}

pub async fn balance(context: &Context) -> Result<Output, CliError> {
    let wallet = context.wallet()?.pubkey();
    let client = context.client(false).await?;
    let balances = client.balances(&wallet).await?;
    let mut positions = client.positions(&wallet).await?;
    // A position stores its market's address; the id is what users type.
    let ids: HashMap<_, _> = if positions.is_empty() {
        HashMap::new()
    } else {
        client
            .markets()
            .await?
            .iter()
            .map(|market| (pda::market(market.id), market.id))
            .collect()
    };
    positions.sort_by_key(|position| ids.get(&position.market).copied());
    let wallet = WalletView {
        address: wallet.to_string(),
        mint: client.usdc_mint().to_string(),
        balances,
    };
    Ok(render_balance(&wallet, &positions, |position| {
        ids.get(&position.market).copied()
    }))
}

struct WalletView {
    address: String,
    mint: String,
    balances: Balances,
}

fn render_balance(
    wallet: &WalletView,
    positions: &[Position],
    market_id: impl Fn(&Position) -> Option<u64>,
) -> Output {
    let usdc = wallet.balances.usdc.map_or_else(
        || "none yet (get test USDC with `fulltime faucet`)".to_owned(),
        format_usdc,
    );
    let mut human = vec![
        format!("Wallet:    {}", wallet.address),
        format!("SOL:       {}", format_sol(wallet.balances.lamports)),
        format!("USDC:      {usdc}"),
    ];
    if positions.is_empty() {
        human.push("Positions: none".to_owned());
    } else {
        human.push("Positions:".to_owned());
        human.extend(positions.iter().map(|position| {
            let market = market_id(position)
                .map_or_else(|| position.market.to_string(), |id| id.to_string());
            format!("  market {market}: {}", position_summary(position))
        }));
    }
    Output {
        human: human.join("\n"),
        json: json!({
            "wallet": wallet.address,
            "lamports": wallet.balances.lamports,
            "usdc": wallet.balances.usdc,
            "usdc_mint": wallet.mint,
            "positions": positions
                .iter()
                .map(|position| position_json(position, market_id(position)))
                .collect::<Vec<_>>(),
        }),
    }
}

pub async fn faucet(context: &Context, args: FaucetArgs) -> Result<Output, CliError> {
    let wallet = context.wallet()?.pubkey();
    let grant = request_test_usdc(&args.faucet_url, &wallet).await?;
    // The link is a convenience: without a resolvable --url the raw signature still prints.
    Ok(render_grant(
        &grant,
        &wallet.to_string(),
        context.endpoint().ok().as_ref(),
    ))
}

fn render_grant(grant: &FaucetGrant, wallet: &str, endpoint: Option<&Endpoint>) -> Output {
    let signature = match (grant.signature.parse::<Signature>(), endpoint) {
        (Ok(signature), Some(endpoint)) => signature_line(endpoint, &signature),
        _ => format!("Signature: {}", grant.signature),
    };
    Output {
        human: [
            format!("Minted {} to {wallet}", format_usdc(grant.amount)),
            signature,
            format!("Mint:      {}", grant.mint),
        ]
        .join("\n"),
        json: json!(grant),
    }
}

#[cfg(test)]
mod tests {
    use crate::output::market::tests::{sample_market, sample_position};
    use crate::output::transaction::tests::{devnet, signature};

    use super::*;

    fn wallet(usdc: Option<u64>) -> WalletView {
        WalletView {
            address: "Wa11et".into(),
            mint: "M1nt".into(),
            balances: Balances {
                lamports: 2_500_000_000,
                usdc,
            },
        }
    }

    #[test]
    fn balance_lists_money_and_positions() {
        let market = sample_market();
        let mut claimed = sample_position(&market);
        claimed.claimed = true;
        let positions = [sample_position(&market), claimed];
        let output = render_balance(&wallet(Some(997_500_000)), &positions, |_| Some(3));
        assert_eq!(
            output.human,
            "Wallet:    Wa11et\n\
             SOL:       2.5 SOL\n\
             USDC:      997.5 USDC\n\
             Positions:\n  \
               market 3: YES 3 USDC\n  \
               market 3: YES 3 USDC, claimed"
        );
        assert_eq!(output.json["usdc"], 997_500_000);
        assert_eq!(output.json["lamports"], 2_500_000_000_u64);
        assert_eq!(output.json["positions"][1]["claimed"], true);
    }

    #[test]
    fn a_wallet_without_usdc_is_told_about_the_faucet() {
        let output = render_balance(&wallet(None), &[], |_| None);
        assert_eq!(
            output.human,
            "Wallet:    Wa11et\n\
             SOL:       2.5 SOL\n\
             USDC:      none yet (get test USDC with `fulltime faucet`)\n\
             Positions: none"
        );
        assert_eq!(output.json["usdc"], serde_json::Value::Null);
    }

    #[test]
    fn a_grant_prints_amount_link_and_mint_and_its_body_as_json() {
        let grant = FaucetGrant {
            signature: signature().to_string(),
            amount: 1_000_000_000,
            mint: "M1nt".into(),
        };
        let output = render_grant(&grant, "Wa11et", Some(&devnet()));
        assert_eq!(
            output.human,
            format!(
                "Minted 1000 USDC to Wa11et\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Mint:      M1nt",
                signature()
            )
        );
        assert_eq!(
            output.json,
            json!({"signature": signature().to_string(), "amount": 1_000_000_000, "mint": "M1nt"})
        );
        let unlinked = render_grant(&grant, "Wa11et", None);
        assert!(
            unlinked
                .human
                .contains(&format!("Signature: {}\n", signature()))
        );
    }
}
