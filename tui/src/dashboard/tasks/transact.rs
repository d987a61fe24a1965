//! The effect runner: one interpreter of every `Effect` that `update` returns. A request runs
//! its action of `crate::actions` in a tokio task, with what the dashboard holds of the chain,
//! through the session's one client; its stages and its end come back as actions, its receipt
//! summed up in the activity panel. The rest reads for the inspector and the pool history, hands
//! text to the clipboard, asks the feed for a reading, or switches the wallet acted as.

use std::sync::Arc;

use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::{FulltimeClient, SendStage};
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio::task::JoinHandle;

use super::feed::{Reading, spawn_feed};
use super::runner::Runner;
use crate::actions::{self, Actor};
use crate::dashboard::action::{Action, Done, RecordsRead, Stage};
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::failure::FailureView;
use crate::dashboard::recording::Landed;
use crate::dashboard::wallets::WalletChoice;
use crate::error::Error;
use crate::input::When;

impl Runner {
    /// Carries out `effect`.
    pub fn run(&mut self, effect: Effect) {
        match effect {
            // A closed feed means the dashboard is quitting.
            Effect::Refresh => {
                let _ = self.feed.send(Reading::Full);
            }
            Effect::Send(request) => self.spawn_request(request),
            Effect::Inspect(signature) => self.spawn_inspect(signature),
            Effect::Copy(text) => copy_to_clipboard(&text),
            Effect::LoadHistory(market) => self.spawn_history(market),
            Effect::LoadRecords(fixture_id) => self.spawn_records(fixture_id),
            Effect::SwitchWallet(choice) => self.switch_wallet(choice),
            Effect::CheckTimeline => self.spawn_timeline_check(),
            Effect::StartRecording { book, branch } => {
                let runner = self.clone();
                tokio::spawn(async move {
                    // From the timeline set up in the pane, at the step it is at, unless the
                    // key said otherwise.
                    let branch = match branch {
                        Some(branch) => Some(*branch),
                        None => runner.timeline_branch().await,
                    };
                    runner
                        .recording
                        .start(
                            Arc::clone(&runner.session),
                            runner.actions.clone(),
                            book,
                            branch,
                        )
                        .await;
                });
            }
            Effect::SaveRecording(path) => self.recording.spawn_save(self.actions.clone(), path),
        }
    }

    /// Runs `request` and reports its end, after every stage it reported and after the
    /// recording under way took it.
    fn spawn_request(&self, request: Request) {
        let runner = self.clone();
        tokio::spawn(async move {
            let doing = request.doing();
            let recorded = runner.recording.active().await.then(|| request.clone());
            let ended = runner.carry_out(request).await;
            if let Some(request) = recorded {
                let acting = runner.wallet().ok().map(|wallet| wallet.pubkey());
                let landed = match &ended {
                    Ok((_, landed)) => Ok(*landed),
                    Err(error) => Err(error.report()),
                };
                let recording = &runner.recording;
                let (session, actions) = (&runner.session, &runner.actions);
                recording
                    .record(session, acting, request, landed, actions)
                    .await;
            }
            let finished = ended
                .map(|(done, _)| done)
                .map_err(|error| FailureView::new(doing, &error));
            let _ = runner.actions.send(Action::Finished(finished));
        });
    }

    /// What `request` gave back, and what it left that its order did not say.
    async fn carry_out(&self, request: Request) -> Result<(Done, Landed), Error> {
        match request {
            Request::Faucet => {
                let wallet = self.wallet()?.pubkey();
                let granted = actions::faucet(&self.session, &wallet, &self.faucet_url).await?;
                Ok((Done::of(&granted), Landed::Nothing))
            }
            Request::Deposit { order, held } => {
                let signing = self.signing().await?;
                let deposited = actions::deposit(&signing.actor(), order, Some(*held)).await;
                signing.reported().await;
                Ok((Done::of(&deposited?), Landed::Nothing))
            }
            Request::Settle { order, held } => {
                let signing = self.signing().await?;
                let settled = actions::settle(&signing.actor(), order, Some(*held)).await;
                signing.reported().await;
                Ok((Done::of(&settled?), Landed::Nothing))
            }
            Request::SettleByRecord { order, held } => {
                let api = self.session.txline_api()?;
                let signing = self.signing().await?;
                let settled =
                    actions::settle_by_record(&signing.actor(), &api, order, Some(*held)).await;
                signing.reported().await;
                Ok((Done::of(&settled?), Landed::Nothing))
            }
            Request::Payout { order, held } => {
                let signing = self.signing().await?;
                let paid = actions::pay_out(&signing.actor(), order, Some(*held)).await;
                signing.reported().await;
                Ok((Done::of(&paid?), Landed::Nothing))
            }
            Request::ClaimAll => {
                let signing = self.signing().await?;
                let paid = actions::claim_all(&signing.actor()).await;
                signing.reported().await;
                Ok((Done::of(&paid?), Landed::Nothing))
            }
            Request::Create { order, now } => {
                let signing = self.signing().await?;
                let created = actions::create_market(&signing.actor(), *order, now).await;
                signing.reported().await;
                let created = created?;
                Ok((Done::of(&created), Landed::Market(created.market.id)))
            }
            Request::Warp { to } => {
                self.stage(Stage::Requesting);
                let warped = actions::warp(&self.session, When::At(to)).await?;
                // No node pushes the clock: the feed reads it.
                let _ = self.feed.send(Reading::Clock);
                Ok((Done::of(&warped), Landed::Nothing))
            }
            Request::Snapshot { name } => {
                self.stage(Stage::Requesting);
                let saved = actions::save_snapshot(&self.session, &name).await?;
                Ok((Done::of(&saved), Landed::Nothing))
            }
            Request::Bundle { name } => self.save_bundle(name).await,
            Request::NewWallet { name } => self.make_wallet(name).await,
            Request::Timeline(order) => {
                Ok((self.carry_out_timeline(order).await?, Landed::Nothing))
            }
        }
    }

