//! Writing a file whole: keypair files (`keypair_file::write_keypair_file`), the kept chain, its
//! clock file, `env.json`, saved snapshots and the supervisor's record are rewritten while other
//! processes read them, and a writer may be killed at any moment.
//!
//! The bytes go to a temporary file beside the target, created for this write alone (its name,
//! `.NAME.PID-N.tmp`, holds the process id and a counter, and it is created exclusively with mode
//! 0600), which is synced, then renamed over the target, or linked to its name where the target
//! must not exist yet; then the directory is synced, so that the new name survives a crash too.
//! A reader, or a writer killed at any point, sees the old file or the new one, never an empty or
//! half-written one; two writers never share a temporary file; the file is its owner's alone even
//! where an older one was readable by all. A writer killed before the rename leaves its temporary
//! file behind. A symbolic link at the target is refused, naming it: nothing is written where it
//! points.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a write does where the file exists already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Replace it, in one rename: a reader sees the old file or the new one.
    Replace,
    /// Refuse with [`WholeFileError::Exists`]: the file may be the only copy of a funded key. Of
    /// two writers of one new path, exactly one succeeds.
    Refuse,
}

#[derive(Debug, thiserror::Error)]
pub enum WholeFileError {
    #[error("{} exists already; it is never overwritten", path.display())]
    Exists { path: PathBuf },
    #[error(
        "{} is a symbolic link; nothing is written through one (remove the link, or name the file \
         it points to)",
        path.display()
    )]
    Symlink { path: PathBuf },
    #[error("cannot write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes `bytes` to `path` whole or not at all, mode 0600; see the module's documentation. A
/// missing directory is made.
pub fn write_whole(path: &Path, bytes: &[u8], existing: Existing) -> Result<(), WholeFileError> {
    let io_error = |source| WholeFileError::Io {
        path: path.to_owned(),
        source,
    };
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(WholeFileError::Symlink {
                path: path.to_owned(),
            });
        }
        Ok(_) if existing == Existing::Refuse => {
            return Err(WholeFileError::Exists {
                path: path.to_owned(),
            });
        }
        Ok(_) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => return Err(io_error(error)),
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let file_name = path
        .file_name()
        .ok_or_else(|| io_error(std::io::Error::other("the path names no file")))?;

    std::fs::create_dir_all(dir).map_err(io_error)?;
    let mut temporary = Temporary::create(dir, &file_name.to_string_lossy()).map_err(io_error)?;
    temporary.file.write_all(bytes).map_err(io_error)?;
    temporary.file.sync_all().map_err(io_error)?;
    match existing {
        // rename(2) replaces a link that appeared meanwhile rather than following it.
        Existing::Replace => std::fs::rename(&temporary.path, path).map_err(io_error)?,
        // link(2) fails where anything, a link included, has the name: the check that makes two
        // `wallet new` of one name give one wallet. The temporary name goes when it drops.
        Existing::Refuse => {
            std::fs::hard_link(&temporary.path, path).map_err(|error| match error.kind() {
                std::io::ErrorKind::AlreadyExists => WholeFileError::Exists {
                    path: path.to_owned(),
                },
                _ => io_error(error),
            })?
        }
    }
    temporary.renamed = existing == Existing::Replace;
    drop(temporary);
    sync_directory(dir).map_err(io_error)
}

/// [`write_whole`], replacing what is there, for callers that report any failure as I/O.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_whole(path, bytes, Existing::Replace).map_err(|error| match error {
        WholeFileError::Io { source, .. } => source,
        other => std::io::Error::other(other.to_string()),
    })
}

/// A temporary file of this writer's own beside the target, removed when dropped unless it was
/// renamed into place.
struct Temporary {
    file: File,
    path: PathBuf,
    renamed: bool,
}

/// Distinguishes the temporary files of one process's writers.
static NEXT_TEMPORARY: AtomicU64 = AtomicU64::new(0);

/// How many taken names are stepped over (a killed writer's leftovers, under a process id that
/// was reused) before giving up.
const NAME_TRIES: usize = 64;

impl Temporary {
    fn create(dir: &Path, file_name: &str) -> std::io::Result<Self> {
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut last_error = None;
        for _ in 0..NAME_TRIES {
            let writer = NEXT_TEMPORARY.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(format!(".{file_name}.{}-{writer}.tmp", std::process::id()));
            match options.open(&path) {
                Ok(file) => {
                    return Ok(Self {
                        file,
                        path,
                        renamed: false,
                    });
                }
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                    last_error = Some(error);
                }
                Err(error) => return Err(error),
            }
        }
        Err(last_error.unwrap_or_else(|| std::io::Error::other("no temporary name is free")))
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Syncs the directory's entries, so that a rename or link survives a crash of the machine.
#[cfg(unix)]
fn sync_directory(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_directory(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    /// A directory of this test's own, emptied first.
    fn test_dir(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("fulltime-whole-file-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("test dir");
        dir
    }

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o777
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("read dir")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_written_whole_for_its_owner_alone_and_nothing_else_stays() {
        let dir = test_dir("whole");
        let path = dir.join("more").join("id.json");
        write_whole(&path, b"[1,2,3]", Existing::Refuse).expect("write");
        assert_eq!(std::fs::read(&path).expect("read"), b"[1,2,3]");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(names(&dir.join("more")), ["id.json"]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_replaced_file_is_its_owners_alone_even_when_it_was_readable_by_all() {
        let dir = test_dir("mode");
        let path = dir.join("mint-authority.json");
        std::fs::write(&path, "[1, 2").expect("an old file");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        write_whole(&path, b"new", Existing::Replace).expect("replace");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::read(&path).expect("read"), b"new");
        assert_eq!(names(&dir), ["mint-authority.json"]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn an_existing_file_is_refused_when_it_must_stay() {
        let dir = test_dir("exists");
        let path = dir.join("bob.json");
        write_whole(&path, b"first", Existing::Refuse).expect("first");
        let error = write_whole(&path, b"second", Existing::Refuse).expect_err("a second write");
        assert!(
            matches!(&error, WholeFileError::Exists { path: named } if *named == path),
            "{error}"
        );
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        assert_eq!(names(&dir), ["bob.json"]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_symbolic_link_is_refused_and_named_and_what_it_points_to_is_untouched() {
        let dir = test_dir("symlink");
        let elsewhere = dir.join("elsewhere.json");
        std::fs::write(&elsewhere, "precious").expect("the link's target");
        let dangling = dir.join("nowhere.json");
        for (link, target) in [("bob.json", &elsewhere), ("carol.json", &dangling)] {
            let path = dir.join(link);
            std::os::unix::fs::symlink(target, &path).expect("symlink");
            for existing in [Existing::Replace, Existing::Refuse] {
                let error = write_whole(&path, b"key", existing).expect_err("through a link");
                assert!(
                    matches!(&error, WholeFileError::Symlink { path: named } if *named == path),
                    "{error}"
                );
                assert!(
                    error
                        .to_string()
                        .contains(&format!("{} is a symbolic link", path.display())),
                    "{error}"
                );
            }
        }
        assert_eq!(
            std::fs::read_to_string(&elsewhere).expect("read"),
            "precious"
        );
        assert!(
            !dangling.exists(),
            "nothing was created where a link points"
        );
        assert_eq!(names(&dir), ["bob.json", "carol.json", "elsewhere.json"]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
