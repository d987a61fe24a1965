//! The timeline pane's work, run by the effect runner in its tasks: the timeline set up on the
//! dashboard's node (its wallets written into the book, so `W` offers them), its steps run one
//! at a time after a checkpoint each (`fulltime_desk::timeline::Stepper`), stepping back, and the
//! invariants read after a hand action. Each result comes back as a `TimelineNews`.

use std::collections::BTreeMap;
use std::path::Path;

use fulltime_client::keypair::read_keypair_file;
use fulltime_desk::timeline::record::Branch;
use fulltime_desk::timeline::{Stepped, Stepper, cast_of, write_into_book};
use fulltime_files::bundle::BundleTimeline;
use fulltime_files::bundle::opened::{OPENED_DIR, OpenedInfo, OpenedTimeline, TIMELINE_FILE};
use fulltime_files::wallet_book::{WalletBook, WalletName};
use fulltime_matches::timeline::{Timeline, load};
use solana_signer::Signer;

use super::feed::Reading;
use super::runner::Runner;
use crate::dashboard::message::{Done, Message, Stage};
use crate::dashboard::timeline_news::{InvariantsState, StepHeading, TimelineNews, TimelineOrder};
use crate::dashboard::wallets::WalletChoice;
use fulltime_desk::actions;
use fulltime_desk::error::Error;
use fulltime_desk::session::Session;

impl Runner {
    pub(super) async fn carry_out_timeline(&self, order: TimelineOrder) -> Result<Done, Error> {
        self.stage(Stage::Requesting);
        let mut slot = self.timeline.lock().await;
        // The stepper goes back into the slot whatever happened: a step that failed on the way
        // leaves its checkpoint to step back to.
        let (words, stepper) = match (order, slot.take()) {
            // The one set up before goes; its wallets stay in the book.
            (TimelineOrder::Open { file, name }, _) => match self.open(&file, &name).await {
                Ok((words, stepper)) => (Ok(words), Some(stepper)),
                Err(error) => (Err(error), None),
            },
            (_, None) => (Ok("No timeline is set up: T picks one".to_owned()), None),
            (TimelineOrder::Next, Some(mut stepper)) => {
                let words = self.step(&mut stepper).await.map(|(words, _)| words);
                (words, Some(stepper))
            }
            (TimelineOrder::RunTo(last), Some(mut stepper)) => {
                let words = self.run_to(&mut stepper, last).await;
                (words, Some(stepper))
            }
            (TimelineOrder::Back, Some(mut stepper)) => {
                let words = self.step_back(&mut stepper).await;
                (words, Some(stepper))
            }
        };
        *slot = stepper;
        Ok(said(words?))
    }

    /// Loads `file` and sets its cast up, its wallets written into the book; or, when `file` is
    /// the timeline a bundle left at a step with its cast, takes it over from that step.
    async fn open(&self, file: &Path, name: &str) -> Result<(String, Stepper), Error> {
        let timeline = load(file).map_err(Box::new)?;
        if let Some(left) = self.bundle_left(file)? {
            return self.resume(file, name, timeline, left);
        }
        let mut stepper = Stepper::set_up(&self.session, file, timeline, &self.faucet_url).await?;
        let booked = write_into_book(self.session.state_dir(), stepper.cast())?;
        let mut book_names = BTreeMap::new();
        for wallet in &booked {
            self.tell(Message::WalletMade(WalletChoice {
                name: wallet.book_name.to_string(),
                address: wallet.address.clone(),
                path: wallet.path.clone(),
            }));
            let timeline_name = stepper
                .cast()
                .wallets()
                .find(|(_, keypair)| keypair.pubkey().to_string() == wallet.address)
                .map(|(name, _)| name.to_string());
            if let Some(timeline_name) = timeline_name {
                book_names.insert(timeline_name, wallet.book_name.to_string());
            }
        }
        stepper.booked_as(book_names);
        self.tell_opened(name, &stepper);
        let words = format!(
            "Timeline {name} set up: {} wallets in the book",
            booked.len()
        );
        Ok((words, stepper))
    }

    /// The step a bundle left `file` at, with its cast, when `file` is the timeline of the
    /// bundle opened in this state directory and it was played there.
    fn bundle_left(&self, file: &Path) -> Result<Option<OpenedTimeline>, Error> {
        let state_dir = self.session.state_dir();
        if file != state_dir.join(OPENED_DIR).join(TIMELINE_FILE) {
            return Ok(None);
        }
        let info = OpenedInfo::load(state_dir).map_err(|error| {
            Error::BundleUnreadable(format!("{}: {error}", state_dir.join(OPENED_DIR).display()))
        })?;
        Ok(info
            .and_then(|info| info.timeline)
            .filter(|left| !left.markets.is_empty() || !left.wallets.is_empty()))
    }

    /// Takes `timeline` over at the step the bundle left it at: its wallets from the book by
    /// the names the bundle gave, its markets by the ids it carried.
    fn resume(
        &self,
        file: &Path,
        name: &str,
        timeline: Timeline,
        left: OpenedTimeline,
    ) -> Result<(String, Stepper), Error> {
        let book = WalletBook::in_state_dir(self.session.state_dir());
        let mut wallets = BTreeMap::new();
        for (timeline_name, book_name) in &left.wallets {
            let parse = |text: &str| {
                text.parse::<WalletName>()
                    .map_err(|error| Error::BundleUnreadable(format!("wallet `{text}`: {error}")))
            };
            let entry = book.get(&parse(book_name)?)?;
            wallets.insert(parse(timeline_name)?, read_keypair_file(&entry.path)?);
        }
        let markets = left.markets.iter().cloned().collect();
        let cast = cast_of(&self.session, &timeline, wallets, markets, &self.faucet_url)?;
        let stepper = Stepper::resume(file, timeline, &left.step, cast)?;
        self.tell_opened(name, &stepper);
        Ok((
            format!("Timeline {name} taken over at step {}", left.step),
            stepper,
        ))
    }

