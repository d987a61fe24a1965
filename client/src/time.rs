//! Points in time as users read them: RFC 3339 in UTC.

use chrono::{DateTime, SecondsFormat};

/// The latest cluster time (unix seconds) a chain is ever moved to or loaded at:
/// 9999-12-31T23:59:59Z, the last second RFC 3339 writes (a four-digit year), so every time a
/// tool shows is a date. The node keeps its clock in milliseconds and adds to it with every
/// block; this bound leaves it some 290 million years of room before its arithmetic would
/// overflow. Timelines refuse steps past it, `fulltime warp` refuses targets past it, and a
/// snapshot or a kept chain whose clock is past it is refused on load: a time is refused, never
/// clamped.
pub const LATEST_CLUSTER_TIME: i64 = 253_402_300_799;

/// `2026-11-20T18:00:00Z`, or the raw number for times chrono cannot show.
pub fn format_time(unix_seconds: i64) -> String {
    DateTime::from_timestamp(unix_seconds, 0).map_or_else(
        || format!("{unix_seconds} (unix seconds)"),
        |time| time.to_rfc3339_opts(SecondsFormat::Secs, true),
    )
}

/// An oracle batch's `ts` (unix milliseconds) as `2026-05-16T15:52:05.500Z`, the fraction only
/// when there is one; the raw number for times chrono cannot show.
pub fn format_time_millis(unix_millis: i64) -> String {
    DateTime::from_timestamp_millis(unix_millis).map_or_else(
        || format!("{unix_millis} (unix milliseconds)"),
        |time| time.to_rfc3339_opts(SecondsFormat::AutoSi, true),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_cluster_time_is_the_last_second_rfc3339_writes() {
        assert_eq!(format_time(LATEST_CLUSTER_TIME), "9999-12-31T23:59:59Z");
        assert_eq!(
            format_time(LATEST_CLUSTER_TIME + 1),
            "+10000-01-01T00:00:00Z"
        );
    }

    #[test]
    fn times_show_as_rfc3339_utc() {
        assert_eq!(format_time(1_795_132_800), "2026-11-20T00:00:00Z");
        assert_eq!(format_time(i64::MAX), "9223372036854775807 (unix seconds)");
        assert_eq!(
            format_time_millis(1_778_946_672_000),
            "2026-05-16T15:51:12Z"
        );
        assert_eq!(
            format_time_millis(1_778_946_725_500),
            "2026-05-16T15:52:05.500Z"
        );
        assert_eq!(
            format_time_millis(i64::MAX),
            "9223372036854775807 (unix milliseconds)"
        );
    }
}
