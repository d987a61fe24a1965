//! The transaction inspector's lines: the summary, signature and explorer link, each
//! instruction with its labelled accounts, the logs; or the failure with its action.

use fulltime_client::amount::format_sol;
use fulltime_client::cluster::short_signature;
use fulltime_client::program_names::program_name;
use fulltime_client::rpc::TransactionDetail;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::{Inspected, Inspector, LandedTransaction};
use crate::dashboard::popups::frame::centered;
use crate::dashboard::remote::Remote;
use crate::dashboard::theme;
use fulltime_desk::error::ErrorReport;

pub fn draw(inspector: &Inspector, frame: &mut Frame, area: Rect) {
    let mut lines = vec![Line::styled(inspector.what.clone(), theme::header())];
    let title = match &inspector.inspected {
        Inspected::Transaction(landed) => {
            let LandedTransaction {
                done,
                signature,
                detail,
            } = landed.as_ref();
            lines.push(Line::raw(done.summary.clone()));
            lines.push(field("Signature", signature.to_string()));
            lines.push(if inspector.copied {
                Line::styled("Signature copied to the clipboard (OSC 52)", theme::good())
            } else {
                Line::styled("y copies the signature", theme::dim())
            });
            if !done.explorer.is_empty() {
                lines.push(field("Explorer", done.explorer.clone()));
            }
            match detail {
                Remote::Idle | Remote::Loading => {
                    lines.push(Line::styled("Reading the transaction...", theme::dim()));
                }
                Remote::Failed(reason) => {
                    lines.push(Line::styled(
                        format!("Cannot read it: {reason}"),
                        theme::bad(),
                    ));
                }
                Remote::Loaded((detail, labels)) => transaction(&mut lines, detail, labels),
            }
            format!(" Transaction {} ", short_signature(signature))
        }
        Inspected::Request(done) => {
            lines.push(Line::raw(done.summary.clone()));
            lines.push(Line::styled(
                "A request to the node, not a transaction: nothing to read back.",
                theme::dim(),
            ));
            " Request ".to_owned()
        }
        Inspected::Failure(failure) => {
            failed(&mut lines, &failure.report);
            if failure.nothing_sent {
                lines.push(Line::styled(
                    "Refused by the client before sending: no transaction left this machine.",
                    theme::dim(),
                ));
            }
            format!(" {} failed ", failure.doing)
        }
    };
    let area = centered(area, 110, area.height.saturating_sub(2));
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((inspector.scroll, 0))
            .block(Block::bordered().title(title)),
        area,
    );
}

fn field(label: &'static str, value: String) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<10}"), theme::header()),
        Span::raw(value),
    ])
}

/// The result, each instruction with its labelled accounts, and the logs.
fn transaction(lines: &mut Vec<Line<'static>>, detail: &TransactionDetail, labels: &[Vec<String>]) {
    let result = match &detail.error {
        None => Span::styled("ok", theme::good()),
        Some(error) => Span::styled(format!("failed: {error}"), theme::bad()),
    };
    lines.push(Line::from(vec![
        Span::styled(format!("{:<10}", "Result"), theme::header()),
        result,
        Span::raw(format!(
            ", slot {}, fee {}",
            detail.slot,
            format_sol(detail.fee)
        )),
    ]));
    for (number, instruction) in detail.instructions.iter().enumerate() {
        let program = program_name(&instruction.program)
            .map_or_else(|| instruction.program.to_string(), str::to_owned);
        let name = instruction
            .name
            .map_or_else(String::new, |name| format!(": {name}"));
        lines.push(Line::styled(
            format!("#{} {program}{name}", number + 1),
            theme::header(),
        ));
        let labels = labels.get(number);
        for (index, account) in instruction.accounts.iter().enumerate() {
            let label = labels
                .and_then(|labels| labels.get(index))
                .map_or("", String::as_str);
            let mut flags = Vec::new();
            if account.signer {
                flags.push("signer");
            }
            if account.writable {
                flags.push("writable");
            }
            lines.push(Line::from(vec![
                Span::raw(format!("  {:<19}", account.role.unwrap_or("-"))),
                Span::styled(format!("{label:<26}"), theme::key()),
                Span::raw(format!("{} ", account.address)),
                Span::styled(flags.join(", "), theme::dim()),
            ]));
        }
    }
    lines.push(Line::styled("Logs", theme::header()));
    for log in &detail.logs {
        lines.push(Line::raw(format!("  {log}")));
    }
}

/// The failure's name, message and action, then the logs it left.
fn failed(lines: &mut Vec<Line<'static>>, report: &ErrorReport) {
    lines.push(Line::styled(report.headline(), theme::bad()));
    lines.push(Line::raw(report.message.clone()));
    lines.push(field("Action", report.action.clone()));
    let logs: Vec<&str> = report
        .notes
        .iter()
        .filter_map(|note| note.strip_prefix("log: "))
        .collect();
    if !logs.is_empty() {
        lines.push(Line::styled("Logs", theme::header()));
        lines.extend(logs.into_iter().map(|log| Line::raw(format!("  {log}"))));
    }
}