    fn tell_opened(&self, name: &str, stepper: &Stepper) {
        let steps = stepper
            .timeline()
            .steps
            .iter()
            .map(|step| StepHeading {
                name: step.name.clone(),
                at: step.at,
            })
            .collect();
        self.tell(Message::Timeline(TimelineNews::Opened {
            name: name.to_owned(),
            steps,
            played: stepper.run_so_far(),
        }));
    }

    /// Runs steps until step `last` has run or one stops at an unexpected result.
    async fn run_to(&self, stepper: &mut Stepper, last: usize) -> Result<String, Error> {
        let mut words = "Nothing to run".to_owned();
        while stepper.run_so_far() <= last {
            let (said, stopped) = self.step(stepper).await?;
            words = said;
            if stopped {
                break;
            }
        }
        Ok(words)
    }

    async fn step_back(&self, stepper: &mut Stepper) -> Result<String, Error> {
        let went_back = stepper.back(&self.session).await?;
        // A restore takes the clock back, which no push carries.
        let _ = self.feed.send(Reading::Full);
        let next = stepper.run_so_far();
        self.tell(Message::Timeline(TimelineNews::SteppedBack { next }));
        Ok(match (went_back, stepper.timeline().steps.get(next)) {
            (true, Some(step)) => format!("Back to before step {}", step.name),
            (false, _) if next > 0 => format!(
                "No checkpoint before step {next}: the chain came here from a bundle at that step"
            ),
            _ => "No step has run".to_owned(),
        })
    }

    /// Runs the next step and reports it; what it did in words, and whether it stopped at an
    /// unexpected result (or every step had run).
    async fn step(&self, stepper: &mut Stepper) -> Result<(String, bool), Error> {
        let index = stepper.run_so_far();
        let stepped = stepper.next(&self.session).await;
        // A step's warp moves the clock, which no push carries.
        let _ = self.feed.send(Reading::Clock);
        let Some(Stepped {
            run,
            failure,
            reading,
        }) = stepped?
        else {
            return Ok(("Every step has run".to_owned(), true));
        };
        let words = match &failure {
            None => format!("Step {}: every expectation held", run.name),
            Some(failure) => format!(
                "Step {}: expected {}, happened {}",
                failure.step, failure.expected, failure.happened
            ),
        };
        let stopped = failure.is_some();
        self.tell(Message::Timeline(TimelineNews::Stepped {
            index,
            run: Box::new(run),
            failure: failure.map(Box::new),
        }));
        // A step that stopped at an unexpected result read no invariants; at the desk they are
        // still worth knowing, so they are read now.
        if reading.is_none() {
            let state = invariants_now(stepper, &self.session).await;
            self.tell(Message::Timeline(TimelineNews::Checked(state)));
        }
        Ok((words, stopped))
    }

    /// Reads the invariants of the timeline set up, if one is, after a hand action.
    pub(super) fn spawn_timeline_check(&self) {
        let runner = self.clone();
        tokio::spawn(async move {
            let mut slot = runner.timeline.lock().await;
            let Some(stepper) = slot.as_mut() else {
                return;
            };
            let state = invariants_now(stepper, &runner.session).await;
            runner.tell(Message::Timeline(TimelineNews::Checked(state)));
        });
    }

    /// The timeline set up, at the step the chain is at, for a bundle; `None` when none is set
    /// up or no step of it has run.
    pub(super) async fn timeline_at_step(&self) -> Result<Option<BundleTimeline>, Error> {
        let slot = self.timeline.lock().await;
        let Some((file, step)) = slot.as_ref().and_then(Stepper::at_step) else {
            return Ok(None);
        };
        let cast = slot.as_ref().map(Stepper::bundle_cast).unwrap_or_default();
        Ok(Some(actions::timeline_at(file, step, cast)?))
    }

    /// The timeline set up, as the branch a recording starts from: its steps run so far and the
    /// markets it created; `None` when none is set up or no step of it has run.
    pub(super) async fn timeline_branch(&self) -> Option<Branch> {
        let slot = self.timeline.lock().await;
        let stepper = slot.as_ref()?;
        let played = stepper.run_so_far();
        (played > 0).then(|| Branch {
            timeline: stepper.timeline().clone(),
            played,
            markets: stepper.cast().created_markets(),
        })
    }

    fn tell(&self, message: Message) {
        let _ = self.messages.send(message);
    }
}

/// A request that sends no transaction, done.
fn said(summary: String) -> Done {
    Done {
        summary,
        signature: None,
        short_signature: String::new(),
        explorer: String::new(),
    }
}

/// The invariants of the timeline set up, read now against its last reading.
async fn invariants_now(stepper: &mut Stepper, session: &Session) -> InvariantsState {
    match stepper.check_invariants(session).await {
        Ok(None) => InvariantsState::Held,
        Ok(Some(broken)) => InvariantsState::Broken(match broken.market {
            Some(market) => format!("{} ({market}): {}", broken.invariant, broken.found),
            None => format!("{}: {}", broken.invariant, broken.found),
        }),
        Err(error) => InvariantsState::NotRead(error.report().message),
    }
}
