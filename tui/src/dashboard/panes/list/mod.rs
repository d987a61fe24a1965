//! The market list: which markets it shows (filtered by `/`, only the wallet's with `m`), in
//! which order (`o`), flat or by fixture (`v`), with odds in percent or decimal (`%`), and the
//! selected one, kept across re-sorting and new readings. Its keys are the list's and the
//! filter's modes of the key table; the keys that open a popup over it are the router's.

mod draw;
mod order;
mod relist;

pub use order::{Grouping, ListRow, OddsDisplay, Sort};

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::dashboard::component::{Ask, Context, Pane, moved, movement};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::text_field::TextField;

#[derive(Clone, Debug, Default)]
pub struct MarketList {
    /// The selected market's id.
    pub selected: Option<u64>,
    pub filter: TextField,
    /// Typing the filter.
    pub filtering: bool,
    pub sort: Sort,
    pub grouping: Grouping,
    pub odds: OddsDisplay,
    pub mine_only: bool,
    /// Kept by `relist`: the ids the list shows, in order.
    listed: Vec<u64>,
    /// Kept by `relist`: the list's lines, the markets of `listed` with the fixtures' headings
    /// when grouped.
    rows: Vec<ListRow>,
}

impl Pane for MarketList {
    fn mode(&self) -> Mode {
        if self.filtering {
            Mode::Filter
        } else {
            Mode::List
        }
    }

    /// A key of the list or the filter, or the mouse wheel, on the reading the context holds.
    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        let chain = context.loaded();
        match message {
            Message::Scroll(rows) => self.move_selection(i64::from(rows)),
            Message::Type(c) if self.filtering => {
                self.filter.type_char(c);
                self.relist(chain);
            }
            Message::Command(command) => match command {
                Command::Filter => self.filtering = true,
                // Enter keeps the filter, Esc clears it.
                Command::Submit => self.filtering = false,
                Command::Back => {
                    self.filtering = false;
                    self.filter.clear();
                    self.relist(chain);
                }
                Command::Erase if self.filtering => {
                    self.filter.erase();
                    self.relist(chain);
                }
                Command::ToggleMine => {
                    self.mine_only = !self.mine_only;
                    self.relist(chain);
                }
                Command::CycleSort => {
                    self.sort = self.sort.next();
                    self.relist(chain);
                }
                Command::ToggleGrouping => {
                    self.grouping = self.grouping.next();
                    self.relist(chain);
                }
                Command::ToggleOdds => self.odds = self.odds.next(),
                other => {
                    if let Some(delta) = movement(other) {
                        self.move_selection(delta);
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

impl MarketList {
    /// The ids of the markets the list shows, filtered and sorted, as of the last `relist`.
    pub fn listed(&self) -> &[u64] {
        &self.listed
    }

    /// The list's lines as of the last `relist` when grouped by fixture; one list's lines are
    /// `listed`'s markets (not copied, so that a filter key on 10,000 markets stays cheap).
    pub fn rows(&self) -> &[ListRow] {
        &self.rows
    }

    /// The list's line at `index`, grouped or not.
    pub fn row(&self, index: usize) -> Option<ListRow> {
        match self.grouping {
            Grouping::Flat => self.listed.get(index).copied().map(ListRow::Market),
            Grouping::ByFixture => self.rows.get(index).copied(),
        }
    }

    /// Where the list shows market `id`.
    pub fn row_of(&self, id: u64) -> Option<usize> {
        match self.grouping {
            Grouping::Flat => self.listed.iter().position(|&listed| listed == id),
            Grouping::ByFixture => self.rows.iter().position(|row| *row == ListRow::Market(id)),
        }
    }

    fn move_selection(&mut self, delta: i64) {
        let Some(last) = self.listed.len().checked_sub(1) else {
            self.selected = None;
            return;
        };
        let current = self
            .selected
            .and_then(|id| self.listed.iter().position(|&listed| listed == id))
            .unwrap_or(0);
        let target = moved(current, delta, last + 1);
        self.selected = self.listed.get(target).copied();
    }
}

#[cfg(test)]
mod tests;
