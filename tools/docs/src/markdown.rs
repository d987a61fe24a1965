//! Reading Markdown as GitHub renders it, as far as the checks need: which lines are fenced code,
//! where code spans are (they may run over the lines of a paragraph), the ATX headings and the
//! anchors GitHub gives them, and the Markdown files of the repository.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Directories never walked: build output, git's own, npm's.
pub const SKIPPED_DIRS: [&str; 3] = ["target", ".git", "node_modules"];

/// Every `*.md` file under `root`, sorted, skipping [`SKIPPED_DIRS`].
pub fn markdown_files(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    walk(root, &mut |path, is_dir| {
        if !is_dir && path.extension().is_some_and(|ext| ext == "md") {
            files.push(path.to_path_buf());
        }
    })?;
    files.sort();
    Ok(files)
}

/// Calls `visit` with every file and directory under `root` (not `root` itself), skipping
/// [`SKIPPED_DIRS`] and what is inside them.
pub fn walk(root: &Path, visit: &mut impl FnMut(&Path, bool)) -> io::Result<()> {
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let is_dir = entry.file_type()?.is_dir();
            if is_dir {
                if SKIPPED_DIRS
                    .iter()
                    .any(|skipped| entry.file_name() == *skipped)
                {
                    continue;
                }
                dirs.push(path.clone());
            }
            visit(&path, is_dir);
        }
    }
    Ok(())
}

/// The anchors GitHub gives the headings of a Markdown text: each ATX heading's slug, and
/// `slug-1`, `slug-2`... for its repeats.
pub fn anchors(text: &str) -> HashSet<String> {
    let mut anchors = HashSet::new();
    let mut fence = Fence::default();
    for line in text.lines() {
        if fence.skips(line) {
            continue;
        }
        let Some((_, title)) = heading(line) else {
            continue;
        };
        let slug = slug(title);
        let mut anchor = slug.clone();
        let mut repeat = 0;
        while !anchors.insert(anchor.clone()) {
            repeat += 1;
            anchor = format!("{slug}-{repeat}");
        }
    }
    anchors
}

/// GitHub's anchor for a heading: lowercase, spaces to `-`, every other character that is not
/// a letter, a digit, `-` or `_` dropped.
pub fn slug(title: &str) -> String {
    title
        .trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The lines of the section under the first heading titled `title` (outside code), up to the
/// next heading of the same level or a higher one; `None` when there is no such heading.
pub fn section<'a>(text: &'a str, title: &str) -> Option<Vec<&'a str>> {
    let mut fence = Fence::default();
    let mut level = None;
    let mut lines = Vec::new();
    for line in text.lines() {
        let code = fence.skips(line);
        let found = (!code).then(|| heading(line)).flatten();
        match (level, found) {
            (None, Some((found_level, found_title))) if found_title == title => {
                level = Some(found_level);
            }
            (Some(section_level), Some((found_level, _))) if found_level <= section_level => {
                break;
            }
            (Some(_), _) => lines.push(line),
            (None, _) => {}
        }
    }
    level.map(|_| lines)
}

/// The contents of the code spans of `lines` outside fenced code, in order, trimmed; a span
/// that runs over several lines of a paragraph has its line breaks read as spaces.
pub fn code_spans(lines: &[&str]) -> Vec<String> {
    let mut fence = Fence::default();
    let mut spans = CodeSpans::default();
    let mut found = Vec::new();
    for line in lines {
        if fence.skips(line) {
            spans = CodeSpans::default();
            continue;
        }
        found.extend(spans.read(line).spans);
    }
    found
}

