//! Proof fixtures: the JSON files QA testers hand to `fulltime settle --fixture PATH`, and the
//! oracle roots file those proofs verify against.
//!
//! A fixture names the market it is meant for, the result that settling that market with it must
//! give, and the proof itself (the argument of the program's `settle`). Hashes are written as
//! lowercase hex; uppercase is accepted on reading. Files are read into private wire types that
//! keep hashes as text, then decoded, so that a bad hash is reported with the field it is in.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use settlement::constants::{OUTCOME_NO, OUTCOME_YES};
use settlement::state::{Market, SecondStat};
use settlement::{MarketTerms, SettlementError, SettlementProof, StatedOutcome};
use txline_interface::OracleError;
use txline_interface::proof::Hash32;
use txline_interface::time::{epoch_day, hour_minute_of, slot_of_hour_minute};
use txline_interface::{
    BinaryExpression, Comparison, ProofNode, ScoreStat, ScoresBatchSummary, ScoresUpdateStats,
    StatTerm, TraderPredicate,
};

/// A file that could not be read or understood.
#[derive(Debug, thiserror::Error)]
pub enum FixtureError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Invalid { path: PathBuf, source: ParseError },
}

/// Text that is not a valid fixture or roots file.
#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    /// Bad syntax or shape; serde_json's message carries the line and column.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("{field} is not a hex hash: {source}")]
    BadHex {
        field: String,
        source: hex::FromHexError,
    },
    #[error("{field} is {bytes} bytes long; a hash is 32 bytes (64 hex characters)")]
    HashLength { field: String, bytes: usize },
    #[error("{field} is {hour:02}:{minute:02}, not the start of a five-minute slot")]
    InvalidSlot { field: String, hour: u8, minute: u8 },
}

/// A proof of one match statistic with the market it settles and the result it must give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofFixture {
    /// Also the file name, without `.json`.
    pub name: String,
    pub description: String,
    /// When the match kicked off (unix seconds), where known. A market on it should close by
    /// then: a proof must be published after the market's close time.
    pub kickoff: Option<i64>,
    pub market: FixtureMarket,
    pub expected: Expected,
    pub proof: SettlementProof,
}

/// The terms of the market a fixture is meant for, as `create_market` binds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixtureMarket {
    pub question: String,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    pub predicate: FixturePredicate,
    /// For a two-stat market: `{"stat_key": 2, "op": "add"}`; absent for one stat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_stat: Option<FixtureSecondStat>,
}

/// `SecondStat` as written in fixtures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixtureSecondStat {
    pub stat_key: u32,
    pub op: FixtureOp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FixtureOp {
    Add,
    Subtract,
}

/// `TraderPredicate` as written in fixtures: `{"comparison": "gt", "threshold": 1}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixturePredicate {
    pub comparison: FixtureComparison,
    pub threshold: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FixtureComparison {
    Gt,
    Lt,
    Eq,
}

/// What settling the fixture's market with its proof must do: `{"outcome": "yes"}` or
/// `{"error": {"program": "oracle", "name": "InvalidMainTreeProof", "code": 6004}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    Outcome(Outcome),
    Error(ExpectedError),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Yes,
    No,
}

/// A custom program error. Both programs number their errors from 6000, so the code alone does
/// not say which one failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    pub program: ErrorProgram,
    pub name: String,
    pub code: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorProgram {
    Settlement,
    Oracle,
}

/// The root the oracle posted for one five-minute slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OracleRoot {
    pub epoch_day: u16,
    pub hour_of_day: u8,
    pub minute_of_hour: u8,
    pub root: Hash32,
}

/// Every root the fixtures need posted, as a JSON array.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RootsFile {
    pub roots: Vec<OracleRoot>,
}

impl ProofFixture {
    pub fn load(path: impl AsRef<Path>) -> Result<Self, FixtureError> {
        load_with(path.as_ref(), Self::from_json)
    }

    pub fn from_json(json: &str) -> Result<Self, ParseError> {
        serde_json::from_str::<WireFixture>(json)?.decode()
    }

