//! A choice among the lines of a list (the activity picker's requests, the wallet picker's
//! wallets): the selected line, kept within the list.

use crate::dashboard::component::{moved, movement};
use crate::dashboard::message::Command;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListPicker {
    pub selected: usize,
}

impl ListPicker {
    /// A moving key (a row, a page, an end) moves the selection within `len` lines.
    pub fn move_with(&mut self, command: Command, len: usize) {
        if let Some(delta) = movement(command) {
            self.move_by(delta, len);
        }
    }

    /// Moves the selection by `delta` within `len` lines.
    fn move_by(&mut self, delta: i64, len: usize) {
        self.selected = moved(self.selected, delta, len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_stays_within_the_list() {
        let mut picker = ListPicker::default();
        picker.move_by(5, 3);
        assert_eq!(picker.selected, 2);
        picker.move_by(-9, 3);
        assert_eq!(picker.selected, 0);
        picker.move_by(1, 0);
        assert_eq!(picker.selected, 0);
    }
}
