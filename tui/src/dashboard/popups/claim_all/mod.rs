//! Claim all's confirmation (`C`): each payout and refund it would send, the total, and what it
//! leaves waiting or lost; Enter sends the one request.

use fulltime_client::amount::format_usdc;
use fulltime_client::payable::Owed;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::frame::show_fitted;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::position::owed_positions;
use crate::dashboard::theme;
use fulltime_desk::actions::Order;
use fulltime_desk::input::format_time;
use fulltime_desk::output::labels::status_label;

#[derive(Clone, Copy, Debug)]
pub struct ClaimAll;

/// Opens the confirmation when something is payable; else says what waits.
pub fn open(context: &Context) -> Option<Ask> {
    let owed = owed_positions(context.loaded()?);
    if owed.iter().any(|(_, owed)| owed.payable().is_some()) {
        return Some(Ask::open(ClaimAll));
    }
    let next = owed
        .iter()
        .filter_map(|(id, owed)| match owed {
            Owed::Waiting { until, .. } => Some((*until, *id)),
            _ => None,
        })
        .min();
    Some(Ask::Notice(match next {
        Some((until, id)) => format!(
            "Nothing to claim or refund yet; next: market {id} at {}",
            format_time(until)
        ),
        None => "Nothing to claim or refund".to_owned(),
    }))
}

impl Popup for ClaimAll {
    fn mode(&self) -> Mode {
        Mode::Confirm
    }

    fn update(&mut self, _context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Command(Command::Submit) => vec![Ask::Send {
                what: "Claim all".to_owned(),
                request: Request::order(Order::ClaimAll),
            }],
            _ => Vec::new(),
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw(context, frame, area);
    }
}

fn draw(context: &Context, frame: &mut Frame, area: Rect) {
    let Some(chain) = context.loaded() else {
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

#[cfg(test)]
mod tests;
