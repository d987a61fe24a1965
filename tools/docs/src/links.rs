//! Links between the repository's Markdown files: every relative link and image resolves to a
//! file of the repository, and every `#anchor` to a heading of its target, as GitHub renders
//! them.
//!
//! Links are `[text](target)` and `[label]: target` outside fenced code blocks and code spans (a
//! backtick left unclosed hides the rest of its paragraph); headings are ATX headings
//! (`## Title`). A target that leaves the repository is not looked up here: it is a fault of
//! its own ([`crate::outside`]), since a clone has only the repository.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::markdown::{CodeSpans, Fence, anchors, markdown_files};

/// A link or image target, with the 1-based line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub line: usize,
    pub target: String,
}

/// The link and image targets of a Markdown text, in order, outside code.
pub fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    let mut fence = Fence::default();
    let mut code = CodeSpans::default();
    for (index, line) in text.lines().enumerate() {
        if fence.skips(line) {
            code = CodeSpans::default();
            continue;
        }
        let line_number = index + 1;
        let prose = code.read(line).prose;
        if let Some(target) = reference_definition(&prose) {
            found.push(Link {
                line: line_number,
                target,
            });
            continue;
        }
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            // The link text may start on an earlier line: `](` alone marks a link.
            let (target, after) = destination(&rest[at + 2..]);
            if !target.is_empty() {
                found.push(Link {
                    line: line_number,
                    target,
                });
            }
            rest = after;
        }
    }
    found
}

/// A link that does not resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The Markdown file, relative to the repository root.
    pub file: PathBuf,
    pub line: usize,
    pub target: String,
    pub reason: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: ({}) {}",
            self.file.display(),
            self.line,
            self.target,
            self.reason
        )
    }
}

/// Every broken relative link of the Markdown files under `root`.
pub fn broken_links(root: &Path) -> io::Result<Vec<Broken>> {
    let mut broken = Vec::new();
    for file in markdown_files(root)? {
        let text = fs::read_to_string(&file)?;
        let relative = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        for link in links(&text) {
            if let Some(reason) = check(root, &relative, &text, &link.target)? {
                broken.push(Broken {
                    file: relative.clone(),
                    line: link.line,
                    target: link.target,
                    reason,
                });
            }
        }
    }
    Ok(broken)
}

/// Why `target`, linked from `file` (relative to `root`, with the text `text`), does not
/// resolve; `None` when it does or is not checked.
fn check(root: &Path, file: &Path, text: &str, target: &str) -> io::Result<Option<String>> {
    let lower = target.to_ascii_lowercase();
    if ["http:", "https:", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
    {
        return Ok(None);
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (percent_decoded(path), Some(percent_decoded(anchor))),
        None => (percent_decoded(target), None),
    };
    let (target_file, target_text) = if path.is_empty() {
        (file.to_path_buf(), Some(text.to_owned()))
    } else {
        let base = if path.starts_with('/') {
            Path::new("")
        } else {
            file.parent().unwrap_or(Path::new(""))
        };
        let Some(resolved) = within_repository(&base.join(path.trim_start_matches('/'))) else {
            return Ok(None);
        };
        let on_disk = root.join(&resolved);
        if !on_disk.exists() {
            return Ok(Some(format!("no such file: {}", resolved.display())));
        }
        let is_markdown = on_disk.is_file() && resolved.extension().is_some_and(|ext| ext == "md");
        let text = if is_markdown {
            Some(fs::read_to_string(&on_disk)?)
        } else {
            None
        };
        (resolved, text)
    };
    match (anchor, target_text) {
        (Some(anchor), Some(target_text)) if !anchors(&target_text).contains(&anchor) => {
            Ok(Some(format!(
                "no heading with the anchor #{anchor} in {}",
                target_file.display()
            )))
        }
        _ => Ok(None),
    }
}

/// `path` with `.` and `..` worked out, relative to the repository root; `None` when it leaves
/// the repository.
pub(crate) fn within_repository(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    Some(parts.iter().collect())
}

/// `%20`-style escapes decoded; anything malformed kept as written.
pub(crate) fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let escaped = (bytes[index] == b'%')
            .then(|| text.get(index + 1..index + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                decoded.push(byte);
                index += 3;
            }
            None => {
                decoded.push(bytes[index]);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// A link destination at the start of `text` (after `](`), and what follows it.
fn destination(text: &str) -> (String, &str) {
    let text = text.trim_start();
    if let Some(inside) = text.strip_prefix('<') {
        return match inside.find('>') {
            Some(end) => (inside[..end].to_owned(), &inside[end + 1..]),
            None => (String::new(), inside),
        };
    }
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return (text[..at].to_owned(), &text[at + 1..]),
            ')' => depth -= 1,
            c if c.is_whitespace() => return (text[..at].to_owned(), &text[at..]),
            _ => {}
        }
    }
    (text.to_owned(), "")
}

/// The target of a reference definition, `[label]: target`.
fn reference_definition(line: &str) -> Option<String> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = line.trim_start().strip_prefix('[')?;
    let (label, after) = rest.split_once("]:")?;
    if label.is_empty() || label.contains(']') {
        return None;
    }
    let (target, _) = destination(after);
    (!target.is_empty()).then_some(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Vec<(usize, String)> {
        links(text)
            .into_iter()
            .map(|link| (link.line, link.target))
            .collect()
    }

    #[test]
    fn links_and_images_are_found_outside_code() {
        let text = "See [the node](localnet/README.md#flags) and ![a capture](img/a.png).\n\
                    ```\n[not](a/link.md)\n```\n\
                    `[nor](this.md)` but [`tui/README.md`](tui/README.md)\n\
                    [label]: <docs/a b.md>\n\
                    [nested (parens)](a_(b).md \"title\")\n";
        assert_eq!(
            targets(text),
            vec![
                (1, "localnet/README.md#flags".into()),
                (1, "img/a.png".into()),
                (5, "tui/README.md".into()),
                (6, "docs/a b.md".into()),
                (7, "a_(b).md".into()),
            ]
        );
    }

    #[test]
    fn code_spans_run_over_lines_but_not_paragraphs() {
        let text = "a `span\n[not](a.md)` then [yes](b.md) and ``x ` [no](c.md)``\n\
                    `open\n\n[after a blank line](d.md)\n";
        assert_eq!(targets(text), vec![(2, "b.md".into()), (5, "d.md".into())]);
    }

    #[test]
    fn paths_leaving_the_repository_are_not_resolved() {
        assert_eq!(
            within_repository(Path::new("tui/../program/README.md")),
            Some(PathBuf::from("program/README.md"))
        );
        assert_eq!(within_repository(Path::new("../notes/PLAN.md")), None);
    }

    #[test]
    fn escapes_are_decoded() {
        assert_eq!(percent_decoded("a%20b%2"), "a b%2");
    }
}
