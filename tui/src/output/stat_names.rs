//! What the fixtures' stat keys and periods mean (`[stat_keys]` and `[periods]` of
//! `fixtures/matches.toml`), compiled in so that the binary names them wherever it runs.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

const MATCHES_TOML: &str = include_str!("../../../fixtures/matches.toml");

/// Only the two naming tables; the batches and cases are the fixture generator's.
#[derive(Default, Deserialize)]
struct Names {
    #[serde(default)]
    stat_keys: BTreeMap<String, String>,
    #[serde(default)]
    periods: BTreeMap<String, String>,
}

static NAMES: LazyLock<Names> = LazyLock::new(|| toml::from_str(MATCHES_TOML).unwrap_or_default());

/// `home goals` for stat key 1; `None` for a key the fixtures do not name.
pub fn stat_name(key: u32) -> Option<&'static str> {
    NAMES.stat_keys.get(&key.to_string()).map(String::as_str)
}

/// `full time` for period 100.
pub fn period_name(period: i32) -> Option<&'static str> {
    NAMES.periods.get(&period.to_string()).map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixtures_name_their_stats_and_periods() {
        assert_eq!(stat_name(1), Some("home goals"));
        assert_eq!(stat_name(4), Some("away corners"));
        assert_eq!(stat_name(99), None);
        assert_eq!(period_name(100), Some("full time"));
        assert_eq!(period_name(1), Some("first half"));
    }
}
