//! The timeline face: `fulltime timeline run PATH...` plays timelines as a suite (`suite/`) on a
//! `localnet` of its own, or on the `--url` node, and reports it (`report/`): text, JSON lines or
//! JUnit XML. `cli/` dispatches `timeline run` here; it imports the floor only, never the
//! dashboard.
//!
//! `part.rs` is what the run's own processes share, `node.rs` its node, `own_faucet.rs` its
//! faucet, `own_txline.rs` its TxLINE API; `one.rs` runs the single timeline `--to` and
//! `--snapshot` act on, `stop_step.rs` cuts it at `--to`'s step and `handoff.rs` leaves the own
//! node running there, its wallets written into the book. `fuzz.rs` hosts `timeline fuzz` on the
//! suite's own ground; `coverage.rs` plays a suite and tallies what it reached.

pub mod coverage;
pub mod fuzz;
mod handoff;
mod node;
mod one;
mod own_faucet;
mod own_txline;
mod part;
pub mod report;
mod stop_step;
pub mod suite;

use fulltime_desk::error::{Error, ErrorReport};
use fulltime_desk::session::Session;

use self::report::{Reporter, Style, Verdict};
use self::suite::{SuiteNode, load_paths, run_suite};
use crate::args::TimelineRunArgs;

/// Loads every PATH (each bad one named, nothing run, when any does not load), then plays the
/// timelines as one suite on a node of its own (or on `--url`'s), reporting as they go. `--to`
/// and `--snapshot` take exactly one timeline. An error that ends the suite early (a node that
/// does not start, a given node's clock past the first step) is the error.
pub async fn run(session: &Session, args: &TimelineRunArgs) -> Result<Verdict, Error> {
    let style = Style::of(session.output_format(), args.verbose);
    let mut reporter = Reporter::to_terminal(style, args.junit.clone());
    let mut timelines = match load_paths(&args.paths) {
        Ok(timelines) => timelines,
        Err(failures) => return Ok(reporter.not_loaded(failures)),
    };
    if args.to.is_some() || args.snapshot.is_some() {
        if timelines.len() != 1 {
            let report = ErrorReport::other(
                "OneTimelineOnly",
                format!(
                    "--to and --snapshot act on one timeline; the paths name {}",
                    timelines.len()
                ),
                "Name one timeline file with --to or --snapshot",
            );
            return Ok(reporter.refused(&report));
        }
        return one::run_one(session, args, timelines.remove(0), reporter).await;
    }
    let node = SuiteNode::chosen(session, args.on_given_url, args.faucet.url.as_deref());
    reporter.begin(timelines.len());
    run_suite(session, &node, &timelines, &mut |event| {
        reporter.event(event)
    })
    .await?;
    Ok(reporter.finish())
}
