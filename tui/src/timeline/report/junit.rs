//! `--junit FILE`: the suite as JUnit XML, which CI systems read: one `testsuite`, a `testcase`
//! per timeline, its failing step as its `failure`. The shape is the strictest CI tools read
//! (windyroad's JUnit.xsd: every `testsuite` attribute, `properties`, `system-out` and
//! `system-err` present; Jenkins' junit-10 accepts it too); `tui/tests/junit.xsd` holds it to
//! that.

use std::fmt::Write;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fulltime_client::time::format_time;

use super::Outcome;
use super::colour::Colour;
use super::text::{failure_section, steps_block};

/// The document for `outcomes`, run in `took`, started at `started`.
pub fn document(outcomes: &[Outcome], took: Duration, started: SystemTime) -> String {
    let failures = outcomes.iter().filter(|outcome| !outcome.passed()).count();
    let unix = started.duration_since(UNIX_EPOCH).map_or(0, |since| {
        i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
    });
    // The schema's timestamp has no zone: the time is UTC.
    let timestamp = format_time(unix).trim_end_matches('Z').to_owned();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    let _ = writeln!(
        xml,
        "  <testsuite package=\"fulltime\" id=\"0\" name=\"fulltime timeline run\" \
         timestamp=\"{timestamp}\" hostname=\"{}\" tests=\"{}\" failures=\"{failures}\" \
         errors=\"0\" time=\"{:.3}\">",
        escaped(&hostname()),
        outcomes.len(),
        took.as_secs_f64()
    );
    xml.push_str("    <properties/>\n");
    for outcome in outcomes {
        xml.push_str(&testcase(outcome));
    }
    xml.push_str("    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n");
    xml
}

/// A timeline: named as the report names it, its class its file without `.toml`.
fn testcase(outcome: &Outcome) -> String {
    let file = &outcome.run.file;
    let open = format!(
        "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.3}\"",
        escaped(&outcome.name),
        escaped(file.strip_suffix(".toml").unwrap_or(file)),
        outcome.took.as_secs_f64()
    );
    let Some(failure) = &outcome.run.failure else {
        return format!("{open}/>\n");
    };
    let message = format!(
        "step {}: expected {}, happened {}",
        failure.step, failure.expected, failure.happened
    );
    let plain = Colour { on: false };
    let body = format!(
        "{}\n\n{}",
        failure_section(outcome, failure, plain),
        steps_block(&outcome.run.steps, plain)
    );
    format!(
        "{open}>\n      <failure message=\"{}\" type=\"TimelineFailed\">{}</failure>\n    \
         </testcase>\n",
        escaped(&message),
        escaped(&body)
    )
}

/// XML text and attribute values: the five markup characters as entities, and what XML 1.0
/// cannot hold at all (control characters a file or a log may carry) as U+FFFD.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(character),
            control if control < ' ' || control == '\u{FFFE}' || control == '\u{FFFF}' => {
                out.push('\u{FFFD}');
            }
            other => out.push(other),
        }
    }
    out
}

/// The machine's name, which the schema asks for; `localhost` when it cannot be read.
fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "localhost".to_owned())
}
