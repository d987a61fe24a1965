//! `just soak`: random market lifecycles against the model of the contract, in process, many
//! more than the property test runs. Lifecycle `k` draws its steps from seed `seed + k`, so a
//! violation prints the one command that replays it. The first violation (by seed) is also shrunk
//! and written as a timeline file that `fulltime timeline run` replays on a localnet and the
//! desk's `T` opens.
//!
//! The report goes to stderr: natively run programs print their `msg!` lines (an Anchor error
//! line for every refused step) to stdout, which `just soak` discards.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use clap::{Parser, ValueEnum};
use fulltime_files::localnet_env::DEFAULT_STATE_DIR;
use fulltime_harness::lifecycle::{
    Plant, SplitMix64, Tally, random_lifecycle, run_lifecycle_with, run_recorded, shrink,
    write_timeline,
};

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
    /// Where the first violation's timeline goes (default: the `timelines` folder of
    /// $FULLTIME_STATE_DIR, else of .localnet, where the desk's `T` lists it).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A wrong prediction planted in the model, for the test that a violation is shrunk and
    /// written as a timeline that fails the same way.
    #[arg(long, value_enum, hide = true)]
    plant: Option<PlantArg>,
}

#[derive(Clone, Copy, ValueEnum)]
enum PlantArg {
    WinnerPaidOneMore,
}

impl From<PlantArg> for Plant {
    fn from(plant: PlantArg) -> Self {
        match plant {
            PlantArg::WinnerPaidOneMore => Plant::WinnerPaidOneMore,
        }
    }
}

/// What the threads found.
#[derive(Default)]
struct Findings {
    tally: Tally,
    violations: u64,
    shown: Vec<String>,
    /// The lowest seed that parted from the model (a panic is not written): the one written as
    /// a timeline.
    first: Option<u64>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let plant = args.plant.map(Plant::from);
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
                    run_one(seed.wrapping_add(k), plant, &mut local);
                }
                // A poisoned lock only means another thread panicked while merging; its
                // counts are still the best there are.
                let mut all = findings
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                all.tally.merge(local.tally);
                all.violations += local.violations;
                all.shown.extend(local.shown);
                all.first = all.first.into_iter().chain(local.first).min();
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
    if let Some(first) = findings.first {
        let out = args.out.unwrap_or_else(default_out);
        write_first(first, plant, &out);
    }
    if findings.violations == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Shrinks the lifecycle of `seed` and writes it as a timeline in `out`, saying where or why not.
fn write_first(seed: u64, plant: Option<Plant>, out: &Path) {
    let (oracle, steps) = random_lifecycle(&mut SplitMix64::new(seed));
    let drawn = steps.len();
    let started = Instant::now();
    let violation = match run_lifecycle_with(oracle, plant, &steps) {
        Err(violation) => violation,
        Ok(_) => {
            eprintln!("lifecycle of seed {seed}: no violation on a second run, nothing written");
            return;
        }
    };
    let shrunk = shrink(oracle, plant, steps, violation);
    eprintln!(
        "shrunk the lifecycle of seed {seed} from {drawn} steps to {} in {:.1} s ({} lifecycles \
         run): {}",
        shrunk.steps.len(),
        started.elapsed().as_secs_f64(),
        shrunk.trials,
        shrunk.violation
    );
    let (_, sent) = run_recorded(shrunk.oracle, plant, &shrunk.steps);
    let name = format!("soak-{seed}");
    let header = format!(
        "`just soak` lifecycle of seed {seed}, shrunk from {drawn} steps to {} (oracle \
         {:?}).\nIt parted from the model: {}\nEach step is one transaction as the lifecycle \
         sent it; its `fails` and expectations are the model's prediction.",
        shrunk.steps.len(),
        shrunk.oracle,
        shrunk.violation
    );
    match write_timeline(&sent, out, &name, &header) {
        Ok(written) => {
            eprintln!(
                "written as a timeline: {} ({} steps, {} proof files); replay it on a localnet \
                 with: fulltime timeline run {}",
                written.timeline.display(),
                written.steps,
                written.proof_files,
                written.timeline.display()
            );
            for left_out in &written.left_out {
                eprintln!("  left out: {left_out}");
            }
        }
        Err(unwritable) => eprintln!("not written as a timeline: {unwritable}"),
    }
}

/// `timelines` in the state directory the desk uses.
fn default_out() -> PathBuf {
    std::env::var_os("FULLTIME_STATE_DIR")
        .filter(|dir| !dir.is_empty())
        .map_or_else(|| PathBuf::from(DEFAULT_STATE_DIR), PathBuf::from)
        .join("timelines")
}

/// Runs the lifecycle of `seed`; a panic counts as a violation.
fn run_one(seed: u64, plant: Option<Plant>, findings: &mut Findings) {
    let (oracle, steps) = random_lifecycle(&mut SplitMix64::new(seed));
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
        run_lifecycle_with(oracle, plant, &steps)
    }));
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
    if !violation.starts_with("panicked") {
        findings.first = findings.first.into_iter().chain([seed]).min();
    }
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
