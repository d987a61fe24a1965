//! Nothing in the repository's Markdown sends the reader outside the repository: a clone is all
//! a user has. A path that climbs above the repository's root, that goes through a folder named
//! `shared` the repository does not have, or that names a Markdown file the repository does not
//! have, is a fault, whether it is a link's target or a path written in prose or code.
//!
//! Every line is read, fenced code and code spans too: a path in a command is as much a place to
//! read as a link. A path is a run of letters, digits and `.`, `_`, `-`, `~`, `/`, `%` that holds a
//! `/` or ends in `.md`, a sentence's full stop aside; a URL's (after `scheme:`, `//`, or from a
//! host name such as `github.com/`) is not one. A path is read from the Markdown file's folder
//! (from the root when it starts with `/`), and one that does not climb is looked up from there
//! and from the root.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::links::{percent_decoded, within_repository};
use crate::markdown::{markdown_files, walk};

/// How a path leads outside the repository.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// Its `..` climb above the repository's root.
    AboveRoot,
    /// It goes through a folder named `shared` that the repository does not have.
    SharedFolder,
    /// It names a Markdown file that the repository does not have.
    MarkdownFile,
}

/// A path in a Markdown file that leads outside the repository.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutsideFault {
    /// The Markdown file, relative to the repository root.
    pub file: PathBuf,
    pub line: usize,
    pub path: String,
    pub outside: Outside,
}

impl fmt::Display for OutsideFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.outside {
            Outside::AboveRoot => "climbs above the repository's root",
            Outside::SharedFolder => "goes through a `shared` folder the repository does not have",
            Outside::MarkdownFile => "names a Markdown file the repository does not have",
        };
        write!(
            f,
            "{}:{}: {} {why}, so a clone cannot follow it; write what it points to in the \
             repository (docs/ or a part's README) and point there",
            self.file.display(),
            self.line,
            self.path
        )
    }
}

/// Every path in the Markdown files under `root` that leads outside the repository, in file and
/// line order.
pub fn outside_faults(root: &Path) -> io::Result<Vec<OutsideFault>> {
    let names = file_names(root)?;
    let mut faults = Vec::new();
    for file in markdown_files(root)? {
        let text = fs::read_to_string(&file)?;
        let relative = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        let folder = relative.parent().unwrap_or(Path::new(""));
        for (index, line) in text.lines().enumerate() {
            for path in paths(line) {
                if let Some(outside) = leads_outside(root, folder, &names, &path) {
                    faults.push(OutsideFault {
                        file: relative.clone(),
                        line: index + 1,
                        path,
                        outside,
                    });
                }
            }
        }
    }
    Ok(faults)
}

/// The paths written on `line`, in order, percent escapes decoded.
pub fn paths(line: &str) -> Vec<String> {
    let is_path_char = |c: char| c.is_alphanumeric() || "._-~/%".contains(c);
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find(is_path_char) {
        let before = rest[..start].chars().next_back();
        let run = &rest[start..];
        let end = run.find(|c| !is_path_char(c)).unwrap_or(run.len());
        let token = without_full_stop(&run[..end]);
        rest = &run[end..];
        let in_url = matches!(before, Some(':' | '@')) || token.starts_with("//");
        let is_markdown = Path::new(token).extension().is_some_and(|ext| ext == "md");
        let is_path = if token.contains('/') {
            !starts_with_host(token)
        } else {
            is_markdown
        };
        if is_path && !in_url {
            found.push(percent_decoded(token));
        }
    }
    found
}

/// `token` without the full stop of a sentence it ends (`docs/a.md.`); `..` is kept.
fn without_full_stop(token: &str) -> &str {
    if token == ".." || token.ends_with("/..") {
        token
    } else {
        token.trim_end_matches('.')
    }
}

/// Whether `token` starts with a host name (`github.com/owner`), as a URL without its scheme
/// does: a first folder with a dot inside it.
fn starts_with_host(token: &str) -> bool {
    token
        .split('/')
        .next()
        .is_some_and(|first| !first.starts_with('.') && first.contains('.'))
}

/// How `path`, written in a Markdown file of `folder` (both relative to `root`), leads outside
/// the repository whose file names are `names`; `None` when it does not.
fn leads_outside(
    root: &Path,
    folder: &Path,
    names: &HashSet<OsString>,
    path: &str,
) -> Option<Outside> {
    let from_root = path.strip_prefix('/');
    let written = Path::new(from_root.unwrap_or(path));
    let base = if from_root.is_some() {
        Path::new("")
    } else {
        folder
    };
    let Some(resolved) = within_repository(&base.join(written)) else {
        return Some(Outside::AboveRoot);
    };
    let climbs = written.components().any(|c| c == Component::ParentDir);
    let exists = root.join(&resolved).exists() || (!climbs && root.join(written).exists());
    let through_shared = written
        .components()
        .any(|c| c == Component::Normal("shared".as_ref()));
    let is_markdown = written.extension().is_some_and(|ext| ext == "md");
    let bare_name = written.components().count() == 1;
    if through_shared && !exists {
        Some(Outside::SharedFolder)
    } else if is_markdown && bare_name {
        (!names.contains(written.as_os_str())).then_some(Outside::MarkdownFile)
    } else if is_markdown && !exists {
        Some(Outside::MarkdownFile)
    } else {
        None
    }
}

