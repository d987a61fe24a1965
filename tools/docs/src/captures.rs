//! The READMEs' drawings of the dashboard are made by its snapshot tests, never by hand: a fenced
//! block right after a comment `<!-- capture: PATH -->` is the body of the insta snapshot at PATH
//! (from the repository's root), line for line, trailing spaces aside; and a fenced block that
//! draws the dashboard (a line starting with its header, ` Fulltime `) without such a comment is
//! a fault too, so that no drawing can go stale unnoticed.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::markdown::{Fence, markdown_files};

/// How the dashboard's drawing starts: its header line, one cell in.
const DRAWING_HEADER: &str = " Fulltime ";

/// How a README's drawing and the snapshots disagree. Paths are relative to the repository's
/// root; lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureFault {
    /// A drawing of the dashboard with no `<!-- capture: PATH -->` before it.
    Unmarked { readme: PathBuf, line: usize },
    /// A capture comment that no fenced block follows.
    NoBlock { readme: PathBuf, line: usize },
    /// A snapshot that cannot be read as insta writes one.
    Unreadable {
        readme: PathBuf,
        line: usize,
        snapshot: PathBuf,
        reason: String,
    },
    /// The block and the snapshot differ, first at `row` (from 1) of the drawing.
    Differs {
        readme: PathBuf,
        line: usize,
        snapshot: PathBuf,
        row: usize,
        readme_row: Option<String>,
        snapshot_row: Option<String>,
    },
}

impl fmt::Display for CaptureFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unmarked { readme, line } => write!(
                f,
                "{}:{line}: a drawing of the dashboard that no snapshot makes; put \
                 `<!-- capture: PATH -->` before it, PATH the .snap file of the test that draws \
                 that screen",
                readme.display()
            ),
            Self::NoBlock { readme, line } => write!(
                f,
                "{}:{line}: a capture comment with no fenced block after it",
                readme.display()
            ),
            Self::Unreadable {
                readme,
                line,
                snapshot,
                reason,
            } => write!(
                f,
                "{}:{line}: the snapshot {}: {reason}",
                readme.display(),
                snapshot.display()
            ),
            Self::Differs {
                readme,
                line,
                snapshot,
                row,
                readme_row,
                snapshot_row,
            } => {
                let shown = |row: &Option<String>| {
                    row.as_ref()
                        .map_or_else(|| "nothing".to_owned(), |text| format!("{text:?}"))
                };
                write!(
                    f,
                    "{}:{line}: the drawing differs from the snapshot {} at its line {row}: the \
                     README has {}, the snapshot {}; copy the snapshot's lines (without their \
                     quotes) into the block",
                    readme.display(),
                    snapshot.display(),
                    shown(readme_row),
                    shown(snapshot_row)
                )
            }
        }
    }
}

/// A fenced block and what came before it.
struct Block {
    /// The line of the capture comment before it, and the snapshot it names.
    capture: Option<(usize, PathBuf)>,
    /// The line of its opening fence.
    line: usize,
    /// The opening fence's indentation, taken off each of its lines.
    indent: usize,
    rows: Vec<String>,
}

/// Every way the drawings of the dashboard in the Markdown under `root` disagree with the
/// snapshots they name, or name none.
pub fn capture_faults(root: &Path) -> io::Result<Vec<CaptureFault>> {
    let mut faults = Vec::new();
    for file in markdown_files(root)? {
        let readme = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        let (blocks, dangling) = blocks(&fs::read_to_string(&file)?);
        faults.extend(dangling.into_iter().map(|line| CaptureFault::NoBlock {
            readme: readme.clone(),
            line,
        }));
        for block in blocks {
            faults.extend(check(root, &readme, block));
        }
    }
    Ok(faults)
}

/// The fault of one block, if it has one.
fn check(root: &Path, readme: &Path, block: Block) -> Option<CaptureFault> {
    let Some((line, snapshot)) = block.capture else {
        let draws = block.rows.iter().any(|row| row.starts_with(DRAWING_HEADER));
        return draws.then(|| CaptureFault::Unmarked {
            readme: readme.to_path_buf(),
            line: block.line,
        });
    };
    let body = fs::read_to_string(root.join(&snapshot))
        .map_err(|error| error.to_string())
        .and_then(|text| snapshot_body(&text));
    let expected = match body {
        Ok(expected) => expected,
        Err(reason) => {
            return Some(CaptureFault::Unreadable {
                readme: readme.to_path_buf(),
                line,
                snapshot,
                reason,
            });
        }
    };
    let shown: Vec<&str> = block.rows.iter().map(|row| row.trim_end()).collect();
    let wanted: Vec<&str> = expected.iter().map(|row| row.trim_end()).collect();
    let differs_at = (0..shown.len().max(wanted.len())).find(|&at| shown.get(at) != wanted.get(at));
    differs_at.map(|at| CaptureFault::Differs {
        readme: readme.to_path_buf(),
        line,
        snapshot,
        row: at + 1,
        readme_row: shown.get(at).map(|row| (*row).to_owned()),
        snapshot_row: wanted.get(at).map(|row| (*row).to_owned()),
    })
}

