//! The wallet picker: the wallet the dashboard started as and the book's, the acting one
//! marked.

use fulltime_client::cluster::short_base58;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::show_picker;
use crate::dashboard::app::App;
use crate::dashboard::draw::theme;
use crate::dashboard::forms::ListPicker;

pub fn draw(app: &App, picker: ListPicker, frame: &mut Frame, area: Rect) {
    // One line per wallet at any width: the name, then the address's ends.
    let name_width = app
        .wallets
        .iter()
        .map(|wallet| wallet.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    let items = app
        .wallets
        .iter()
        .map(|wallet| {
            let acting = app.acting.as_ref() == Some(&wallet.name);
            Line::from(vec![
                Span::styled(if acting { "* " } else { "  " }, theme::good()),
                Span::styled(
                    format!("{:<name_width$.name_width$}  ", wallet.name),
                    theme::header(),
                ),
                Span::raw(short_base58(&wallet.address)),
            ])
        })
        .collect();
    show_picker(
        frame,
        area,
        " Wallets ",
        "Act as (Enter); + makes a new funded one in the book:",
        items,
        picker.selected,
    );
}
