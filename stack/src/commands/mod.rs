//! The supervisor's commands: `dev` (stack + dashboard in this terminal), `up` (stack in the
//! background), `down`, `status`, and the hidden `supervise` that `up` runs detached.

mod dev;
mod down;
mod status;
mod supervise;
mod up;

use std::path::PathBuf;
use std::process::ExitCode;

use fulltime_client::faucet::FAUCET_PATH;
use fulltime_client::terminal_text::escaped;
use fulltime_files::localnet_env::DEFAULT_STATE_DIR;
use fulltime_files::stack_record::StackRecord;
use fulltime_files::state_dir_lock::StateDirLock;

use crate::error::{StackError, io};
use crate::options::StackOptions;

pub use dev::dev;
pub use down::down;
pub use status::status;
pub use supervise::supervise;
pub use up::up;

#[derive(Debug, clap::Subcommand)]
pub enum StackCommand {
    /// Start the node, the faucet and the local TxLINE API, then open the dashboard on the
    /// node's funded wallet; quitting the dashboard stops everything.
    Dev(StackOptions),
    /// Start the node, the faucet and the local TxLINE API in the background, print the
    /// endpoints and return.
    Up(StackOptions),
    /// Stop the stack that `up` or `dev` started from this state directory.
    Down(StateDirArg),
    /// Print the running stack's endpoints (exit code 1 when none runs).
    Status(StateDirArg),
    /// Run the stack until SIGTERM or a part stops (what `up` starts detached).
    #[command(hide = true)]
    Supervise(StackOptions),
}

#[derive(Debug, clap::Args)]
pub struct StateDirArg {
    /// The state directory the stack was started with.
    #[arg(long, env = "FULLTIME_STATE_DIR", default_value = DEFAULT_STATE_DIR)]
    pub state_dir: PathBuf,
}

impl StateDirArg {
    fn absolute(&self) -> Result<PathBuf, StackError> {
        std::path::absolute(&self.state_dir).map_err(io("resolve --state-dir"))
    }
}

pub async fn run(command: StackCommand) -> Result<ExitCode, StackError> {
    match command {
        StackCommand::Dev(options) => dev(options).await,
        StackCommand::Up(options) => up(options).await,
        StackCommand::Down(state_dir) => down(&state_dir.absolute()?).await,
        StackCommand::Status(state_dir) => status(&state_dir.absolute()?),
        StackCommand::Supervise(options) => supervise(options).await,
    }
}

/// Refuses to start a second stack from the same state directory; a record whose supervisor is
/// gone is cleared first (its parts stopped, if any survived). A node that runs there outside a
/// stack (`just localnet`) holds the directory's lock, and is named before anything starts or a
/// log is truncated.
async fn refuse_if_running(options: &StackOptions) -> Result<(), StackError> {
    if let Some(record) = StackRecord::load(&options.state_dir)? {
        if record.supervisor.is_running() {
            return Err(StackError::AlreadyRunning {
                pid: record.supervisor.pid,
                state_dir: options.state_dir.clone(),
            });
        }
        down::stop_recorded(&record).await?;
        StackRecord::remove(&options.state_dir);
    }
    StateDirLock::check_free(&options.state_dir)?;
    Ok(())
}

/// The endpoints, as `up` and `status` print them: from `stack.json`, a file anyone who can
/// write the state directory may have written, so each escaped for the terminal.
fn print_endpoints(record: &StackRecord, state_dir: &std::path::Path) {
    let shown = |path: &std::path::Path| escaped(&path.display().to_string()).into_owned();
    let logs: Vec<String> = record.logs.iter().map(|log| shown(log)).collect();
    println!("  rpc     {}", escaped(&record.rpc_url));
    println!("  ws      {}", escaped(&record.ws_url));
    println!("  faucet  {}{FAUCET_PATH}", escaped(&record.faucet_url));
    if let Some(txline_url) = &record.txline_url {
        println!("  txline  {}", escaped(txline_url));
    }
    println!("  wallet  {}", shown(&record.wallet));
    println!("  logs    {}", logs.join(" "));
    println!(
        "  record  {} (supervisor pid {})",
        shown(&StackRecord::path_in(state_dir)),
        record.supervisor.pid
    );
}
