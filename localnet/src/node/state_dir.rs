//! The state directory a node runs in: locked first thing (one node per state directory), and
//! changed only once the node serves. Until then a start reads it and keeps what it would write
//! (keys it makes, the keys a snapshot carries) in memory, so that a start that fails (a taken
//! port, a refused file, a bad wallet) leaves it byte for byte as it was; a state directory that
//! did not exist is made to be locked, and removed again.

use std::path::{Path, PathBuf};

use fulltime_client::state_dir_lock::StateDirLock;
use solana_keypair::Keypair;

use super::NodeError;
use super::keys::{load_keypair, write_keypair};

pub struct StateDir {
    path: PathBuf,
    /// The directories made to lock it (it, and parents that were missing), outermost first:
    /// removed again unless the node comes to serve.
    made: Vec<PathBuf>,
    /// Keypair files written once the node serves.
    keys: Vec<(PathBuf, Keypair)>,
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

    /// The node serves: the keys are written, and the directory stays.
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

fn remove_made(made: &[PathBuf]) {
    for dir in made.iter().rev() {
        let _ = std::fs::remove_dir(dir);
    }
}
