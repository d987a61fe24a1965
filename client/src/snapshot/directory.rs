//! `<state-dir>/snapshots/`: the snapshots `fulltime snapshot save` writes by name, and what
//! `fulltime snapshot list` shows of them.

use std::path::{Path, PathBuf};

use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;

use fulltime_files::file_name::is_plain_file_name;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_files::snapshot::{
    ChainClock, ChainSnapshot, EXTENSION, ProgramBuild, SNAPSHOTS_DIR, named_path,
};

use super::{SaveError, capture};

/// A snapshot just written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub name: String,
    pub path: PathBuf,
    pub bytes: u64,
    pub accounts: usize,
    pub clock: ChainClock,
}

/// One file of the snapshots directory: what it holds, or why it cannot be loaded.
#[derive(Debug)]
pub struct Listed {
    pub name: String,
    pub path: PathBuf,
    pub bytes: u64,
    pub content: Result<Summary, String>,
}

/// What a readable snapshot holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub saved_at: i64,
    pub clock: ChainClock,
    pub accounts: usize,
    /// Why this build cannot load it, if it cannot.
    pub other_build: Option<String>,
}

/// Whether `name` can name a snapshot file: letters, digits, `-`, `_` and `.`, not starting
/// with a dot, so that it stays one file in the snapshots directory on every system.
pub fn check_name(name: &str) -> Result<(), SaveError> {
    if !is_plain_file_name(name) {
        return Err(SaveError::Name {
            name: name.to_owned(),
        });
    }
    Ok(())
}

/// Saves the chain of the node `env` describes as `<state_dir>/snapshots/<name>.snapshot`; an
/// existing snapshot of that name is not replaced.
pub async fn save_named(
    env: &LocalnetEnv,
    state_dir: &Path,
    name: &str,
) -> Result<Saved, SaveError> {
    save_named_into(env, state_dir, state_dir, name).await
}

/// [`save_named`] for a node whose state directory (`node_dir`, whose keys the snapshot carries)
/// is not the one it lands in: `<into>/snapshots/<name>.snapshot`, where a `localnet` of `into`
/// loads it by name.
pub async fn save_named_into(
    env: &LocalnetEnv,
    node_dir: &Path,
    into: &Path,
    name: &str,
) -> Result<Saved, SaveError> {
    check_name(name)?;
    let path = named_path(into, name);
    if path.exists() {
        return Err(SaveError::Exists { path });
    }
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::processed());
    let snapshot = capture(&rpc, env, node_dir).await?;
    let dir = into.join(SNAPSHOTS_DIR);
    std::fs::create_dir_all(&dir).map_err(|source| SaveError::Directory { dir, source })?;
    let bytes = snapshot.write(&path)?;
    Ok(Saved {
        name: name.to_owned(),
        path,
        bytes,
        accounts: snapshot.accounts.len(),
        clock: snapshot.clock,
    })
}

/// The snapshots in `<state_dir>/snapshots/`, by name; none when there is no such directory.
pub fn list(state_dir: &Path) -> Result<Vec<Listed>, SaveError> {
    let dir = state_dir.join(SNAPSHOTS_DIR);
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(SaveError::Directory { dir, source }),
    };
    let mut listed = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| SaveError::Directory {
            dir: dir.clone(),
            source,
        })?;
        let path = entry.path();
        let Some(name) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_suffix(&format!(".{EXTENSION}")))
            .filter(|name| !name.starts_with('.'))
        else {
            continue;
        };
        let bytes = entry.metadata().map(|meta| meta.len()).unwrap_or_default();
        let content = ChainSnapshot::read(&path)
            .map(|snapshot| Summary {
                saved_at: snapshot.saved_at,
                clock: snapshot.clock,
                accounts: snapshot.accounts.len(),
                other_build: snapshot
                    .build
                    .check(&ProgramBuild::current())
                    .err()
                    .map(|mismatch| mismatch.to_string()),
            })
            .map_err(|error| error.to_string());
        listed.push(Listed {
            name: name.to_owned(),
            path,
            bytes,
            content,
        });
    }
    listed.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_one_file_in_the_directory() {
        for good in ["bug-17", "provisional_dispute", "v1.2"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["", "../escape", "a/b", ".hidden", "with space", "ünï"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lists_readable_and_broken_files_by_name() {
        let dir = std::env::temp_dir().join(format!(
            "fulltime-snapshot-list-{}-{}",
            std::process::id(),
            anchor_lang::prelude::Pubkey::new_unique()
        ));
        assert!(list(&dir).expect("no directory").is_empty());
        std::fs::create_dir_all(dir.join(SNAPSHOTS_DIR)).expect("dir");
        let snapshot = crate::sample::chain_snapshot();
        snapshot.write(&named_path(&dir, "b-good")).expect("write");
        std::fs::write(named_path(&dir, "a-broken"), b"not a snapshot").expect("write");
        std::fs::write(dir.join(SNAPSHOTS_DIR).join("notes.txt"), b"").expect("write");
        let listed = list(&dir).expect("list");
        let names: Vec<&str> = listed.iter().map(|listed| listed.name.as_str()).collect();
        assert_eq!(names, ["a-broken", "b-good"]);
        assert!(listed[0].content.is_err());
        let summary = listed[1].content.as_ref().expect("readable");
        assert_eq!(summary.accounts, 1);
        assert_eq!(summary.other_build, None);
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
