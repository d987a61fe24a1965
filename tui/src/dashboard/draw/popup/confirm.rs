//! The confirmation of a claim or a refund, with what the position pays.

use fulltime_client::market_status::MarketStatus;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{market_of, show_fitted};
use crate::dashboard::app::App;
use crate::dashboard::draw::theme;
use crate::dashboard::forms::Confirm;
use crate::dashboard::position::position_value;
use crate::output::labels::status_label;
use crate::output::position::position_summary;

pub fn draw(app: &App, confirm: Confirm, frame: &mut Frame, area: Rect) {
    let Some((market, chain)) = market_of(app, confirm.market) else {
        return;
    };
    let status = MarketStatus::of(market, chain.now);
    let mut lines = vec![
        Line::raw(market.question.clone()),
        Line::raw(format!("State:   {}", status_label(status, chain.now))),
    ];
    if let Some(position) = chain.position(confirm.market) {
        lines.push(Line::raw(format!(
            "Holding: {}: {}",
            position_summary(position),
            position_value(market, position, status)
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!(
            "Enter: {} / Esc: cancel",
            confirm.kind.verb().to_lowercase()
        ),
        theme::key(),
    ));
    show_fitted(
        frame,
        area,
        format!(" {} market {} ", confirm.kind.verb(), confirm.market),
        lines,
    );
}
