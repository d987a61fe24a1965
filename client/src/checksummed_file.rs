//! The frame of the files Fulltime hands around (chain snapshots, bundles): a text line naming
//! the format and its version, the body, and the SHA-256 of the body, so that a truncated or
//! damaged file is refused as such before any of it is used.

use sha2::{Digest, Sha256};

const CHECKSUM_LEN: usize = 32;

/// Why bytes are not a whole file of the format.
#[derive(Debug, PartialEq, Eq)]
pub enum FrameError {
    /// It does not start with the format's line.
    OtherFormat,
    /// Its line names another version.
    Version { found: String },
    /// Its checksum does not match its body.
    Checksum,
}

/// `{format_line}{version}\n`, `body`, then the SHA-256 of `body`.
pub fn frame(format_line: &str, version: u32, body: &[u8]) -> Vec<u8> {
    let mut bytes = format!("{format_line}{version}\n").into_bytes();
    bytes.extend_from_slice(body);
    bytes.extend_from_slice(&Sha256::digest(body));
    bytes
}

/// The body of a file [`frame`] wrote with `format_line` and `version`, once its checksum holds.
pub fn unframe<'a>(
    bytes: &'a [u8],
    format_line: &str,
    version: u32,
) -> Result<&'a [u8], FrameError> {
    let rest = bytes
        .strip_prefix(format_line.as_bytes())
        .ok_or(FrameError::OtherFormat)?;
    let line_end = rest
        .iter()
        .take(16)
        .position(|byte| *byte == b'\n')
        .ok_or(FrameError::OtherFormat)?;
    let found = String::from_utf8_lossy(&rest[..line_end]).into_owned();
    if found != version.to_string() {
        return Err(FrameError::Version { found });
    }
    let rest = &rest[line_end + 1..];
    let body_len = rest
        .len()
        .checked_sub(CHECKSUM_LEN)
        .ok_or(FrameError::Checksum)?;
    let (body, checksum) = rest.split_at(body_len);
    if Sha256::digest(body).as_slice() != checksum {
        return Err(FrameError::Checksum);
    }
    Ok(body)
}
