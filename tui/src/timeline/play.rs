//! Playing a timeline: its wallets made and funded together through the pipeline (SOL airdropped
//! to the desk and passed on, test USDC from the node's mint authority, several wallets a
//! transaction), its markets created by the desk, then each step in order: the clock warped to
//! its time (never back), its actions run wave by wave through the action layer (`waves.rs`: a
//! wave's actions at once, conflicting ones in later waves; a `faucet` action asks the run's
//! faucet over HTTP), each checked in file order against the error it must fail with, then its
//! expectations read from the chain, then the invariants (`invariants.rs`). The first unexpected
//! result in file order ends the run in `run.failure`.

use std::collections::{BTreeMap, BTreeSet};

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::ClusterError;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::proof_file::ExpectedError;
use fulltime_client::rpc::{ClientError, Funding, IN_FLIGHT};
use fulltime_client::txline::api::RecordPick;
use fulltime_client::wallet_book::WalletName;
use fulltime_proof_files::Generated;
use fulltime_proof_files::timeline::{Action, ActionKind, SettleWith, Step, Timeline};
use futures_util::FutureExt;
use futures_util::stream::{self, StreamExt};
use solana_keypair::{Address as Pubkey, Keypair};
use solana_signer::Signer;

use super::expect;
use super::invariants::{self, Reading};
use super::waves::waves;
use crate::actions::{
    self, Actor, CreateOrder, DepositOrder, PayoutOrder, RecordSettleOrder, SettleOrder,
    create_market,
};
use crate::error::{Error, ErrorReport};
use crate::input::When;
use crate::output::receipt::payout::PayoutKind;
use crate::output::timeline::{StepRun, TimelineFailure, TimelineRun};
use crate::session::Session;

/// Who and what the timeline's names stand for on this node; what a run left running hands on.
pub struct Cast {
    desk: Keypair,
    wallets: BTreeMap<WalletName, Keypair>,
    markets: BTreeMap<String, u64>,
    /// Where a `faucet` action asks.
    faucet_url: String,
    /// By market label, the wallets the file deposits from in it: the positions there can be.
    stakers: BTreeMap<String, BTreeSet<WalletName>>,
}

impl Cast {
    /// The loader checked every name a step uses, and every wallet is made before the first.
    pub fn wallet(&self, name: &WalletName) -> &Keypair {
        self.wallets.get(name).unwrap_or(&self.desk)
    }

    /// Market ids start after the node's demo markets; a label not created yet has none.
    pub fn market(&self, label: &str) -> u64 {
        self.markets.get(label).copied().unwrap_or(u64::MAX)
    }

    /// The markets created so far, by label, with their ids.
    pub fn markets(&self) -> impl Iterator<Item = (&str, u64)> {
        self.markets.iter().map(|(label, id)| (label.as_str(), *id))
    }

    /// The markets created so far, by label: what a checkpoint's restore takes back with the
    /// chain.
    pub fn created_markets(&self) -> BTreeMap<String, u64> {
        self.markets.clone()
    }

    /// The markets created by the time a checkpoint was kept, once it is restored.
    pub fn restore_created_markets(&mut self, markets: BTreeMap<String, u64>) {
        self.markets = markets;
    }

    /// The timeline's wallets, by name, with their keypairs.
    pub fn wallets(&self) -> impl Iterator<Item = (&WalletName, &Keypair)> {
        self.wallets.iter()
    }

    /// The wallets that may hold a position in the market labelled `label`, by name, with
    /// their addresses.
    pub fn stakers(&self, label: &str) -> impl Iterator<Item = (&WalletName, Pubkey)> {
        self.stakers
            .get(label)
            .into_iter()
            .flatten()
            .map(|name| (name, self.wallet(name).pubkey()))
    }
}

/// By market label, the wallets `timeline` deposits from in it.
fn stakers(timeline: &Timeline) -> BTreeMap<String, BTreeSet<WalletName>> {
    let mut stakers: BTreeMap<String, BTreeSet<WalletName>> = BTreeMap::new();
    for action in timeline.steps.iter().flat_map(|step| &step.actions) {
        if let ActionKind::Deposit { wallet, market, .. } = &action.kind {
            stakers
                .entry(market.clone())
                .or_default()
                .insert(wallet.clone());
        }
    }
    stakers
}

