//! The runner's half of recording: the [`Recorder`] itself, held where the effect runner's tasks
//! reach it, since its reads of the chain are async and never run in the draw. A request's task
//! feeds it the order and how it ended before reporting the end, so that what the recorder
//! reads is the chain right after that action, and the next action waits for it (busy).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use fulltime_client::rpc::FulltimeClient;
use fulltime_desk::timeline::record::{Branch, Made, Outcome, Recorder, is_a_step};
use fulltime_files::bundle::BundleTimeline;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::write;
use solana_keypair::Address as Pubkey;
use tokio::sync::Mutex;
use tokio::sync::mpsc::UnboundedSender;

use crate::dashboard::message::Message;
use crate::dashboard::recording_news::RecordingNews;
use fulltime_desk::actions::Order;
use fulltime_desk::error::{Error, ErrorReport};
use fulltime_desk::output::receipt::Landed;
use fulltime_desk::session::Session;

/// The name a recording takes in a bundle.
const RECORDING_IN_A_BUNDLE: &str = "recording.toml";

/// The recording under way, if any; shared by the runner's tasks.
#[derive(Clone, Default)]
pub struct RecorderSlot(Arc<Mutex<Option<Live>>>);

struct Live {
    recorder: Recorder,
    /// Who each wallet of the recording is, by address: the acting wallet's name.
    names: BTreeMap<Pubkey, WalletName>,
}

impl RecorderSlot {
    /// Whether a recording is under way.
    pub async fn active(&self) -> bool {
        self.0.lock().await.is_some()
    }

    /// The recording under way as a bundle's timeline, at its last step: `None` when nothing is
    /// recorded yet (or nothing is being recorded).
    pub async fn as_bundle_timeline(&self) -> Option<Result<BundleTimeline, String>> {
        let live = self.0.lock().await;
        let recorder = &live.as_ref()?.recorder;
        let timeline = recorder.timeline();
        let last = timeline.steps.last()?;
        // A branch of a timeline that settles with proof files beside it: the bundle would carry
        // its text without them.
        let beside = timeline.files_beside();
        if !beside.is_empty() {
            return Some(Err(format!(
                "it settles with proof files beside its timeline ({}), which a bundle does not \
                 carry",
                beside.join(", ")
            )));
        }
        Some(
            write(timeline)
                .map(|text| BundleTimeline {
                    file_name: RECORDING_IN_A_BUNDLE.to_owned(),
                    text,
                    step: last.name.clone(),
                    cast: recorder.cast(),
                })
                .map_err(|error| error.to_string()),
        )
    }

    /// Starts recording on the chain as it is, with `book`'s wallets, from `branch`'s step when
    /// the timeline pane gives one; the news goes to `actions`.
    pub async fn start(
        &self,
        session: Arc<Session>,
        messages: UnboundedSender<Message>,
        book: Vec<(WalletName, Pubkey)>,
        branch: Option<Branch>,
    ) {
        let started = async {
            let client = session.client().await.map_err(|error| report(&error))?;
            let recorder = Recorder::start(&client, branch, &book)
                .await
                .map_err(|error| error.to_string())?;
            let names = book.into_iter().map(|(name, key)| (key, name)).collect();
            *self.0.lock().await = Some(Live { recorder, names });
            Ok(())
        };
        let _ = messages.send(Message::Recording(RecordingNews::Started(started.await)));
    }

    /// Writes the recording to `path` (its folder made first) and ends it; a recording that
    /// could not be written goes on.
    pub fn spawn_save(&self, messages: UnboundedSender<Message>, path: PathBuf) {
        let slot = self.clone();
        tokio::spawn(async move {
            let mut live = slot.0.lock().await;
            let saved = match live.as_ref() {
                None => Err("Nothing is being recorded".to_owned()),
                Some(recording) => save(&recording.recorder, &path).map(|()| path),
            };
            if saved.is_ok() {
                *live = None;
            }
            drop(live);
            let _ = messages.send(Message::Recording(RecordingNews::Saved(saved)));
        });
    }

    /// Feeds the recording, if one is under way, `order` made as `acting` and how it ended;
    /// the news of it (the steps so far, or why it was not recorded) goes to `actions`.
    pub async fn record(
        &self,
        session: &Session,
        acting: Option<Pubkey>,
        order: Order,
        ended: Result<Landed, ErrorReport>,
        messages: &UnboundedSender<Message>,
    ) {
        if !self.active().await {
            return;
        }
        let recorded = match session.client().await {
            Ok(client) => {
                let mut live = self.0.lock().await;
                match live.as_mut() {
                    Some(live) => live.record(&client, acting, order, ended).await,
                    None => None,
                }
            }
            Err(error) => Some(Err(report(&error))),
        };
        if let Some(recorded) = recorded {
            let _ = messages.send(Message::Recording(RecordingNews::Recorded(recorded)));
        }
    }
}

impl Live {
    /// `None` for what is no step of a timeline (a snapshot, a wallet that was not made).
    async fn record(
        &mut self,
        client: &FulltimeClient,
        acting: Option<Pubkey>,
        order: Order,
        ended: Result<Landed, ErrorReport>,
    ) -> Option<Result<usize, String>> {
        let (landed, outcome) = match ended {
            Ok(landed) => (landed, Outcome::Done),
            Err(report) => (Landed::Nothing, Outcome::from(&report)),
        };
        if !is_a_step(&order, landed) {
            return None;
        }
        let wallet = match (&order, landed) {
            (Order::NewWallet(made), Landed::Wallet(address)) => {
                made.name.parse::<WalletName>().ok().inspect(|name| {
                    self.names.insert(address, name.clone());
                })
            }
            _ => acting.and_then(|key| self.names.get(&key).cloned()),
        };
        let Some(wallet) = wallet else {
            return Some(Err(
                "the acting wallet is not one of the recording's".to_owned()
            ));
        };
        Some(self.made(client, wallet, order, landed, outcome).await)
    }

    async fn made(
        &mut self,
        client: &FulltimeClient,
        wallet: WalletName,
        order: Order,
        landed: Landed,
        outcome: Outcome,
    ) -> Result<usize, String> {
        let clock = client
            .cluster_time()
            .await
            .map_err(|error| report(&Error::from(error)))?;
        let made = Made {
            wallet,
            order,
            landed,
            outcome,
            clock,
        };
        self.recorder
            .record(client, made)
            .await
            .map_err(|error| error.to_string())?;
        Ok(self.recorder.recorded())
    }
}

fn save(recorder: &Recorder, path: &std::path::Path) -> Result<(), String> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|error| format!("make {}: {error}", folder.display()))?;
    }
    recorder.save(path).map_err(|error| error.to_string())
}

fn report(error: &Error) -> String {
    error.report().message
}
