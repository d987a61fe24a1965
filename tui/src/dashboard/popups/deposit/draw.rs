//! The deposit form: side, amount, the wallet's balance and holding, and the verdict of the
//! checks as typed (or what the deposit pays if its side wins).

use fulltime_client::amount::format_usdc;
use fulltime_client::side::Side;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::form::{DepositCheck, DepositForm};
use crate::dashboard::component::Context;
use crate::dashboard::popups::frame::show_fitted;
use crate::dashboard::theme;
use fulltime_desk::output::position::position_summary;

pub fn draw(context: &Context, form: &DepositForm, frame: &mut Frame, area: Rect) {
    let Some((market, chain)) = context.market(form.market) else {
        return;
    };
    let side = |side: Side, style| {
        if side == form.side {
            Span::styled(format!("[{side}]"), style)
        } else {
            Span::raw(format!(" {side} "))
        }
    };
    let balance = chain
        .balances
        .and_then(|balances| balances.usdc)
        .map_or_else(|| "none".to_owned(), format_usdc);
    let verdict = match form.check(chain) {
        DepositCheck::Ready { amount, payout } => Line::styled(
            format!(
                "Enter deposits {}; pays {} if {} wins",
                format_usdc(amount),
                format_usdc(payout),
                form.side
            ),
            theme::good(),
        ),
        DepositCheck::Invalid(reason) => Line::styled(reason, theme::bad()),
    };
    let mut lines = vec![
        Line::raw(market.question.clone()),
        Line::from(vec![
            Span::styled("Side    ", theme::header()),
            side(Side::Yes, theme::yes()),
            Span::raw(" "),
            side(Side::No, theme::no()),
            Span::styled("  (Tab switches)", theme::dim()),
        ]),
        Line::from(vec![
            Span::styled("Amount  ", theme::header()),
            Span::raw(format!("{}_ USDC", form.amount)),
        ]),
        Line::from(vec![
            Span::styled("Wallet  ", theme::header()),
            Span::raw(balance),
        ]),
    ];
    if let Some(position) = chain.position(form.market) {
        lines.push(Line::from(vec![
            Span::styled("Holding ", theme::header()),
            Span::raw(position_summary(position)),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(verdict);
    show_fitted(
        frame,
        area,
        format!(" Deposit in market {} ", form.market),
        lines,
    );
}