/// Sets the timeline up and plays its steps in order until the first unexpected result, which
/// ends the run in `run.failure`.
pub async fn play(
    session: &Session,
    timeline: &Timeline,
    proofs: &Generated,
    faucet_url: &str,
    run: &mut TimelineRun,
) -> Result<Cast, Error> {
    let mut cast = set_up(session, timeline, faucet_url).await?;
    let mut previous = None;
    for step in &timeline.steps {
        let stepped = play_step(
            session,
            &mut cast,
            timeline,
            proofs,
            step,
            previous.as_ref(),
        )
        .await?;
        run.steps.push(stepped.run);
        if let Some(reading) = stepped.reading {
            previous = Some(reading);
        }
        if stepped.failure.is_some() {
            run.failure = stepped.failure;
            return Ok(cast);
        }
    }
    Ok(cast)
}

/// The cast of `timeline` already played on the session's node up to a step (a bundle's): its
/// wallets, already made, and its markets, already created, as they stand for its names here.
pub fn cast_of(
    session: &Session,
    timeline: &Timeline,
    wallets: BTreeMap<WalletName, Keypair>,
    markets: BTreeMap<String, u64>,
    faucet_url: &str,
) -> Result<Cast, Error> {
    Ok(Cast {
        desk: session.wallet()?,
        wallets,
        markets,
        faucet_url: faucet_url.to_owned(),
        stakers: stakers(timeline),
    })
}

/// The timeline's cast on the session's node: its wallets made and funded together, the markets
/// it does not create in a step created by the desk.
pub async fn set_up(
    session: &Session,
    timeline: &Timeline,
    faucet_url: &str,
) -> Result<Cast, Error> {
    let client = session.client().await?;
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::from)?;
    let mint_authority = read_keypair_file(&env.mint_authority)?;
    let mut cast = Cast {
        desk: session.wallet()?,
        wallets: timeline
            .wallets
            .iter()
            .map(|wallet| (wallet.name.clone(), Keypair::new()))
            .collect(),
        markets: BTreeMap::new(),
        faucet_url: faucet_url.to_owned(),
        stakers: stakers(timeline),
    };
    let fundings: Vec<Funding> = timeline
        .wallets
        .iter()
        .map(|wallet| Funding {
            wallet: cast.wallet(&wallet.name).pubkey(),
            lamports: wallet.lamports,
            usdc: wallet.usdc,
        })
        .collect();
    client
        .fund_all(&cast.desk, &mint_authority, &fundings)
        .await?;
    for market in timeline.markets.iter().filter(|m| m.created_in.is_none()) {
        let id = create(session, &cast, timeline, &market.label, false).await?;
        cast.markets.insert(market.label.clone(), id);
    }
    Ok(cast)
}

/// What one step did: its line, the first unexpected result, and the invariants' reading when
/// they were read (the next step's `previous`).
pub struct Stepped {
    pub run: StepRun,
    pub failure: Option<TimelineFailure>,
    pub reading: Option<Reading>,
}

/// Plays `step`: the clock warped to its time (never back), its actions in waves, then its
/// expectations, then the invariants against `previous`, the reading after the step before.
pub async fn play_step(
    session: &Session,
    cast: &mut Cast,
    timeline: &Timeline,
    proofs: &Generated,
    step: &Step,
    previous: Option<&Reading>,
) -> Result<Stepped, Error> {
    let client = session.client().await?;
    let mut step_run = StepRun::new(&step.name, warp(session, step.at).await?);
    let mut failure = act(
        session,
        cast,
        timeline,
        proofs,
        &step.actions,
        &mut step_run.done,
    )
    .await
    .map(|mut unexpected| {
        unexpected.step.clone_from(&step.name);
        unexpected
    });
    if failure.is_none() {
        step_run.expectations = expect::check_all(&client, cast, &step.expect).await?;
        failure = step_run
            .expectations
            .iter()
            .find(|expectation| !expectation.held)
            .map(|broken| TimelineFailure {
                step: step.name.clone(),
                action: None,
                expected: format!("{} {}", broken.what, broken.expected),
                happened: broken.found.clone(),
                logs: Vec::new(),
            });
    }
    let mut reading = None;
    if failure.is_none() {
        let read = invariants::read(&client, cast).await?;
        failure = invariants::first_broken(previous, &read).map(|broken| TimelineFailure {
            step: step.name.clone(),
            action: None,
            expected: broken.market.map_or_else(
                || broken.invariant.to_owned(),
                |market| format!("{} ({market})", broken.invariant),
            ),
            happened: broken.found,
            logs: Vec::new(),
        });
        step_run.invariants_held = failure.is_none();
        reading = Some(read);
    }
    Ok(Stepped {
        run: step_run,
        failure,
        reading,
    })
}

