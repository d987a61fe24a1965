//! The deposit popup (`d`): the selected market's side (Tab) and an amount, the checks' verdict
//! as typed, and Enter sends the deposit action's order with what the feed holds.

mod draw;
mod form;

pub use form::{DepositCheck, DepositForm};

use fulltime_client::amount::format_usdc;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use fulltime_desk::actions::{DepositOrder, Order};

/// Opens the form on the selected market, or says why not.
pub fn open(context: &Context) -> Ask {
    match context.selected_market() {
        Some(market) => Ask::open(DepositForm::new(market.id, context.loaded())),
        None => Ask::Notice("Select a market first".to_owned()),
    }
}

impl Popup for DepositForm {
    fn mode(&self) -> Mode {
        Mode::Deposit
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Type(c) => {
                self.amount.type_char(c);
            }
            Message::Command(Command::Switch) => self.toggle_side(),
            Message::Command(Command::Erase) => {
                self.amount.erase();
            }
            Message::Command(Command::Submit) => return self.submit(context).into_iter().collect(),
            _ => {}
        }
        Vec::new()
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw::draw(context, self, frame, area);
    }
}

impl DepositForm {
    /// The order, with the market and the wallet as the feed holds them; an invalid form stays
    /// open with its reason shown, and nothing is sent.
    fn submit(&self, context: &Context) -> Option<Ask> {
        let chain = context.loaded()?;
        let DepositCheck::Ready { amount, .. } = self.check(chain) else {
            return None;
        };
        let held = chain.standing(self.market)?;
        let side = self.side;
        let order = DepositOrder {
            market: self.market,
            outcome: side.byte(),
            amount,
            force: false,
        };
        Some(Ask::Send {
            what: format!(
                "Deposit {} on {side}, market {}",
                format_usdc(amount),
                self.market
            ),
            request: Request::held(Order::Deposit(order), held),
        })
    }
}

#[cfg(test)]
mod tests;
