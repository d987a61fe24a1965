//! Follows the log files of the state directory like `tail -f`: a tokio task looks at each file
//! a few times a second, reads only the bytes written since its last look, and reports the new
//! complete lines (or that the file is missing) over the channel. A file that shrank or was
//! replaced is read again from its start.

use std::fs::File;
use std::io::{ErrorKind, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::Duration;

use tokio::sync::mpsc::UnboundedSender;
use tokio::time::{MissedTickBehavior, interval};

use crate::dashboard::log_source::{LogRead, LogSource};
use crate::dashboard::message::Message;

/// How often the files are looked at: new lines show within a quarter of a second.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// At most this much is read in one look; a file that grew by more (or a long log opened for
/// the first time) is read from this far before its end, as only its last lines are kept.
const MAX_READ: u64 = 1 << 20;

/// Longer lines are cut here, so a runaway line cannot grow the buffer without bound.
const MAX_LINE: usize = 4_096;

/// Starts following `<state_dir>/localnet.log` and `<state_dir>/faucet.log`.
pub fn spawn_log_tail(state_dir: &Path, messages: UnboundedSender<Message>) {
    let mut tails: Vec<(LogSource, Tail)> = LogSource::ALL
        .iter()
        .map(|&source| (source, Tail::new(state_dir.join(source.file_name()))))
        .collect();
    tokio::spawn(async move {
        let mut ticks = interval(LOOK_EVERY);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            // File reads block: off the runtime's workers, the tails moving in and out.
            let looked = tokio::task::spawn_blocking(move || {
                let reads: Vec<(LogSource, Option<LogRead>)> = tails
                    .iter_mut()
                    .map(|(source, tail)| (*source, tail.look()))
                    .collect();
                (tails, reads)
            })
            .await;
            let Ok((returned, reads)) = looked else {
                return;
            };
            tails = returned;
            for (source, read) in reads {
                if let Some(read) = read
                    && messages.send(Message::Log(source, read)).is_err()
                {
                    return;
                }
            }
        }
    });
}

/// What the last look reported, so that an unchanged file reports nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reported {
    Nothing,
    Missing,
    Unreadable(String),
    Present,
}

/// The incremental reader of one file.
pub struct Tail {
    path: PathBuf,
    /// Bytes of the file already read.
    offset: u64,
    /// The last line read so far, not ended by a newline yet.
    partial: Vec<u8>,
    /// Bytes up to the next newline are dropped: a read that started mid-line.
    skip_to_newline: bool,
    /// Device and inode of the file read, to notice it being replaced.
    identity: Option<(u64, u64)>,
    reported: Reported,
}

impl Tail {
    pub fn new(path: PathBuf) -> Self {
        Self {
            path,
            offset: 0,
            partial: Vec::new(),
            skip_to_newline: false,
            identity: None,
            reported: Reported::Nothing,
        }
    }

    /// What changed since the last look; `None` when nothing did.
    pub fn look(&mut self) -> Option<LogRead> {
        match self.read_new() {
            Ok((restarted, lines)) => {
                let news = restarted || !lines.is_empty() || self.reported != Reported::Present;
                self.reported = Reported::Present;
                news.then_some(LogRead::Lines { restarted, lines })
            }
            Err(error) => {
                self.offset = 0;
                self.partial.clear();
                self.identity = None;
                let (reported, read) = if error.kind() == ErrorKind::NotFound {
                    (Reported::Missing, LogRead::Missing)
                } else {
                    let why = error.to_string();
                    (Reported::Unreadable(why.clone()), LogRead::Unreadable(why))
                };
                let news = self.reported != reported;
                self.reported = reported;
                news.then_some(read)
            }
        }
    }

