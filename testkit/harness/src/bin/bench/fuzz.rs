//! The fuzz step: random match days (`fulltime_desk::timeline::fuzz`, what `fulltime timeline
//! fuzz` runs) played over JSON-RPC on a `localnet` of the bench's own, a checkpoint restored
//! between them: how many a minute. Then the same with the tests' planted wrong prediction (a
//! winner paid one base unit more), found, shrunk and written: how long the shrink took.

use fulltime_desk::output::fuzz::FuzzReport;
use fulltime_desk::timeline::fuzz::{FuzzOptions, Planted, fuzz};

use super::timeline::on_own_node;

type Failure = Box<dyn std::error::Error>;

pub const MATCH_DAYS: u64 = 200;

/// The engine's faucet for a `faucet` action: no match day drawn has one.
const NO_FAUCET: &str = "http://127.0.0.1:0";

pub async fn run() -> Result<(), Failure> {
    let out_dir = std::env::temp_dir().join(format!("fulltime-bench-fuzz-{}", std::process::id()));
    let clean = fuzzed(&out_dir, MATCH_DAYS, None).await?;
    println!(
        "  {} match days ({} steps, {} actions), every one as the model predicts: {:.1} s, {:.0} a minute",
        clean.played,
        clean.steps,
        clean.actions,
        clean.elapsed_ms as f64 / 1000.0,
        clean.match_days_per_minute
    );
    if let Some(found) = clean.divergence {
        let _ = std::fs::remove_dir_all(&out_dir);
        return Err(format!("a divergence without a planted bug: {}", found.cause).into());
    }
    let planted = fuzzed(&out_dir, 100, Some(Planted::WinnerPaidOneMore)).await;
    let _ = std::fs::remove_dir_all(&out_dir);
    let found = planted?
        .divergence
        .ok_or("the planted wrong payout went unfound in 100 match days")?;
    println!(
        "  the planted wrong payout, found at match day {}: shrunk from {} to {} in {:.1} s ({} \
         trials), replayed the same: {}",
        found.run,
        found.drawn,
        found.shrunk,
        found.shrink_ms as f64 / 1000.0,
        found.shrink_trials,
        found.replayed
    );
    Ok(())
}

async fn fuzzed(
    out_dir: &std::path::Path,
    runs: u64,
    planted: Option<Planted>,
) -> Result<FuzzReport, Failure> {
    let options = FuzzOptions {
        seed: 1,
        runs,
        out_dir: out_dir.to_owned(),
        planted,
    };
    on_own_node("bench-fuzz", async |session| {
        Ok(fuzz(session, NO_FAUCET, &options, &mut |_| {}).await?)
    })
    .await
}
