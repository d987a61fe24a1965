//! Names that stay one file: snapshot and bundle names, and the files a bundle carries, become
//! paths joined to a directory.

/// Letters, digits, `-`, `_` and `.`, 1 to 100 of them, not starting with a dot: one file in the
/// directory it is joined to, on every system (snapshot and bundle names, a bundle's files).
pub fn is_plain_file_name(name: &str) -> bool {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    !name.is_empty() && name.len() <= 100 && !name.starts_with('.') && name.chars().all(allowed)
}