/// Runs `actions` wave by wave, a wave's actions at once (`waves.rs`), and judges each in file
/// order, saying in `done` what it did; the first unexpected result (its step filled in by the
/// caller), after which no later wave is sent.
async fn act(
    session: &Session,
    cast: &mut Cast,
    timeline: &Timeline,
    proofs: &Generated,
    actions: &[Action],
    done: &mut Vec<String>,
) -> Option<TimelineFailure> {
    for wave in waves(actions) {
        let wave = &actions[wave];
        // Made first, then streamed, so that the future is `Send` (see the client's
        // `accounts`): a wave is a few actions of one step.
        let performing: Vec<_> = wave
            .iter()
            .map(|action| perform(session, cast, timeline, proofs, action).boxed())
            .collect();
        let outcomes: Vec<Result<Performed, Error>> =
            stream::iter(performing).buffered(IN_FLIGHT).collect().await;
        for (action, outcome) in wave.iter().zip(outcomes) {
            let (said, created) = match outcome {
                Ok(performed) => (Ok(performed.said), performed.created),
                Err(error) => (Err(error), None),
            };
            match judged(action, said) {
                Ok(said) => done.push(said),
                Err(unexpected) => return Some(unexpected),
            }
            if let (ActionKind::Create { market }, Some(id)) = (&action.kind, created) {
                cast.markets.insert(market.clone(), id);
            }
        }
    }
    None
}

/// Moves the clock to `at` when it is behind; the clock it reads after.
async fn warp(session: &Session, at: i64) -> Result<i64, Error> {
    let now = session.client().await?.cluster_time().await?;
    if at <= now {
        return Ok(now);
    }
    match actions::warp(session, When::At(at)).await {
        Ok(warped) => Ok(warped.after),
        // The node's clock follows the wall clock: a tick between the read above and the warp's
        // own may have brought it to `at` already, and then the step is simply due.
        Err(Error::Client(ClientError::WarpBackwards { now, .. })) if now >= at => Ok(now),
        Err(error) => Err(error),
    }
}

/// What `action` did, when it went as the file says; else the unexpected result (its step
/// filled in by the caller).
fn judged(action: &Action, done: Result<String, Error>) -> Result<String, TimelineFailure> {
    let mut described = describe(&action.kind);
    if action.force {
        described.push_str(" (forced)");
    }
    let unexpected = |expected: String, report: Option<ErrorReport>| TimelineFailure {
        step: String::new(),
        action: Some(described.clone()),
        expected,
        happened: report.as_ref().map_or_else(
            || "it succeeded".to_owned(),
            |report| format!("{}: {}", report.headline(), report.message),
        ),
        logs: report.map(|report| report.notes).unwrap_or_default(),
    };
    match (done, &action.fails) {
        (Ok(done), None) => Ok(done),
        (Ok(_), Some(expected)) => Err(unexpected(format!("to fail with {}", expected.name), None)),
        (Err(error), Some(expected)) if is_expected(&error.report(), expected) => Ok(format!(
            "{described}: refused with {} as expected",
            expected.name
        )),
        (Err(error), fails) => Err(unexpected(
            fails.as_ref().map_or_else(
                || "success".to_owned(),
                |expected| format!("to fail with {}", expected.name),
            ),
            Some(error.report()),
        )),
    }
}

/// Whether the failure `report` is the one the file names: its name, and its program when it
/// is a program's error.
fn is_expected(report: &ErrorReport, expected: &ExpectedError) -> bool {
    report.error == expected.name
        && report
            .program
            .as_deref()
            .is_none_or(|program| program == expected.program.label())
}

/// What an action did, in words, and the id of the market it created, if it created one.
struct Performed {
    said: String,
    created: Option<u64>,
}

