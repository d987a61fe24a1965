//! Points in time on the command line: `+DURATION` from the cluster's clock, or an RFC 3339 time.

use std::str::FromStr;
use std::time::Duration;

use chrono::DateTime;

/// A time given as `+10m` / `+2h` / `+1h 30m`, or as `2026-11-20T18:00:00Z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// This long after the cluster's clock, which runs ahead of the wall clock after a warp.
    In(Duration),
    /// Unix seconds.
    At(i64),
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum WhenError {
    #[error(
        "`{0}` is not a time: write +DURATION (like +10m, +2h, +1h30m) or an RFC 3339 time (like \
         2026-11-20T18:00:00Z)"
    )]
    Unrecognized(String),
    #[error("`{text}` is not a duration ({reason}); write it like +10m, +2h or +1h30m")]
    BadDuration { text: String, reason: String },
    #[error("{0} seconds from now is beyond the last representable time")]
    OutOfRange(u64),
}

impl FromStr for When {
    type Err = WhenError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if let Some(duration) = text.strip_prefix('+') {
            return humantime::parse_duration(duration)
                .map(Self::In)
                .map_err(|error| WhenError::BadDuration {
                    text: text.to_owned(),
                    reason: error.to_string(),
                });
        }
        DateTime::parse_from_rfc3339(text)
            .map(|time| Self::At(time.timestamp()))
            .map_err(|_| WhenError::Unrecognized(text.to_owned()))
    }
}

impl When {
    /// Unix seconds, with `now` the cluster's clock; sub-second parts are dropped.
    pub fn resolve(self, now: i64) -> Result<i64, WhenError> {
        match self {
            Self::At(time) => Ok(time),
            Self::In(duration) => {
                let seconds = duration.as_secs();
                i64::try_from(seconds)
                    .ok()
                    .and_then(|seconds| now.checked_add(seconds))
                    .filter(|time| DateTime::from_timestamp(*time, 0).is_some())
                    .ok_or(WhenError::OutOfRange(seconds))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_132_800; // 2026-11-20T00:00:00Z

    fn parse(text: &str) -> Result<When, WhenError> {
        text.parse()
    }

    #[test]
    fn durations_count_from_the_cluster_clock() {
        for (text, seconds) in [
            ("+10m", 600),
            ("+2h", 7_200),
            ("+1h30m", 5_400),
            ("+1h 30m", 5_400),
            ("+90s", 90),
            ("+1day", 86_400),
            ("+0s", 0),
            ("+1500ms", 1),
        ] {
            let when = parse(text).expect(text);
            assert_eq!(when.resolve(NOW), Ok(NOW + seconds), "{text}");
        }
    }

    #[test]
    fn rfc3339_times_are_absolute() {
        for (text, time) in [
            ("2026-11-20T18:00:00Z", NOW + 18 * 3_600),
            ("2026-11-20T19:00:00+01:00", NOW + 18 * 3_600),
            ("2026-11-20T18:00:00.750Z", NOW + 18 * 3_600),
            ("1970-01-01T00:00:00Z", 0),
        ] {
            assert_eq!(parse(text), Ok(When::At(time)), "{text}");
            assert_eq!(When::At(time).resolve(0), Ok(time));
        }
    }

    #[test]
    fn anything_else_says_what_to_write() {
        for text in ["10m", "tomorrow", "2026-11-20", "2026-11-20 18:00", ""] {
            assert_eq!(
                parse(text),
                Err(WhenError::Unrecognized(text.into())),
                "{text}"
            );
        }
        let error = parse("+10 parsecs").expect_err("unknown unit");
        assert!(matches!(error, WhenError::BadDuration { .. }), "{error:?}");
        assert!(
            error
                .to_string()
                .starts_with("`+10 parsecs` is not a duration (")
        );
        assert_eq!(
            parse("tomorrow").expect_err("bad").to_string(),
            "`tomorrow` is not a time: write +DURATION (like +10m, +2h, +1h30m) or an RFC 3339 \
             time (like 2026-11-20T18:00:00Z)"
        );
    }

    #[test]
    fn a_duration_past_the_end_of_time_is_refused() {
        let when = When::In(Duration::from_secs(u64::MAX));
        assert_eq!(when.resolve(NOW), Err(WhenError::OutOfRange(u64::MAX)));
        let when = When::In(Duration::from_secs(i64::MAX as u64));
        assert!(when.resolve(NOW).is_err());
    }
}
