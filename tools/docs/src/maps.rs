//! Each part's map of its folders: the README that covers a crate names, in its section
//! "What is where", every source folder of the crate, and every folder or file that section
//! names exists. The rules are written out in `tools/docs/README.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::markdown::{code_spans, section, walk};

/// The title of the heading (of any level) over a part's map.
pub const MAP_HEADING: &str = "What is where";

/// The folders of a crate whose Rust files are its sources.
const SOURCE_ROOTS: [&str; 4] = ["src", "tests", "examples", "benches"];

/// How a map and the folders disagree. Paths are relative to the repository's root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapFault {
    /// A crate with no `README.md` in its folder or above it, below the root.
    NoReadme { crate_dir: PathBuf },
    /// A README that covers a crate and has no map.
    NoMap { readme: PathBuf },
    /// A folder the map does not name; `name` is how it must be named there.
    Unnamed {
        readme: PathBuf,
        folder: PathBuf,
        name: String,
    },
    /// A path the map names that is not there.
    Missing { readme: PathBuf, name: String },
}

impl fmt::Display for MapFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoReadme { crate_dir } => write!(
                f,
                "{}: a crate with no README.md in its folder or above it; write one with a \
                 section \"{MAP_HEADING}\"",
                crate_dir.display()
            ),
            Self::NoMap { readme } => write!(
                f,
                "{}: no section \"{MAP_HEADING}\", the map of the part's folders",
                readme.display()
            ),
            Self::Unnamed {
                readme,
                folder,
                name,
            } => write!(
                f,
                "{}: the folder {} is not in the map: name it `{name}` in the section \
                 \"{MAP_HEADING}\"",
                readme.display(),
                folder.display()
            ),
            Self::Missing { readme, name } => write!(
                f,
                "{}: the map names `{name}`, which is not there",
                readme.display()
            ),
        }
    }
}

/// What a walk of the repository found: each part README's folder and the crates it covers.
#[derive(Debug, Default)]
pub struct Parts {
    pub covered: BTreeMap<PathBuf, Vec<PathBuf>>,
    pub without_readme: Vec<PathBuf>,
}

/// Every crate under `root` (a folder with a `Cargo.toml`, other than the root), grouped by the
/// folder of the README that covers it: the nearest one in its folder or above it, below the
/// root.
pub fn parts(root: &Path) -> io::Result<Parts> {
    let mut crates = BTreeSet::new();
    walk(root, &mut |path, is_dir| {
        if !is_dir && path.file_name().is_some_and(|name| name == "Cargo.toml") {
            let relative = path.parent().and_then(|dir| dir.strip_prefix(root).ok());
            if let Some(dir) = relative.filter(|dir| !dir.as_os_str().is_empty()) {
                crates.insert(dir.to_path_buf());
            }
        }
    })?;
    let mut parts = Parts::default();
    for crate_dir in crates {
        match readme_dir(root, &crate_dir) {
            Some(dir) => parts.covered.entry(dir).or_default().push(crate_dir),
            None => parts.without_readme.push(crate_dir),
        }
    }
    Ok(parts)
}

/// The folders of the crate at `crate_dir` that hold a `.rs` file, under [`SOURCE_ROOTS`] (the
/// roots themselves included), relative to the crate and sorted.
pub fn source_folders(crate_dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut folders = BTreeSet::new();
    for source_root in SOURCE_ROOTS {
        let under = crate_dir.join(source_root);
        if !under.is_dir() {
            continue;
        }
        walk(&under, &mut |path, is_dir| {
            let is_rust = !is_dir && path.extension().is_some_and(|ext| ext == "rs");
            let folder = path.parent().filter(|_| is_rust);
            if let Some(relative) = folder.and_then(|folder| folder.strip_prefix(crate_dir).ok()) {
                folders.insert(relative.to_path_buf());
            }
        })?;
    }
    Ok(folders.into_iter().collect())
}

/// Every way the maps of the READMEs under `root` disagree with the crates' folders.
pub fn map_faults(root: &Path) -> io::Result<Vec<MapFault>> {
    let parts = parts(root)?;
    let mut faults: Vec<MapFault> = parts
        .without_readme
        .into_iter()
        .map(|crate_dir| MapFault::NoReadme { crate_dir })
        .collect();
    for (dir, crates) in parts.covered {
        let readme = dir.join("README.md");
        let text = fs::read_to_string(root.join(&readme))?;
        let Some(map) = section(&text, MAP_HEADING) else {
            faults.push(MapFault::NoMap { readme });
            continue;
        };
        let named = code_spans(&map);
        for crate_dir in crates {
            let from_readme = crate_dir.strip_prefix(&dir).unwrap_or(&crate_dir);
            let mut folders = Vec::new();
            if !from_readme.as_os_str().is_empty() {
                folders.push(from_readme.to_path_buf());
            }
            for folder in source_folders(&root.join(&crate_dir))? {
                folders.push(from_readme.join(folder));
            }
            for folder in folders {
                let name = folder_name(&folder);
                if !named.contains(&name) {
                    faults.push(MapFault::Unnamed {
                        readme: readme.clone(),
                        folder: dir.join(folder),
                        name,
                    });
                }
            }
        }
        faults.extend(missing(&root.join(&dir), &named).into_iter().map(|name| {
            MapFault::Missing {
                readme: readme.clone(),
                name,
            }
        }));
    }
    Ok(faults)
}

