use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::process::{ExitCode, Stdio};
use std::time::Duration;

use fulltime_files::stack_record::StackRecord;
use tokio::process::Command;

use super::{print_endpoints, refuse_if_running};
use crate::error::{StackError, io};
use crate::options::StackOptions;
use crate::os;

const POLL: Duration = Duration::from_millis(25);

/// Starts `fulltime-stack supervise` in a session of its own, echoes its start-up output (kept in
/// `stack.log`) until it records a ready stack, prints the endpoints and returns.
pub async fn up(options: StackOptions) -> Result<ExitCode, StackError> {
    let options = options.resolved()?;
    refuse_if_running(&options).await?;
    // Named here rather than in the detached log.
    options.binary("localnet")?;
    options.binary("faucet")?;
    options.binary("txline-api")?;

    let log = options.log("stack");
    let output = File::create(&log).map_err(io(format!("create {}", log.display())))?;
    let errors = output
        .try_clone()
        .map_err(io(format!("open {}", log.display())))?;
    let mut command = Command::new(std::env::current_exe().map_err(io("find this program"))?);
    command
        .arg("supervise")
        .args(options.to_args())
        .stdin(Stdio::null())
        .stdout(output)
        .stderr(errors);
    os::detach(&mut command);
    let mut supervisor = command.spawn().map_err(io("start the supervisor"))?;
    let pid = supervisor.id().unwrap_or_default();

    let mut echo = Echo::new(&log)?;
    loop {
        echo.new_lines()?;
        if let Some(record) = StackRecord::load(&options.state_dir)?
            && record.supervisor.pid == pid
        {
            println!("The stack runs in the background; `just down` stops it.");
            print_endpoints(&record, &options.state_dir);
            return Ok(ExitCode::SUCCESS);
        }
        if let Some(status) = supervisor.try_wait().map_err(io("watch the supervisor"))? {
            echo.new_lines()?;
            return Err(StackError::SupervisorFailed { status, log });
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Copies what is appended to a file to stdout.
struct Echo {
    file: File,
    offset: u64,
}

impl Echo {
    fn new(path: &Path) -> Result<Self, StackError> {
        let file = File::open(path).map_err(io(format!("read {}", path.display())))?;
        Ok(Self { file, offset: 0 })
    }

    fn new_lines(&mut self) -> Result<(), StackError> {
        let mut appended = Vec::new();
        self.file
            .seek(SeekFrom::Start(self.offset))
            .and_then(|_| self.file.read_to_end(&mut appended))
            .map_err(io("read the supervisor's log"))?;
        self.offset += appended.len() as u64;
        let mut stdout = std::io::stdout();
        let _ = stdout.write_all(&appended);
        let _ = stdout.flush();
        Ok(())
    }
}
