//! One node per state directory. `localnet` holds an exclusive lock on the state directory
//! itself (flock(2) on the directory's own file descriptor) for as long as it runs: nothing is
//! written to take it, so a start that fails leaves the directory as it was, and the kernel
//! releases it with the process, so a killed node leaves no lock behind. The supervisor asks the
//! same lock before it starts anything, so that `just dev` and `just up` are refused at once.

use std::fmt;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

/// The lock, held until dropped.
#[derive(Debug)]
pub struct StateDirLock {
    _directory: File,
}

#[derive(Debug, thiserror::Error)]
pub enum StateDirLockError {
    #[error(
        "the state directory {} is in use by {holder}: one node per state directory; stop \
         that one, or pick another --state-dir",
        dir.display()
    )]
    Held { dir: PathBuf, holder: Holder },
    #[error("cannot lock the state directory {}: {source}", dir.display())]
    Io {
        dir: PathBuf,
        source: std::io::Error,
    },
}

/// The process that holds a state directory, as far as the system tells (Linux: `/proc/locks`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub pid: Option<u32>,
    /// The program it runs.
    pub program: Option<String>,
}

impl fmt::Display for Holder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.program, self.pid) {
            (Some(program), Some(pid)) => write!(f, "{program} (pid {pid})"),
            (None, Some(pid)) => write!(f, "process {pid}"),
            (_, None) => f.write_str("another process"),
        }
    }
}

impl StateDirLock {
    /// Locks the existing directory `dir`, or says who holds it.
    pub fn acquire(dir: &Path) -> Result<Self, StateDirLockError> {
        let io = |source| StateDirLockError::Io {
            dir: dir.to_owned(),
            source,
        };
        let directory = File::open(dir).map_err(io)?;
        match directory.try_lock() {
            Ok(()) => Ok(Self {
                _directory: directory,
            }),
            Err(TryLockError::WouldBlock) => Err(StateDirLockError::Held {
                dir: dir.to_owned(),
                holder: holder_of(&directory),
            }),
            Err(TryLockError::Error(source)) => Err(io(source)),
        }
    }

    /// Fails as [`Self::acquire`] does when another process holds `dir`, and leaves it unlocked;
    /// a directory that does not exist is held by no one.
    pub fn check_free(dir: &Path) -> Result<(), StateDirLockError> {
        if !dir.exists() {
            return Ok(());
        }
        Self::acquire(dir).map(drop)
    }
}

#[cfg(target_os = "linux")]
fn holder_of(directory: &File) -> Holder {
    use std::os::unix::fs::MetadataExt;
    let pid = directory.metadata().ok().and_then(|metadata| {
        let locks = std::fs::read_to_string("/proc/locks").ok()?;
        flock_holder(
            &locks,
            libc::major(metadata.dev()),
            libc::minor(metadata.dev()),
            metadata.ino(),
        )
    });
    let program = pid.and_then(|pid| {
        let name = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
        Some(name.trim_end().to_owned()).filter(|name| !name.is_empty())
    });
    Holder { pid, program }
}

#[cfg(not(target_os = "linux"))]
fn holder_of(_directory: &File) -> Holder {
    Holder {
        pid: None,
        program: None,
    }
}

/// The pid of the flock(2) holder of the file `major:minor:inode` in `/proc/locks`, whose lines
/// read `1: FLOCK  ADVISORY  WRITE 4242 fd:01:1311 0 EOF` (device numbers in hex; a waiter's
/// line has `->` after the number).
#[cfg(target_os = "linux")]
fn flock_holder(locks: &str, major: u32, minor: u32, inode: u64) -> Option<u32> {
    locks.lines().find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.get(1) != Some(&"FLOCK") {
            return None;
        }
        let (pid, file) = (fields.get(4)?, fields.get(5)?);
        let mut parts = file.split(':');
        let same = u32::from_str_radix(parts.next()?, 16).ok()? == major
            && u32::from_str_radix(parts.next()?, 16).ok()? == minor
            && parts.next()?.parse::<u64>().ok()? == inode;
        same.then(|| pid.parse().ok()).flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn finds_the_holder_of_one_file_among_the_locks() {
        let locks = "1: POSIX  ADVISORY  WRITE 100 fd:01:77 0 EOF\n\
                     2: FLOCK  ADVISORY  WRITE 4242 fd:01:1311 0 EOF\n\
                     2: -> FLOCK  ADVISORY  WRITE 4343 fd:01:1311 0 EOF\n\
                     3: FLOCK  ADVISORY  WRITE 5000 00:2a:1311 0 EOF\n";
        assert_eq!(flock_holder(locks, 0xfd, 1, 1311), Some(4242));
        assert_eq!(flock_holder(locks, 0, 0x2a, 1311), Some(5000));
        assert_eq!(flock_holder(locks, 0xfd, 1, 77), None, "a POSIX lock");
        assert_eq!(flock_holder(locks, 0xfd, 1, 9), None);
        assert_eq!(flock_holder("garbage\n1: FLOCK\n", 0xfd, 1, 9), None);
    }

    #[test]
    fn a_second_lock_is_refused_naming_the_holder_until_the_first_goes() {
        let dir = std::env::temp_dir().join(format!(
            "fulltime-state-lock-{}-{}",
            std::process::id(),
            anchor_lang::prelude::Pubkey::new_unique()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let first = StateDirLock::acquire(&dir).expect("a free directory");
        let error = StateDirLock::acquire(&dir).expect_err("held");
        let message = error.to_string();
        assert!(message.contains(&dir.display().to_string()), "{message}");
        if cfg!(target_os = "linux") {
            let pid = std::process::id();
            assert!(message.contains(&format!("(pid {pid})")), "{message}");
        }
        assert!(StateDirLock::check_free(&dir).is_err());
        drop(first);
        StateDirLock::check_free(&dir).expect("free again");
        StateDirLock::acquire(&dir).expect("free again");
        assert!(StateDirLock::check_free(&dir.join("missing")).is_ok());
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
