//! Why bytes are not a whole file of a format, told in the format's own words.

use super::FramedFile;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// It does not start with the format's line.
    #[error(
        "not a Fulltime {} (it does not start with `{}{}`)",
        .file.name, .file.format_line, .file.version
    )]
    OtherFormat { file: &'static FramedFile },
    /// Its line names another version.
    #[error(
        "a {} of format version {found}; this build reads version {}",
        .file.short_name, .file.version
    )]
    Version {
        file: &'static FramedFile,
        found: String,
    },
    /// Its checksum does not match its body.
    #[error("{} or truncated: its checksum does not match its contents", .file.damaged)]
    Checksum { file: &'static FramedFile },
    /// Its body, checksum and all, is not a value of the format.
    #[error("{}: {reason}", .file.damaged)]
    Decode {
        file: &'static FramedFile,
        reason: String,
    },
}
