//! A step's actions run wave by wave (`waves.rs`), a wave's actions at once, each judged in file
//! order.

use fulltime_client::rpc::IN_FLIGHT;
use fulltime_matches::Generated;
use fulltime_matches::timeline::{Action, ActionKind, Timeline};
use futures_util::FutureExt;
use futures_util::stream::{self, StreamExt};

use super::cast::Cast;
use super::judge::judged;
use super::perform::{Performed, perform};
use crate::error::Error;
use crate::output::timeline::{ActOutcome, ActRun, StepRun, TimelineFailure};
use crate::session::Session;
use crate::timeline::waves::waves;

/// Runs `actions` wave by wave, a wave's actions at once (`waves.rs`), and judges each in file
/// order, saying in `step.done` what it did and in `step.acts` what the chain made of it; the
/// first unexpected result (its step filled in by the caller), after which no later wave is
/// sent.
pub async fn act(
    session: &Session,
    cast: &mut Cast,
    timeline: &Timeline,
    proofs: &Generated,
    actions: &[Action],
    step: &mut StepRun,
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
            step.acts.push(act_run(action, &said));
            match judged(action, said) {
                Ok(said) => step.done.push(said),
                Err(unexpected) => return Some(unexpected),
            }
            if let (ActionKind::Create { market }, Some(id)) = (&action.kind, created) {
                cast.markets.insert(market.clone(), id);
            }
        }
    }
    None
}

/// What the chain (or the client, before sending) made of `action`.
fn act_run(action: &Action, said: &Result<String, Error>) -> ActRun {
    ActRun {
        kind: action.kind.word(),
        market: action.kind.market().map(str::to_owned),
        outcome: match said {
            Ok(_) => ActOutcome::Done,
            Err(error) => {
                let report = error.report();
                ActOutcome::Refused {
                    program: report.program,
                    error: report.error,
                }
            }
        },
    }
}
