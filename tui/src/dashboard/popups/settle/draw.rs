//! The settle picker: the proof files, with what each proves for the market.

use fulltime_client::market_status::MarketStatus;
use fulltime_client::proof_file::Expected;
use fulltime_client::settlement::SettlementError;
use fulltime_client::settlement::batch_time::batch_time_fault;
use fulltime_client::side::Side;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{SettlePicker, fits};
use crate::dashboard::component::Context;
use crate::dashboard::popups::frame::show;
use crate::dashboard::theme;
use crate::output::labels::status_label;

pub fn draw(context: &Context, picker: &SettlePicker, frame: &mut Frame, area: Rect) {
    let Some((market, chain)) = context.market(picker.market) else {
        return;
    };
    let mut lines = vec![
        Line::raw(market.question.clone()),
        Line::styled(
            format!(
                "Now {}. Proof files for fixture {}, stat {}, period {} first:",
                status_label(MarketStatus::of(market, chain.now), chain.now),
                market.fixture_id,
                market.stat_key,
                market.period
            ),
            theme::dim(),
        ),
    ];
    let room = usize::from(area.height.saturating_sub(6)).max(1);
    let name_width = context
        .proof_files
        .iter()
        .map(|proof_file| proof_file.name.len())
        .max()
        .unwrap_or(0)
        .min(40);
    let first = picker.selected / room * room;
    for (row, &index) in picker.order.iter().enumerate().skip(first).take(room) {
        let Some(proof_file) = context.proof_files.get(index) else {
            continue;
        };
        let terms = &proof_file.market;
        let verdict = if terms.fixture_id != market.fixture_id {
            Span::styled(format!("fixture {}", terms.fixture_id), theme::dim())
        } else if !fits(market, proof_file) {
            let second = terms
                .second_stat
                .map_or_else(String::new, |second| format!(" and {}", second.stat_key));
            Span::styled(
                format!("stat {}{second}, period {}", terms.stat_key, terms.period),
                theme::dim(),
            )
        } else {
            match (
                &proof_file.expected,
                batch_time_fault(proof_file.proof.ts, market.close_time, chain.now),
            ) {
                (_, Some(SettlementError::ProofFromFuture)) => {
                    Span::styled("not published yet (w warps)", theme::dim())
                }
                (_, Some(_)) => Span::styled("published before the close", theme::bad()),
                (Expected::Outcome(_), None) => {
                    let side = Side::from(proof_file.stated_outcome(market));
                    Span::styled(format!("settles {side}"), theme::good())
                }
                (Expected::Error(error), None) => {
                    Span::styled(format!("fails: {}", error.name), theme::bad())
                }
            }
        };
        let line = Line::from(vec![
            Span::raw(format!("{:<name_width$} ", proof_file.name)),
            verdict,
        ]);
        lines.push(if row == picker.selected {
            line.style(theme::selected())
        } else {
            line
        });
    }
    show(
        frame,
        area,
        format!(" Settle market {} with a proof file ", picker.market),
        lines,
    );
}
