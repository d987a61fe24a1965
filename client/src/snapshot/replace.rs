//! Replacing a file whole: the kept chain, its clock file, `env.json` and saved snapshots are
//! rewritten while other processes read them, and two writers must never share a half-written
//! file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes the temporary files of one process's writers.
static NEXT_TEMPORARY: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` through a temporary file beside it, created for this write alone
/// (its name holds the process id and a counter, and it is created exclusively), readable by
/// its owner only and synced before it is renamed over `path`: a crash leaves the old file or
/// the new one, never a part, and concurrent writers each rename a whole file of their own.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temporary = temporary_beside(path);
    let written = write_new(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

fn temporary_beside(path: &Path) -> PathBuf {
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let writer = NEXT_TEMPORARY.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{file_name}.{}-{writer}.tmp", std::process::id()))
}

fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}
