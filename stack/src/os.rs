//! The few operating-system calls the supervisor needs, behind safe functions: whether a process
//! runs, signals, and how a part is tied to its supervisor.

use std::io;

use tokio::process::Command;

/// Is `pid` a live process? A zombie (exited, not yet reaped) is not.
pub fn is_running(pid: u32) -> bool {
    let Ok(pid_t) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks that the process exists.
    let exists = unsafe { libc::kill(pid_t, 0) } == 0
        || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
    exists && !is_zombie(pid)
}

/// `/proc/<pid>/stat` names the state after the command in parentheses; `Z` is a zombie. Where
/// there is no /proc the process counts as running.
fn is_zombie(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .is_some_and(|state| state == "Z")
}

/// The program a live process runs (its file name), where /proc tells; `None` otherwise.
pub fn program_name(pid: u32) -> Option<String> {
    let path = std::fs::read_link(format!("/proc/{pid}/exe")).ok()?;
    let name = path.file_name()?.to_string_lossy();
    // A binary rebuilt while it runs shows as "<name> (deleted)".
    Some(name.trim_end_matches(" (deleted)").to_owned())
}

/// Does `pid` run `expected`? Guards against signalling a process that reused a recorded pid.
/// Where /proc cannot tell, it is trusted.
pub fn runs(pid: u32, expected: &str) -> bool {
    is_running(pid) && program_name(pid).is_none_or(|name| name == expected)
}

#[derive(Clone, Copy, Debug)]
pub enum Signal {
    Terminate,
    Kill,
}

/// Sends `signal` to `pid`; false when there is no such process.
pub fn send(pid: u32, signal: Signal) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    let number = match signal {
        Signal::Terminate => libc::SIGTERM,
        Signal::Kill => libc::SIGKILL,
    };
    // SAFETY: kill has no memory effects in this process.
    unsafe { libc::kill(pid, number) == 0 }
}

/// The child gets SIGTERM when the thread that spawns it ends, so a killed supervisor leaves no
/// part behind. Spawn from the thread that lives as long as the supervisor (the main thread).
#[cfg(target_os = "linux")]
pub fn die_with_parent(command: &mut Command) {
    let parent = std::process::id();
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) == -1 {
                return Err(io::Error::last_os_error());
            }
            // The parent may have died between the fork and the prctl.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                return Err(io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// Elsewhere there is no parent-death signal; `just down` still stops the recorded parts.
#[cfg(not(target_os = "linux"))]
pub fn die_with_parent(_command: &mut Command) {}

/// Runs the child in a session of its own: no controlling terminal, so closing the terminal that
/// ran `just up` does not stop it.
pub fn detach(command: &mut Command) {
    // SAFETY: setsid is async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
}
