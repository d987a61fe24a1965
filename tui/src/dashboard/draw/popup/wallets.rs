//! The wallet picker: the wallet the dashboard started as and the book's, the acting one
//! marked.

use fulltime_client::cluster::short_base58;
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
    // One line per wallet at any width: the name, then the address's ends.
    let name_width = app
        .wallets
        .iter()
        .map(|wallet| wallet.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    for (index, wallet) in app.wallets.iter().enumerate() {
        let acting = app.acting.as_ref() == Some(&wallet.name);
        let line = Line::from(vec![
            Span::styled(if acting { "* " } else { "  " }, theme::good()),
            Span::styled(
                format!("{:<name_width$.name_width$}  ", wallet.name),
                theme::header(),
            ),
            Span::raw(short_base58(&wallet.address)),
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
