//! The answer of `GET /api/scores/stat-validation`, in TxLINE's published shape, which proof
//! files hold as their `proof` too:
//!
//! ```json
//! { "ts": 1778946672000,
//!   "statToProve": { "key": 1, "value": 3, "period": 100 },
//!   "eventStatRoot": "0x…",
//!   "summary": { "fixtureId": 18502311,
//!                "updateStats": { "updateCount": 2, "minTimestamp": …, "maxTimestamp": … },
//!                "eventStatsSubTreeRoot": "0x…" },
//!   "statProof": [{ "hash": "0x…", "isRightSibling": true }],
//!   "subTreeProof": […], "mainTreeProof": […],
//!   "statToProve2": { … }, "statProof2": […] }
//! ```
//!
//! Both stats share the one `eventStatRoot`: they are proven from one score record. Fields beyond
//! these are ignored, so an answer with more still reads; `seq` is the record's sequence where
//! the service says it (the local stand-in does; the published shape does not promise it).

use serde::{Deserialize, Serialize};
use txline_interface::{ProofNode, ScoreStat, ScoresBatchSummary, ScoresUpdateStats};

use super::ShapeError;
use super::hash::JsonHash;
use crate::txline::proof::{ProvenStat, TxlineProof};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatValidationJson {
    pub ts: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u32>,
    pub stat_to_prove: StatJson,
    pub event_stat_root: JsonHash,
    pub summary: SummaryJson,
    pub stat_proof: Vec<NodeJson>,
    pub sub_tree_proof: Vec<NodeJson>,
    pub main_tree_proof: Vec<NodeJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stat_to_prove2: Option<StatJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stat_proof2: Option<Vec<NodeJson>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatJson {
    pub key: u32,
    pub value: i32,
    pub period: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryJson {
    pub fixture_id: i64,
    pub update_stats: UpdateStatsJson,
    pub event_stats_sub_tree_root: JsonHash,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateStatsJson {
    pub update_count: i32,
    pub min_timestamp: i64,
    pub max_timestamp: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeJson {
    pub hash: JsonHash,
    pub is_right_sibling: bool,
}

impl StatValidationJson {
    pub fn encode(proof: &TxlineProof, seq: Option<u32>) -> Self {
        let summary = &proof.fixture_summary;
        Self {
            ts: proof.ts,
            seq,
            stat_to_prove: proof.stat.stat.into(),
            event_stat_root: JsonHash::encode(&proof.event_stat_root),
            summary: SummaryJson {
                fixture_id: summary.fixture_id,
                update_stats: UpdateStatsJson {
                    update_count: summary.update_stats.update_count,
                    min_timestamp: summary.update_stats.min_timestamp,
                    max_timestamp: summary.update_stats.max_timestamp,
                },
                event_stats_sub_tree_root: JsonHash::encode(&summary.events_sub_tree_root),
            },
            stat_proof: NodeJson::encode_path(&proof.stat.path),
            sub_tree_proof: NodeJson::encode_path(&proof.fixture_proof),
            main_tree_proof: NodeJson::encode_path(&proof.main_tree_proof),
            stat_to_prove2: proof.stat_b.as_ref().map(|second| second.stat.into()),
            stat_proof2: proof
                .stat_b
                .as_ref()
                .map(|second| NodeJson::encode_path(&second.path)),
        }
    }

    /// The proof in the program's types, every hash checked; `field` prefixes the names of
    /// the fields in errors (`proof.` in a proof file, empty for an API answer).
    pub fn decode(&self, field: &str) -> Result<TxlineProof, ShapeError> {
        let named = |name: &str| format!("{field}{name}");
        let stat_b = match (&self.stat_to_prove2, &self.stat_proof2) {
            (None, None) => None,
            (Some(stat), Some(path)) => Some(ProvenStat {
                stat: (*stat).into(),
                path: NodeJson::decode_path(path, &named("statProof2"))?,
            }),
            (Some(_), None) => {
                return Err(ShapeError::Missing {
                    field: named("statProof2"),
                    beside: named("statToProve2"),
                });
            }
            (None, Some(_)) => {
                return Err(ShapeError::Missing {
                    field: named("statToProve2"),
                    beside: named("statProof2"),
                });
            }
        };
        let summary = &self.summary;
        Ok(TxlineProof {
            ts: self.ts,
            fixture_summary: ScoresBatchSummary {
                fixture_id: summary.fixture_id,
                update_stats: ScoresUpdateStats {
                    update_count: summary.update_stats.update_count,
                    min_timestamp: summary.update_stats.min_timestamp,
                    max_timestamp: summary.update_stats.max_timestamp,
                },
                events_sub_tree_root: summary
                    .event_stats_sub_tree_root
                    .decode(&named("summary.eventStatsSubTreeRoot"))?,
            },
            fixture_proof: NodeJson::decode_path(&self.sub_tree_proof, &named("subTreeProof"))?,
            main_tree_proof: NodeJson::decode_path(&self.main_tree_proof, &named("mainTreeProof"))?,
            event_stat_root: self.event_stat_root.decode(&named("eventStatRoot"))?,
            stat: ProvenStat {
                stat: self.stat_to_prove.into(),
                path: NodeJson::decode_path(&self.stat_proof, &named("statProof"))?,
            },
            stat_b,
        })
    }
}

impl NodeJson {
    fn encode_path(path: &[ProofNode]) -> Vec<Self> {
        path.iter()
            .map(|node| Self {
                hash: JsonHash::encode(&node.hash),
                is_right_sibling: node.is_right_sibling,
            })
            .collect()
    }

    fn decode_path(path: &[Self], field: &str) -> Result<Vec<ProofNode>, ShapeError> {
        path.iter()
            .enumerate()
            .map(|(index, node)| {
                Ok(ProofNode {
                    hash: node.hash.decode(&format!("{field}[{index}].hash"))?,
                    is_right_sibling: node.is_right_sibling,
                })
            })
            .collect()
    }
}

impl From<StatJson> for ScoreStat {
    fn from(stat: StatJson) -> Self {
        Self {
            key: stat.key,
            value: stat.value,
            period: stat.period,
        }
    }
}

impl From<ScoreStat> for StatJson {
    fn from(stat: ScoreStat) -> Self {
        Self {
            key: stat.key,
            value: stat.value,
            period: stat.period,
        }
    }
}
