//! A proof file made from TxLINE's API (`fulltime proof fetch`, `fulltime settle --txline`): the
//! proof of a record's stat(s), named after the fixture, the record and the stats, saying where it
//! came from. It settles any market on those stats; it names no market of its own.

use super::{ProofFile, ProofRecord};
use crate::time::format_time_millis;
use crate::txline::api::RecordProof;
use crate::txline::json::FixtureJson;
use crate::txline::stat_key::describe;

impl ProofFile {
    /// The proof file of `fetched`, from the API at `api_url`; `fixture` names the teams where
    /// the API listed the fixture.
    pub fn fetched(fetched: &RecordProof, api_url: &str, fixture: Option<&FixtureJson>) -> Self {
        let (record, proof) = (&fetched.record, &fetched.proof);
        let (first, second) = proof.stat_keys();
        let sides = fixture.map(FixtureJson::sides);
        let stats = std::iter::once(&proof.stat)
            .chain(&proof.stat_b)
            .map(|proven| {
                format!(
                    "{} = {}",
                    describe(proven.stat.key, sides),
                    proven.stat.value
                )
            })
            .collect::<Vec<_>>()
            .join(" and ");
        let fixture_id = proof.fixture_summary.fixture_id;
        let match_name = fixture.map_or_else(
            || format!("fixture {fixture_id}"),
            |fixture| format!("{} (fixture {fixture_id})", fixture.name()),
        );
        let period = record
            .period
            .map_or_else(String::new, |period| format!(", period {period}"));
        Self {
            name: format!(
                "txline-{fixture_id}-{}-stat-{first}{}",
                record.seq,
                second.map_or_else(String::new, |second| format!("-{second}"))
            ),
            description: format!(
                "Fetched from TxLINE at {api_url}: {match_name}, record {} ({}{period}, at {}), \
                 {stats}.",
                record.seq,
                record.action,
                format_time_millis(record.ts),
            ),
            kickoff: fixture
                .and_then(|fixture| fixture.start_time)
                .map(|start| start.div_euclid(1_000)),
            record: Some(ProofRecord {
                seq: record.seq,
                action: record.action.clone(),
            }),
            market: None,
            expected: None,
            proof: proof.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::proof_file;
    use crate::txline::json::ScoreRecord;

    #[test]
    fn a_fetched_proof_file_says_what_it_proves_and_whence() {
        let fetched = RecordProof {
            record: ScoreRecord {
                fixture_id: 18_502_311,
                seq: 1187,
                ts: 1_778_947_600_000,
                action: "game_finalised".into(),
                status: Some(100),
                period: Some(100),
                stats: [(1, 3)].into(),
            },
            proof: proof_file().proof,
        };
        let fixture = FixtureJson {
            fixture_id: 18_502_311,
            participant1: "Arsenal".into(),
            participant2: "Chelsea".into(),
            participant1_is_home: true,
            start_time: Some(1_778_940_000_000),
            competition: None,
        };
        let file = ProofFile::fetched(&fetched, "http://127.0.0.1:8090", Some(&fixture));
        assert_eq!(file.name, "txline-18502311-1187-stat-1");
        assert_eq!(
            file.description,
            "Fetched from TxLINE at http://127.0.0.1:8090: Arsenal v Chelsea (fixture \
             18502311), record 1187 (game_finalised, period 100, at 2026-05-16T16:06:40Z), \
             Arsenal goals (stat 1) = 3."
        );
        assert_eq!(file.kickoff, Some(1_778_940_000));
        assert_eq!((&file.market, &file.expected), (&None, &None));
        // It reads back as written: a proof file every command taking --proof accepts.
        assert_eq!(
            ProofFile::from_json(&file.to_json()).expect("reads back"),
            file
        );
        let unnamed = ProofFile::fetched(&fetched, "http://x", None);
        assert!(
            unnamed
                .description
                .contains("fixture 18502311, record 1187")
        );
        assert!(
            unnamed
                .description
                .contains("goals of participant 1 (stat 1) = 3")
        );
    }
}
