//! `just bench`: the time from `fulltime-stack dev` (what `just dev` runs once the binaries are
//! built) to a usable dashboard, i.e. one showing the funded wallet's balance and the demo
//! markets, and from `q` to every process gone. Runs the real stack in a pseudo-terminal on free
//! ports with a fresh state directory, several times.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use fulltime_files::running_process;
use fulltime_files::stack_record::StackRecord;
use fulltime_testkit::process::workspace_binary_beside;
use fulltime_testkit::pty::PtyScreen;
use portable_pty::CommandBuilder;

/// What the dashboard shows once it is usable: the wallet's test USDC and a demo market.
const USABLE: &[&str] = &["1000 USDC", "Will Arsenal"];
const LIMIT: Duration = Duration::from_secs(120);

#[derive(Debug, Parser)]
struct Args {
    /// How many times to start and quit the stack.
    #[arg(long, default_value_t = 5)]
    runs: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut starts = Vec::new();
    let mut quits = Vec::new();
    for run in 0..args.runs {
        match measure(run) {
            Ok((start, quit)) => {
                starts.push(start);
                quits.push(quit);
            }
            Err(error) => {
                eprintln!("stack-bench: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "just dev (binaries built) to a usable dashboard: median {} ms, min {} ms, max {} ms over {} runs",
        median(&mut starts),
        starts.iter().min().copied().unwrap_or_default(),
        starts.iter().max().copied().unwrap_or_default(),
        args.runs
    );
    println!(
        "q to every process gone: median {} ms over {} runs",
        median(&mut quits),
        args.runs
    );
    ExitCode::SUCCESS
}

/// One start and quit, in milliseconds.
fn measure(run: usize) -> Result<(u128, u128), String> {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-stack-bench-{}-{run}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state_dir);
    let bench = std::env::current_exe().map_err(|error| error.to_string())?;
    let supervisor = workspace_binary_beside(&bench, "fulltime-stack", "fulltime-stack")
        .map_err(|error| error.to_string())?;
    let mut command = CommandBuilder::new(supervisor);
    command.env("TERM", "xterm-256color");
    command.arg("dev");
    command.arg("--state-dir");
    command.arg(&state_dir);
    for (flag, port) in ["--rpc-port", "--ws-port", "--faucet-port", "--txline-port"]
        .into_iter()
        .zip(free_ports()?)
    {
        command.args([flag, &port.to_string()]);
    }
    if let Ok(dir) = std::env::current_dir() {
        command.cwd(dir);
    }

    let started = Instant::now();
    let mut dev = PtyScreen::spawn(command, 30, 100)?;
    dev.wait_for(USABLE, LIMIT)
        .map_err(|screen| format!("the dashboard never became usable:\n{screen}"))?;
    let usable = started.elapsed().as_millis();

    let record = StackRecord::load(&state_dir)
        .map_err(|error| error.to_string())?
        .ok_or("no stack.json while the dashboard runs")?;
    let quitting = Instant::now();
    dev.press("q").map_err(|error| error.to_string())?;
    dev.wait_exit(LIMIT).ok_or("dev did not end after q")?;
    while record
        .processes()
        .iter()
        .any(|(_, process)| running_process::is_running(process.pid))
    {
        if quitting.elapsed() > LIMIT {
            return Err("a part outlived the dashboard".into());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let quit = quitting.elapsed().as_millis();
    let _ = std::fs::remove_dir_all(&state_dir);
    Ok((usable, quit))
}

fn free_ports() -> Result<[u16; 4], String> {
    fulltime_launch::free_ports().map_err(|error| error.to_string())
}

fn median(values: &mut [u128]) -> u128 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or_default()
}
