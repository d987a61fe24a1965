//! `fulltime timeline coverage PATH...`: the timelines played as `timeline run` plays them (one
//! suite, each from the same clean state), then what their runs did on the chain tallied
//! (`fulltime_desk::timeline::coverage`): errors reached, stages and transitions visited, action
//! kinds done and refused, and what nothing reached.

use fulltime_desk::error::Error;
use fulltime_desk::session::Session;
use fulltime_desk::timeline::coverage::tally;

use super::report::{Reporter, Style, Verdict};
use super::suite::{SuiteNode, load_paths, run_suite};
use crate::args::TimelineCoverageArgs;

/// Loads every PATH (each bad one named, nothing run, when any does not load), plays them as a
/// suite on a node of its own (or `--url`'s) and prints their coverage. A timeline that fails
/// counts up to its failure and makes the exit 1, as in `timeline run`.
pub async fn run(session: &Session, args: &TimelineCoverageArgs) -> Result<Verdict, Error> {
    let format = session.output_format();
    let style = Style::of(format, false);
    let timelines = match load_paths(&args.paths) {
        Ok(timelines) => timelines,
        Err(failures) => return Ok(Reporter::to_terminal(style, None).not_loaded(failures)),
    };
    let node = SuiteNode::chosen(session, args.on_given_url, args.faucet.url.as_deref());
    let runs = run_suite(session, &node, &timelines, &mut |_| {}).await?;
    let coverage = tally(&runs);
    println!("{}", format.formatted_string(&coverage));
    Ok(if coverage.failed.is_empty() {
        Verdict::Passed
    } else {
        Verdict::Failed
    })
}
