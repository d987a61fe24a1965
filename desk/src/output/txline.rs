//! What the `txline` and `proof` subcommands print: a login kept, TxLINE's fixtures, a fixture's
//! score records with their stats by name, and a fetched proof file. Names and text that come
//! from the API reach the terminal escaped.

use std::fmt;

use fulltime_client::proof_file::ProofFile;
use fulltime_client::terminal_text::escaped;
use fulltime_client::txline::json::{FixtureJson, ScoreRecord};
use fulltime_client::txline::stat_key::{Sides, StatKey, status_name};
use fulltime_client::txline_interface::time::FINAL_PERIOD;
use serde::Serialize;

use super::table::aligned;
use crate::input::format_time_millis;

/// `fulltime txline login`: where the credentials went. They are never printed.
#[derive(Clone, Debug, Serialize)]
pub struct TxlineLogin {
    pub base_url: String,
    pub file: String,
}

impl fmt::Display for TxlineLogin {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "TxLINE credentials for {} kept in {} (readable by you alone; never printed)",
            escaped(&self.base_url),
            escaped(&self.file)
        )
    }
}

/// `fulltime txline fixtures`.
#[derive(Clone, Debug, Serialize)]
pub struct TxlineFixtures {
    pub api: String,
    pub fixtures: Vec<FixtureRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct FixtureRow {
    pub fixture_id: i64,
    /// `Arsenal v Chelsea`, the home side first.
    pub name: String,
    /// Participant 1: stat keys 1, 3, 5, 7 and their prefixed forms are its.
    pub participant1: String,
    pub participant2: String,
    pub start_time: Option<i64>,
    pub start_time_utc: Option<String>,
    pub competition: Option<String>,
}

impl TxlineFixtures {
    pub fn new(api: &str, fixtures: &[FixtureJson]) -> Self {
        let mut rows: Vec<FixtureRow> = fixtures
            .iter()
            .map(|fixture| FixtureRow {
                fixture_id: fixture.fixture_id,
                name: fixture.name(),
                participant1: fixture.participant1.clone(),
                participant2: fixture.participant2.clone(),
                start_time: fixture.start_time,
                start_time_utc: fixture.start_time.map(format_time_millis),
                competition: fixture.competition.clone(),
            })
            .collect();
        rows.sort_by_key(|row| (row.start_time, row.fixture_id));
        Self {
            api: api.to_owned(),
            fixtures: rows,
        }
    }
}

impl fmt::Display for TxlineFixtures {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "{} fixtures from TxLINE at {}",
            self.fixtures.len(),
            escaped(&self.api)
        )?;
        let rows: Vec<[String; 5]> = self
            .fixtures
            .iter()
            .map(|row| {
                [
                    row.fixture_id.to_string(),
                    escaped(&row.name).into_owned(),
                    row.start_time_utc.clone().unwrap_or_default(),
                    escaped(row.competition.as_deref().unwrap_or("")).into_owned(),
                    format!(
                        "1 = {}, 2 = {}",
                        escaped(&row.participant1),
                        escaped(&row.participant2)
                    ),
                ]
            })
            .collect();
        write!(
            formatter,
            "{}",
            aligned(
                ["FIXTURE", "MATCH", "KICKOFF", "COMPETITION", "PARTICIPANTS"],
                &rows
            )
        )
    }
}