/// The name of every file under `root`, outside the folders the walk skips.
fn file_names(root: &Path) -> io::Result<HashSet<OsString>> {
    let mut names = HashSet::new();
    walk(root, &mut |path, is_dir| {
        if let (false, Some(name)) = (is_dir, path.file_name()) {
            names.insert(name.to_os_string());
        }
    })?;
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_tree::TempTree;

    #[test]
    fn paths_are_found_in_links_prose_and_code() {
        let line = "See [the node](localnet/README.md#flags), `../idl/` and DESIGN.md. Not \
                    https://example.com/a/README.md, github.com/o/r/README.md, `*.md`, \
                    me@host/x.md or a word; `and/or`, ../a%20b/c.md.";
        assert_eq!(
            paths(line),
            [
                "localnet/README.md",
                "../idl/",
                "DESIGN.md",
                "and/or",
                "../a b/c.md"
            ]
            .map(String::from)
        );
    }

    #[test]
    fn a_climb_above_the_root_is_a_fault_and_one_within_is_not() {
        let tree = TempTree::new(&[("tools/docs/README.md", ""), ("idl/a.json", "")]);
        let outside =
            |path: &str| leads_outside(tree.root(), Path::new("tools/docs"), &HashSet::new(), path);
        assert_eq!(outside("../../../notes/plan.txt"), Some(Outside::AboveRoot));
        assert_eq!(outside("/../plan.txt"), Some(Outside::AboveRoot));
        assert_eq!(outside("../../idl/a.json"), None);
        assert_eq!(outside("../../notes/plan.txt"), None);
    }

    #[test]
    fn a_shared_folder_or_markdown_file_counts_only_where_the_repository_lacks_it() {
        let tree = TempTree::new(&[
            ("README.md", ""),
            ("tui/README.md", ""),
            ("tui/src/shared/mod.rs", ""),
        ]);
        let names = file_names(tree.root()).expect("walk the tree");
        let outside = |path: &str| leads_outside(tree.root(), Path::new("tui"), &names, path);
        assert_eq!(
            outside("shared/reference/a.json"),
            Some(Outside::SharedFolder)
        );
        assert_eq!(outside("/work/shared/"), Some(Outside::SharedFolder));
        assert_eq!(outside("src/shared/mod.rs"), None);
        assert_eq!(outside("tui/src/shared/"), None);
        assert_eq!(outside("DESIGN.md"), Some(Outside::MarkdownFile));
        assert_eq!(outside("docs/contract.md"), Some(Outside::MarkdownFile));
        assert_eq!(outside("README.md"), None);
        assert_eq!(outside("../README.md"), None);
        assert_eq!(outside("tui/README.md"), None);
    }

    #[test]
    fn each_fault_is_named_by_file_line_and_path_and_skipped_folders_are_not_read() {
        let tree = TempTree::new(&[
            (
                "README.md",
                "# Fulltime\n\nRead [the design](../shared/DESIGN.md).\n\n```\n\
                 cat shared/spec/errors.md\n```\n",
            ),
            (
                "docs/toolchain.md",
                "As DESIGN.md says; see [the root](../README.md).\n",
            ),
            ("target/doc/README.md", "[out](../../../x.md)\n"),
            ("clients/ts/node_modules/a/README.md", "shared/x/\n"),
        ]);
        let found = outside_faults(tree.root()).expect("read the tree");
        let fault = |file: &str, line, path: &str, outside| OutsideFault {
            file: PathBuf::from(file),
            line,
            path: path.into(),
            outside,
        };
        assert_eq!(
            found,
            vec![
                fault("README.md", 3, "../shared/DESIGN.md", Outside::AboveRoot),
                fault(
                    "README.md",
                    6,
                    "shared/spec/errors.md",
                    Outside::SharedFolder
                ),
                fault("docs/toolchain.md", 1, "DESIGN.md", Outside::MarkdownFile),
            ]
        );
        assert_eq!(
            found[0].to_string(),
            "README.md:3: ../shared/DESIGN.md climbs above the repository's root, so a clone \
             cannot follow it; write what it points to in the repository (docs/ or a part's \
             README) and point there"
        );
    }
}