    /// Pretty JSON with a trailing newline, byte for byte the same for the same fixture.
    pub fn to_json(&self) -> String {
        to_pretty_json(&WireFixture::encode(self))
    }

    pub fn to_settlement_proof(&self) -> SettlementProof {
        self.proof.clone()
    }

    pub fn predicate(&self) -> TraderPredicate {
        self.market.predicate.into()
    }

    /// The `create_market` terms of the market this fixture settles.
    pub fn market_terms(&self, close_time: i64, dispute_window: i64) -> MarketTerms {
        MarketTerms {
            question: self.market.question.clone(),
            close_time,
            fixture_id: self.market.fixture_id,
            stat_key: self.market.stat_key,
            period: self.market.period,
            predicate: self.predicate(),
            dispute_window,
            second_stat: self.market.second_stat.map(SecondStat::from),
        }
    }

    /// The outcome the proof gives `market`, as a settler states it: the proven value decides,
    /// so a user only picks the fixture.
    pub fn stated_outcome(&self, market: &Market) -> StatedOutcome {
        let value = proven_value(&self.proof, market.second_stat.map(|second| second.op));
        // A combination out of the i32 range fails in the oracle whatever is stated.
        value.map_or(StatedOutcome::Yes, |value| {
            StatedOutcome::of_value(market.predicate, value)
        })
    }
}

/// The value a proof proves for a market combining its stats with `op`: the first stat alone,
/// or `first op second`. `None` when the combination leaves the i32 range, or when `op` and the
/// proof's second stat do not come together (the program refuses such a proof).
pub fn proven_value(proof: &SettlementProof, op: Option<BinaryExpression>) -> Option<i32> {
    let first = proof.stat.stat_to_prove.value;
    match (op, &proof.stat_b) {
        (None, None) => Some(first),
        (Some(op), Some(second)) => op.apply(first, second.stat_to_prove.value),
        _ => None,
    }
}

impl From<FixtureSecondStat> for SecondStat {
    fn from(second: FixtureSecondStat) -> Self {
        Self {
            stat_key: second.stat_key,
            op: second.op.into(),
        }
    }
}

impl From<SecondStat> for FixtureSecondStat {
    fn from(second: SecondStat) -> Self {
        Self {
            stat_key: second.stat_key,
            op: second.op.into(),
        }
    }
}

impl From<FixtureOp> for BinaryExpression {
    fn from(op: FixtureOp) -> Self {
        match op {
            FixtureOp::Add => Self::Add,
            FixtureOp::Subtract => Self::Subtract,
        }
    }
}

impl From<BinaryExpression> for FixtureOp {
    fn from(op: BinaryExpression) -> Self {
        match op {
            BinaryExpression::Add => Self::Add,
            BinaryExpression::Subtract => Self::Subtract,
        }
    }
}

impl From<FixturePredicate> for TraderPredicate {
    fn from(predicate: FixturePredicate) -> Self {
        Self {
            threshold: predicate.threshold,
            comparison: predicate.comparison.into(),
        }
    }
}

impl From<TraderPredicate> for FixturePredicate {
    fn from(predicate: TraderPredicate) -> Self {
        Self {
            comparison: predicate.comparison.into(),
            threshold: predicate.threshold,
        }
    }
}

impl From<FixtureComparison> for Comparison {
    fn from(comparison: FixtureComparison) -> Self {
        match comparison {
            FixtureComparison::Gt => Self::GreaterThan,
            FixtureComparison::Lt => Self::LessThan,
            FixtureComparison::Eq => Self::EqualTo,
        }
    }
}

impl From<Comparison> for FixtureComparison {
    fn from(comparison: Comparison) -> Self {
        match comparison {
            Comparison::GreaterThan => Self::Gt,
            Comparison::LessThan => Self::Lt,
            Comparison::EqualTo => Self::Eq,
        }
    }
}