/// The level and text of an ATX heading (`## Title ##` gives `(2, "Title")`).
pub fn heading(line: &str) -> Option<(usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let line = line.trim_start();
    let level = line.len() - line.trim_start_matches('#').len();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &line[level..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    let title = rest.trim();
    let closed = title.trim_end_matches('#');
    if closed.is_empty() || closed.ends_with([' ', '\t']) {
        Some((level, closed.trim_end()))
    } else {
        Some((level, title))
    }
}

/// A line read for its code spans: the prose around them, each span's inside replaced by
/// `code`, and the spans that close on it.
pub struct SpannedLine {
    pub prose: String,
    pub spans: Vec<String>,
}

/// Code spans, which may run over several lines of a paragraph (never past its end).
#[derive(Default)]
pub struct CodeSpans {
    /// The length of the backtick run that opened a span still open at the end of a line, and
    /// what the span holds so far.
    open: Option<(usize, String)>,
}

impl CodeSpans {
    /// `line` with the inside of each code span blanked, so that code is never read as a link
    /// while the link text around it (``[`path`](path)``) still is; and the spans it closes.
    pub fn read(&mut self, line: &str) -> SpannedLine {
        let mut read = SpannedLine {
            prose: String::with_capacity(line.len()),
            spans: Vec::new(),
        };
        if line.trim().is_empty() {
            self.open = None;
            return read;
        }
        let mut rest = line;
        loop {
            if let Some((ticks, mut inside)) = self.open.take() {
                if !inside.is_empty() {
                    inside.push(' ');
                }
                match closing_run(rest, ticks) {
                    Some(end) => {
                        inside.push_str(&rest[..end - ticks]);
                        read.prose.push_str("code");
                        read.spans.push(inside.trim().to_owned());
                        rest = &rest[end..];
                    }
                    None => {
                        inside.push_str(rest);
                        self.open = Some((ticks, inside));
                        return read;
                    }
                }
            }
            let Some(start) = rest.find('`') else {
                read.prose.push_str(rest);
                return read;
            };
            read.prose.push_str(&rest[..start]);
            let ticks = run_length(&rest[start..]);
            self.open = Some((ticks, String::new()));
            rest = &rest[start + ticks..];
        }
    }
}

/// The number of backticks `text` starts with.
fn run_length(text: &str) -> usize {
    text.len() - text.trim_start_matches('`').len()
}

/// Where the text after a run of exactly `ticks` backticks in `text` starts, if there is one.
fn closing_run(text: &str, ticks: usize) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find('`') {
        let start = from + at;
        let length = run_length(&text[start..]);
        if length == ticks {
            return Some(start + length);
        }
        from = start + length;
    }
    None
}

/// Whether the lines read so far leave us inside a fenced code block (```` ``` ```` or `~~~`).
#[derive(Default)]
pub struct Fence {
    open: Option<(char, usize)>,
}

impl Fence {
    /// Whether the lines read so far end inside a fenced block.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Whether `line` is code: a fence line, or a line inside a fenced block.
    pub fn skips(&mut self, line: &str) -> bool {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let trimmed = line.trim_start();
        let marker = trimmed.chars().next().filter(|c| *c == '`' || *c == '~');
        let run = marker.map_or(0, |c| trimmed.len() - trimmed.trim_start_matches(c).len());
        match (self.open, marker) {
            (None, Some(c)) if run >= 3 && indent <= 3 => {
                self.open = Some((c, run));
                true
            }
            (Some((c, length)), Some(m))
                if m == c && run >= length && trimmed[run..].trim().is_empty() =>
            {
                self.open = None;
                true
            }
            (Some(_), _) => true,
            (None, _) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_github_s() {
        assert_eq!(slug("The programs' IDL (`idl/`)"), "the-programs-idl-idl");
        assert_eq!(slug("`POST /api/faucet`"), "post-apifaucet");
        assert_eq!(
            slug("Accounts (all PDAs of the program)"),
            "accounts-all-pdas-of-the-program"
        );
        assert_eq!(slug("snake_case and-dash"), "snake_case-and-dash");
    }

    #[test]
    fn repeated_headings_are_numbered_and_code_is_no_heading() {
        let found = anchors("# Tests\n## Tests ##\n```\n# not a heading\n```\n#nor\n");
        let expected: HashSet<String> = ["tests", "tests-1"].map(String::from).into();
        assert_eq!(found, expected);
    }

    #[test]
    fn a_section_ends_at_a_heading_of_its_level_or_higher() {
        let text = "# Part\n## What is where\n- `src/`\n### Detail\n- `src/a/`\n```\n## not a \
                    heading\n```\n## Tests\n- `tests/`\n";
        assert_eq!(
            section(text, "What is where"),
            Some(vec![
                "- `src/`",
                "### Detail",
                "- `src/a/`",
                "```",
                "## not a heading",
                "```"
            ])
        );
        assert_eq!(section(text, "Tests"), Some(vec!["- `tests/`"]));
        assert_eq!(section(text, "Missing"), None);
    }

    #[test]
    fn code_spans_are_read_across_lines_but_not_paragraphs_or_fences() {
        let lines = [
            "`src/` and ``a ` b`` then `split",
            "span` and `open",
            "",
            "`after/`",
            "```",
            "`fenced/`",
            "```",
        ];
        assert_eq!(
            code_spans(&lines),
            ["src/", "a ` b", "split span", "after/"].map(String::from)
        );
    }
}
