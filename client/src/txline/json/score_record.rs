//! A score record as TxLINE's scores endpoints answer it (`/api/scores/snapshot/{fixtureId}`,
//! `/api/scores/historical/{fixtureId}`, `/api/scores/updates/…`): the fixture, the record's
//! sequence number (from 1), its time, its action, its game phase and period, and its stats keyed
//! as TxLINE keys them (`"1001": 1`). Fields are read in TxLINE's capitalisation (`Seq`) or in
//! camel case (`seq`), as the docs warn either may appear; others are ignored.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use txline_interface::time::FINAL_PERIOD;

use super::ShapeError;

/// The action of the record that carries a fixture's final outcome.
pub const GAME_FINALISED: &str = "game_finalised";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRecordJson {
    #[serde(rename = "FixtureId", alias = "fixtureId")]
    pub fixture_id: i64,
    #[serde(rename = "Seq", alias = "seq")]
    pub seq: i64,
    #[serde(rename = "Ts", alias = "ts")]
    pub ts: i64,
    #[serde(rename = "Action", alias = "action")]
    pub action: String,
    #[serde(rename = "StatusId", alias = "statusId", default)]
    pub status_id: Option<i32>,
    #[serde(rename = "Period", alias = "period", default)]
    pub period: Option<i32>,
    #[serde(rename = "Stats", alias = "stats", default)]
    pub stats: BTreeMap<String, i32>,
}

/// A score record, checked: a sequence from 1 and every stat key a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreRecord {
    pub fixture_id: i64,
    pub seq: u32,
    /// Milliseconds.
    pub ts: i64,
    pub action: String,
    pub status: Option<i32>,
    pub period: Option<i32>,
    pub stats: BTreeMap<u32, i32>,
}

impl ScoreRecord {
    /// The record that carries the fixture's final outcome: action `game_finalised`, period 100.
    pub fn is_finalised(&self) -> bool {
        self.action == GAME_FINALISED && self.period.is_none_or(|period| period == FINAL_PERIOD)
    }
}

impl ScoreRecordJson {
    pub fn encode(record: &ScoreRecord) -> Self {
        Self {
            fixture_id: record.fixture_id,
            seq: i64::from(record.seq),
            ts: record.ts,
            action: record.action.clone(),
            status_id: record.status,
            period: record.period,
            stats: record
                .stats
                .iter()
                .map(|(key, value)| (key.to_string(), *value))
                .collect(),
        }
    }

    /// `field` names the record in errors (`[3]`).
    pub fn decode(&self, field: &str) -> Result<ScoreRecord, ShapeError> {
        let seq = u32::try_from(self.seq)
            .ok()
            .filter(|&seq| seq >= 1)
            .ok_or_else(|| ShapeError::Invalid {
                field: format!("{field}.Seq"),
                problem: format!("{} is not a sequence number (they start at 1)", self.seq),
            })?;
        let stats = self
            .stats
            .iter()
            .map(|(key, value)| {
                let number = key.parse::<u32>().map_err(|_| ShapeError::Invalid {
                    field: format!("{field}.Stats"),
                    problem: format!("key {key:?} is not a stat key number"),
                })?;
                Ok((number, *value))
            })
            .collect::<Result<_, ShapeError>>()?;
        Ok(ScoreRecord {
            fixture_id: self.fixture_id,
            seq,
            ts: self.ts,
            action: self.action.clone(),
            status: self.status_id,
            period: self.period,
            stats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_in_either_capitalisation() {
        let capitalised = r#"{"FixtureId": 7, "Seq": 12, "Ts": 1000, "Action": "game_finalised",
            "StatusId": 100, "Period": 100, "Stats": {"1": 3, "1001": 1}, "Clock": {}}"#;
        let camel = r#"{"fixtureId": 7, "seq": 12, "ts": 1000, "action": "game_finalised",
            "statusId": 100, "period": 100, "stats": {"1": 3, "1001": 1}}"#;
        for json in [capitalised, camel] {
            let record = serde_json::from_str::<ScoreRecordJson>(json)
                .expect(json)
                .decode("[0]")
                .expect("checked");
            assert_eq!(record.seq, 12);
            assert_eq!(record.stats.get(&1001), Some(&1));
            assert!(record.is_finalised());
        }
    }

    #[test]
    fn seq_zero_and_a_key_that_is_no_number_are_refused() {
        let record = |seq: i64, key: &str| ScoreRecordJson {
            fixture_id: 7,
            seq,
            ts: 0,
            action: "goal".into(),
            status_id: Some(2),
            period: Some(2),
            stats: [(key.to_owned(), 1)].into(),
        };
        let error = record(0, "1").decode("[4]").expect_err("seq 0");
        assert_eq!(
            error.to_string(),
            "[4].Seq: 0 is not a sequence number (they start at 1)"
        );
        let error = record(3, "home").decode("[4]").expect_err("a word");
        assert!(error.to_string().contains("\"home\""), "{error}");
        let in_play = record(3, "1").decode("[4]").expect("in play");
        assert!(!in_play.is_finalised());
    }

    #[test]
    fn a_record_writes_in_tx_lines_capitalisation_and_reads_back() {
        let record = ScoreRecord {
            fixture_id: 18_502_311,
            seq: 1187,
            ts: 1_778_946_820_250,
            action: GAME_FINALISED.into(),
            status: Some(100),
            period: Some(100),
            stats: [(1, 3), (2, 1)].into(),
        };
        let json = serde_json::to_value(ScoreRecordJson::encode(&record)).expect("serializes");
        assert_eq!(json["Seq"], 1187);
        assert_eq!(json["Stats"]["2"], 1);
        let back: ScoreRecordJson = serde_json::from_value(json).expect("reads");
        assert_eq!(back.decode("[0]").expect("checked"), record);
    }
}
