//! The wallet picker (`W`): the wallet the dashboard started as and the book's, the acting one
//! marked; Enter acts as the picked one (the wallet pane, MINE and every request follow).

use fulltime_client::cluster::short_base58;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::frame::show_picker;
use super::list_picker::ListPicker;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Effect;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::theme;

#[derive(Clone, Copy, Debug, Default)]
pub struct WalletPicker {
    picker: ListPicker,
}

/// Opens the picker, or says there is no other wallet.
pub fn open(context: &Context) -> Ask {
    if context.wallets.is_empty() {
        return Ask::Notice("No other wallet: + makes one in the wallet book".to_owned());
    }
    Ask::open(WalletPicker::default())
}

impl Popup for WalletPicker {
    fn mode(&self) -> Mode {
        Mode::Picker
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            // Picking the wallet acted as already changes nothing.
            Message::Command(Command::Submit) => std::iter::once(Ask::Close)
                .chain(
                    context
                        .wallets
                        .get(self.picker.selected)
                        .filter(|choice| context.acting != Some(choice.name.as_str()))
                        .map(|choice| Ask::Run(Effect::SwitchWallet(choice.clone()))),
                )
                .collect(),
            Message::Command(command) => {
                self.picker.move_with(command, context.wallets.len());
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw(context, self.picker, frame, area);
    }
}

fn draw(context: &Context, picker: ListPicker, frame: &mut Frame, area: Rect) {
    // One line per wallet at any width: the name, then the address's ends.
    let name_width = context
        .wallets
        .iter()
        .map(|wallet| wallet.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    let items = context
        .wallets
        .iter()
        .map(|wallet| {
            let acting = context.acting == Some(wallet.name.as_str());
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

#[cfg(test)]
mod tests;
