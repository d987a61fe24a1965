//! Carries out an `Effect`: the faucet request or one transaction through the same
//! `FulltimeClient` calls as the command line, reporting its stages and its end as actions. A
//! finished request is summed up in the headline of the command line's receipt for it.

use std::sync::Arc;

use fulltime_client::cluster::{ClusterError, Endpoint, short_signature};
use fulltime_client::faucet::request_test_usdc;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::settlement::state::Market;
use fulltime_client::snapshot::save_named;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::dashboard::action::{Action, Done, Stage};
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::failure::FailureView;
use crate::dashboard::wallets::WalletChoice;
use crate::error::Error;
use crate::output::labels::status_label;
use crate::output::receipt::UsdcChange;
use crate::output::receipt::claim_all::ClaimAllReceipt;
use crate::output::receipt::create::CreateHeadline;
use crate::output::receipt::deposit::DepositHeadline;
use crate::output::receipt::grant::GrantHeadline;
use crate::output::receipt::payout::{PayoutHeadline, PayoutKind};
use crate::output::receipt::settle::SettleHeadline;
use crate::output::receipt::warp::WarpHeadline;
use crate::output::snapshot::SavedSnapshot;
use crate::session::Session;
use crate::wallet_maker::make_wallet;

/// What the tasks share: how to reach the cluster and the faucet, and who signs.
#[derive(Clone)]
pub struct Runner {
    pub session: Arc<Session>,
    pub wallet: Option<Arc<Keypair>>,
    pub faucet_url: String,
    /// How many of a market's newest transactions its pool history reads.
    pub history_depth: usize,
    pub actions: UnboundedSender<Action>,
    pub refresh: UnboundedSender<()>,
}

pub fn spawn_effect(runner: &Runner, effect: Effect) {
    let request = match effect {
        Effect::Refresh => {
            // A closed feed means the dashboard is quitting.
            let _ = runner.refresh.send(());
            return;
        }
        Effect::Inspect(signature) => return spawn_inspect(runner, signature),
        Effect::Copy(text) => return copy_to_clipboard(&text),
        // The runner acts on it itself: it replaces the runner's wallet.
        Effect::SwitchWallet(_) => return,
        Effect::LoadHistory(market) => return spawn_history(runner, market),
        Effect::Send(request) => request,
    };
    // A snapshot is the node's whole chain: no wallet takes part.
    if let Request::Snapshot { name } = request {
        let runner = runner.clone();
        tokio::spawn(async move {
            let _ = runner.actions.send(Action::Stage(Stage::Requesting));
            let finished = save_snapshot(&runner.session, &name)
                .await
                .map_err(|error| FailureView::new("Snapshot", &error));
            let _ = runner.actions.send(Action::Finished(finished));
        });
        return;
    }
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

/// Reads `signature` back for the inspector.
fn spawn_inspect(runner: &Runner, signature: Signature) {
    let runner = runner.clone();
    tokio::spawn(async move {
        let detail = match runner.session.client(false).await {
            Ok(client) => client
                .transaction_detail(&signature)
                .await
                .map_err(|error| Error::from(error).report().message),
            Err(error) => Err(error.report().message),
        };
        let _ = runner.actions.send(Action::Inspected { signature, detail });
    });
}

/// Reads market `market`'s pool history, as far back as the runner's depth.
fn spawn_history(runner: &Runner, market: u64) {
    let runner = runner.clone();
    tokio::spawn(async move {
        let history = match runner.session.client(false).await {
            Ok(client) => client
                .pool_history(market, runner.history_depth)
                .await
                .map_err(|error| Error::from(error).report().message),
            Err(error) => Err(error.report().message),
        };
        let _ = runner.actions.send(Action::History { market, history });
    });
}

/// Hands `text` to the terminal's clipboard with OSC 52, which terminals honour over ssh and
/// tmux passes on (with `set-clipboard on`); a terminal without it ignores the sequence.
fn copy_to_clipboard(text: &str) {
    use std::io::Write;

    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(text);
    let mut stdout = std::io::stdout();
    let _ = write!(stdout, "\x1b]52;c;{encoded}\x07");
    let _ = stdout.flush();
}

fn doing(request: &Request) -> &'static str {
    match request {
        Request::Faucet => "Faucet",
        Request::Deposit { .. } => "Deposit",
        Request::Settle { .. } => "Settle",
        Request::Claim { .. } => "Claim",
        Request::ClaimAll => "Claim all",
        Request::Refund { .. } => "Refund",
        Request::Warp { .. } => "Warp",
        Request::Create { .. } => "Create market",
        Request::Snapshot { .. } => "Snapshot",
        Request::NewWallet { .. } => "New wallet",
    }
}

/// Saves localnet's chain as `fulltime snapshot save NAME` does.
async fn save_snapshot(session: &Session, name: &str) -> Result<Done, Error> {
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::Localnet)?;
    let saved = save_named(&env, session.state_dir(), name).await?;
    Ok(Done {
        summary: SavedSnapshot::new(&saved).headline(),
        signature: None,
        short_signature: String::new(),
        explorer: String::new(),
    })
}

fn done(endpoint: Option<&Endpoint>, signature: &Signature, summary: String) -> Done {
    Done {
        summary,
        signature: Some(*signature),
        short_signature: short_signature(signature),
        explorer: endpoint.map_or_else(String::new, |endpoint| endpoint.explorer_tx_url(signature)),
    }
}

