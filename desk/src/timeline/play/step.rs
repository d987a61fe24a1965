//! One step played: the clock warped to its time, its actions, its expectations, then the
//! invariants; the first unexpected result stops it.

use fulltime_client::rpc::{AccountReader, FulltimeClient};
use fulltime_matches::Generated;
use fulltime_matches::timeline::{Step, Timeline};
use solana_keypair::Address as Pubkey;

use super::act::act;
use super::cast::Cast;
use super::warp::warp;
use crate::error::Error;
use crate::output::timeline::{StepRun, TimelineFailure};
use crate::session::Session;
use crate::timeline::expect;
use crate::timeline::invariants::{self, Reading};
use crate::timeline::stages::stages_of;

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
        &mut step_run,
    )
    .await
    .map(|mut unexpected| {
        unexpected.step.clone_from(&step.name);
        unexpected
    });
    // The expectations and the invariants read the same accounts, and both the clock: read at
    // once, after the actions.
    let set = match failure {
        None => Some(client.account_set(&read_after(&client, cast, step)).await?),
        Some(_) => None,
    };
    let reader = set.as_ref().map_or_else(
        || AccountReader::from(&*client),
        |set| AccountReader::with_set(&client, set),
    );
    if failure.is_none() {
        step_run.expectations = expect::check_all(reader, cast, &step.expect).await?;
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
        let read = invariants::read_from(reader, cast).await?;
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
        step_run.stages = stages_of(&read);
        reading = Some(read);
    }
    Ok(Stepped {
        run: step_run,
        failure,
        reading,
    })
}

/// What `step`'s expectations and the invariants after it read.
fn read_after(client: &FulltimeClient, cast: &Cast, step: &Step) -> Vec<Pubkey> {
    let mut addresses = expect::addresses(client.into(), cast, &step.expect);
    addresses.extend(invariants::addresses(cast));
    addresses
}
