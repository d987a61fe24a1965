//! The clock warp: each target with the time it means, or why there is none.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::form::{WarpForm, WarpTarget};
use crate::dashboard::component::Context;
use crate::dashboard::popups::frame::show_fitted;
use crate::dashboard::theme;
use fulltime_desk::input::format_time;

pub fn draw(context: &Context, form: &WarpForm, frame: &mut Frame, area: Rect) {
    let Some(chain) = context.loaded() else {
        return;
    };
    let market = form.market.and_then(|id| chain.market(id));
    let mut lines = vec![Line::styled(
        format!("Cluster clock now {}", format_time(chain.now)),
        theme::dim(),
    )];
    let mut picked = None;
    for target in WarpTarget::ALL {
        let label = match (target, form.market) {
            (WarpTarget::Result, _) => "to the published result".to_owned(),
            (WarpTarget::CloseTime, Some(id)) => format!("to market {id}'s close time"),
            (WarpTarget::DisputeEnd, Some(id)) => format!("past market {id}'s dispute window"),
            (WarpTarget::CloseTime, None) => "to the close time".to_owned(),
            (WarpTarget::DisputeEnd, None) => "past the dispute window".to_owned(),
            (WarpTarget::Duration, _) => format!("forward by {}_", form.duration),
        };
        let ok = form.time_of(target, market, chain.now).is_ok();
        let described = form.describe(target, market, chain.now);
        // The picked line is marked in its text too, not by its colours alone.
        let (mark, line_style) = if target == form.target {
            ("▸ ", theme::selected())
        } else {
            ("  ", ratatui::style::Style::new())
        };
        let line = Line::from(vec![
            Span::raw(format!("{mark}{label:<36} ")),
            Span::styled(
                described.clone(),
                if ok { theme::good() } else { theme::dim() },
            ),
        ]);
        lines.push(line.style(line_style));
        if target == form.target {
            picked = Some((label, ok, described));
        }
    }
    if let Some(publication) = &form.publication {
        lines.push(Line::styled(
            format!("The result: the batch of {}", publication.proof_file),
            theme::dim(),
        ));
    }
    // What Enter does now, in words, so that the choice Tab made is never a guess.
    if let Some((label, ok, described)) = picked {
        let label = label.trim_end_matches('_').trim_end();
        lines.push(if ok {
            Line::styled(format!("Enter warps {label}: {described}"), theme::good())
        } else {
            Line::styled(
                format!("Enter cannot warp {label}: {described}"),
                theme::dim(),
            )
        });
    }
    lines.push(Line::styled(
        "Tab picks the next, typing sets the duration (90s, 10m, 2days)",
        theme::dim(),
    ));
    show_fitted(frame, area, " Warp the localnet clock ".to_owned(), lines);
}
