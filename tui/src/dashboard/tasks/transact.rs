//! The effect runner: one interpreter of every `Effect` that `update` returns. A request runs
//! its action of `fulltime_desk::actions` in a tokio task, with what the dashboard holds of the chain,
//! through the session's one client; its stages and its end come back as actions, its receipt
//! summed up in the activity panel. The rest reads for the inspector and the pool history, hands
//! text to the clipboard, asks the feed for a reading, or switches the wallet acted as.

use std::sync::Arc;

use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::Standing;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::mpsc::unbounded_channel;

use super::feed::{Reading, spawn_feed};
use super::runner::Runner;
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::failure::FailureView;
use crate::dashboard::message::{Done, Message, RecordsRead, Stage};
use crate::dashboard::wallets::WalletChoice;
use fulltime_desk::actions::{self, Actor, Order};
use fulltime_desk::error::Error;
use fulltime_desk::output::receipt::Receipt;

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
                            runner.messages.clone(),
                            book,
                            branch,
                        )
                        .await;
                });
            }
            Effect::SaveRecording(path) => self.recording.spawn_save(self.messages.clone(), path),
        }
    }

    /// Runs `request` and reports its end, after every stage it reported and after the
    /// recording under way took it.
    fn spawn_request(&self, request: Request) {
        let runner = self.clone();
        tokio::spawn(async move {
            let doing = request.doing();
            let ended = match request {
                Request::Order { order, held } => runner.carry_out(order, held.map(|h| *h)).await,
                Request::Bundle { name } => runner.save_bundle(name).await,
                Request::Timeline(order) => runner.carry_out_timeline(order).await,
            };
            let finished = ended.map_err(|error| FailureView::new(doing, &error));
            let _ = runner.messages.send(Message::Finished(finished));
        });
    }

    /// Runs `order` as the wallet; the recording under way takes it and how it ended.
    async fn carry_out(&self, order: Order, held: Option<Standing>) -> Result<Done, Error> {
        let recorded = self.recording.active().await.then(|| order.clone());
        let ended = self.run_order(order, held).await;
        if let Some(order) = recorded {
            let acting = self.wallet().ok().map(|wallet| wallet.pubkey());
            let landed = ended.as_ref().map(Receipt::landed).map_err(Error::report);
            let (session, messages) = (&self.session, &self.messages);
            self.recording
                .record(session, acting, order, landed, messages)
                .await;
        }
        ended.map(|receipt| Done::of(&receipt))
    }

    /// `order`'s receipt, its stages forwarded to the app before it returns; the app hears of
    /// a wallet it made, and the feed reads a clock it moved.
    async fn run_order(&self, order: Order, held: Option<Standing>) -> Result<Receipt, Error> {
        if matches!(
            order,
            Order::Warp { .. } | Order::Snapshot { .. } | Order::NewWallet(_)
        ) {
            self.stage(Stage::Requesting);
        }
        let (progress, mut stages) = unbounded_channel();
        let messages = self.messages.clone();
        let forward = tokio::spawn(async move {
            while let Some(stage) = stages.recv().await {
                let _ = messages.send(Message::Stage(Stage::of(stage)));
            }
        });
        let actor = Actor {
            session: &self.session,
            wallet: self.wallet.as_deref(),
            progress: Some(&progress),
        };
        let ran = actions::run(&actor, order, held).await;
        // Every stage reported reaches the app before the end does.
        drop(progress);
        let _ = forward.await;
        let receipt = ran?;
        match &receipt {
            // No node pushes the clock: the feed reads it.
            Receipt::Warp(_) => {
                let _ = self.feed.send(Reading::Clock);
            }
            Receipt::Wallet(made) => {
                let _ = self.messages.send(Message::WalletMade(WalletChoice {
                    name: made.name.clone(),
                    address: made.address.clone(),
                    path: made.path.clone().into(),
                }));
            }
            _ => {}
        }
        Ok(receipt)
    }

    /// Saves a bundle named `name`: recording, it carries the recording (the branch's steps and
    /// those recorded); else the timeline set up at its step.
    async fn save_bundle(&self, name: String) -> Result<Done, Error> {
        self.stage(Stage::Requesting);
        let timeline = match self.recording.as_bundle_timeline().await {
            Some(recorded) => Some(recorded.map_err(Error::RecordingUnwritable)?),
            None => self.timeline_at_step().await?,
        };
        let order = Order::Bundle(actions::BundleOrder { name, timeline });
        let saved = actions::run(&Actor::of_session(&self.session), order, None).await?;
        Ok(Done::of(&saved))
    }

    /// The wallet acted as; where none resolved at the start, why (or, resolved now, it).
    fn wallet(&self) -> Result<Arc<Keypair>, Error> {
        match &self.wallet {
            Some(wallet) => Ok(Arc::clone(wallet)),
            None => Ok(Arc::new(self.session.wallet()?)),
        }
    }

    pub(super) fn stage(&self, stage: Stage) {
        let _ = self.messages.send(Message::Stage(stage));
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
            let _ = runner
                .messages
                .send(Message::Inspected { signature, detail });
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
            let _ = runner.messages.send(Message::History { market, history });
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
            let _ = runner.messages.send(Message::Records { fixture_id, read });
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
                    self.messages.clone(),
                );
                Ok(choice)
            }
            Err(error) => Err(format!("Cannot act as {}: {error}", choice.name)),
        };
        let _ = self.messages.send(Message::Switched(switched));
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
