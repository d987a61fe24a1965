//! The wait for a child to say it serves: a line of its output, read from the file the output
//! goes to (a child that outlives its starter never writes into a pipe nobody reads), checked
//! every [`READY_POLL`] until it is there, the child ends, or [`READY_DEADLINE`] passes.

use std::io;
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

/// How long a child has to say it serves: a debug `localnet` boots in a few seconds; the margin is
/// for a loaded machine (CI runs every test at once on two cores).
pub const READY_DEADLINE: Duration = Duration::from_secs(300);
/// How often the output is read.
pub const READY_POLL: Duration = Duration::from_millis(25);

/// Why a child never said it serves.
#[derive(Debug)]
pub enum NotReady {
    /// It ended first.
    Exited(ExitStatus),
    /// [`READY_DEADLINE`] passed.
    TimedOut(Duration),
    /// Whether it still runs could not be asked.
    Watch(io::Error),
}

/// Waits, on the runtime's timer, until `output` holds a line `serves` accepts; `exited` says
/// whether the child ended (its `try_wait`). How long it took.
pub async fn wait_for_line(
    output: &Path,
    serves: impl Fn(&str) -> bool,
    mut exited: impl FnMut() -> io::Result<Option<ExitStatus>>,
) -> Result<Duration, NotReady> {
    let started = Instant::now();
    loop {
        if let Some(answer) = look(output, &serves, &mut exited, started) {
            return answer;
        }
        tokio::time::sleep(READY_POLL).await;
    }
}

/// [`wait_for_line`] for a caller with no runtime (a test's own thread): the thread sleeps.
pub fn wait_for_line_blocking(
    output: &Path,
    serves: impl Fn(&str) -> bool,
    mut exited: impl FnMut() -> io::Result<Option<ExitStatus>>,
) -> Result<Duration, NotReady> {
    let started = Instant::now();
    loop {
        if let Some(answer) = look(output, &serves, &mut exited, started) {
            return answer;
        }
        std::thread::sleep(READY_POLL);
    }
}

/// One look: served, ended, out of time, or `None` to look again.
fn look(
    output: &Path,
    serves: &impl Fn(&str) -> bool,
    exited: &mut impl FnMut() -> io::Result<Option<ExitStatus>>,
    started: Instant,
) -> Option<Result<Duration, NotReady>> {
    // The line is looked for before the exit, so a child that printed it and ended is served.
    let text = std::fs::read_to_string(output).unwrap_or_default();
    if text.lines().any(serves) {
        return Some(Ok(started.elapsed()));
    }
    match exited() {
        Ok(Some(status)) => return Some(Err(NotReady::Exited(status))),
        Ok(None) => {}
        Err(error) => return Some(Err(NotReady::Watch(error))),
    }
    (started.elapsed() > READY_DEADLINE).then_some(Err(NotReady::TimedOut(READY_DEADLINE)))
}

#[cfg(test)]
mod tests {
    use std::process::{Command, Stdio};

    use super::*;

    fn output_file(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("fulltime-launch-{name}-{}", std::process::id()))
    }

    #[test]
    fn a_child_that_prints_the_line_serves() {
        let output = output_file("serves");
        let file = std::fs::File::create(&output).expect("output");
        let mut child = Command::new("sh")
            .args(["-c", "echo starting; echo 'ready in 3 ms'; sleep 5"])
            .stdout(file)
            .spawn()
            .expect("sh");
        let answer = wait_for_line_blocking(
            &output,
            |line| line.starts_with("ready"),
            || child.try_wait(),
        );
        let _ = child.kill();
        let _ = child.wait();
        std::fs::remove_file(&output).expect("clean up");
        assert!(answer.is_ok(), "{answer:?}");
    }

    #[test]
    fn a_child_that_ends_first_is_named_with_its_status() {
        let output = output_file("ends");
        let file = std::fs::File::create(&output).expect("output");
        let mut child = Command::new("sh")
            .args(["-c", "echo 'no such flag'; exit 3"])
            .stdout(file)
            .stdin(Stdio::null())
            .spawn()
            .expect("sh");
        let answer = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("runtime")
            .block_on(wait_for_line(
                &output,
                |line| line.starts_with("ready"),
                || child.try_wait(),
            ));
        std::fs::remove_file(&output).expect("clean up");
        match answer {
            Err(NotReady::Exited(status)) => assert_eq!(status.code(), Some(3)),
            other => panic!("{other:?}"),
        }
    }
}
