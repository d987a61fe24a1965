//! The state directory a node runs in: locked first thing (one node per state directory), and
//! changed only once the node serves. Until then a start reads it and keeps what it would write
//! (keys it makes, the keys a snapshot carries) in memory, so that a start that fails (a taken
//! port, a refused file, a bad wallet) leaves it byte for byte as it was; a state directory that
//! did not exist is made to be locked, and removed again.

use std::path::{Path, PathBuf};

use fulltime_files::state_dir_lock::StateDirLock;
use fulltime_files::whole_file::write_atomically;
use solana_keypair::Keypair;

use super::NodeError;
use super::keys::{load_keypair, write_keypair};

/// A file's path inside a directory, and its bytes.
pub type FileInside = (PathBuf, Vec<u8>);

pub struct StateDir {
    path: PathBuf,
    /// The directories made to lock it (it, and parents that were missing), outermost first:
    /// removed again unless the node comes to serve.
    made: Vec<PathBuf>,
    /// Keypair files written once the node serves.
    keys: Vec<(PathBuf, Keypair)>,
    /// A directory replaced once the node serves, by these files.
    replaced_dir: Option<(PathBuf, Vec<FileInside>)>,
    serving: bool,
    _lock: StateDirLock,
}

impl StateDir {
    /// Locks `path`, made when missing; refused while another process holds it.
    pub fn lock(path: &Path) -> Result<Self, NodeError> {
        let mut made: Vec<PathBuf> = path
            .ancestors()
            .take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists())
            .map(Path::to_owned)
            .collect();
        made.reverse();
        std::fs::create_dir_all(path).map_err(|source| NodeError::StateDir {
            path: path.to_owned(),
            source,
        })?;
        let lock = match StateDirLock::acquire(path) {
            Ok(lock) => lock,
            Err(error) => {
                remove_made(&made);
                return Err(error.into());
            }
        };
        Ok(Self {
            path: path.to_owned(),
            made,
            keys: Vec::new(),
            replaced_dir: None,
            serving: false,
            _lock: lock,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The keypair at `path`, or else a new one, written there once the node serves (the same
    /// one however often it is asked for).
    pub fn load_or_make_keypair(&mut self, path: &Path) -> Result<Keypair, NodeError> {
        if let Some((_, keypair)) = self.keys.iter().find(|(pending, _)| pending == path) {
            return Ok(keypair.insecure_clone());
        }
        if path.exists() {
            return load_keypair(path);
        }
        let keypair = Keypair::new();
        self.keys.push((path.to_owned(), keypair.insecure_clone()));
        Ok(keypair)
    }

    /// `keypair` is written to `path` once the node serves, in place of what is there.
    pub fn write_keypair_once_serving(&mut self, path: PathBuf, keypair: Keypair) {
        self.keys.retain(|(pending, _)| *pending != path);
        self.keys.push((path, keypair));
    }

    /// Once the node serves, `dir` is removed with what it holds and made again with `files`
    /// (each by its path inside it).
    pub fn replace_dir_once_serving(&mut self, dir: PathBuf, files: Vec<FileInside>) {
        self.replaced_dir = Some((dir, files));
    }

    /// The node serves: the keys are written, a directory to replace is replaced, and the
    /// directory stays.
    pub fn serving(&mut self) -> Result<(), NodeError> {
        self.serving = true;
        for (path, keypair) in self.keys.drain(..) {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|error| NodeError::Keypair {
                    path: path.clone(),
                    reason: format!("cannot create {}: {error}", dir.display()),
                })?;
            }
            write_keypair(&keypair, &path)?;
        }
        if let Some((dir, files)) = self.replaced_dir.take() {
            replace_dir(&dir, &files).map_err(|error| {
                NodeError::Keep(format!("cannot write {}: {error}", dir.display()))
            })?;
        }
        Ok(())
    }
}

/// A start that failed leaves no directory it made (a directory something else wrote into
/// meanwhile is not empty, and stays).
impl Drop for StateDir {
    fn drop(&mut self) {
        if !self.serving {
            remove_made(&self.made);
        }
    }
}

/// Removes `dir` (a link there, not what it points to) and writes `files` into it anew.
pub fn replace_dir(dir: &Path, files: &[FileInside]) -> std::io::Result<()> {
    remove_dir(dir)?;
    for (inside, bytes) in files {
        let path = dir.join(inside);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        write_atomically(&path, bytes)?;
    }
    Ok(())
}

/// Removes `dir` and what it holds, if it is there (a link is removed, never followed).
pub fn remove_dir(dir: &Path) -> std::io::Result<()> {
    let removed = match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(dir),
        Ok(_) => std::fs::remove_file(dir),
        Err(error) => Err(error),
    };
    match removed {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

fn remove_made(made: &[PathBuf]) {
    for dir in made.iter().rev() {
        let _ = std::fs::remove_dir(dir);
    }
}