/// Runs `action` through the action layer (without the client's checks when it says `force`).
async fn perform(
    session: &Session,
    cast: &Cast,
    timeline: &Timeline,
    proofs: &Generated,
    action: &Action,
) -> Result<Performed, Error> {
    let client = session.client().await?;
    let (kind, force) = (&action.kind, action.force);
    let actor = |wallet: &WalletName| Actor {
        client: &client,
        wallet: cast.wallet(wallet),
        progress: None,
    };
    match kind {
        ActionKind::Deposit {
            wallet,
            market,
            side,
            usdc,
        } => {
            let order = DepositOrder {
                market: cast.market(market),
                outcome: side.byte(),
                amount: *usdc,
                force,
            };
            actions::deposit(&actor(wallet), order, None).await?;
        }
        ActionKind::Create { market } => {
            let id = create(session, cast, timeline, market, force).await?;
            return Ok(Performed {
                said: describe(kind),
                created: Some(id),
            });
        }
        ActionKind::Settle { market, with } => {
            let desk = Actor {
                client: &client,
                wallet: &cast.desk,
                progress: None,
            };
            match with {
                SettleWith::Case(proof) => {
                    let proof_file = proofs
                        .proof_file(proof)
                        .ok_or_else(|| Error::UnknownTimelineName(proof.clone()))?;
                    let order = SettleOrder {
                        market: cast.market(market),
                        proof_file: Box::new(proof_file.clone()),
                        force,
                    };
                    actions::settle(&desk, order, None).await?;
                }
                SettleWith::Record(pick) => {
                    let order = RecordSettleOrder {
                        market: cast.market(market),
                        pick: *pick,
                        force,
                    };
                    actions::settle_by_record(&desk, &session.txline_api()?, order, None).await?;
                }
            }
        }
        ActionKind::Claim { wallet, market } | ActionKind::Refund { wallet, market } => {
            let kind = match kind {
                ActionKind::Refund { .. } => PayoutKind::Refund,
                _ => PayoutKind::Claim,
            };
            let order = PayoutOrder {
                kind,
                market: cast.market(market),
                force,
            };
            let receipt = actions::pay_out(&actor(wallet), order, None).await?;
            return Ok(Performed::said(format!(
                "{}: paid {}",
                describe_payout(kind, wallet, market),
                format_usdc(receipt.paid)
            )));
        }
        ActionKind::ClaimAll { wallet } => {
            let receipt = actions::claim_all(&actor(wallet)).await?;
            return Ok(Performed::said(format!(
                "{wallet} claims all: paid {}",
                format_usdc(receipt.total_paid)
            )));
        }
        ActionKind::Faucet { wallet } => {
            let address = cast.wallet(wallet).pubkey();
            let grant = actions::faucet(session, &address, &cast.faucet_url).await?;
            return Ok(Performed::said(format!(
                "{wallet} asks the faucet: got {}",
                format_usdc(grant.grant.amount)
            )));
        }
        ActionKind::Warp { to } => {
            warp(session, *to).await?;
        }
    }
    Ok(Performed::said(describe(kind)))
}

impl Performed {
    fn said(said: String) -> Self {
        Self {
            said,
            created: None,
        }
    }
}

/// Creates the market labelled `label` as the desk, at the clock's time; its id.
async fn create(
    session: &Session,
    cast: &Cast,
    timeline: &Timeline,
    label: &str,
    force: bool,
) -> Result<u64, Error> {
    let client = session.client().await?;
    let Some(market) = timeline.markets.iter().find(|market| market.label == label) else {
        return Err(Error::UnknownTimelineName(label.to_owned()));
    };
    let desk = Actor {
        client: &client,
        wallet: &cast.desk,
        progress: None,
    };
    let order = CreateOrder {
        terms: market.terms.clone(),
        force,
    };
    let now = client.cluster_time().await?;
    let receipt = create_market(&desk, order, now).await?;
    Ok(receipt.market.id)
}

fn describe_payout(kind: PayoutKind, wallet: &WalletName, market: &str) -> String {
    match kind {
        PayoutKind::Claim => format!("{wallet} claims from {market}"),
        PayoutKind::Refund => format!("{wallet} takes a refund from {market}"),
    }
}

/// The action in words: `alice deposits 10 USDC on YES in home-over-1`.
fn describe(kind: &ActionKind) -> String {
    match kind {
        ActionKind::Deposit {
            wallet,
            market,
            side,
            usdc,
        } => format!(
            "{wallet} deposits {} on {side} in {market}",
            format_usdc(*usdc)
        ),
        ActionKind::Create { market } => format!("create {market}"),
        ActionKind::Settle {
            market,
            with: SettleWith::Case(proof),
        } => format!("settle {market} with {proof}"),
        ActionKind::Settle {
            market,
            with: SettleWith::Record(RecordPick::Finalised),
        } => format!("settle {market} from TxLINE's game_finalised record"),
        ActionKind::Settle {
            market,
            with: SettleWith::Record(RecordPick::Seq(seq)),
        } => format!("settle {market} from TxLINE's record {seq}"),
        ActionKind::Claim { wallet, market } => describe_payout(PayoutKind::Claim, wallet, market),
        ActionKind::Refund { wallet, market } => {
            describe_payout(PayoutKind::Refund, wallet, market)
        }
        ActionKind::ClaimAll { wallet } => format!("{wallet} claims all"),
        ActionKind::Faucet { wallet } => format!("{wallet} asks the faucet"),
        ActionKind::Warp { to } => format!("warp to {}", crate::input::format_time(*to)),
    }
}