/// The fenced blocks of a Markdown text, each with the capture comment just before it (only
/// blank lines between), and the lines of capture comments that no block follows.
fn blocks(text: &str) -> (Vec<Block>, Vec<usize>) {
    let mut fence = Fence::default();
    let mut blocks = Vec::new();
    let mut dangling = Vec::new();
    let mut pending: Option<(usize, PathBuf)> = None;
    let mut open: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let was_open = fence.is_open();
        if !fence.skips(line) {
            if let Some(snapshot) = capture_comment(line) {
                dangling.extend(pending.replace((number, snapshot)).map(|(at, _)| at));
            } else if !line.trim().is_empty() {
                dangling.extend(pending.take().map(|(at, _)| at));
            }
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        if !was_open {
            open = Some(Block {
                capture: pending.take(),
                line: number,
                indent,
                rows: Vec::new(),
            });
        } else if !fence.is_open() {
            blocks.extend(open.take());
        } else if let Some(block) = open.as_mut() {
            let strip = indent.min(block.indent);
            block.rows.push(line[strip..].to_owned());
        }
    }
    dangling.extend(pending.map(|(at, _)| at));
    (blocks, dangling)
}

/// The snapshot a line `<!-- capture: PATH -->` names.
fn capture_comment(line: &str) -> Option<PathBuf> {
    let inside = line
        .trim()
        .strip_prefix("<!-- capture:")?
        .strip_suffix("-->")?
        .trim();
    (!inside.is_empty()).then(|| PathBuf::from(inside))
}

/// The screen an insta snapshot of ratatui's `TestBackend` holds: the lines after its header
/// (between two `---` lines), each without the quotes `TestBackend` writes around it and without
/// its note of cells hidden by wide symbols.
pub fn snapshot_body(text: &str) -> Result<Vec<String>, String> {
    let mut lines = text.lines();
    if lines.next() != Some("---") || !lines.by_ref().any(|line| line == "---") {
        return Err("no insta header (a `---` line, its fields, a `---` line)".to_owned());
    }
    lines
        .map(|line| {
            let unquoted = match line.split_once("\" Hidden by multi-width symbols: ") {
                Some((row, _)) => row.strip_prefix('"'),
                None => line.strip_prefix('"').and_then(|row| row.strip_suffix('"')),
            };
            unquoted
                .map(str::to_owned)
                .ok_or_else(|| format!("the line {line:?} is not a quoted row of a screen"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_tree::TempTree;

    const SNAPSHOT: &str = "---\nsource: tui/src/x.rs\nexpression: \"render(&app, 12, 2)\"\n---\n\
                            \" Fulltime   \"\n\"└─ ok ─────┘\"\n";

    fn faults(tree: &TempTree) -> Vec<CaptureFault> {
        capture_faults(tree.root()).expect("read the tree")
    }

    #[test]
    fn a_snapshot_body_is_its_rows_unquoted() {
        assert_eq!(
            snapshot_body(SNAPSHOT),
            Ok(vec![" Fulltime   ".to_owned(), "└─ ok ─────┘".to_owned()])
        );
        let wide = "---\nx: y\n---\n\"a👍 \" Hidden by multi-width symbols: [(2, \" \")]\n";
        assert_eq!(snapshot_body(wide), Ok(vec!["a👍 ".to_owned()]));
        assert!(snapshot_body("\" Fulltime\"\n").is_err());
        assert!(snapshot_body("---\nx: y\n---\nnot quoted\n").is_err());
    }

    #[test]
    fn a_capture_matches_its_snapshot_trailing_spaces_aside_even_in_a_list() {
        let readme = "# Part\n\n- The screen:\n\n  <!-- capture: s.snap -->\n  ```\n   \
                      Fulltime\n  └─ ok ─────┘\n  ```\n";
        let tree = TempTree::new(&[("README.md", readme), ("s.snap", SNAPSHOT)]);
        assert_eq!(faults(&tree), []);
    }

    #[test]
    fn a_drawing_that_differs_names_the_readme_the_snapshot_and_the_line() {
        let readme = "<!-- capture: s.snap -->\n```\n Fulltime\n└─ stale ──┘\n```\n";
        let tree = TempTree::new(&[("README.md", readme), ("s.snap", SNAPSHOT)]);
        let found = faults(&tree);
        assert_eq!(
            found,
            [CaptureFault::Differs {
                readme: "README.md".into(),
                line: 1,
                snapshot: "s.snap".into(),
                row: 2,
                readme_row: Some("└─ stale ──┘".into()),
                snapshot_row: Some("└─ ok ─────┘".into()),
            }]
        );
        assert!(found[0].to_string().starts_with("README.md:1: "));
        let short = "<!-- capture: s.snap -->\n```\n Fulltime\n```\n";
        let tree = TempTree::new(&[("README.md", short), ("s.snap", SNAPSHOT)]);
        assert!(matches!(
            faults(&tree).as_slice(),
            [CaptureFault::Differs {
                row: 2,
                readme_row: None,
                ..
            }]
        ));
    }

    #[test]
    fn a_drawing_without_a_capture_and_a_capture_without_a_drawing_are_faults() {
        let readme = "```\n Fulltime  localnet\n```\n\n<!-- capture: s.snap -->\n\nprose\n\n\
                      ```\nfulltime markets\n```\n<!-- capture: gone.snap -->\n```\n Fulltime\n```\n";
        let tree = TempTree::new(&[("docs/README.md", readme), ("s.snap", SNAPSHOT)]);
        let found = faults(&tree);
        let readme = PathBuf::from("docs/README.md");
        assert_eq!(found.len(), 3, "{found:?}");
        assert_eq!(
            found[0],
            CaptureFault::NoBlock {
                readme: readme.clone(),
                line: 5
            }
        );
        assert_eq!(
            found[1],
            CaptureFault::Unmarked {
                readme: readme.clone(),
                line: 1
            }
        );
        assert!(
            matches!(&found[2], CaptureFault::Unreadable { line: 12, snapshot, .. } if snapshot == Path::new("gone.snap")),
            "{found:?}"
        );
    }
}
