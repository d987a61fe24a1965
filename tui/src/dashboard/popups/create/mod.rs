//! The create-market popup (`n`, or `N` prefilled from the first proof file): each field with
//! how it is written, Tab between them, PgUp/PgDn for another proof file's terms, the first fault
//! of the terms as typed, and Enter sends the create action's order.

mod draw;
mod form;

pub use form::CreateForm;

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use fulltime_desk::actions::{CreateOrder, Order};

/// Opens the form, blank or filled from the first proof file, or says why not.
pub fn open(context: &Context, from_proof: bool) -> Ask {
    let mut form = CreateForm::blank();
    if from_proof {
        match context.proof_files.first() {
            Some(proof_file) => form.fill_from(0, proof_file),
            None => return Ask::Notice("No proof files found (pass --proofs DIR)".to_owned()),
        }
    }
    Ask::open(form)
}

impl Popup for CreateForm {
    fn mode(&self) -> Mode {
        Mode::Create
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Type(c) => self.type_char(c),
            Message::Command(Command::NextField) => self.move_focus(1),
            Message::Command(Command::PreviousField) => self.move_focus(-1),
            Message::Command(Command::PageDown) => self.next_proof_file(context, true),
            Message::Command(Command::PageUp) => self.next_proof_file(context, false),
            Message::Command(Command::Erase) => self.erase(),
            Message::Command(Command::Submit) => return self.submit(context).into_iter().collect(),
            _ => {}
        }
        Vec::new()
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw::draw(context, self, frame, area);
    }
}

impl CreateForm {
    /// PgDn/PgUp: every field from the next (or previous) proof file's market, round the list.
    fn next_proof_file(&mut self, context: &Context, forward: bool) {
        let count = context.proof_files.len();
        if count == 0 {
            return;
        }
        let index = match (self.from_proof, forward) {
            (None, true) => 0,
            (None, false) => count - 1,
            (Some(index), true) => (index + 1) % count,
            (Some(index), false) => (index + count - 1) % count,
        };
        if let Some(proof_file) = context.proof_files.get(index) {
            self.fill_from(index, proof_file);
        }
    }

    /// The order at the cluster clock; invalid terms stay in the form with the first fault
    /// shown, and nothing is sent.
    fn submit(&self, context: &Context) -> Option<Ask> {
        let now = context.loaded()?.now;
        let terms = self.terms(now).ok()?;
        Some(Ask::Send {
            what: format!("Create market: {}", terms.question),
            request: Request::order(Order::Create(Box::new(CreateOrder {
                terms,
                now,
                force: false,
            }))),
        })
    }
}

#[cfg(test)]
mod tests;
