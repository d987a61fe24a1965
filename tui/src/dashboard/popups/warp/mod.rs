//! The clock warp (`w`, localnet): to when the selected market's result was published (the
//! batch of its newest clean proof file), to its close time, to the end of its dispute
//! window, or forward by a typed duration, through the same warp action as `fulltime warp`.

mod draw;
mod form;

pub use form::WarpForm;

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use fulltime_desk::actions::Order;
use fulltime_desk::input::{When, format_time};

/// Opens the form on the selected market (or none), or says why not.
pub fn open(context: &Context) -> Ask {
    let now = context.loaded().map_or(0, |chain| chain.now);
    Ask::open(WarpForm::new(
        context.selected_market(),
        context.proof_files,
        now,
    ))
}

impl Popup for WarpForm {
    fn mode(&self) -> Mode {
        Mode::Warp
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Type(c) => self.type_char(c),
            Message::Command(Command::Switch) => self.next_target(),
            Message::Command(Command::Erase) => {
                self.duration.erase();
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

impl WarpForm {
    /// The warp to the chosen target; an impossible one stays in the form with its reason, and
    /// nothing is sent.
    fn submit(&self, context: &Context) -> Option<Ask> {
        let chain = context.loaded()?;
        let market = self.market.and_then(|id| chain.market(id));
        let to = self.time_of(self.target, market, chain.now).ok()?;
        Some(Ask::Send {
            what: format!("Warp to {}", format_time(to)),
            request: Request::order(Order::Warp { to: When::At(to) }),
        })
    }
}

#[cfg(test)]
mod tests;