    /// Saves a bundle named `name`: recording, it carries the recording (the branch's steps and
    /// those recorded); else the timeline set up at its step.
    async fn save_bundle(&self, name: String) -> Result<(Done, Landed), Error> {
        self.stage(Stage::Requesting);
        let timeline = match self.recording.as_bundle_timeline().await {
            Some(recorded) => Some(recorded.map_err(Error::RecordingUnwritable)?),
            None => self.timeline_at_step().await?,
        };
        let order = actions::BundleOrder { name, timeline };
        let saved = actions::save_bundle(&self.session, order).await?;
        Ok((Done::of(&saved), Landed::Nothing))
    }

    /// Makes and funds a wallet named `name` in the book, and tells the app of it.
    async fn make_wallet(&self, name: String) -> Result<(Done, Landed), Error> {
        self.stage(Stage::Requesting);
        let made = actions::make_wallet(&self.session, &name, true, &self.faucet_url).await?;
        let _ = self.actions.send(Action::WalletMade(WalletChoice {
            name: made.name.clone(),
            address: made.address.clone(),
            path: made.path.clone().into(),
        }));
        let landed = made.address.parse().map_or(Landed::Nothing, Landed::Wallet);
        Ok((Done::of(&made), landed))
    }

    /// The wallet acted as; where none resolved at the start, why (or, resolved now, it).
    fn wallet(&self) -> Result<Arc<Keypair>, Error> {
        match &self.wallet {
            Some(wallet) => Ok(Arc::clone(wallet)),
            None => Ok(Arc::new(self.session.wallet()?)),
        }
    }

    /// The session's client and the wallet, with a channel that forwards the stages of what they
    /// send to the app.
    async fn signing(&self) -> Result<Signing, Error> {
        let wallet = self.wallet()?;
        let client = self.session.client().await?;
        let (progress, mut stages) = unbounded_channel();
        let actions = self.actions.clone();
        let forward = tokio::spawn(async move {
            while let Some(stage) = stages.recv().await {
                let _ = actions.send(Action::Stage(Stage::of(stage)));
            }
        });
        Ok(Signing {
            client,
            wallet,
            progress,
            forward,
        })
    }

    pub(super) fn stage(&self, stage: Stage) {
        let _ = self.actions.send(Action::Stage(stage));
    }

    /// Reads `signature` back for the inspector.
    fn spawn_inspect(&self, signature: Signature) {
        let runner = self.clone();
        tokio::spawn(async move {
            let detail = match runner.session.client().await {
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
    fn spawn_history(&self, market: u64) {
        let runner = self.clone();
        tokio::spawn(async move {
            let history = match runner.session.client().await {
                Ok(client) => client
                    .pool_history(market, runner.history_depth)
                    .await
                    .map_err(|error| Error::from(error).report().message),
                Err(error) => Err(error.report().message),
            };
            let _ = runner.actions.send(Action::History { market, history });
        });
    }

    /// Reads fixture `fixture_id`'s score records from the session's TxLINE API.
    fn spawn_records(&self, fixture_id: i64) {
        let runner = self.clone();
        tokio::spawn(async move {
            let read = async {
                let api = runner.session.txline_api()?;
                let records = api.scores(fixture_id).await?;
                Ok::<_, Error>(RecordsRead {
                    api: api.base_url().to_owned(),
                    records,
                })
            };
            let read = read.await.map_err(|error| error.report().message);
            let _ = runner.actions.send(Action::Records { fixture_id, read });
        });
    }

    /// Acts as `choice` from now on: its keypair signs, and a new feed follows its accounts (the
    /// old one ends as its request channel closes).
    fn switch_wallet(&mut self, choice: WalletChoice) {
        let switched = match read_keypair_file(&choice.path) {
            Ok(keypair) => {
                let address = keypair.pubkey();
                self.wallet = Some(Arc::new(keypair));
                self.feed = spawn_feed(
                    Arc::clone(&self.session),
                    Some(address),
                    self.actions.clone(),
                );
                Ok(choice)
            }
            Err(error) => Err(format!("Cannot act as {}: {error}", choice.name)),
        };
        let _ = self.actions.send(Action::Switched(switched));
    }
}

/// A transaction's signer: the session's client, the wallet, and the channel its stages go to
/// the app by.
struct Signing {
    client: Arc<FulltimeClient>,
    wallet: Arc<Keypair>,
    progress: UnboundedSender<SendStage>,
    forward: JoinHandle<()>,
}

impl Signing {
    fn actor(&self) -> Actor<'_> {
        Actor {
            client: &self.client,
            wallet: &self.wallet,
            progress: Some(&self.progress),
        }
    }

    /// Waits until every stage reported has reached the app, so that the end comes after them.
    async fn reported(self) {
        drop(self.progress);
        let _ = self.forward.await;
    }
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
