//! Claim all's confirmation: each payout and refund it would send, the total, and what it leaves
//! waiting or lost.

use fulltime_client::amount::format_usdc;
use fulltime_client::payable::Owed;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::show_fitted;
use crate::dashboard::app::App;
use crate::dashboard::draw::theme;
use crate::dashboard::position::owed_positions;
use crate::input::format_time;
use crate::output::labels::status_label;

pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let Some(chain) = app.chain.loaded() else {
        return;
    };
    let mut lines = Vec::new();
    let mut total: u64 = 0;
    let mut later = Vec::new();
    for (id, owed) in owed_positions(chain) {
        match owed {
            Owed::Claim { payout } => {
                total = total.saturating_add(payout);
                lines.push(Line::raw(format!(
                    "Claim   market {id}: {}",
                    format_usdc(payout)
                )));
            }
            Owed::Refund { stake } => {
                total = total.saturating_add(stake);
                lines.push(Line::raw(format!(
                    "Refund  market {id}: {}",
                    format_usdc(stake)
                )));
            }
            Owed::Waiting { status, until } => later.push(Line::styled(
                format!(
                    "Waiting market {id}: {} (until {})",
                    status_label(status, chain.now),
                    format_time(until)
                ),
                theme::dim(),
            )),
            Owed::Lost { outcome } => later.push(Line::styled(
                format!("Lost    market {id}: resolved {outcome}"),
                theme::dim(),
            )),
            Owed::Paid => {}
        }
    }
    lines.push(Line::styled(
        format!("Total   {}", format_usdc(total)),
        theme::header(),
    ));
    lines.extend(later);
    lines.push(Line::raw(""));
    lines.push(Line::styled("Enter: claim all / Esc: cancel", theme::key()));
    show_fitted(frame, area, " Claim all ".to_owned(), lines);
}
