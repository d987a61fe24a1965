//! Spans of time on the command line: a market's dispute window typed as `90s`, `10m` or `1h`
//! (the durations of `+DURATION` times, without the `+`), and time left shown the same way.

use std::time::Duration;

/// The dispute window of `create-market` when none is given: long enough for anyone watching a
/// market to answer a wrong settlement with a later proof, short enough that winners are paid
/// the same day.
pub const DEFAULT_DISPUTE_WINDOW: &str = "1h";

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpanError {
    #[error("`{text}` is not a duration ({reason}); write it like 90s, 10m or 1h")]
    BadDuration { text: String, reason: String },
    #[error("`{0}` is longer than any span of unix seconds")]
    OutOfRange(String),
}

/// Whole seconds; sub-second parts are dropped, as for `+DURATION` times. Bounds are the
/// program's to set (see `fulltime_client::validate::check_dispute_window`), so that `--force`
/// can send any span and see its answer.
pub fn parse_span(text: &str) -> Result<i64, SpanError> {
    let text = text.trim();
    let duration = humantime::parse_duration(text).map_err(|error| SpanError::BadDuration {
        text: text.to_owned(),
        reason: error.to_string(),
    })?;
    i64::try_from(duration.as_secs()).map_err(|_| SpanError::OutOfRange(text.to_owned()))
}

/// `42s`, `1m 30s`, `1h`, `7days`; a negative span (never on a valid market) as `-5s`.
pub fn format_span(seconds: i64) -> String {
    match u64::try_from(seconds) {
        Ok(seconds) => humantime::format_duration(Duration::from_secs(seconds)).to_string(),
        Err(_) => format!("{seconds}s"),
    }
}

/// The two largest units of a span, for a narrow column: `48s`, `59m 48s`, `1h 59m`, `1d 3h`,
/// `7d`. Rounded down, as a countdown is.
pub fn format_span_short(seconds: i64) -> String {
    const UNITS: [(i64, &str); 4] = [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")];
    if seconds <= 0 {
        return format_span(seconds);
    }
    let Some(first) = UNITS.iter().position(|(size, _)| seconds >= *size) else {
        return format_span(seconds);
    };
    let mut parts = Vec::with_capacity(2);
    let mut rest = seconds;
    for (size, unit) in &UNITS[first..(first + 2).min(UNITS.len())] {
        let count = rest / size;
        rest %= size;
        if count > 0 {
            parts.push(format!("{count}{unit}"));
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_typed_like_durations() {
        for (text, seconds) in [
            ("90s", 90),
            ("10m", 600),
            ("1h", 3_600),
            ("1h30m", 5_400),
            (" 2days ", 172_800),
            ("7d", 604_800),
            ("0s", 0),
            ("60500ms", 60),
        ] {
            assert_eq!(parse_span(text), Ok(seconds), "{text}");
        }
    }

    #[test]
    fn anything_else_says_how_to_write_it() {
        for text in ["", "1", "+1h", "-1h", "an hour"] {
            let error = parse_span(text).expect_err(text);
            assert!(
                error
                    .to_string()
                    .starts_with(&format!("`{}` is not a duration (", text.trim())),
                "{error}"
            );
            assert!(error.to_string().ends_with("write it like 90s, 10m or 1h"));
        }
        assert_eq!(
            parse_span("300000000000years"),
            Err(SpanError::OutOfRange("300000000000years".into()))
        );
    }

    #[test]
    fn spans_show_as_they_are_typed() {
        for (seconds, text) in [
            (42, "42s"),
            (60, "1m"),
            (90, "1m 30s"),
            (3_600, "1h"),
            (604_800, "7days"),
            (0, "0s"),
            (-5, "-5s"),
        ] {
            assert_eq!(format_span(seconds), text);
            if seconds >= 0 {
                assert_eq!(parse_span(text), Ok(seconds), "round trip of {text}");
            }
        }
    }

    #[test]
    fn short_spans_keep_their_two_largest_units_and_fit_a_column() {
        for (seconds, text) in [
            (48, "48s"),
            (3_588, "59m 48s"),
            (7_188, "1h 59m"),
            (98_988, "1d 3h"),
            (86_400 + 59, "1d"),
            (604_800, "7d"),
            (31_622_399, "365d 23h"),
            (0, "0s"),
            (-5, "-5s"),
        ] {
            assert_eq!(format_span_short(seconds), text, "{seconds}");
            assert!(text.len() <= "365d 23h".len());
        }
    }
}
