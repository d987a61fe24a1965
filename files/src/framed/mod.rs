//! The frame of the files Fulltime hands around (chain snapshots, bundles): a text line naming
//! the format and its version, the Borsh encoding of the value, and the SHA-256 of that encoding,
//! so that a truncated or damaged file is refused as such before any of it is used. Each format
//! is one [`FramedFile`]: its line and the words its faults are told in.

mod error;

use borsh::{BorshDeserialize, BorshSerialize};
use sha2::{Digest, Sha256};

pub use error::FrameError;

const CHECKSUM_LEN: usize = 32;

/// How far past the format line its version's newline may be.
const VERSION_LINE_MAX: usize = 16;

/// One format of framed file: `{format_line}{version}\n`, the body, then the SHA-256 of the body.
/// Each is a `static`, which its errors point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FramedFile {
    /// The first line, without its version and newline: `fulltime chain snapshot v`.
    pub format_line: &'static str,
    /// The version this build writes and reads.
    pub version: u32,
    /// What a file of the format is, as in "not a Fulltime chain snapshot".
    pub name: &'static str,
    /// As in "a snapshot of format version 2".
    pub short_name: &'static str,
    /// What a file whose checksum fails is: `corrupt`, `damaged`.
    pub damaged: &'static str,
}

impl FramedFile {
    /// The file's bytes for `value`.
    pub fn encode<T: BorshSerialize>(&self, value: &T) -> Vec<u8> {
        let body = borsh::to_vec(value).expect("a framed value serializes into memory");
        let mut bytes = format!("{}{}\n", self.format_line, self.version).into_bytes();
        bytes.extend_from_slice(&body);
        bytes.extend_from_slice(&Sha256::digest(&body));
        bytes
    }

    /// The value in a file of this format, once its line, version and checksum hold.
    pub fn decode<T: BorshDeserialize>(&'static self, bytes: &[u8]) -> Result<T, FrameError> {
        let body = self.body(bytes)?;
        T::try_from_slice(body).map_err(|error| FrameError::Decode {
            file: self,
            reason: error.to_string(),
        })
    }

    fn body<'a>(&'static self, bytes: &'a [u8]) -> Result<&'a [u8], FrameError> {
        let other_format = FrameError::OtherFormat { file: self };
        let checksum = FrameError::Checksum { file: self };
        let rest = bytes
            .strip_prefix(self.format_line.as_bytes())
            .ok_or(other_format.clone())?;
        let line_end = rest
            .iter()
            .take(VERSION_LINE_MAX)
            .position(|byte| *byte == b'\n')
            .ok_or(other_format)?;
        let found = String::from_utf8_lossy(&rest[..line_end]).into_owned();
        if found != self.version.to_string() {
            return Err(FrameError::Version { file: self, found });
        }
        let rest = &rest[line_end + 1..];
        let body_len = rest
            .len()
            .checked_sub(CHECKSUM_LEN)
            .ok_or(checksum.clone())?;
        let (body, sum) = rest.split_at(body_len);
        if Sha256::digest(body).as_slice() != sum {
            return Err(checksum);
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests;
