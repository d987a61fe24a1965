//! Writing a keypair file so that it is whole or absent, readable by its owner alone, and never
//! through a symbolic link: every keypair the tools write (the wallet book's, `localnet`'s keys)
//! goes through [`write_keypair_file`].
//!
//! The keypair goes to a new temporary file in the target's directory (a name no other writer
//! uses, created exclusively with mode 0600), which is flushed to disk and then renamed over the
//! target, or linked to it where the target must not exist yet; then the directory is flushed,
//! so that the new name survives a crash too. A reader, or a writer killed at any moment, sees
//! the old file or the new one, never an empty or half-written one. A writer killed before the
//! rename leaves its temporary file (`.NAME.PID-N.tmp`, its owner's alone) behind.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use solana_keypair::{Keypair, write_keypair};

/// What a write does where the file exists already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Replace it, in one rename: a reader sees the old keypair or the new one.
    Replace,
    /// Refuse with [`KeypairWriteError::Exists`]: the file may be the only copy of a funded key.
    /// Of two writers of one new path, exactly one succeeds.
    Refuse,
}

#[derive(Debug, thiserror::Error)]
pub enum KeypairWriteError {
    #[error("{} exists already; it is never overwritten", path.display())]
    Exists { path: PathBuf },
    #[error(
        "{} is a symbolic link; a keypair is never written through one (remove the link, or \
         name the file it points to)",
        path.display()
    )]
    Symlink { path: PathBuf },
    #[error("cannot write the keypair file {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes `keypair` to `path` in the solana CLI's format (a JSON array of its 64 bytes), whole
/// or not at all, mode 0600; see the module's documentation. A missing directory is made, as
/// the solana CLI makes it.
pub fn write_keypair_file(
    keypair: &Keypair,
    path: &Path,
    existing: Existing,
) -> Result<(), KeypairWriteError> {
    let io_error = |source| KeypairWriteError::Io {
        path: path.to_owned(),
        source,
    };
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(KeypairWriteError::Symlink {
                path: path.to_owned(),
            });
        }
        Ok(_) if existing == Existing::Refuse => {
            return Err(KeypairWriteError::Exists {
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
    write_keypair(keypair, &mut temporary.file)
        .map_err(|error| io_error(std::io::Error::other(error.to_string())))?;
    temporary.file.flush().map_err(io_error)?;
    temporary.file.sync_all().map_err(io_error)?;
    match existing {
        // rename(2) replaces a link that appeared meanwhile rather than following it.
        Existing::Replace => std::fs::rename(&temporary.path, path).map_err(io_error)?,
        // link(2) fails where anything, a link included, has the name: the check that makes two
        // `wallet new` of one name give one wallet. The temporary name goes when it drops.
        Existing::Refuse => {
            std::fs::hard_link(&temporary.path, path).map_err(|error| match error.kind() {
                std::io::ErrorKind::AlreadyExists => KeypairWriteError::Exists {
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

/// A temporary file of this writer's own in the target's directory, removed when dropped unless
/// it was renamed into place.
struct Temporary {
    file: File,
    path: PathBuf,
    renamed: bool,
}

/// Tells apart the temporary files of one process's writers.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// How many taken names are stepped over (a killed writer's leftovers, under a pid that was
/// reused) before giving up.
const NAME_TRIES: usize = 64;

impl Temporary {
    fn create(dir: &Path, file_name: &str) -> std::io::Result<Self> {
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut last_error = None;
        for _ in 0..NAME_TRIES {
            let write = WRITES.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(format!(".{file_name}.{}-{write}.tmp", std::process::id()));
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

/// Flushes the directory's entries, so that a rename or link survives a crash of the machine.
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

    use solana_signer::Signer;

    use super::*;
    use crate::keypair::read_keypair_file;

    /// A directory of this test's own, emptied first.
    fn test_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "fulltime-keypair-write-{}-{test}",
            std::process::id()
        ));
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
    fn a_keypair_is_written_whole_for_its_owner_alone_and_nothing_else_stays() {
        let dir = test_dir("whole");
        let path = dir.join("id.json");
        let keypair = Keypair::new();
        write_keypair_file(&keypair, &path, Existing::Refuse).expect("write");
        assert_eq!(
            read_keypair_file(&path).expect("read").pubkey(),
            keypair.pubkey()
        );
        assert_eq!(mode(&path), 0o600);
        assert_eq!(names(&dir), ["id.json"]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_replaced_file_is_its_owners_alone_even_when_it_was_readable_by_all() {
        let dir = test_dir("mode");
        let path = dir.join("mint-authority.json");
        std::fs::write(&path, "[1, 2").expect("an old file");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let keypair = Keypair::new();
        write_keypair_file(&keypair, &path, Existing::Replace).expect("replace");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(
            read_keypair_file(&path).expect("read").pubkey(),
            keypair.pubkey()
        );
        assert_eq!(names(&dir), ["mint-authority.json"]);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn an_existing_file_is_refused_when_it_must_stay() {
        let dir = test_dir("exists");
        let path = dir.join("bob.json");
        let first = Keypair::new();
        write_keypair_file(&first, &path, Existing::Refuse).expect("first");
        let error = write_keypair_file(&Keypair::new(), &path, Existing::Refuse)
            .expect_err("a second write");
        assert!(
            matches!(&error, KeypairWriteError::Exists { path: named } if *named == path),
            "{error}"
        );
        assert_eq!(
            read_keypair_file(&path).expect("read").pubkey(),
            first.pubkey()
        );
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
                let error = write_keypair_file(&Keypair::new(), &path, existing)
                    .expect_err("through a link");
                assert!(
                    matches!(&error, KeypairWriteError::Symlink { path: named } if *named == path),
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
