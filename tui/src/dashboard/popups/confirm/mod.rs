//! The confirmation of a claim (`c`) or a refund (`u`), which need no other input: the market,
//! its state and what the position pays; Enter runs the payout action's checks and sends its
//! order, or shows its refusal.

use fulltime_client::market_status::MarketStatus;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::failure::FailurePopup;
use super::frame::show_fitted;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::position::position_value;
use crate::dashboard::theme;
use fulltime_desk::actions::{self, Order, PayoutOrder};
use fulltime_desk::output::labels::status_label;
use fulltime_desk::output::position::position_summary;
use fulltime_desk::output::receipt::payout::PayoutKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Confirm {
    pub kind: PayoutKind,
    pub market: u64,
}

/// Opens the confirmation of a `kind` of the selected market, or says why not.
pub fn open(context: &Context, kind: PayoutKind) -> Ask {
    let (Some(market), Some(chain)) = (context.selected_market(), context.loaded()) else {
        return Ask::Notice("Select a market first".to_owned());
    };
    if chain.position(market.id).is_none() {
        return Ask::Notice(format!(
            "The wallet has no position in market {}",
            market.id
        ));
    }
    Ask::open(Confirm {
        kind,
        market: market.id,
    })
}

impl Popup for Confirm {
    fn mode(&self) -> Mode {
        Mode::Confirm
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Command(Command::Submit) => self.submit(context).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw(context, *self, frame, area);
    }
}

impl Confirm {
    /// The order, checked at what the feed holds, or its refusal.
    fn submit(self, context: &Context) -> Option<Ask> {
        let held = context.loaded()?.standing(self.market)?;
        let verb = self.kind.verb();
        if let Err(refusal) = actions::payout::check(self.kind, &held.market, held.now) {
            return Some(FailurePopup::refused(verb, refusal));
        }
        let order = PayoutOrder {
            kind: self.kind,
            market: self.market,
            force: false,
        };
        Some(Ask::Send {
            what: format!("{verb} market {}", self.market),
            request: Request::held(Order::Payout(order), held),
        })
    }
}

fn draw(context: &Context, confirm: Confirm, frame: &mut Frame, area: Rect) {
    let Some((market, chain)) = context.market(confirm.market) else {
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

#[cfg(test)]
mod tests;
