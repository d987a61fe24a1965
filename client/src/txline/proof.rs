//! A proof as TxLINE publishes it: one score record's stat (and a second of the same record) with
//! the paths up to the slot's posted root. What the settle instruction carries is derived from it
//! ([`TxlineProof::to_settlement_proof`]), and so is what the oracle is asked.

use settlement::{SecondStatProof, SettlementProof};
use txline_interface::proof::Hash32;
use txline_interface::{BinaryExpression, ProofNode, ScoreStat, ScoresBatchSummary, StatTerm};

/// The answer of TxLINE's `stat-validation`, in the program's types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxlineProof {
    /// The batch's time, milliseconds: the oracle requires the summary's `min_timestamp`.
    pub ts: i64,
    pub fixture_summary: ScoresBatchSummary,
    /// From the record's stat root up to the summary's events root.
    pub fixture_proof: Vec<ProofNode>,
    /// From the summary's leaf up to the slot's posted root.
    pub main_tree_proof: Vec<ProofNode>,
    /// The record's stat root, which both stats' paths lead up to.
    pub event_stat_root: Hash32,
    pub stat: ProvenStat,
    pub stat_b: Option<ProvenStat>,
}

/// One stat of the record, with its path up to the record's stat root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvenStat {
    pub stat: ScoreStat,
    pub path: Vec<ProofNode>,
}

impl TxlineProof {
    /// The first stat as `validate_stat` takes it.
    pub fn stat_term(&self) -> StatTerm {
        self.term(&self.stat)
    }

    /// The second stat as `validate_stat` takes it, when there is one.
    pub fn second_stat_term(&self) -> Option<StatTerm> {
        self.stat_b.as_ref().map(|second| self.term(second))
    }

    fn term(&self, proven: &ProvenStat) -> StatTerm {
        StatTerm {
            stat_to_prove: proven.stat,
            event_stat_root: self.event_stat_root,
            stat_proof: proven.path.clone(),
        }
    }

    /// The settle instruction's argument: this proof, the second stat without what it shares
    /// with the first.
    pub fn to_settlement_proof(&self) -> SettlementProof {
        let stat = self.stat_term();
        let stat_b = self
            .second_stat_term()
            .map(|second| SecondStatProof::sharing(&stat, &second));
        SettlementProof {
            ts: self.ts,
            fixture_summary: self.fixture_summary,
            fixture_proof: self.fixture_proof.clone(),
            main_tree_proof: self.main_tree_proof.clone(),
            stat,
            stat_b,
        }
    }

    /// The stat keys proven: the first, and the second where there is one.
    pub fn stat_keys(&self) -> (u32, Option<u32>) {
        (
            self.stat.stat.key,
            self.stat_b.as_ref().map(|second| second.stat.key),
        )
    }

    /// The value proven for a market combining its stats with `op`: the first stat alone, or
    /// `first op second`. `None` when the combination leaves the i32 range, or when `op` and the
    /// second stat do not come together (the program refuses such a proof).
    pub fn value(&self, op: Option<BinaryExpression>) -> Option<i32> {
        let first = self.stat.stat.value;
        match (op, &self.stat_b) {
            (None, None) => Some(first),
            (Some(op), Some(second)) => op.apply(first, second.stat.value),
            _ => None,
        }
    }

    /// The number of sibling hashes the settle instruction carries: what decides whether it fits
    /// one transaction.
    pub fn carried_nodes(&self) -> usize {
        let proof = self.to_settlement_proof();
        proof.fixture_proof.len()
            + proof.main_tree_proof.len()
            + proof.stat.stat_proof.len()
            + proof.stat_b.map_or(0, |second| second.stat_proof.len())
    }
}

#[cfg(test)]
mod tests {
    use txline_interface::proof::{parent, root_from_path, stat_leaf};

    use super::*;

    fn stat(key: u32, value: i32) -> ScoreStat {
        ScoreStat {
            key,
            value,
            period: 100,
        }
    }

    /// A record of two stats, both proven.
    fn two_stat_proof() -> TxlineProof {
        let (home, away) = (stat(1, 3), stat(2, 1));
        let (left, right) = (stat_leaf(&home), stat_leaf(&away));
        let sibling = |hash, is_right_sibling| ProofNode {
            hash,
            is_right_sibling,
        };
        let root = parent(&left, &sibling(right, true));
        TxlineProof {
            ts: 1_778_946_672_000,
            fixture_summary: ScoresBatchSummary {
                fixture_id: 18_502_311,
                update_stats: txline_interface::ScoresUpdateStats {
                    update_count: 1,
                    min_timestamp: 1_778_946_672_000,
                    max_timestamp: 1_778_946_672_000,
                },
                events_sub_tree_root: root,
            },
            fixture_proof: vec![],
            main_tree_proof: vec![sibling([5; 32], true)],
            event_stat_root: root,
            stat: ProvenStat {
                stat: home,
                path: vec![sibling(right, true)],
            },
            stat_b: Some(ProvenStat {
                stat: away,
                path: vec![sibling(left, false)],
            }),
        }
    }

    #[test]
    fn both_stats_name_the_record_root_and_reach_it() {
        let proof = two_stat_proof();
        for term in [proof.stat_term(), proof.second_stat_term().expect("two")] {
            assert_eq!(term.event_stat_root, proof.event_stat_root);
            assert_eq!(
                root_from_path(stat_leaf(&term.stat_to_prove), &term.stat_proof),
                proof.event_stat_root
            );
        }
    }

    #[test]
    fn the_settle_argument_carries_the_second_path_compactly_and_expands_back() {
        let proof = two_stat_proof();
        let settlement = proof.to_settlement_proof();
        let second = settlement.stat_b.as_ref().expect("two stats");
        assert_eq!(second.stat_proof.len(), 1);
        assert_eq!(second.shared, 0, "neighbours share no sibling above them");
        assert_eq!(
            second.expand(&settlement.stat),
            Ok(proof.second_stat_term().expect("two"))
        );
        assert_eq!(proof.carried_nodes(), 3);
    }

    #[test]
    fn the_proven_value_combines_the_stats_by_the_market_operation() {
        let proof = two_stat_proof();
        assert_eq!(proof.value(Some(BinaryExpression::Add)), Some(4));
        assert_eq!(proof.value(Some(BinaryExpression::Subtract)), Some(2));
        assert_eq!(
            proof.value(None),
            None,
            "a second stat for a one-stat market"
        );
        let one = TxlineProof {
            stat_b: None,
            ..proof
        };
        assert_eq!(one.value(None), Some(3));
        assert_eq!(one.value(Some(BinaryExpression::Add)), None);
        assert_eq!(one.stat_keys(), (1, None));
    }
}
