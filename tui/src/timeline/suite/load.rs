//! The PATHs of `timeline run` made timelines: a file is itself, a folder its `*.toml` files (not
//! its subfolders': a folder of drafts or helpers beside the timelines stays out), sorted by
//! path. Every path is loaded before anything runs, so that every bad one is named at once.

use std::path::{Path, PathBuf};

use fulltime_matches::timeline::{Timeline, TimelineError, load};

/// A timeline loaded from its file, ready to play.
#[derive(Clone, Debug)]
pub struct LoadedTimeline {
    /// The file, as the PATH named it (a folder's file under the folder's path).
    pub path: PathBuf,
    /// What the report calls it: the file's name without `.toml`.
    pub name: String,
    pub timeline: Timeline,
}

/// Why a PATH gave no timeline.
#[derive(Debug, thiserror::Error)]
pub enum LoadFailure {
    /// A file that does not load as a timeline.
    #[error(transparent)]
    Timeline(Box<TimelineError>),
    /// A folder that cannot be listed.
    #[error("{}: cannot list the folder: {source}", path.display())]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A folder without a `*.toml` file: most likely the wrong folder.
    #[error("{}: no *.toml timeline in the folder", path.display())]
    EmptyFolder { path: PathBuf },
}

impl LoadFailure {
    /// The file or folder it is about.
    pub fn path(&self) -> &Path {
        match self {
            Self::Timeline(error) => &error.file,
            Self::Folder { path, .. } | Self::EmptyFolder { path } => path,
        }
    }
}

/// Every timeline the PATHs name, in order (a folder's sorted by path); or every failure, when
/// any file or folder does not load.
pub fn load_paths(paths: &[PathBuf]) -> Result<Vec<LoadedTimeline>, Vec<LoadFailure>> {
    let mut loaded = Vec::new();
    let mut failures = Vec::new();
    for path in paths {
        let files = if path.is_dir() {
            match timeline_files_in(path) {
                Ok(files) => files,
                Err(failure) => {
                    failures.push(failure);
                    continue;
                }
            }
        } else {
            vec![path.clone()]
        };
        for file in files {
            match load(&file) {
                Ok(timeline) => loaded.push(LoadedTimeline {
                    name: name_of(&file),
                    path: file,
                    timeline,
                }),
                Err(error) => failures.push(LoadFailure::Timeline(Box::new(error))),
            }
        }
    }
    if failures.is_empty() {
        Ok(loaded)
    } else {
        Err(failures)
    }
}

/// The `*.toml` files directly in `folder`, sorted by path.
fn timeline_files_in(folder: &Path) -> Result<Vec<PathBuf>, LoadFailure> {
    let listing_failed = |source| LoadFailure::Folder {
        path: folder.to_owned(),
        source,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(listing_failed)? {
        let path = entry.map_err(listing_failed)?.path();
        if path.is_file()
            && path
                .extension()
                .is_some_and(|extension| extension == "toml")
        {
            files.push(path);
        }
    }
    if files.is_empty() {
        return Err(LoadFailure::EmptyFolder {
            path: folder.to_owned(),
        });
    }
    files.sort();
    Ok(files)
}

fn name_of(file: &Path) -> String {
    file.file_stem().map_or_else(
        || file.display().to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fulltime-load-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    #[test]
    fn a_folder_is_its_toml_files_sorted_then_a_file_as_given() {
        let shipped = fulltime_matches::timeline::timelines_dir();
        let file = shipped.join("pro-rata-payouts.toml");
        let loaded = load_paths(&[shipped.clone(), file.clone()]).expect("the shipped timelines");
        let names: Vec<&str> = loaded.iter().map(|loaded| loaded.name.as_str()).collect();
        let mut sorted = names[..names.len() - 1].to_vec();
        sorted.sort_unstable();
        assert_eq!(names[..names.len() - 1], sorted[..]);
        assert!(names.len() >= 7, "{names:?}");
        assert_eq!(loaded.last().map(|loaded| &loaded.path), Some(&file));
    }

    #[test]
    fn every_bad_path_is_named() {
        let dir = scratch("bad");
        std::fs::write(dir.join("a.toml"), "match = ").expect("a bad file");
        std::fs::write(dir.join("b.toml"), "not toml at all [").expect("another");
        std::fs::write(dir.join("notes.txt"), "not a timeline").expect("a note");
        let empty = dir.join("empty");
        std::fs::create_dir_all(&empty).expect("an empty folder");
        let missing = dir.join("missing.toml");
        let failures =
            load_paths(&[dir.clone(), empty.clone(), missing.clone()]).expect_err("nothing loads");
        let paths: Vec<&Path> = failures.iter().map(LoadFailure::path).collect();
        assert_eq!(
            paths,
            [&dir.join("a.toml"), &dir.join("b.toml"), &empty, &missing]
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
