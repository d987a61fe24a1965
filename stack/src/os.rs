//! The few operating-system calls the supervisor needs, behind safe functions: signals, and how
//! a part is tied to its supervisor. Whether a recorded process still runs is the record's
//! (`fulltime_files::running_process`).

use std::io;

use tokio::process::Command;

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
