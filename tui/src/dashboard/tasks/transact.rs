//! Carries out an `Effect`: the faucet request or one transaction through the same
//! `FulltimeClient` calls as the command line, reporting its stages and its end as actions.

use std::sync::Arc;

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::{Endpoint, short_signature};
use fulltime_client::faucet::request_test_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::rpc::FulltimeClient;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::cli::Context;
use crate::dashboard::action::{Action, Done, Stage};
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::failure::FailureView;
use crate::input::format_time;
use crate::output::failure::CliError;
use crate::output::market::{outcome_label, status_label};

/// What the tasks share: how to reach the cluster and the faucet, and who signs.
#[derive(Clone)]
pub struct Runner {
    pub context: Arc<Context>,
    pub wallet: Option<Arc<Keypair>>,
    pub faucet_url: String,
    pub actions: UnboundedSender<Action>,
    pub refresh: UnboundedSender<()>,
}

pub fn spawn_effect(runner: &Runner, effect: Effect) {
    let request = match effect {
        Effect::Refresh => {
            // A closed poller means the dashboard is quitting.
            let _ = runner.refresh.send(());
            return;
        }
        Effect::Send(request) => request,
    };
    // `update` starts no request without a wallet.
    let Some(wallet) = runner.wallet.clone() else {
        return;
    };
    let runner = runner.clone();
    tokio::spawn(async move {
        let doing = doing(&request);
        let result = carry_out(&runner, &wallet, request).await;
        let finished = result.map_err(|error| FailureView::new(doing, &error));
        let _ = runner.actions.send(Action::Finished(finished));
    });
}

fn doing(request: &Request) -> &'static str {
    match request {
        Request::Faucet => "Faucet",
        Request::Deposit { .. } => "Deposit",
        Request::Settle { .. } => "Settle",
        Request::Claim { .. } => "Claim",
        Request::Refund { .. } => "Refund",
        Request::Warp { .. } => "Warp",
        Request::Create { .. } => "Create market",
    }
}

fn done(endpoint: Option<&Endpoint>, signature: &Signature, summary: String) -> Done {
    Done {
        summary,
        short_signature: short_signature(signature),
        explorer: endpoint.map_or_else(String::new, |endpoint| endpoint.explorer_tx_url(signature)),
    }
}

async fn faucet(runner: &Runner, wallet: &Keypair) -> Result<Done, CliError> {
    let grant = request_test_usdc(&runner.faucet_url, &wallet.pubkey()).await?;
    let summary = format!("Minted {} to the wallet", format_usdc(grant.amount));
    let endpoint = runner.context.endpoint().ok();
    Ok(match grant.signature.parse::<Signature>() {
        Ok(signature) => done(endpoint.as_ref(), &signature, summary),
        Err(_) => Done {
            summary,
            short_signature: grant.signature,
            explorer: String::new(),
        },
    })
}

async fn carry_out(runner: &Runner, wallet: &Keypair, request: Request) -> Result<Done, CliError> {
    // The faucet needs no connection to the cluster.
    if let Request::Faucet = request {
        return faucet(runner, wallet).await;
    }
    let (progress, mut stages) = unbounded_channel();
    let actions = runner.actions.clone();
    // Every stage reaches the app before the result does: the client (the only sender) is
    // dropped, then this task is awaited, before `spawn_effect` reports the end.
    let forward = tokio::spawn(async move {
        while let Some(stage) = stages.recv().await {
            let _ = actions.send(Action::Stage(Stage::of(stage)));
        }
    });
    let result = match runner.context.client(false).await {
        Ok(client) => transact(runner, &client.with_progress(progress), wallet, request).await,
        Err(error) => Err(error),
    };
    let _ = forward.await;
    result
}

async fn transact(
    runner: &Runner,
    client: &FulltimeClient,
    wallet: &Keypair,
    request: Request,
) -> Result<Done, CliError> {
    let endpoint = client.endpoint().clone();
    match request {
        // Answered by `carry_out`, without connecting to the cluster.
        Request::Faucet => faucet(runner, wallet).await,
        Request::Deposit {
            market,
            outcome,
            amount,
        } => {
            let deposited = client.deposit(wallet, market, outcome, amount).await?;
            let summary = format!(
                "Deposited {} on {} in market {market}; USDC {} -> {}",
                format_usdc(amount),
                outcome_label(outcome),
                format_usdc(deposited.usdc.before),
                format_usdc(deposited.usdc.after)
            );
            Ok(done(Some(&endpoint), &deposited.signature, summary))
        }
        Request::Settle { market, fixture } => {
            let settled = client.settle(wallet, market, &fixture).await?;
            let summary = settled_summary(client, &settled.market).await;
            Ok(done(Some(&endpoint), &settled.signature, summary))
        }
        Request::Claim { market } => {
            let withdrawn = client.claim(wallet, market).await?;
            let summary = format!(
                "Claimed {} from market {market}",
                format_usdc(withdrawn.usdc.received())
            );
            Ok(done(Some(&endpoint), &withdrawn.signature, summary))
        }
        Request::Create { terms } => {
            let created = client.create_market(wallet, *terms).await?;
            let summary = format!(
                "Created market {}: {}",
                created.market.id, created.market.question
            );
            Ok(done(Some(&endpoint), &created.signature, summary))
        }
        Request::Warp { to } => {
            // A cheat-code request, not a transaction: no signing or confirming.
            let _ = runner.actions.send(Action::Stage(Stage::Requesting));
            let now = client.warp(to).await?;
            Ok(Done {
                summary: format!("Cluster clock moved to {}", format_time(now)),
                short_signature: String::new(),
                explorer: String::new(),
            })
        }
        Request::Refund { market } => {
            let withdrawn = client.refund(wallet, market).await?;
            let summary = format!(
                "Refunded {} from market {market}",
                format_usdc(withdrawn.usdc.received())
            );
            Ok(done(Some(&endpoint), &withdrawn.signature, summary))
        }
    }
}

/// `Settled market 3: provisional YES, final in 1m`.
async fn settled_summary(
    client: &FulltimeClient,
    market: &fulltime_client::settlement::state::Market,
) -> String {
    match client.cluster_time().await {
        Ok(now) => format!(
            "Settled market {}: {}",
            market.id,
            status_label(MarketStatus::of(market, now), now)
        ),
        Err(_) => format!(
            "Settled market {}: {}",
            market.id,
            outcome_label(market.outcome)
        ),
    }
}
