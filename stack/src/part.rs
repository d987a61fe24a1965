//! One program of the stack, running with its output in a log file of the state directory.

use std::ffi::OsStr;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use fulltime_client::terminal_text::escaped;
use fulltime_launch::{NotReady, wait_for_line};
use tokio::process::{Child, Command};

use crate::error::{StackError, io};
use crate::os;

/// How long a part has to stop after SIGTERM before it is killed.
pub const STOP_GRACE: Duration = Duration::from_secs(10);
/// How many lines of a part's log a failure shows.
pub const TAIL_LINES: usize = 20;

pub struct Part {
    pub name: &'static str,
    pub child: Child,
    pub pid: u32,
    pub log: PathBuf,
    /// The program's file name, to recognise its pid later.
    pub program: String,
}

/// Where a part's terminal goes.
pub enum Terminal {
    /// Output to the log file (truncated first), no input, its own process group: Ctrl-C at the
    /// terminal reaches the supervisor, which stops the parts in order.
    Log(PathBuf),
    /// The supervisor's terminal (the dashboard).
    Inherit,
}

impl Part {
    pub fn spawn<I, S>(
        name: &'static str,
        program: &Path,
        args: I,
        terminal: Terminal,
    ) -> Result<Self, StackError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut command = Command::new(program);
        command.args(args);
        let log = match terminal {
            Terminal::Log(log) => {
                let file = File::create(&log).map_err(io(format!("create {}", log.display())))?;
                let stderr = file
                    .try_clone()
                    .map_err(io(format!("open {}", log.display())))?;
                command
                    .stdin(Stdio::null())
                    .stdout(file)
                    .stderr(stderr)
                    .process_group(0);
                log
            }
            Terminal::Inherit => PathBuf::new(),
        };
        os::die_with_parent(&mut command);
        let child = command.spawn().map_err(io(format!("start {name}")))?;
        let pid = child.id().unwrap_or_default();
        let program = program
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        Ok(Self {
            name,
            child,
            pid,
            log,
            program,
        })
    }

    /// Waits until the log holds a line `serves` accepts, failing with the log's last lines if
    /// the part exits first or the launcher's deadline passes.
    pub async fn wait_until_logged(
        &mut self,
        serves: impl Fn(&str) -> bool,
    ) -> Result<Duration, StackError> {
        let child = &mut self.child;
        match wait_for_line(&self.log, serves, || child.try_wait()).await {
            Ok(took) => Ok(took),
            Err(NotReady::Exited(status)) => Err(StackError::Exited {
                name: self.name,
                status,
                log: self.log.clone(),
                tail: self.tail(),
            }),
            Err(NotReady::TimedOut(waited)) => Err(StackError::NotReady {
                name: self.name,
                waited,
                log: self.log.clone(),
                tail: self.tail(),
            }),
            Err(NotReady::Watch(source)) => Err(io("watch a part")(source)),
        }
    }

    /// The last lines of the log, indented and escaped for a terminal (a log holds whatever a
    /// program logged), for an error message.
    pub fn tail(&self) -> String {
        tail(&self.log, TAIL_LINES)
    }

    /// SIGTERM, then SIGKILL after the grace period; the exit status if it was still running.
    pub async fn stop(&mut self) -> Option<ExitStatus> {
        if let Ok(Some(_)) = self.child.try_wait() {
            return None;
        }
        os::send(self.pid, os::Signal::Terminate);
        match tokio::time::timeout(STOP_GRACE, self.child.wait()).await {
            Ok(status) => status.ok(),
            Err(_) => {
                let _ = self.child.start_kill();
                self.child.wait().await.ok()
            }
        }
    }
}

pub fn tail(log: &Path, lines: usize) -> String {
    let text = std::fs::read(log)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    let start = all.len().saturating_sub(lines);
    if all.is_empty() {
        return "    (the log is empty)".into();
    }
    all[start..]
        .iter()
        .map(|line| format!("    {}", escaped(line)))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logs_tail_is_printed_escaped_line_by_line() {
        let dir = std::env::temp_dir().join(format!("fulltime-stack-tail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("test dir");
        let log = dir.join("localnet.log");
        std::fs::write(
            &log,
            "ready\nProgram log: \u{1b}]52;c;cm0gLXJmIH4=\u{7}\n\u{202e}evil\u{202c} \u{1b}[2J\n",
        )
        .expect("a log");
        assert_eq!(
            tail(&log, 2),
            "    Program log: \\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\n    \\u{202e}evil\\u{202c} \\u{1b}[2J"
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
