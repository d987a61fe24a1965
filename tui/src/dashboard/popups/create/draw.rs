//! The create-market form: each field with how it is written, the question's counter, and the
//! first fault of the terms or when the market would close.

use fulltime_client::settlement::constants::MAX_QUESTION_CHARS;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::form::{CreateForm, FIELDS, HINTS};
use crate::dashboard::component::Context;
use crate::dashboard::popups::frame::show_fitted;
use crate::dashboard::theme;
use fulltime_desk::input::{format_time, parse_stat};
use fulltime_desk::output::catalog::fixture_name;
use fulltime_desk::output::terms::describe_value;

pub fn draw(context: &Context, form: &CreateForm, frame: &mut Frame, area: Rect) {
    let proof_files = context.proof_files;
    let Some(chain) = context.loaded() else {
        return;
    };
    let mut lines = Vec::new();
    match form
        .from_proof
        .and_then(|index| Some((index, proof_files.get(index)?)))
    {
        Some((index, proof_file)) => lines.push(Line::styled(
            format!(
                "From {}: case {} ({} of {}; PgUp/PgDn for another)",
                fixture_name(proof_file.proof.fixture_summary.fixture_id),
                proof_file.name,
                index + 1,
                proof_files.len()
            ),
            theme::dim(),
        )),
        None if !proof_files.is_empty() => lines.push(Line::styled(
            format!(
                "PgDn fills the terms of a case from the proof files ({} cases)",
                proof_files.len()
            ),
            theme::dim(),
        )),
        None => {}
    }
    for (index, (name, value)) in FIELDS.iter().zip(&form.values).enumerate() {
        let label = if index == 0 {
            format!("{name} {}", form.question_count())
        } else {
            (*name).to_owned()
        };
        let cursor = if index == form.focus { "_" } else { "" };
        // The counter turns red past the program's limit.
        let label_style = if index == 0 && form.values[0].chars().count() > MAX_QUESTION_CHARS {
            theme::bad()
        } else {
            theme::header()
        };
        let line = Line::from(vec![
            Span::styled(format!("{label:<17} "), label_style),
            Span::raw(format!("{value}{cursor}")),
            Span::styled(format!("  {}", HINTS[index]), theme::dim()),
        ]);
        lines.push(if index == form.focus {
            line.style(theme::selected())
        } else {
            line
        });
    }
    // The stat typed, in TxLINE's words, with the fixture's teams where the catalog knows them.
    let [_, _, fixture, stat, ..] = &form.values;
    if let (Ok(fixture_id), Ok(stat)) = (fixture.trim().parse::<i64>(), parse_stat(stat)) {
        lines.push(Line::from(vec![
            Span::styled(format!("{:<17} ", "Reads"), theme::header()),
            Span::raw(describe_value(fixture_id, stat.stat_key, stat.second_stat)),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(match form.terms(chain.now) {
        Ok(terms) => Line::styled(
            format!("Enter creates it; closes {}", format_time(terms.close_time)),
            theme::good(),
        ),
        Err(fault) => Line::styled(fault, theme::bad()),
    });
    show_fitted(frame, area, " New market ".to_owned(), lines);
}
