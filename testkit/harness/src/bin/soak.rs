//! `just soak`: random market lifecycles against the model of the contract, in process, many
//! more than the property test runs. Lifecycle `k` draws its steps from seed `seed + k`, so a
//! violation prints the one command that replays it.
//!
//! The report goes to stderr: natively run programs print their `msg!` lines (an Anchor error
//! line for every refused step) to stdout, which `just soak` discards.

use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use clap::Parser;
use fulltime_harness::lifecycle::{SplitMix64, Tally, random_lifecycle, run_lifecycle};

/// Violations printed in full; the rest are only counted.
const SHOWN_VIOLATIONS: usize = 5;

#[derive(Parser)]
#[command(about = "Random market lifecycles checked step by step against a model of the contract")]
struct Args {
    /// How many lifecycles to run.
    #[arg(long, default_value_t = 10_000)]
    lifecycles: u64,
    /// Seed of the first lifecycle (default: from the clock; always printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Threads running lifecycles (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
}

/// What the threads found.
#[derive(Default)]
struct Findings {
    tally: Tally,
    violations: u64,
    shown: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let jobs = args
        .jobs
        .or_else(|| thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1)
        .max(1);
    eprintln!("seed: {seed} (lifecycle k uses seed + k), threads: {jobs}");

    let started = Instant::now();
    let next = AtomicU64::new(0);
    let findings = Mutex::new(Findings::default());
    thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut local = Findings::default();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= args.lifecycles {
                        break;
                    }
                    run_one(seed.wrapping_add(k), &mut local);
                }
                // A poisoned lock only means another thread panicked while merging; its
                // counts are still the best there are.
                let mut all = findings
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                all.tally.merge(local.tally);
                all.violations += local.violations;
                all.shown.extend(local.shown);
            });
        }
    });
    let elapsed = started.elapsed();
    let findings = findings
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());

    for violation in findings.shown.iter().take(SHOWN_VIOLATIONS) {
        eprintln!("{violation}");
    }
    eprintln!("outcomes:");
    for (label, count) in &findings.tally.outcomes {
        eprintln!("  {count:>9}  {label}");
    }
    eprintln!("draws:");
    for (label, count) in &findings.tally.draws {
        eprintln!("  {count:>9}  {label}");
    }
    eprintln!(
        "lifecycles: {}, violations: {}, time: {:.1} s ({} transactions)",
        args.lifecycles,
        findings.violations,
        elapsed.as_secs_f64(),
        findings.tally.transactions
    );
    if findings.violations == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs the lifecycle of `seed`; a panic counts as a violation.
fn run_one(seed: u64, findings: &mut Findings) {
    let (oracle, steps) = random_lifecycle(&mut SplitMix64::new(seed));
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| run_lifecycle(oracle, &steps)));
    let violation = match outcome {
        Ok(Ok(run)) => {
            findings.tally.merge(run.tally);
            return;
        }
        Ok(Err(violation)) => violation.to_string(),
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            format!("panicked: {message}")
        }
    };
    findings.violations += 1;
    if findings.shown.len() < SHOWN_VIOLATIONS {
        findings.shown.push(format!(
            "VIOLATION in lifecycle of seed {seed} (oracle {oracle:?}; replay: just soak --seed \
             {seed} --lifecycles 1)\n  {violation}\n  steps: {steps:#?}"
        ));
    }
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64)
}
