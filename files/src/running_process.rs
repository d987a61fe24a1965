//! Whether a process a file names still runs, and which program it runs: a recorded pid is
//! checked before it is trusted or signalled, since the system may have given it to another
//! process since (the stack's record, `stack_record.rs`).

use std::io;

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

/// Does `pid` run `expected`? Guards against trusting or signalling a process that reused a
/// recorded pid. Where /proc cannot tell, it is trusted.
pub fn runs(pid: u32, expected: &str) -> bool {
    is_running(pid) && program_name(pid).is_none_or(|name| name == expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_runs_its_own_program_and_a_reaped_child_runs_nothing() {
        let own = std::process::id();
        let program = program_name(own).unwrap_or_default();
        assert!(runs(own, &program));
        if program_name(own).is_some() {
            assert!(!runs(own, "not-this-program"));
        }
        let mut child = std::process::Command::new("true")
            .spawn()
            .expect("spawn true");
        let pid = child.id();
        child.wait().expect("reap true");
        assert!(!is_running(pid));
    }
}
