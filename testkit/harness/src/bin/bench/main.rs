//! `just bench`: throughput of the programs running natively in the real runtime, in process and
//! through the `localnet` node's JSON-RPC and WebSocket as a client sees them.
//!
//! Wall-clock figures from a shared machine; compare them as ratios between runs of the same
//! command, not as absolutes. Compute units are meaningless here: a native builtin is charged
//! one unit per instruction.

mod checkpoint;
mod fuzz;
mod in_process;
mod local_node;
mod over_rpc;
mod pubsub_front;
mod qa_scale;
mod settle_by_record;
mod suite;
mod timeline;

use std::time::Duration;

use clap::{Parser, ValueEnum};

/// The bench's parts, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Part {
    /// Deposits and a market of 1,000 positions, in process.
    InProcess,
    /// Deposits one after another over JSON-RPC.
    Rpc,
    /// Transfers confirmed by signatureSubscribe beside clients that never read, and many
    /// that do: the commit feed's time per commit.
    Pubsub,
    /// A chain of 1,000 markets kept, snapshot saved and loaded.
    Lasting,
    /// A chain of 1,000 markets: a checkpoint kept and restored after a round of changes.
    Checkpoint,
    /// 1,000 wallets, 10,000 deposits over 100 markets, settled and claimed, over JSON-RPC.
    Qa,
    /// The same match day as a generated timeline file, played by the desk's timeline engine.
    Timeline,
    /// Settling from a proof file beside settling by record from the local TxLINE API.
    Settle,
    /// Every shipped timeline as one suite beside the same files one by one.
    Suite,
    /// Random match days over JSON-RPC against the model, and a planted bug's shrink.
    Fuzz,
}

#[derive(Parser)]
#[command(about = "Fulltime's throughput bench (`just bench`)")]
struct Args {
    /// Run only these parts (repeat the flag); every part by default.
    #[arg(long, value_enum)]
    only: Vec<Part>,
}

fn main() {
    let args = Args::parse();
    let runs = |part| args.only.is_empty() || args.only.contains(&part);
    println!("command: just bench  (target/release/bench)");
    if runs(Part::InProcess) {
        println!("in process: LiteSVM 0.16, programs native, SPL Token as SBF");
        in_process::deposits_per_second();
        in_process::full_market();
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => return eprintln!("no async runtime: {error}"),
    };
    if runs(Part::Rpc) {
        println!(
            "over JSON-RPC: the localnet node (surfpool 1.6.1, blocks on demand behind its own front)"
        );
        runtime.block_on(over_rpc::deposits_one_by_one());
    }
    if runs(Part::Pubsub) {
        println!(
            "the pubsub front under load: transfers confirmed by signatureSubscribe, quiet, beside {} clients that never read and {} that do",
            pubsub_front::STALLED_CLIENTS,
            pubsub_front::READING_CLIENTS - 1
        );
        if let Err(error) = runtime.block_on(pubsub_front::run()) {
            eprintln!("pubsub: {error}");
        }
    }
    if runs(Part::Lasting) {
        println!(
            "the chain that lasts: {} markets kept, snapshot saved and loaded",
            over_rpc::LASTING_MARKETS
        );
        runtime.block_on(over_rpc::lasting_chain());
    }
    if runs(Part::Checkpoint) {
        println!(
            "checkpoints: {} markets, saved and restored over JSON-RPC",
            over_rpc::LASTING_MARKETS
        );
        runtime.block_on(checkpoint::save_and_restore());
    }
    if runs(Part::Qa) {
        println!(
            "QA scale, over JSON-RPC and WebSocket: {} wallets, {} deposits over {} markets, settled and claimed",
            qa_scale::WALLETS,
            qa_scale::DEPOSITS,
            qa_scale::MARKETS
        );
        if let Err(error) = runtime.block_on(qa_scale::run()) {
            eprintln!("QA scale: {error}");
        }
    }
    if runs(Part::Timeline) {
        println!(
            "a timeline at QA scale, played by the desk's timeline engine on a node of its own: {} wallets, {} deposits over {} markets, settled and claimed",
            qa_scale::WALLETS,
            qa_scale::DEPOSITS,
            qa_scale::MARKETS
        );
        if let Err(error) = runtime.block_on(timeline::run()) {
            eprintln!("timeline: {error}");
        }
    }
    if runs(Part::Settle) {
        println!(
            "settling, over JSON-RPC: {} settles from a proof file and {} by record from the local TxLINE API",
            settle_by_record::SETTLES,
            settle_by_record::SETTLES
        );
        if let Err(error) = runtime.block_on(settle_by_record::run()) {
            eprintln!("settle: {error}");
        }
    }
    if runs(Part::Suite) {
        println!("the shipped timelines, release `fulltime` on nodes of its own");
        if let Err(error) = suite::run() {
            eprintln!("suite: {error}");
        }
    }
    if runs(Part::Fuzz) {
        println!(
            "random match days over JSON-RPC (seed 1), checked against the model, on a node of its own"
        );
        if let Err(error) = runtime.block_on(fuzz::run()) {
            eprintln!("fuzz: {error}");
        }
    }
}

fn per_second(count: usize, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64()
}