    /// The complete lines written since the last read, and whether the file started over.
    fn read_new(&mut self) -> std::io::Result<(bool, Vec<String>)> {
        let mut file = File::open(&self.path)?;
        let metadata = file.metadata()?;
        let identity = identity(&metadata);
        let length = metadata.len();
        let replaced = self.identity.is_some() && identity != self.identity;
        let restarted = replaced || length < self.offset;
        if restarted {
            self.offset = 0;
            self.partial.clear();
            self.skip_to_newline = false;
        }
        self.identity = identity;
        if length.saturating_sub(self.offset) > MAX_READ {
            self.offset = length - MAX_READ;
            self.partial.clear();
            self.skip_to_newline = true;
        }
        let mut bytes = Vec::new();
        if length > self.offset {
            file.seek(SeekFrom::Start(self.offset))?;
            file.take(length - self.offset).read_to_end(&mut bytes)?;
        }
        self.offset += u64::try_from(bytes.len()).unwrap_or(0);
        Ok((restarted, self.split(&bytes)))
    }

    /// Splits `bytes` into complete lines, after the partial line kept from the last read.
    fn split(&mut self, bytes: &[u8]) -> Vec<String> {
        let mut lines = Vec::new();
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
            let (line, after) = rest.split_at(end);
            rest = &after[1..];
            if std::mem::take(&mut self.skip_to_newline) {
                continue;
            }
            self.keep(line);
            lines.push(clean_line(&self.partial));
            self.partial.clear();
        }
        if !self.skip_to_newline {
            self.keep(rest);
        }
        lines
    }

    fn keep(&mut self, bytes: &[u8]) {
        let room = MAX_LINE.saturating_sub(self.partial.len());
        self.partial
            .extend_from_slice(&bytes[..bytes.len().min(room)]);
    }
}

