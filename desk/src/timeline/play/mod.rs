//! Playing a timeline: its wallets made and funded together through the pipeline (SOL airdropped
//! to the desk and passed on, test USDC from the node's mint authority, several wallets a
//! transaction), its markets created by the desk, then each step in order: the clock warped to
//! its time (never back), its actions run wave by wave through the action layer (`waves.rs`: a
//! wave's actions at once, conflicting ones in later waves; a `faucet` action asks the run's
//! faucet over HTTP), each checked in file order against the error it must fail with, then its
//! expectations read from the chain, then the invariants (`invariants.rs`). The first unexpected
//! result in file order ends the run in `run.failure`.
//!
//! `cast.rs` is who and what the timeline's names stand for, `set_up.rs` makes them on the node;
//! `step.rs` plays one step, `warp.rs` moves its clock, `act.rs` runs its actions wave by wave,
//! `order.rs` makes an action the desk's order, `perform.rs` runs it (`post_root.rs` the oracle's
//! root of a slot, which is no order of the desk's), `judge.rs` holds what it did against what
//! the file says, and `describe.rs` says an action in words.

mod act;
mod cast;
mod describe;
mod judge;
mod order;
mod perform;
mod post_root;
mod set_up;
mod step;
mod warp;

use fulltime_matches::Generated;
use fulltime_matches::timeline::Timeline;

pub use self::cast::{Cast, cast_of};
pub use self::set_up::set_up;
pub use self::step::{Stepped, play_step};
use crate::error::Error;
use crate::output::timeline::{StepRun, TimelineRun};
use crate::session::Session;

/// Sets the timeline up and plays its steps in order until the first unexpected result, which
/// ends the run in `run.failure`.
pub async fn play(
    session: &Session,
    timeline: &Timeline,
    proofs: &Generated,
    faucet_url: &str,
    run: &mut TimelineRun,
) -> Result<Cast, Error> {
    play_reporting(session, timeline, proofs, faucet_url, run, &mut |_| {}).await
}

/// [`play`], each step handed to `on_step` the moment it ends, so that a report can stream it.
pub async fn play_reporting(
    session: &Session,
    timeline: &Timeline,
    proofs: &Generated,
    faucet_url: &str,
    run: &mut TimelineRun,
    on_step: &mut impl FnMut(&StepRun),
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
        on_step(&stepped.run);
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
