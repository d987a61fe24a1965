//! What the match catalog `fixtures/matches.toml` names, compiled in so that the binary names
//! them wherever it runs: what the stat keys and periods mean (`[stat_keys]`, `[periods]`) and
//! which match a fixture id is (`[[batch.fixture]]`'s teams and kickoff).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

const MATCHES_TOML: &str = include_str!("../../../fixtures/matches.toml");

/// The naming tables and the matches; the events and cases are the proof files' generator's.
#[derive(Default, Deserialize)]
struct Names {
    #[serde(default)]
    stat_keys: BTreeMap<String, String>,
    #[serde(default)]
    periods: BTreeMap<String, String>,
    #[serde(default)]
    batch: Vec<Batch>,
}

#[derive(Deserialize)]
struct Batch {
    #[serde(default)]
    fixture: Vec<Match>,
}

/// A match the catalog knows.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Match {
    pub fixture_id: i64,
    pub home: String,
    pub away: String,
    /// UTC milliseconds.
    pub kickoff: i64,
}

impl Match {
    /// `Arsenal v Chelsea`.
    pub fn name(&self) -> String {
        format!("{} v {}", self.home, self.away)
    }
}

static NAMES: LazyLock<Names> = LazyLock::new(|| toml::from_str(MATCHES_TOML).unwrap_or_default());

/// `home goals` for stat key 1; `None` for a key the catalog does not name.
pub fn stat_name(key: u32) -> Option<&'static str> {
    NAMES.stat_keys.get(&key.to_string()).map(String::as_str)
}

/// `full time` for period 100.
pub fn period_name(period: i32) -> Option<&'static str> {
    NAMES.periods.get(&period.to_string()).map(String::as_str)
}

/// The match of `fixture_id`, when the catalog has it.
pub fn fixture_match(fixture_id: i64) -> Option<&'static Match> {
    NAMES
        .batch
        .iter()
        .flat_map(|batch| &batch.fixture)
        .find(|known| known.fixture_id == fixture_id)
}

/// `Arsenal v Chelsea`, or `fixture 18502399` for one the catalog does not know.
pub fn fixture_name(fixture_id: i64) -> String {
    fixture_match(fixture_id).map_or_else(|| format!("fixture {fixture_id}"), Match::name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_names_its_stats_and_periods() {
        assert_eq!(stat_name(1), Some("home goals"));
        assert_eq!(stat_name(4), Some("away corners"));
        assert_eq!(stat_name(99), None);
        assert_eq!(period_name(100), Some("full time"));
        assert_eq!(period_name(1), Some("first half"));
    }

    #[test]
    fn the_catalog_names_its_matches() {
        assert_eq!(fixture_name(18_502_311), "Arsenal v Chelsea");
        assert_eq!(
            fixture_match(18_502_311).map(|known| known.kickoff),
            Some(1_778_940_000_000)
        );
        assert_eq!(fixture_name(1), "fixture 1");
    }
}