/// `fulltime txline scores FIXTURE`: the fixture's records, each stat named.
#[derive(Clone, Debug, Serialize)]
pub struct TxlineScores {
    pub api: String,
    pub fixture_id: i64,
    /// The fixture's name where the API or the catalog knows it.
    pub fixture_name: Option<String>,
    pub records: Vec<RecordView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RecordView {
    pub seq: u32,
    pub ts: i64,
    pub time_utc: String,
    pub action: String,
    pub status: Option<i32>,
    /// The game phase in words: `second half in play`, `finalised`.
    pub status_name: Option<String>,
    pub period: Option<i32>,
    /// The `game_finalised` record: the one that settles markets.
    pub finalised: bool,
    pub stats: Vec<StatView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct StatView {
    pub key: u32,
    /// `Arsenal first-half goals`; `unknown stat 9` outside TxLINE's encoding.
    pub name: String,
    pub value: i32,
}

impl TxlineScores {
    pub fn new(
        api: &str,
        fixture_id: i64,
        fixture_name: Option<String>,
        sides: Option<Sides>,
        records: &[ScoreRecord],
    ) -> Self {
        Self {
            api: api.to_owned(),
            fixture_id,
            fixture_name,
            records: records
                .iter()
                .map(|record| RecordView::new(record, sides))
                .collect(),
        }
    }
}

impl RecordView {
    fn new(record: &ScoreRecord, sides: Option<Sides>) -> Self {
        Self {
            seq: record.seq,
            ts: record.ts,
            time_utc: format_time_millis(record.ts),
            action: record.action.clone(),
            status: record.status,
            status_name: record.status.and_then(status_name).map(str::to_owned),
            period: record.period,
            finalised: record.is_finalised(),
            stats: record
                .stats
                .iter()
                .map(|(&key, &value)| StatView {
                    key,
                    name: StatKey::decode(key)
                        .map_or_else(|| format!("unknown stat {key}"), |stat| stat.name(sides)),
                    value,
                })
                .collect(),
        }
    }

    /// `second half in play (status 4, period 4)`.
    fn phase(&self) -> String {
        let numbers = match (self.status, self.period) {
            (Some(status), Some(period)) => format!("status {status}, period {period}"),
            (Some(status), None) => format!("status {status}"),
            (None, Some(period)) => format!("period {period}"),
            (None, None) => return String::new(),
        };
        match &self.status_name {
            Some(name) => format!("{name} ({numbers})"),
            None => numbers,
        }
    }
}

impl fmt::Display for TxlineScores {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fixture = match &self.fixture_name {
            Some(name) => format!("{} (fixture {})", escaped(name), self.fixture_id),
            None => format!("fixture {}", self.fixture_id),
        };
        write!(
            formatter,
            "{fixture}: {} records from TxLINE at {}",
            self.records.len(),
            escaped(&self.api)
        )?;
        for record in &self.records {
            let settles = if record.finalised && record.period == Some(FINAL_PERIOD) {
                "  <- settles markets"
            } else {
                ""
            };
            write!(
                formatter,
                "\n\nseq {}  {}  {}  {}{settles}",
                record.seq,
                record.time_utc,
                escaped(&record.action),
                record.phase()
            )?;
            let rows: Vec<[String; 3]> = record
                .stats
                .iter()
                .map(|stat| {
                    [
                        format!("  {}", stat.key),
                        escaped(&stat.name).into_owned(),
                        stat.value.to_string(),
                    ]
                })
                .collect();
            write!(
                formatter,
                "\n{}",
                aligned(["  KEY", "STAT", "VALUE"], &rows)
            )?;
        }
        Ok(())
    }
}

/// `fulltime proof fetch`: the proof file written, and what it proves.
#[derive(Clone, Debug, Serialize)]
pub struct FetchedProof {
    pub path: String,
    pub name: String,
    pub description: String,
    pub fixture_id: i64,
    pub seq: Option<u32>,
    pub ts: i64,
    pub ts_utc: String,
}

impl FetchedProof {
    pub fn new(path: &str, proof_file: &ProofFile) -> Self {
        Self {
            path: path.to_owned(),
            name: proof_file.name.clone(),
            description: proof_file.description.clone(),
            fixture_id: proof_file.proof.fixture_summary.fixture_id,
            seq: proof_file.record.as_ref().map(|record| record.seq),
            ts: proof_file.proof.ts,
            ts_utc: format_time_millis(proof_file.proof.ts),
        }
    }
}

impl fmt::Display for FetchedProof {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(formatter, "Wrote {}", escaped(&self.path))?;
        writeln!(formatter, "{}", escaped(&self.description))?;
        write!(
            formatter,
            "Its batch is dated {}: it settles a market closed by then, once the cluster clock \
             has reached it (`fulltime settle ID --proof {}`).",
            self.ts_utc,
            escaped(&self.path)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seq: u32, action: &str, phase: i32, stats: &[(u32, i32)]) -> ScoreRecord {
        ScoreRecord {
            fixture_id: 18_502_311,
            seq,
            ts: 1_778_946_820_250,
            action: action.into(),
            status: Some(phase),
            period: Some(phase),
            stats: stats.iter().copied().collect(),
        }
    }

    const SIDES: Sides = Sides {
        participant1: "Arsenal",
        participant2: "Chelsea",
    };

    #[test]
    fn records_show_their_phase_and_every_stat_by_name() {
        let scores = TxlineScores::new(
            "http://127.0.0.1:8090",
            18_502_311,
            Some("Arsenal v Chelsea".into()),
            Some(SIDES),
            &[
                record(1102, "corner", 4, &[(1, 3), (7, 7)]),
                record(1187, "game_finalised", 100, &[(1, 3), (1001, 1), (9, 0)]),
            ],
        );
        assert_eq!(
            scores.to_string(),
            "Arsenal v Chelsea (fixture 18502311): 2 records from TxLINE at http://127.0.0.1:8090\n\
             \n\
             seq 1102  2026-05-16T15:53:40.250Z  corner  second half in play (status 4, period 4)\n\
             \x20 KEY  STAT             VALUE\n\
             \x20 1    Arsenal goals    3\n\
             \x20 7    Arsenal corners  7\n\
             \n\
             seq 1187  2026-05-16T15:53:40.250Z  game_finalised  finalised (status 100, period 100)  \
             <- settles markets\n\
             \x20 KEY   STAT                      VALUE\n\
             \x20 1     Arsenal goals             3\n\
             \x20 9     unknown stat 9            0\n\
             \x20 1001  Arsenal first-half goals  1"
        );
        let json = serde_json::to_value(&scores).expect("serializes");
        assert_eq!(json["records"][1]["finalised"], true);
        assert_eq!(
            json["records"][1]["stats"][2]["name"],
            "Arsenal first-half goals"
        );
        assert_eq!(json["records"][0]["status_name"], "second half in play");
    }

    #[test]
    fn fixtures_list_their_participants_in_order() {
        let fixtures = TxlineFixtures::new(
            "https://txline-dev.txodds.com",
            &[FixtureJson {
                fixture_id: 18_502_311,
                participant1: "Arsenal".into(),
                participant2: "Chelsea".into(),
                participant1_is_home: true,
                start_time: Some(1_778_940_000_000),
                competition: Some("Premier League\u{1b}[2J".into()),
            }],
        );
        assert_eq!(
            fixtures.to_string(),
            "1 fixtures from TxLINE at https://txline-dev.txodds.com\n\
             FIXTURE   MATCH              KICKOFF               COMPETITION              \
             PARTICIPANTS\n\
             18502311  Arsenal v Chelsea  2026-05-16T14:00:00Z  Premier League\\u{1b}[2J  \
             1 = Arsenal, 2 = Chelsea"
        );
    }
}
