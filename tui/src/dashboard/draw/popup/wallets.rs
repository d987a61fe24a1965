//! The wallet picker: the wallet the dashboard started as and the book's, the acting one
//! marked.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{centered, show};
use crate::dashboard::app::App;
use crate::dashboard::draw::theme;
use crate::dashboard::forms::ListPicker;

pub fn draw(app: &App, picker: ListPicker, frame: &mut Frame, area: Rect) {
    let mut lines = vec![Line::styled(
        "Act as (Enter); + makes a new funded one in the book:",
        theme::dim(),
    )];
    for (index, wallet) in app.wallets.iter().enumerate() {
        let acting = app.acting.as_ref() == Some(&wallet.name);
        let line = Line::from(vec![
            Span::styled(if acting { "* " } else { "  " }, theme::good()),
            Span::styled(format!("{:<26}", wallet.name), theme::header()),
            Span::raw(wallet.address.clone()),
        ]);
        lines.push(if index == picker.selected {
            line.style(theme::selected())
        } else {
            line
        });
    }
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    show(
        frame,
        centered(area, 76, height),
        " Wallets ".to_owned(),
        lines,
    );
}