/// The folder of the README that covers `crate_dir`, relative to `root`.
fn readme_dir(root: &Path, crate_dir: &Path) -> Option<PathBuf> {
    let mut dir = Some(crate_dir);
    while let Some(candidate) = dir.filter(|dir| !dir.as_os_str().is_empty()) {
        if root.join(candidate).join("README.md").is_file() {
            return Some(candidate.to_path_buf());
        }
        dir = candidate.parent();
    }
    None
}

/// How a map names `folder` (relative to its README): `src/rpc/`.
fn folder_name(folder: &Path) -> String {
    let parts: Vec<_> = folder
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect();
    format!("{}/", parts.join("/"))
}

/// The paths among a map's code spans `named` that are not there: a folder (`src/rpc/`) from
/// the README's folder `base`, a Rust file (`confirm.rs`, `src/lib.rs`) from the folder named
/// last before it or from `base`.
fn missing(base: &Path, named: &[String]) -> Vec<String> {
    let mut missing = Vec::new();
    let mut last_folder = base.to_path_buf();
    for name in named.iter().filter(|name| is_path(name)) {
        let found = if name.ends_with('/') {
            last_folder = base.join(name);
            last_folder.is_dir()
        } else {
            last_folder.join(name).is_file() || base.join(name).is_file()
        };
        if !found {
            missing.push(name.clone());
        }
    }
    missing
}

/// Whether a code span of a map names a path of the part: a relative path of letters, digits,
/// `_`, `-`, `.` and `/`, ending in `/` (a folder) or `.rs` (a file). A span starting with `.`
/// (`../idl/`, `.localnet/`) or holding anything else (`<state-dir>/wallets/`) is prose.
fn is_path(span: &str) -> bool {
    (span.ends_with('/') || span.ends_with(".rs"))
        && !span.starts_with(['.', '/'])
        && !span.contains("//")
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_tree::TempTree;

    fn faults(tree: &TempTree) -> Vec<MapFault> {
        map_faults(tree.root()).expect("walk the tree")
    }

    fn map(spans: &str) -> String {
        format!("# Part\n\n## What is where\n\n{spans}\n\n## Tests\n\n`src/rpc/`\n")
    }

    #[test]
    fn a_source_folder_the_map_leaves_out_is_named_with_how_to_name_it() {
        let tree = TempTree::new(&[
            ("client/Cargo.toml", ""),
            ("client/README.md", &map("- `src/`: `lib.rs`\n- `tests/`")),
            ("client/src/lib.rs", ""),
            ("client/src/rpc/mod.rs", ""),
            ("client/src/snapshots/a.snap", ""),
            ("client/tests/node.rs", ""),
            ("client/benches/data.json", ""),
        ]);
        assert_eq!(
            faults(&tree),
            vec![MapFault::Unnamed {
                readme: PathBuf::from("client/README.md"),
                folder: PathBuf::from("client/src/rpc"),
                name: "src/rpc/".into(),
            }]
        );
    }

    #[test]
    fn a_crate_below_its_readme_is_named_by_its_folder_too() {
        let tree = TempTree::new(&[
            (
                "program/README.md",
                &map("`settlement/`, `settlement/src/`"),
            ),
            ("program/settlement/Cargo.toml", ""),
            ("program/settlement/src/lib.rs", ""),
            ("program/mainnet/Cargo.toml", ""),
        ]);
        assert_eq!(
            faults(&tree),
            vec![MapFault::Unnamed {
                readme: PathBuf::from("program/README.md"),
                folder: PathBuf::from("program/mainnet"),
                name: "mainnet/".into(),
            }]
        );
    }

    #[test]
    fn a_path_the_map_names_must_be_there() {
        let spans = "- `src/`: `lib.rs`, `gone.rs`; `src/gone/`\n\
                     - `src/rpc/`: `confirm.rs` and `src/lib.rs`\n\
                     - not paths: `<state-dir>/wallets/`, `../idl/`, `.localnet/`, `*.rs`";
        let tree = TempTree::new(&[
            ("client/Cargo.toml", ""),
            ("client/README.md", &map(spans)),
            ("client/src/lib.rs", ""),
            ("client/src/rpc/confirm.rs", ""),
        ]);
        let missing = |name: &str| MapFault::Missing {
            readme: PathBuf::from("client/README.md"),
            name: name.into(),
        };
        assert_eq!(
            faults(&tree),
            vec![missing("gone.rs"), missing("src/gone/")]
        );
    }

    #[test]
    fn a_crate_needs_a_readme_with_a_map() {
        let tree = TempTree::new(&[
            ("tools/docs/Cargo.toml", ""),
            ("tools/docs/src/lib.rs", ""),
            ("stack/Cargo.toml", ""),
            ("stack/README.md", "# Stack\n\n## The code\n\n`src/`\n"),
        ]);
        assert_eq!(
            faults(&tree),
            vec![
                MapFault::NoReadme {
                    crate_dir: PathBuf::from("tools/docs"),
                },
                MapFault::NoMap {
                    readme: PathBuf::from("stack/README.md"),
                },
            ]
        );
    }

    #[test]
    fn spans_that_are_paths_are_told_from_prose() {
        for path in ["src/", "src/rpc/", "lib.rs", "src/bin/faucet-bench.rs"] {
            assert!(is_path(path), "{path}");
        }
        for prose in [
            "../idl/",
            ".localnet/",
            "<state-dir>/x/",
            "*.rs",
            "a b/",
            "src//",
        ] {
            assert!(!is_path(prose), "{prose}");
        }
    }
}
