//! The timeline step: the QA-scale match day written as a timeline file (`text.rs`) and played
//! by the desk's timeline engine (`fulltime_desk::timeline::play`) in this process, on a
//! `localnet` of the bench's own, as `fulltime timeline run FILE` plays it on a node of its own:
//! the file loaded, the node started with a fresh wallet funded as the desk, then every step
//! played through the action layer and checked. The file asks no faucet and settles from proof
//! cases only (a test of `text.rs` holds it to that), so neither a faucet nor a TxLINE API is
//! started beside the node.

mod text;

use std::path::Path;
use std::time::Instant;

use fulltime_client::cluster::Cluster;
use fulltime_desk::global_args::GlobalArgs;
use fulltime_desk::output::timeline::TimelineRun;
use fulltime_desk::session::Session;
use fulltime_desk::timeline::play::play;
use fulltime_matches::timeline::load;
use fulltime_testkit::process::{LocalnetProcess, binary_beside};

use super::qa_scale::{MARKETS, WALLETS};

type Failure = Box<dyn std::error::Error>;

/// The engine's faucet for a `faucet` action: none serves here, and the file has none.
const NO_FAUCET: &str = "http://127.0.0.1:0";

/// Runs the generated timeline and prints its steps and the whole run's time.
pub async fn run() -> Result<(), Failure> {
    let started = Instant::now();
    let text = text::timeline_text()?;
    let file = std::env::temp_dir().join(format!(
        "fulltime-bench-timeline-{}.toml",
        std::process::id()
    ));
    std::fs::write(&file, &text)?;
    println!(
        "  timeline written: {} KiB in {:.2} s",
        text.len() / 1024,
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let run = play_on_own_node(&file).await;
    let elapsed = started.elapsed();
    let _ = std::fs::remove_file(&file);
    let run = run?;
    for step in &run.steps {
        println!(
            "  step {}: {} actions, {} expectations, invariants held: {}",
            step.name,
            step.done.len(),
            step.expectations.len(),
            step.invariants_held
        );
    }
    if let Some(failure) = &run.failure {
        let failure = serde_json::to_string(failure)?;
        return Err(format!("the timeline did not run green: {failure}").into());
    }
    println!(
        "  the whole run (node started, {WALLETS} wallets funded, {MARKETS} markets, every step \
         played and checked): {:.2} s",
        elapsed.as_secs_f64()
    );
    Ok(())
}

/// `file` loaded and played on a fresh `localnet` (the release binary beside this one) in a
/// state directory of its own, removed after; the run as `fulltime timeline run` reports it.
async fn play_on_own_node(file: &Path) -> Result<TimelineRun, Failure> {
    let timeline = load(file)?;
    let proofs = fulltime_matches::committed()?;
    let mut run = TimelineRun::starting(&file.display().to_string());
    on_own_node("bench-timeline", async |session| {
        play(session, &timeline, &proofs, NO_FAUCET, &mut run).await?;
        Ok(())
    })
    .await?;
    Ok(run)
}

/// `work` done with a session on a fresh `localnet` (the release binary beside this one) in a
/// state directory named after `name`, its funded wallet as the desk; the node stopped after.
pub async fn on_own_node<T>(
    name: &'static str,
    work: impl AsyncFnOnce(&Session) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let binary = binary_beside(&std::env::current_exe()?)?;
    // The node's own output (a line for each claim refused in preflight, as the file expects)
    // goes to its log file, as `timeline run`'s node's does.
    let node = tokio::task::spawn_blocking(move || LocalnetProcess::start(&binary, name)).await??;
    let session = Session::new(GlobalArgs {
        url: Cluster::Localnet,
        keypair: Some(node.wallet_path().to_owned()),
        json: false,
        state_dir: node.state_dir().to_owned(),
        txline_url: None,
        priority_fee: None,
    });
    let done = work(&session).await;
    // The session's connections close before the node they talk to stops.
    drop(session);
    node.terminate()?;
    done
}