async fn faucet(runner: &Runner, wallet: &Keypair) -> Result<Done, Error> {
    let grant = request_test_usdc(&runner.faucet_url, &wallet.pubkey()).await?;
    let summary = GrantHeadline {
        amount: grant.amount,
        to: "the wallet",
    }
    .to_string();
    let endpoint = runner.session.endpoint().ok();
    Ok(match grant.signature.parse::<Signature>() {
        Ok(signature) => done(endpoint.as_ref(), &signature, summary),
        Err(_) => Done {
            summary,
            signature: None,
            short_signature: grant.signature,
            explorer: String::new(),
        },
    })
}

async fn carry_out(runner: &Runner, wallet: &Keypair, request: Request) -> Result<Done, Error> {
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
    let result = match runner.session.client(false).await {
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
) -> Result<Done, Error> {
    let endpoint = client.endpoint().clone();
    match request {
        // Answered by `carry_out`, without connecting to the cluster.
        Request::Faucet => faucet(runner, wallet).await,
        Request::Deposit {
            market,
            side,
            amount,
        } => {
            let deposited = client.deposit(wallet, market, side, amount).await?;
            let headline = DepositHeadline {
                market_id: market,
                side,
                amount,
            };
            let summary = format!("{headline}; USDC {}", UsdcChange::from(deposited.usdc));
            Ok(done(Some(&endpoint), &deposited.signature, summary))
        }
        Request::Settle { market, fixture } => {
            let settled = client.settle(wallet, market, &fixture).await?;
            let summary = settled_summary(client, &settled.market).await;
            Ok(done(Some(&endpoint), &settled.signature, summary))
        }
        Request::Claim { market } => {
            let withdrawn = client.claim(wallet, market).await?;
            let summary = payout_summary(PayoutKind::Claim, market, withdrawn.usdc.received());
            Ok(done(Some(&endpoint), &withdrawn.signature, summary))
        }
        Request::ClaimAll => {
            let paid_out = client.pay_out_all(wallet).await?;
            let receipt = ClaimAllReceipt::new(&endpoint, &paid_out);
            // The receipt's headline, and the first transaction's signature.
            let summary = receipt
                .to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned();
            if let Some(error) = paid_out.stopped {
                return Err(if receipt.paid.is_empty() {
                    error.into()
                } else {
                    Error::PaidInPart {
                        source: error,
                        paid: summary,
                    }
                });
            }
            Ok(match paid_out.batches.first() {
                Some(batch) => done(Some(&endpoint), &batch.signature, summary),
                None => Done {
                    summary,
                    signature: None,
                    short_signature: String::new(),
                    explorer: String::new(),
                },
            })
        }
        Request::Create { terms } => {
            let created = client.create_market(wallet, *terms).await?;
            let summary = CreateHeadline {
                id: created.market.id,
                question: &created.market.question,
            }
            .to_string();
            Ok(done(Some(&endpoint), &created.signature, summary))
        }
        Request::Warp { to } => {
            // A cheat-code request, not a transaction: no signing or confirming.
            let _ = runner.actions.send(Action::Stage(Stage::Requesting));
            let now = client.warp(to).await?;
            Ok(Done {
                summary: WarpHeadline { to: now }.to_string(),
                signature: None,
                short_signature: String::new(),
                explorer: String::new(),
            })
        }
        Request::Refund { market } => {
            let withdrawn = client.refund(wallet, market).await?;
            let summary = payout_summary(PayoutKind::Refund, market, withdrawn.usdc.received());
            Ok(done(Some(&endpoint), &withdrawn.signature, summary))
        }
        // Answered by `spawn_effect`, without a wallet.
        Request::Snapshot { name } => save_snapshot(&runner.session, &name).await,
        Request::NewWallet { name } => new_wallet(runner, &name).await,
    }
}

/// Makes and funds `name` in the book as `fulltime wallet new NAME --fund` does, and tells the
/// app it may act as it.
async fn new_wallet(runner: &Runner, name: &str) -> Result<Done, Error> {
    let _ = runner.actions.send(Action::Stage(Stage::Requesting));
    let made = make_wallet(&runner.session, name, true, &runner.faucet_url).await?;
    let _ = runner.actions.send(Action::WalletMade(WalletChoice {
        name: made.name.clone(),
        address: made.address.clone(),
        path: made.path.clone().into(),
    }));
    Ok(Done {
        summary: made.headline(),
        signature: None,
        short_signature: String::new(),
        explorer: String::new(),
    })
}

fn payout_summary(kind: PayoutKind, market_id: u64, paid: u64) -> String {
    PayoutHeadline {
        kind,
        market_id,
        paid,
    }
    .to_string()
}

/// `Settled market 3: provisional YES, final in 1m`; the outcome alone when the clock does not
/// answer.
async fn settled_summary(client: &FulltimeClient, market: &Market) -> String {
    let state = match client.cluster_time().await {
        Ok(now) => status_label(MarketStatus::of(market, now), now),
        Err(_) => market.outcome.to_string(),
    };
    SettleHeadline {
        market_id: market.id,
        state,
    }
    .to_string()
}
