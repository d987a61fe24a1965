//! The runner's half of recording: the [`Recorder`] itself, held where the effect runner's tasks
//! reach it, since its reads of the chain are async and never run in the draw. A request's task
//! feeds it the request and how it ended before reporting the end, so that what the recorder
//! reads is the chain right after that action, and the next action waits for it (busy).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use fulltime_client::bundle::BundleTimeline;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::side::Side;
use fulltime_client::txline::api::RecordPick;
use fulltime_client::wallet_book::WalletName;
use fulltime_desk::timeline::record::{Branch, Hand, Made, Outcome, Recorder};
use fulltime_matches::timeline::{SettleWith, write};
use solana_keypair::Address as Pubkey;
use tokio::sync::Mutex;
use tokio::sync::mpsc::UnboundedSender;

use super::news::RecordingNews;
use crate::dashboard::action::Action;
use crate::dashboard::effect::Request;
use crate::error::{Error, ErrorReport};
use crate::output::receipt::payout::PayoutKind;
use crate::session::Session;

/// What a request left that its order did not say: the id of a created market, the address of
/// a made wallet.
#[derive(Clone, Copy, Debug)]
pub enum Landed {
    Nothing,
    Market(u64),
    Wallet(Pubkey),
}

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
        actions: UnboundedSender<Action>,
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
        let _ = actions.send(Action::Recording(RecordingNews::Started(started.await)));
    }

    /// Writes the recording to `path` (its folder made first) and ends it; a recording that
    /// could not be written goes on.
    pub fn spawn_save(&self, actions: UnboundedSender<Action>, path: PathBuf) {
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
            let _ = actions.send(Action::Recording(RecordingNews::Saved(saved)));
        });
    }

    /// Feeds the recording, if one is under way, `request` made as `acting` and how it ended;
    /// the news of it (the steps so far, or why it was not recorded) goes to `actions`.
    pub async fn record(
        &self,
        session: &Session,
        acting: Option<Pubkey>,
        request: Request,
        ended: Result<Landed, ErrorReport>,
        actions: &UnboundedSender<Action>,
    ) {
        if !self.active().await {
            return;
        }
        let recorded = match session.client().await {
            Ok(client) => {
                let mut live = self.0.lock().await;
                match live.as_mut() {
                    Some(live) => live.record(&client, acting, &request, ended).await,
                    None => None,
                }
            }
            Err(error) => Some(Err(report(&error))),
        };
        if let Some(recorded) = recorded {
            let _ = actions.send(Action::Recording(RecordingNews::Recorded(recorded)));
        }
    }
}

impl Live {
    /// `None` for what is no hand action of a timeline (a snapshot, a wallet that was not made).
    async fn record(
        &mut self,
        client: &FulltimeClient,
        acting: Option<Pubkey>,
        request: &Request,
        ended: Result<Landed, ErrorReport>,
    ) -> Option<Result<usize, String>> {
        let landed = *ended.as_ref().unwrap_or(&Landed::Nothing);
        let hand = hand_of(request, landed)?;
        let wallet = match (request, &hand) {
            (Request::NewWallet { name }, Hand::NewWallet { address }) => {
                name.parse::<WalletName>().ok().inspect(|name| {
                    self.names.insert(*address, name.clone());
                })
            }
            _ => acting.and_then(|key| self.names.get(&key).cloned()),
        };
        let Some(wallet) = wallet else {
            return Some(Err(
                "the acting wallet is not one of the recording's".to_owned()
            ));
        };
        let outcome = match ended {
            Ok(_) => Outcome::Done,
            Err(report) => Outcome::from(&report),
        };
        Some(self.made(client, wallet, hand, outcome).await)
    }

    async fn made(
        &mut self,
        client: &FulltimeClient,
        wallet: WalletName,
        hand: Hand,
        outcome: Outcome,
    ) -> Result<usize, String> {
        let clock = client
            .cluster_time()
            .await
            .map_err(|error| report(&Error::from(error)))?;
        let made = Made {
            wallet,
            hand,
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

/// The recorder's words for `request`, with what it left.
fn hand_of(request: &Request, landed: Landed) -> Option<Hand> {
    Some(match request {
        Request::Deposit { order, .. } => Hand::Deposit {
            market: order.market,
            side: Side::try_from(order.outcome).ok()?,
            usdc: order.amount,
            force: order.force,
        },
        Request::Settle { order, .. } => Hand::Settle {
            market: order.market,
            // A proof fetched from TxLINE is named by its record: the file is no catalog case.
            with: match (&order.proof_file.market, &order.proof_file.record) {
                (None, Some(record)) => SettleWith::Record(RecordPick::Seq(record.seq)),
                _ => SettleWith::Case(order.proof_file.name.clone()),
            },
            force: order.force,
        },
        Request::SettleByRecord { order, .. } => Hand::Settle {
            market: order.market,
            with: SettleWith::Record(order.pick),
            force: order.force,
        },
        Request::Payout { order, .. } => match order.kind {
            PayoutKind::Claim => Hand::Claim {
                market: order.market,
                force: order.force,
            },
            PayoutKind::Refund => Hand::Refund {
                market: order.market,
                force: order.force,
            },
        },
        Request::ClaimAll => Hand::ClaimAll,
        Request::Faucet => Hand::Faucet,
        Request::Warp { .. } => Hand::Warp,
        Request::Create { order, .. } => Hand::NewMarket {
            id: match landed {
                Landed::Market(id) => Some(id),
                _ => None,
            },
            terms: order.terms.clone(),
            force: order.force,
        },
        Request::NewWallet { .. } => match landed {
            Landed::Wallet(address) => Hand::NewWallet { address },
            _ => return None,
        },
        // Files saved and the timeline's own steps are no hand action.
        Request::Snapshot { .. } | Request::Bundle { .. } | Request::Timeline(_) => return None,
    })
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