impl Outcome {
    /// The market's `outcome` byte once settled this way.
    pub fn code(self) -> u8 {
        match self {
            Self::Yes => OUTCOME_YES,
            Self::No => OUTCOME_NO,
        }
    }
}

/// The outcome of a market whose predicate holds or not.
impl From<bool> for Outcome {
    fn from(holds: bool) -> Self {
        if holds { Self::Yes } else { Self::No }
    }
}

impl From<SettlementError> for ExpectedError {
    fn from(error: SettlementError) -> Self {
        Self {
            program: ErrorProgram::Settlement,
            name: error.name(),
            code: error.into(),
        }
    }
}

impl From<OracleError> for ExpectedError {
    fn from(error: OracleError) -> Self {
        Self {
            program: ErrorProgram::Oracle,
            name: error.name(),
            code: error.into(),
        }
    }
}

impl RootsFile {
    pub fn load(path: impl AsRef<Path>) -> Result<Self, FixtureError> {
        load_with(path.as_ref(), Self::from_json)
    }

    pub fn from_json(json: &str) -> Result<Self, ParseError> {
        let wire: Vec<WireRoot> = serde_json::from_str(json)?;
        let roots = wire
            .into_iter()
            .enumerate()
            .map(|(index, root)| root.decode(index))
            .collect::<Result<_, _>>()?;
        Ok(Self { roots })
    }

    /// Pretty JSON with a trailing newline.
    pub fn to_json(&self) -> String {
        to_pretty_json(&self.roots.iter().map(WireRoot::encode).collect::<Vec<_>>())
    }

    /// The root posted for the five-minute slot that `ts_ms` falls in.
    pub fn root_at(&self, ts_ms: i64) -> Option<Hash32> {
        let day = epoch_day(ts_ms)?;
        let (hour, minute) = hour_minute_of(ts_ms);
        self.roots
            .iter()
            .find(|root| {
                root.epoch_day == day && root.hour_of_day == hour && root.minute_of_hour == minute
            })
            .map(|root| root.root)
    }
}

fn load_with<T>(path: &Path, parse: fn(&str) -> Result<T, ParseError>) -> Result<T, FixtureError> {
    let text = std::fs::read_to_string(path).map_err(|source| FixtureError::Io {
        path: path.to_owned(),
        source,
    })?;
    parse(&text).map_err(|source| FixtureError::Invalid {
        path: path.to_owned(),
        source,
    })
}

fn to_pretty_json(value: &impl Serialize) -> String {
    // The wire types hold only strings, numbers, booleans and lists: serializing cannot fail.
    let mut json = serde_json::to_string_pretty(value).expect("wire types serialize");
    json.push('\n');
    json
}