#[cfg(unix)]
fn identity(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// A line as text fit for the terminal: invalid UTF-8 replaced, ANSI escape sequences (colour
/// from a logger that thought it wrote to a terminal) and other control characters removed,
/// tabs expanded to stops of eight columns.
fn clean_line(bytes: &[u8]) -> String {
    #[derive(Clone, Copy)]
    enum State {
        Text,
        Escape,
        /// `ESC [` parameters ... final byte.
        Csi,
        /// `ESC ]` (also `P`, `X`, `^`, `_`) ... BEL or `ESC \`.
        Command,
        CommandEscape,
        /// `ESC (` and the like take one more character.
        Charset,
    }
    let text = String::from_utf8_lossy(bytes);
    let mut line = String::with_capacity(text.len());
    let mut columns = 0;
    let mut state = State::Text;
    for c in text.chars() {
        state = match (state, c) {
            (State::Text, '\x1b') => State::Escape,
            (State::Text, '\t') => {
                let spaces = 8 - columns % 8;
                line.extend(std::iter::repeat_n(' ', spaces));
                columns += spaces;
                State::Text
            }
            (State::Text, c) if c.is_control() => State::Text,
            (State::Text, c) => {
                line.push(c);
                columns += 1;
                State::Text
            }
            (State::Escape, '[') => State::Csi,
            (State::Escape, ']' | 'P' | 'X' | '^' | '_') => State::Command,
            (State::Escape, '(' | ')' | '*' | '+') => State::Charset,
            (State::Escape | State::Charset, _) => State::Text,
            (State::Csi, '\x40'..='\x7e') => State::Text,
            (State::Csi, _) => State::Csi,
            (State::Command, '\x07') => State::Text,
            (State::Command | State::CommandEscape, '\x1b') => State::CommandEscape,
            (State::CommandEscape, '\\') => State::Text,
            (State::Command | State::CommandEscape, _) => State::Command,
        };
    }
    line
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!(
                "fulltime-tail-{name}-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("scratch dir");
            Self(dir)
        }

        fn path(&self) -> PathBuf {
            self.0.join("faucet.log")
        }

        fn append(&self, bytes: &[u8]) {
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(self.path())
                .expect("open the log");
            file.write_all(bytes).expect("append");
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn lines(read: Option<LogRead>) -> (bool, Vec<String>) {
        match read {
            Some(LogRead::Lines { restarted, lines }) => (restarted, lines),
            other => panic!("expected lines, got {other:?}"),
        }
    }

    #[test]
    fn reads_appends_once_and_keeps_a_partial_line_until_it_ends() {
        let scratch = Scratch::new("appends");
        let mut tail = Tail::new(scratch.path());
        assert_eq!(tail.look(), Some(LogRead::Missing));
        assert_eq!(tail.look(), None, "a missing file is reported once");
        scratch.append(b"");
        assert_eq!(
            lines(tail.look()),
            (false, vec![]),
            "an empty file is present"
        );
        assert_eq!(tail.look(), None);
        scratch.append(b"one\ntwo\nthr");
        assert_eq!(
            lines(tail.look()),
            (false, vec!["one".into(), "two".into()])
        );
        assert_eq!(tail.look(), None, "the partial line waits");
        scratch.append(b"ee\r\nfour\n");
        assert_eq!(
            lines(tail.look()),
            (false, vec!["three".into(), "four".into()])
        );
        assert_eq!(tail.offset, 20, "each byte is read once");
    }

    #[test]
    fn a_truncated_or_replaced_file_is_read_from_its_start() {
        let scratch = Scratch::new("truncated");
        let mut tail = Tail::new(scratch.path());
        scratch.append(b"first run\nmore\n");
        assert_eq!(lines(tail.look()).1.len(), 2);
        std::fs::write(scratch.path(), b"new\n").expect("truncate");
        assert_eq!(lines(tail.look()), (true, vec!["new".into()]));

        // Replaced by a longer file (rotation): the inode tells.
        let rotated = scratch.0.join("faucet.log.new");
        std::fs::write(&rotated, b"rotated one\nrotated two\nrotated three\n").expect("write");
        std::fs::rename(&rotated, scratch.path()).expect("rotate");
        let (restarted, read) = lines(tail.look());
        assert!(restarted);
        assert_eq!(read, ["rotated one", "rotated two", "rotated three"]);

        std::fs::remove_file(scratch.path()).expect("remove");
        assert_eq!(tail.look(), Some(LogRead::Missing));
        scratch.append(b"back\n");
        assert_eq!(lines(tail.look()), (false, vec!["back".into()]));
    }

    #[test]
    fn invalid_utf8_colour_and_control_characters_are_cleaned() {
        let scratch = Scratch::new("clean");
        let mut tail = Tail::new(scratch.path());
        // A multi-byte character split across two writes and reads is kept whole.
        scratch.append(b"\x1b[2m2026-05-17T17:21:03Z\x1b[0m \x1b[32m INFO\x1b[0m caf\xc3");
        assert_eq!(lines(tail.look()), (false, vec![]));
        scratch.append(b"\xa9 \xff\xfe ok\x07\n\ta\tb\n\x1b]0;title\x07plain\x1b(B\n");
        assert_eq!(
            lines(tail.look()).1,
            [
                "2026-05-17T17:21:03Z  INFO café \u{fffd}\u{fffd} ok",
                "        a       b",
                "plain",
            ]
        );
    }

    #[test]
    fn a_long_log_is_read_from_near_its_end() {
        let scratch = Scratch::new("long");
        let line = format!("{}\n", "x".repeat(99));
        scratch.append(line.repeat(20_000).as_bytes());
        let mut tail = Tail::new(scratch.path());
        let (_, read) = lines(tail.look());
        // 1 MiB from the end, the first (cut) line dropped.
        assert_eq!(read.len(), 10_485);
        assert!(read.iter().all(|read| read.len() == 99));
        scratch.append(&vec![b'y'; MAX_LINE * 2]);
        scratch.append(b"\n");
        let (_, read) = lines(tail.look());
        assert_eq!(read, ["y".repeat(MAX_LINE)]);
    }
}
