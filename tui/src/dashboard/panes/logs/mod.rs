//! The log view, in place of the markets (`l`): the node's and the faucet's log files in the
//! state directory, the last lines of each in a bounded ring, each scrolled on its own, Tab
//! between them, ←/→ sideways. The lines come from the tail task (`tasks/tail.rs`).

mod draw;
mod file;

use std::path::Path;

use file::LogFile;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::dashboard::component::{Ask, Context, PAGE, Pane, movement};
use crate::dashboard::keys::Mode;
use crate::dashboard::log_source::LogSource;
use crate::dashboard::message::{Command, Message};

/// Rows of the log screen that are not log lines: the title line, the hint bar and the box's
/// two borders (the screen, `draw/mod.rs`, lays it out so).
const CHROME_ROWS: u16 = 4;

/// Columns moved by ←/→.
const SIDEWAYS: i32 = 8;

/// Log lines moved by a notch of the mouse wheel.
const WHEEL_LINES: i64 = 3;

#[derive(Clone, Debug)]
pub struct Logs {
    /// Whether the log screen is up instead of the markets.
    pub open: bool,
    pub shown: LogSource,
    pub node: LogFile,
    pub faucet: LogFile,
}

impl Pane for Logs {
    fn mode(&self) -> Mode {
        Mode::Logs
    }

    /// A key of the log view, or the mouse wheel, in a terminal as tall as the context says.
    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        let rows = view_height(context.height);
        match message {
            Message::Scroll(notches) => {
                self.shown_file_mut()
                    .scroll(i64::from(notches) * WHEEL_LINES, rows);
            }
            Message::Command(command) => match command {
                Command::Back | Command::Logs => self.open = false,
                Command::Switch => self.shown = self.shown.other(),
                Command::Left => self.shown_file_mut().shift_by(-SIDEWAYS),
                Command::Right => self.shown_file_mut().shift_by(SIDEWAYS),
                Command::PageUp | Command::PageDown => {
                    // A page of the log is the view less one line, kept for context.
                    let page = i64::try_from(rows.saturating_sub(1).max(1)).unwrap_or(PAGE);
                    let direction = if command == Command::PageUp { -1 } else { 1 };
                    self.shown_file_mut().scroll(direction * page, rows);
                }
                other => {
                    if let Some(delta) = movement(other) {
                        self.shown_file_mut().scroll(delta, rows);
                    }
                }
            },
            _ => {}
        }
        Vec::new()
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw::draw(self, context, frame, area);
    }
}

impl Logs {
    pub fn new(state_dir: &Path) -> Self {
        let path = |source: LogSource| state_dir.join(source.file_name()).display().to_string();
        Self {
            open: false,
            shown: LogSource::Node,
            node: LogFile::new(path(LogSource::Node)),
            faucet: LogFile::new(path(LogSource::Faucet)),
        }
    }

    pub fn file(&self, source: LogSource) -> &LogFile {
        match source {
            LogSource::Node => &self.node,
            LogSource::Faucet => &self.faucet,
        }
    }

    pub fn file_mut(&mut self, source: LogSource) -> &mut LogFile {
        match source {
            LogSource::Node => &mut self.node,
            LogSource::Faucet => &mut self.faucet,
        }
    }

    pub fn shown_file(&self) -> &LogFile {
        self.file(self.shown)
    }

    pub fn shown_file_mut(&mut self) -> &mut LogFile {
        self.file_mut(self.shown)
    }
}

/// Log lines shown in a terminal `height` rows tall.
pub fn view_height(height: u16) -> usize {
    usize::from(height.saturating_sub(CHROME_ROWS)).max(1)
}

#[cfg(test)]
mod tests;