fn decode_hash(text: &str, field: &str) -> Result<Hash32, ParseError> {
    let bytes = hex::decode(text).map_err(|source| ParseError::BadHex {
        field: field.to_owned(),
        source,
    })?;
    let bytes_len = bytes.len();
    bytes.try_into().map_err(|_| ParseError::HashLength {
        field: field.to_owned(),
        bytes: bytes_len,
    })
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireFixture {
    name: String,
    description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kickoff: Option<i64>,
    market: FixtureMarket,
    expected: Expected,
    proof: WireProof,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireProof {
    ts: i64,
    fixture_summary: WireSummary,
    fixture_proof: Vec<WireNode>,
    main_tree_proof: Vec<WireNode>,
    stat: WireStatTerm,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stat_b: Option<WireStatTerm>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireSummary {
    fixture_id: i64,
    update_stats: WireUpdateStats,
    events_sub_tree_root: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireUpdateStats {
    update_count: i32,
    min_timestamp: i64,
    max_timestamp: i64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireNode {
    hash: String,
    is_right_sibling: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireStatTerm {
    stat_to_prove: WireStat,
    event_stat_root: String,
    stat_proof: Vec<WireNode>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireStat {
    key: u32,
    value: i32,
    period: i32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireRoot {
    epoch_day: u16,
    hour_of_day: u8,
    minute_of_hour: u8,
    root: String,
}

impl WireFixture {
    fn encode(fixture: &ProofFixture) -> Self {
        let proof = &fixture.proof;
        let summary = &proof.fixture_summary;
        Self {
            name: fixture.name.clone(),
            description: fixture.description.clone(),
            kickoff: fixture.kickoff,
            market: fixture.market.clone(),
            expected: fixture.expected.clone(),
            proof: WireProof {
                ts: proof.ts,
                fixture_summary: WireSummary {
                    fixture_id: summary.fixture_id,
                    update_stats: WireUpdateStats {
                        update_count: summary.update_stats.update_count,
                        min_timestamp: summary.update_stats.min_timestamp,
                        max_timestamp: summary.update_stats.max_timestamp,
                    },
                    events_sub_tree_root: hex::encode(summary.events_sub_tree_root),
                },
                fixture_proof: WireNode::encode_path(&proof.fixture_proof),
                main_tree_proof: WireNode::encode_path(&proof.main_tree_proof),
                stat: WireStatTerm::encode(&proof.stat),
                stat_b: proof.stat_b.as_ref().map(WireStatTerm::encode),
            },
        }
    }

    fn decode(self) -> Result<ProofFixture, ParseError> {
        let WireProof {
            ts,
            fixture_summary: summary,
            fixture_proof,
            main_tree_proof,
            stat,
            stat_b,
        } = self.proof;
        Ok(ProofFixture {
            name: self.name,
            description: self.description,
            kickoff: self.kickoff,
            market: self.market,
            expected: self.expected,
            proof: SettlementProof {
                ts,
                fixture_summary: ScoresBatchSummary {
                    fixture_id: summary.fixture_id,
                    update_stats: ScoresUpdateStats {
                        update_count: summary.update_stats.update_count,
                        min_timestamp: summary.update_stats.min_timestamp,
                        max_timestamp: summary.update_stats.max_timestamp,
                    },
                    events_sub_tree_root: decode_hash(
                        &summary.events_sub_tree_root,
                        "proof.fixture_summary.events_sub_tree_root",
                    )?,
                },
                fixture_proof: WireNode::decode_path(fixture_proof, "proof.fixture_proof")?,
                main_tree_proof: WireNode::decode_path(main_tree_proof, "proof.main_tree_proof")?,
                stat: stat.decode("proof.stat")?,
                stat_b: stat_b.map(|stat| stat.decode("proof.stat_b")).transpose()?,
            },
        })
    }
}

impl WireStatTerm {
    fn encode(term: &StatTerm) -> Self {
        Self {
            stat_to_prove: WireStat {
                key: term.stat_to_prove.key,
                value: term.stat_to_prove.value,
                period: term.stat_to_prove.period,
            },
            event_stat_root: hex::encode(term.event_stat_root),
            stat_proof: WireNode::encode_path(&term.stat_proof),
        }
    }

    /// `field` names the term in errors: `proof.stat` or `proof.stat_b`.
    fn decode(self, field: &str) -> Result<StatTerm, ParseError> {
        Ok(StatTerm {
            stat_to_prove: ScoreStat {
                key: self.stat_to_prove.key,
                value: self.stat_to_prove.value,
                period: self.stat_to_prove.period,
            },
            event_stat_root: decode_hash(
                &self.event_stat_root,
                &format!("{field}.event_stat_root"),
            )?,
            stat_proof: WireNode::decode_path(self.stat_proof, &format!("{field}.stat_proof"))?,
        })
    }
}

impl WireNode {
    fn encode_path(path: &[ProofNode]) -> Vec<Self> {
        path.iter()
            .map(|node| Self {
                hash: hex::encode(node.hash),
                is_right_sibling: node.is_right_sibling,
            })
            .collect()
    }

    fn decode_path(path: Vec<Self>, field: &str) -> Result<Vec<ProofNode>, ParseError> {
        path.into_iter()
            .enumerate()
            .map(|(index, node)| {
                Ok(ProofNode {
                    hash: decode_hash(&node.hash, &format!("{field}[{index}].hash"))?,
                    is_right_sibling: node.is_right_sibling,
                })
            })
            .collect()
    }
}

impl WireRoot {
    fn encode(root: &OracleRoot) -> Self {
        Self {
            epoch_day: root.epoch_day,
            hour_of_day: root.hour_of_day,
            minute_of_hour: root.minute_of_hour,
            root: hex::encode(root.root),
        }
    }

    fn decode(self, index: usize) -> Result<OracleRoot, ParseError> {
        if slot_of_hour_minute(self.hour_of_day, self.minute_of_hour).is_none() {
            return Err(ParseError::InvalidSlot {
                field: format!("[{index}]"),
                hour: self.hour_of_day,
                minute: self.minute_of_hour,
            });
        }
        Ok(OracleRoot {
            epoch_day: self.epoch_day,
            hour_of_day: self.hour_of_day,
            minute_of_hour: self.minute_of_hour,
            root: decode_hash(&self.root, &format!("[{index}].root"))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(byte: u8, is_right_sibling: bool) -> ProofNode {
        ProofNode {
            hash: [byte; 32],
            is_right_sibling,
        }
    }

    fn sample() -> ProofFixture {
        ProofFixture {
            name: "home-goals-over-1".into(),
            description: "Arsenal beat Chelsea 3-1".into(),
            kickoff: Some(1_778_940_000),
            market: FixtureMarket {
                question: "Will Arsenal score more than 1 goal against Chelsea?".into(),
                fixture_id: 18_502_311,
                stat_key: 1,
                period: 100,
                predicate: FixturePredicate {
                    comparison: FixtureComparison::Gt,
                    threshold: 1,
                },
                second_stat: None,
            },
            expected: Expected::Outcome(Outcome::Yes),
            proof: SettlementProof {
                ts: 1_778_947_512_000,
                fixture_summary: ScoresBatchSummary {
                    fixture_id: 18_502_311,
                    update_stats: ScoresUpdateStats {
                        update_count: 2,
                        min_timestamp: 1_778_947_512_000,
                        max_timestamp: 1_778_947_680_000,
                    },
                    events_sub_tree_root: [0xab; 32],
                },
                fixture_proof: vec![node(1, true)],
                main_tree_proof: vec![node(2, false), node(3, true)],
                stat: StatTerm {
                    stat_to_prove: ScoreStat {
                        key: 1,
                        value: 3,
                        period: 100,
                    },
                    event_stat_root: [0xcd; 32],
                    stat_proof: vec![node(4, true)],
                },
                stat_b: None,
            },
        }
    }

    fn roots() -> RootsFile {
        RootsFile {
            roots: vec![OracleRoot {
                epoch_day: 20_589,
                hour_of_day: 16,
                minute_of_hour: 5,
                root: [0x5a; 32],
            }],
        }
    }

    /// A file in the system temp folder, removed when dropped.
    struct TempFile(PathBuf);

    impl TempFile {
        fn new(name: &str, contents: &str) -> Self {
            let path = std::env::temp_dir().join(format!(
                "fulltime-fixture-{}-{name}.json",
                std::process::id()
            ));
            std::fs::write(&path, contents).expect("write temp file");
            Self(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn json_value(fixture: &ProofFixture) -> serde_json::Value {
        serde_json::from_str(&fixture.to_json()).expect("valid JSON")
    }

    fn with_value(edit: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut value = json_value(&sample());
        edit(&mut value);
        value.to_string()
    }

    #[test]
    fn a_fixture_round_trips_through_json() {
        let fixture = sample();
        let json = fixture.to_json();
        assert!(json.ends_with("}\n"));
        assert_eq!(ProofFixture::from_json(&json).expect("parses"), fixture);
    }

    #[test]
    fn a_fixture_without_a_kickoff_reads_and_writes_none() {
        let json = with_value(|value| {
            value.as_object_mut().expect("object").remove("kickoff");
        });
        let fixture = ProofFixture::from_json(&json).expect("parses");
        assert_eq!(fixture.kickoff, None);
        assert!(!fixture.to_json().contains("kickoff"));
    }

    #[test]
    fn a_fixture_round_trips_through_a_file() {
        let file = TempFile::new("round-trip", &sample().to_json());
        assert_eq!(ProofFixture::load(&file.0).expect("loads"), sample());
    }

    #[test]
    fn the_json_shape_is_the_documented_one() {
        let value = json_value(&sample());
        assert_eq!(
            value["market"]["predicate"],
            serde_json::json!({"comparison": "gt", "threshold": 1})
        );
        assert_eq!(value["expected"], serde_json::json!({"outcome": "yes"}));
        assert_eq!(value["kickoff"], 1_778_940_000);
        assert_eq!(
            value["proof"]["fixture_summary"]["events_sub_tree_root"],
            "ab".repeat(32)
        );
        assert_eq!(
            value["proof"]["main_tree_proof"][1],
            serde_json::json!({"hash": "03".repeat(32), "is_right_sibling": true})
        );
    }

    #[test]
    fn an_expected_error_names_program_name_and_code() {
        let mut fixture = sample();
        fixture.expected = Expected::Error(OracleError::InvalidMainTreeProof.into());
        assert_eq!(
            json_value(&fixture)["expected"],
            serde_json::json!({"error": {"program": "oracle", "name": "InvalidMainTreeProof", "code": 6004}})
        );
        assert_eq!(
            ExpectedError::from(SettlementError::StatMismatch),
            ExpectedError {
                program: ErrorProgram::Settlement,
                name: "StatMismatch".into(),
                code: 6009,
            }
        );
        let json = fixture.to_json();
        assert_eq!(ProofFixture::from_json(&json).expect("parses"), fixture);
    }

    #[test]
    fn predicates_convert_both_ways() {
        for (comparison, trader) in [
            (FixtureComparison::Gt, Comparison::GreaterThan),
            (FixtureComparison::Lt, Comparison::LessThan),
            (FixtureComparison::Eq, Comparison::EqualTo),
        ] {
            let predicate = FixturePredicate {
                comparison,
                threshold: -2,
            };
            let converted = TraderPredicate::from(predicate);
            assert_eq!(converted.comparison, trader);
            assert_eq!(converted.threshold, -2);
            assert_eq!(FixturePredicate::from(converted), predicate);
        }
    }

    #[test]
    fn market_terms_and_proof_come_from_the_fixture() {
        let fixture = sample();
        let terms = fixture.market_terms(1_800_000_000, 600);
        assert_eq!(terms.question, fixture.market.question);
        assert_eq!(
            (terms.close_time, terms.dispute_window),
            (1_800_000_000, 600)
        );
        assert_eq!(
            (terms.fixture_id, terms.stat_key, terms.period),
            (18_502_311, 1, 100)
        );
        assert_eq!(terms.predicate, fixture.predicate());
        assert_eq!(fixture.to_settlement_proof(), fixture.proof);
        assert_eq!(Outcome::Yes.code(), OUTCOME_YES);
        assert_eq!(Outcome::from(false), Outcome::No);
    }

    #[test]
    fn a_missing_file_names_its_path() {
        let path = std::env::temp_dir().join("fulltime-fixture-does-not-exist.json");
        let error = ProofFixture::load(&path).expect_err("missing");
        assert!(matches!(&error, FixtureError::Io { path: p, .. } if *p == path));
        assert!(
            error
                .to_string()
                .contains("fulltime-fixture-does-not-exist.json")
        );
    }

    #[test]
    fn bad_json_names_path_line_and_column() {
        let file = TempFile::new("bad-json", "{\n  \"name\": \"x\",\n  oops\n}\n");
        let error = ProofFixture::load(&file.0).expect_err("bad JSON");
        let FixtureError::Invalid {
            path,
            source: ParseError::Json(json),
        } = &error
        else {
            panic!("expected a JSON error, got {error:?}");
        };
        assert_eq!(path, &file.0);
        assert_eq!((json.line(), json.column()), (3, 3));
        assert!(error.to_string().contains("line 3 column 3"), "{error}");
    }

    #[test]
    fn a_missing_or_unknown_field_is_a_json_error() {
        let missing = with_value(|value| {
            value["proof"].as_object_mut().expect("object").remove("ts");
        });
        let error = ProofFixture::from_json(&missing).expect_err("missing ts");
        assert!(error.to_string().contains("missing field `ts`"), "{error}");

        // The predicate is the market's, never the proof's.
        let unknown = with_value(|value| value["proof"]["predicate"] = serde_json::json!(null));
        let error = ProofFixture::from_json(&unknown).expect_err("unknown field");
        assert!(
            error.to_string().contains("unknown field `predicate`"),
            "{error}"
        );

        let comparison =
            with_value(|value| value["market"]["predicate"]["comparison"] = "gte".into());
        let error = ProofFixture::from_json(&comparison).expect_err("unknown comparison");
        assert!(error.to_string().contains("`gte`"), "{error}");
    }

    #[test]
    fn bad_hex_names_the_field() {
        let json = with_value(|value| {
            value["proof"]["main_tree_proof"][1]["hash"] = format!("zz{}", "00".repeat(31)).into()
        });
        let error = ProofFixture::from_json(&json).expect_err("bad hex");
        assert!(
            matches!(&error, ParseError::BadHex { field, .. } if field == "proof.main_tree_proof[1].hash"),
            "{error:?}"
        );
        assert!(
            error
                .to_string()
                .starts_with("proof.main_tree_proof[1].hash is not a hex hash")
        );
    }

    #[test]
    fn a_short_hash_names_the_field_and_length() {
        let json =
            with_value(|value| value["proof"]["stat"]["event_stat_root"] = "cd".repeat(31).into());
        let error = ProofFixture::from_json(&json).expect_err("short hash");
        assert!(
            matches!(&error, ParseError::HashLength { field, bytes: 31 } if field == "proof.stat.event_stat_root"),
            "{error:?}"
        );
    }

    #[test]
    fn uppercase_hex_is_accepted() {
        let json = with_value(|value| {
            value["proof"]["fixture_summary"]["events_sub_tree_root"] = "AB".repeat(32).into()
        });
        assert_eq!(ProofFixture::from_json(&json).expect("parses"), sample());
    }

    #[test]
    fn roots_round_trip_and_find_the_slot_of_a_timestamp() {
        let roots = roots();
        let json = roots.to_json();
        assert!(json.ends_with("]\n"));
        let file = TempFile::new("roots", &json);
        let loaded = RootsFile::load(&file.0).expect("loads");
        assert_eq!(loaded, roots);
        // 2026-05-16 16:05:00 UTC and the last millisecond of that slot.
        assert_eq!(loaded.root_at(1_778_947_500_000), Some([0x5a; 32]));
        assert_eq!(loaded.root_at(1_778_947_799_999), Some([0x5a; 32]));
        assert_eq!(loaded.root_at(1_778_947_800_000), None);
    }

    #[test]
    fn a_bad_root_names_its_entry() {
        let short = format!(
            r#"[{{"epoch_day": 20589, "hour_of_day": 16, "minute_of_hour": 5, "root": "{}"}}]"#,
            "5a".repeat(33)
        );
        assert!(matches!(
            RootsFile::from_json(&short),
            Err(ParseError::HashLength { field, bytes: 33 }) if field == "[0].root"
        ));
        let off_slot = format!(
            r#"[{{"epoch_day": 20589, "hour_of_day": 16, "minute_of_hour": 7, "root": "{}"}}]"#,
            "5a".repeat(32)
        );
        let error = RootsFile::from_json(&off_slot).expect_err("off slot");
        assert!(matches!(error, ParseError::InvalidSlot { minute: 7, .. }));
        assert_eq!(
            error.to_string(),
            "[0] is 16:07, not the start of a five-minute slot"
        );
    }
}
