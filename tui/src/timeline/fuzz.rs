//! `fulltime timeline fuzz`: the desk's fuzz (`fulltime_desk::timeline::fuzz`) on a ground of its
//! own, a fresh `localnet` with its faucet and TxLINE API, started as a suite starts one.

use fulltime_desk::error::Error;
use fulltime_desk::output::fuzz::FuzzReport;
use fulltime_desk::session::Session;
use fulltime_desk::timeline::fuzz::{FuzzOptions, Planted, fuzz};

use super::part::Lifetime;
use super::suite::OwnGround;
use crate::args::TimelineFuzzArgs;

/// Where a shrunk timeline goes by default, in the state directory.
const TIMELINES: &str = "timelines";

/// Plays `args.runs` match days from `args.seed`; a divergence is [`Error::FuzzDiverged`], its
/// report holding the shrunk timeline's file.
pub async fn run(session: &Session, args: &TimelineFuzzArgs) -> Result<FuzzReport, Error> {
    let options = FuzzOptions {
        seed: args.seed,
        runs: args.runs,
        out_dir: args
            .out
            .clone()
            .unwrap_or_else(|| session.state_dir().join(TIMELINES)),
        planted: Planted::from_env(),
    };
    let ground = OwnGround::start(session, Lifetime::Run).await?;
    let verbose = args.verbose;
    let report = fuzz(
        &ground.session,
        ground.faucet.url(),
        &options,
        &mut |line| {
            if verbose {
                eprintln!("{line}");
            }
        },
    )
    .await?;
    if report.divergence.is_some() {
        return Err(Error::FuzzDiverged(Box::new(report)));
    }
    Ok(report)
}
