//! The proof of a market's stat(s) from one of its fixture's score records: the record chosen
//! from the fixture's list (the `game_finalised` one unless a sequence is named), then its proof,
//! checked against the record: the same values, from a batch whose time span holds the record.

use super::{StatRequest, TxlineApi, TxlineError};
use crate::txline::TxlineProof;
use crate::txline::json::ScoreRecord;

/// Which record of the fixture to prove from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordPick {
    /// The latest `game_finalised` record: the final outcome, as corrected if it was.
    Finalised,
    Seq(u32),
}

/// A record and the proof of stats of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordProof {
    pub record: ScoreRecord,
    pub proof: TxlineProof,
}

impl TxlineApi {
    /// The record `pick` names among `fixture_id`'s, and the proof of its stat `stat_key` (and
    /// `stat_key2`), each checked against the other.
    pub async fn record_proof(
        &self,
        fixture_id: i64,
        pick: RecordPick,
        stat_key: u32,
        stat_key2: Option<u32>,
    ) -> Result<RecordProof, TxlineError> {
        let records = self.scores(fixture_id).await?;
        let record = pick_record(&records, pick).ok_or_else(|| TxlineError::NotFound {
            url: self.base_url().to_owned(),
            what: match pick {
                RecordPick::Finalised => format!(
                    "game_finalised record of fixture {fixture_id}: the match is not finalised \
                     yet (`fulltime txline scores {fixture_id}` lists its records)"
                ),
                RecordPick::Seq(seq) => format!("record {seq} of fixture {fixture_id}"),
            },
        })?;
        let proof = self
            .stat_validation(StatRequest {
                fixture_id,
                seq: record.seq,
                stat_key,
                stat_key2,
            })
            .await?;
        agree(&record, &proof).map_err(|(asked, answered)| TxlineError::Mismatch {
            url: self.base_url().to_owned(),
            asked,
            answered,
        })?;
        Ok(RecordProof { record, proof })
    }
}

/// The record `pick` names.
pub fn pick_record(records: &[ScoreRecord], pick: RecordPick) -> Option<ScoreRecord> {
    match pick {
        RecordPick::Finalised => records
            .iter()
            .filter(|record| record.is_finalised())
            .max_by_key(|record| record.seq),
        RecordPick::Seq(seq) => records.iter().find(|record| record.seq == seq),
    }
    .cloned()
}

/// `Err((asked, answered))` where the proof says something else than the record: another value
/// of a stat the record lists, or a batch whose time span does not hold the record's time.
fn agree(record: &ScoreRecord, proof: &TxlineProof) -> Result<(), (String, String)> {
    for proven in std::iter::once(&proof.stat).chain(&proof.stat_b) {
        if let Some(&listed) = record.stats.get(&proven.stat.key)
            && listed != proven.stat.value
        {
            return Err((
                format!(
                    "stat {} = {listed}, as record {} lists it",
                    proven.stat.key, record.seq
                ),
                format!("stat {} = {}", proven.stat.key, proven.stat.value),
            ));
        }
    }
    let span = &proof.fixture_summary.update_stats;
    if !(span.min_timestamp..=span.max_timestamp).contains(&record.ts) {
        return Err((
            format!(
                "a batch holding record {} (at {} ms)",
                record.seq, record.ts
            ),
            format!(
                "a batch from {} to {} ms",
                span.min_timestamp, span.max_timestamp
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::proof_file;

    fn record(seq: u32, action: &str, home_goals: i32, ts: i64) -> ScoreRecord {
        ScoreRecord {
            fixture_id: 18_502_311,
            seq,
            ts,
            action: action.into(),
            status: Some(if action == "game_finalised" { 100 } else { 4 }),
            period: Some(if action == "game_finalised" { 100 } else { 4 }),
            stats: [(1, home_goals)].into(),
        }
    }

    #[test]
    fn the_latest_finalised_record_is_picked_unless_a_sequence_is_named() {
        let records = [
            record(900, "goal", 2, 1_000),
            record(1187, "game_finalised", 3, 2_000),
            record(1190, "game_finalised", 4, 3_000),
            record(1195, "comment", 4, 4_000),
        ];
        let finalised = pick_record(&records, RecordPick::Finalised).expect("finalised");
        assert_eq!(finalised.seq, 1190, "the correction");
        assert_eq!(
            pick_record(&records, RecordPick::Seq(900)).map(|record| record.seq),
            Some(900)
        );
        assert_eq!(pick_record(&records, RecordPick::Seq(1)), None);
        assert_eq!(pick_record(&records[..1], RecordPick::Finalised), None);
    }

    #[test]
    fn a_proof_must_say_what_its_record_says() {
        // The sample proves home goals 3 from a batch spanning 1778947512000..=1778947680000.
        let proof = proof_file().proof;
        let within = 1_778_947_600_000;
        assert_eq!(
            agree(&record(1187, "game_finalised", 3, within), &proof),
            Ok(())
        );
        let (asked, answered) =
            agree(&record(1187, "game_finalised", 2, within), &proof).expect_err("other value");
        assert_eq!(asked, "stat 1 = 2, as record 1187 lists it");
        assert_eq!(answered, "stat 1 = 3");
        let outside = agree(
            &record(1187, "game_finalised", 3, 1_778_947_680_001),
            &proof,
        );
        assert!(outside.is_err(), "a record outside the batch's span");
    }
}
