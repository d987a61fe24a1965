//! A timeline played a step at a time on a node that already runs (the dashboard's): set up once,
//! then each step run after a checkpoint of the node is kept, so that stepping back restores the
//! chain as it was before that step (`localnet` only: the checkpoints are its own methods).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fulltime_files::bundle::BundleCast;
use fulltime_matches::Generated;
use fulltime_matches::timeline::Timeline;

use super::given_node::check_clock_before_first_step;
use super::invariants::{self, Broken, Reading};
use super::play::{self, Cast, Stepped};
use crate::error::Error;
use crate::session::Session;

pub struct Stepper {
    /// The file the timeline was read from.
    file: PathBuf,
    timeline: Timeline,
    proofs: Generated,
    cast: Cast,
    /// Steps played before this stepper took the chain over (a bundle's), which it cannot
    /// step back over: it has no checkpoint from before them.
    played_before: usize,
    /// Before each step run, in order: what stepping back to it restores.
    before: Vec<Before>,
    /// The timeline's wallets by the names the wallet book gave them.
    book_names: BTreeMap<String, String>,
    /// The invariants' last reading, which the next one is compared with.
    previous: Option<Reading>,
}

/// What a step started from.
struct Before {
    checkpoint: u64,
    markets: BTreeMap<String, u64>,
    previous: Option<Reading>,
}

impl Stepper {
    /// Sets `timeline`'s cast up on the session's node, refused (nothing sent) when its clock is
    /// past the first step.
    pub async fn set_up(
        session: &Session,
        file: &Path,
        timeline: Timeline,
        faucet_url: &str,
    ) -> Result<Self, Error> {
        check_clock_before_first_step(session, &timeline).await?;
        let proofs = fulltime_matches::committed()?;
        let cast = play::set_up(session, &timeline, faucet_url).await?;
        Ok(Self {
            file: file.to_owned(),
            timeline,
            proofs,
            cast,
            played_before: 0,
            before: Vec::new(),
            book_names: BTreeMap::new(),
            previous: None,
        })
    }

    /// Takes over `timeline` on the session's node where a bundle left it: after its step
    /// `step`, with `cast` standing for its names; stepping back stops there.
    pub fn resume(file: &Path, timeline: Timeline, step: &str, cast: Cast) -> Result<Self, Error> {
        let played_before = timeline
            .step_named(step)
            .map_err(|steps| Error::NoSuchStep {
                step: step.to_owned(),
                steps,
            })?
            + 1;
        Ok(Self {
            file: file.to_owned(),
            timeline,
            proofs: fulltime_matches::committed()?,
            cast,
            played_before,
            before: Vec::new(),
            book_names: BTreeMap::new(),
            previous: None,
        })
    }

    /// Remembers the names the wallet book gave the timeline's wallets, for a bundle.
    pub fn booked_as(&mut self, names: BTreeMap<String, String>) {
        self.book_names = names;
    }

    /// What the timeline's names stand for on this chain, for a bundle: its wallets by their
    /// book names, its markets by id.
    pub fn bundle_cast(&self) -> BundleCast {
        BundleCast {
            wallets: self
                .cast
                .wallets()
                .map(|(name, _)| {
                    let name = name.to_string();
                    let booked = self
                        .book_names
                        .get(&name)
                        .cloned()
                        .unwrap_or_else(|| name.clone());
                    (name, booked)
                })
                .collect(),
            markets: self.cast.created_markets().into_iter().collect(),
        }
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The timeline's file and the step the chain is at (the last run); `None` before the
    /// first step, when the chain is at no step of it yet.
    pub fn at_step(&self) -> Option<(&Path, &str)> {
        let last = self.run_so_far().checked_sub(1)?;
        let step = self.timeline.steps.get(last)?;
        Some((&self.file, &step.name))
    }

    pub fn cast(&self) -> &Cast {
        &self.cast
    }

    /// How many steps have been run (the next one's index).
    pub fn run_so_far(&self) -> usize {
        self.played_before + self.before.len()
    }

    /// Keeps a checkpoint, then runs the next step; `None` when every step has run.
    pub async fn next(&mut self, session: &Session) -> Result<Option<Stepped>, Error> {
        let index = self.run_so_far();
        if index >= self.timeline.steps.len() {
            return Ok(None);
        }
        let checkpoint = session.client().await?.save_checkpoint().await?;
        self.before.push(Before {
            checkpoint: checkpoint.id,
            markets: self.cast.created_markets(),
            previous: self.previous.clone(),
        });
        let stepped = play::play_step(
            session,
            &mut self.cast,
            &self.timeline,
            &self.proofs,
            &self.timeline.steps[index],
            self.previous.as_ref(),
        )
        .await?;
        if let Some(reading) = &stepped.reading {
            self.previous = Some(reading.clone());
        }
        Ok(Some(stepped))
    }

    /// Restores the checkpoint kept before the last step run, which is then the next one again;
    /// `false` when no step has run.
    pub async fn back(&mut self, session: &Session) -> Result<bool, Error> {
        let Some(before) = self.before.last() else {
            return Ok(false);
        };
        session
            .client()
            .await?
            .restore_checkpoint(before.checkpoint)
            .await?;
        if let Some(before) = self.before.pop() {
            self.cast.restore_created_markets(before.markets);
            self.previous = before.previous;
        }
        Ok(true)
    }

    /// Reads the invariants now (after something done by hand), against the last reading; the
    /// first that does not hold.
    pub async fn check_invariants(&mut self, session: &Session) -> Result<Option<Broken>, Error> {
        let client = session.client().await?;
        let reading = invariants::read(&client, &self.cast).await?;
        let broken = invariants::first_broken(self.previous.as_ref(), &reading);
        self.previous = Some(reading);
        Ok(broken)
    }
}
