//! A fixture as TxLINE's `/api/fixtures/snapshot` answers it: its id, its two participants (the
//! first listed is participant 1 of the stat keys) and when it starts. Fields are read in
//! TxLINE's capitalisation or in camel case; others are ignored.

use serde::{Deserialize, Deserializer, Serialize};

use crate::txline::stat_key::Sides;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureJson {
    #[serde(rename = "FixtureId", alias = "fixtureId")]
    pub fixture_id: i64,
    #[serde(rename = "Participant1", alias = "participant1")]
    pub participant1: String,
    #[serde(rename = "Participant2", alias = "participant2")]
    pub participant2: String,
    /// The feed's home designation of participant 1 (not a venue guarantee).
    #[serde(
        rename = "Participant1IsHome",
        alias = "participant1IsHome",
        default = "participant1_is_home"
    )]
    pub participant1_is_home: bool,
    /// Milliseconds; TxLINE writes an RFC 3339 time or milliseconds, both are read.
    #[serde(
        rename = "StartTime",
        alias = "startTime",
        default,
        deserialize_with = "start_time",
        skip_serializing_if = "Option::is_none",
        serialize_with = "write_start_time"
    )]
    pub start_time: Option<i64>,
    #[serde(
        rename = "Competition",
        alias = "competition",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub competition: Option<String>,
}

impl FixtureJson {
    pub fn sides(&self) -> Sides<'_> {
        Sides {
            participant1: &self.participant1,
            participant2: &self.participant2,
        }
    }

    /// `Arsenal v Chelsea`, the home side first.
    pub fn name(&self) -> String {
        if self.participant1_is_home {
            format!("{} v {}", self.participant1, self.participant2)
        } else {
            format!("{} v {}", self.participant2, self.participant1)
        }
    }
}

fn participant1_is_home() -> bool {
    true
}

fn start_time<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Millis(i64),
        Text(String),
    }
    match Option::<Either>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Either::Millis(millis)) => Ok(Some(millis)),
        Some(Either::Text(text)) => chrono::DateTime::parse_from_rfc3339(&text)
            .map(|time| Some(time.timestamp_millis()))
            .map_err(|error| {
                serde::de::Error::custom(format!(
                    "StartTime {text:?} is not an RFC 3339 time: {error}"
                ))
            }),
    }
}

fn write_start_time<S: serde::Serializer>(
    millis: &Option<i64>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match millis.and_then(chrono::DateTime::from_timestamp_millis) {
        Some(time) => {
            serializer.serialize_str(&time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        }
        None => serializer.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixture_reads_with_either_start_time_and_names_its_sides() {
        for start in [r#""2026-05-16T14:00:00Z""#, "1778940000000"] {
            let json = format!(
                r#"{{"FixtureId": 18502311, "Participant1": "Arsenal", "Participant2": "Chelsea",
                    "Participant1IsHome": true, "StartTime": {start}, "GameState": 1}}"#
            );
            let fixture: FixtureJson = serde_json::from_str(&json).expect(&json);
            assert_eq!(fixture.start_time, Some(1_778_940_000_000));
            assert_eq!(fixture.name(), "Arsenal v Chelsea");
            assert_eq!(fixture.sides().participant2, "Chelsea");
        }
        let away_first = r#"{"fixtureId": 1, "participant1": "Chelsea", "participant2": "Arsenal",
            "participant1IsHome": false}"#;
        let fixture: FixtureJson = serde_json::from_str(away_first).expect("camel case");
        assert_eq!(fixture.name(), "Arsenal v Chelsea");
        assert_eq!(fixture.start_time, None);
    }

    #[test]
    fn a_start_time_that_is_no_time_is_refused() {
        let json =
            r#"{"FixtureId": 1, "Participant1": "A", "Participant2": "B", "StartTime": "soon"}"#;
        let error = serde_json::from_str::<FixtureJson>(json).expect_err("not a time");
        assert!(error.to_string().contains("\"soon\""), "{error}");
    }

    #[test]
    fn a_fixture_writes_an_rfc_3339_start() {
        let fixture = FixtureJson {
            fixture_id: 18_502_311,
            participant1: "Arsenal".into(),
            participant2: "Chelsea".into(),
            participant1_is_home: true,
            start_time: Some(1_778_940_000_000),
            competition: Some("Premier League".into()),
        };
        let json = serde_json::to_value(&fixture).expect("serializes");
        assert_eq!(json["StartTime"], "2026-05-16T14:00:00Z");
        assert_eq!(
            serde_json::from_value::<FixtureJson>(json).expect("reads"),
            fixture
        );
    }
}
