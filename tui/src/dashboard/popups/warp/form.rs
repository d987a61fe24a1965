//! The warp form's state: its targets, the time each means for the market, or why there is
//! none.

use fulltime_client::proof_file::{Expected, ProofFile};
use fulltime_client::rpc::moves_forward;
use fulltime_client::settlement::state::Market;

use crate::dashboard::popups::settle::fits;
use crate::dashboard::text_field::{Takes, TextField};
use fulltime_desk::input::{format_span_short, format_time, parse_span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarpTarget {
    Result,
    CloseTime,
    DisputeEnd,
    Duration,
}

impl WarpTarget {
    pub const ALL: [Self; 4] = [
        Self::Result,
        Self::CloseTime,
        Self::DisputeEnd,
        Self::Duration,
    ];

    fn next(self) -> Self {
        match self {
            Self::Result => Self::CloseTime,
            Self::CloseTime => Self::DisputeEnd,
            Self::DisputeEnd => Self::Duration,
            Self::Duration => Self::Result,
        }
    }
}

/// When a market's result is published: the batch of the newest clean proof file for it
/// that is dated after its close (a proof counts from the second its batch is stamped with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Publication {
    pub at: i64,
    /// The proof file's name.
    pub proof_file: String,
}

impl Publication {
    pub fn of(market: &Market, proof_files: &[ProofFile]) -> Option<Self> {
        proof_files
            .iter()
            .filter(|proof_file| fits(market, proof_file))
            .filter(|proof_file| matches!(proof_file.expected, Some(Expected::Outcome(_))))
            .map(|proof_file| Self {
                at: proof_file.proof.ts.div_euclid(1_000),
                proof_file: proof_file.name.clone(),
            })
            .filter(|publication| publication.at >= market.close_time)
            .max_by(|a, b| {
                a.at.cmp(&b.at)
                    .then_with(|| b.proof_file.cmp(&a.proof_file))
            })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpForm {
    /// The market selected when the form opened.
    pub market: Option<u64>,
    /// When its result was published, if a proof file says.
    pub publication: Option<Publication>,
    pub target: WarpTarget,
    /// As typed, like `10m` or `2days`.
    pub duration: TextField,
}

impl WarpForm {
    /// Starts on the result's publication while that is still ahead of `now` and the market is
    /// unsettled (the demo's one warp before settling), else on the close time.
    pub fn new(market: Option<&Market>, proof_files: &[ProofFile], now: i64) -> Self {
        let publication = market.and_then(|market| Publication::of(market, proof_files));
        let target = match (market, &publication) {
            (None, _) => WarpTarget::Duration,
            (Some(market), Some(publication)) if !market.settled && publication.at > now => {
                WarpTarget::Result
            }
            (Some(_), _) => WarpTarget::CloseTime,
        };
        Self {
            market: market.map(|market| market.id),
            publication,
            target,
            duration: TextField::new(Takes::Duration),
        }
    }

    pub fn next_target(&mut self) {
        self.target = self.target.next();
    }

    /// Typing goes to the duration, and picks it.
    pub fn type_char(&mut self, c: char) {
        if self.duration.type_char(c) {
            self.target = WarpTarget::Duration;
        }
    }

    /// The time `target` means for `market` at cluster time `now` (unix seconds), or why
    /// there is none. The clock only moves forward.
    pub fn time_of(
        &self,
        target: WarpTarget,
        market: Option<&Market>,
        now: i64,
    ) -> Result<i64, String> {
        let to = match (target, market) {
            (WarpTarget::Duration, _) => {
                if self.duration.trim().is_empty() {
                    return Err("type a duration, like 10m or 2days".to_owned());
                }
                let seconds = parse_span(&self.duration).map_err(|error| error.to_string())?;
                now.checked_add(seconds)
                    .ok_or_else(|| "beyond the last representable time".to_owned())?
            }
            (_, None) => return Err("no market selected".to_owned()),
            (WarpTarget::Result, Some(_)) => match &self.publication {
                Some(publication) => publication.at,
                None => return Err("no proof file published after its close".to_owned()),
            },
            (WarpTarget::CloseTime, Some(market)) => market.close_time,
            (WarpTarget::DisputeEnd, Some(market)) if market.settled => market.dispute_ends_at,
            (WarpTarget::DisputeEnd, Some(_)) => {
                return Err("not settled yet".to_owned());
            }
        };
        if !moves_forward(now, to) {
            return Err(format!("already past ({})", format_time(to)));
        }
        Ok(to)
    }

    /// `2026-05-16T16:10:00Z (in 10m)` or why not.
    pub fn describe(&self, target: WarpTarget, market: Option<&Market>, now: i64) -> String {
        match self.time_of(target, market, now) {
            Ok(to) => format!(
                "{} (in {})",
                format_time(to),
                format_span_short(to.saturating_sub(now))
            ),
            Err(why) => why,
        }
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::side::Side;

    use super::*;
    use crate::dashboard::test_support::committed_proof_files;
    use fulltime_desk::samples::{FINAL_AT, NOW, PROOF_TS, sample_market, settled_market};

    #[test]
    fn each_target_is_a_time_ahead_or_a_reason() {
        let open = sample_market();
        let mut form = WarpForm::new(Some(&open), &[], NOW);
        assert_eq!(
            form.target,
            WarpTarget::CloseTime,
            "no proof file: the close time"
        );
        assert_eq!(
            form.time_of(WarpTarget::Result, Some(&open), NOW),
            Err("no proof file published after its close".to_owned())
        );
        assert_eq!(
            form.time_of(WarpTarget::CloseTime, Some(&open), NOW),
            Ok(open.close_time)
        );
        assert!(
            form.time_of(WarpTarget::DisputeEnd, Some(&open), NOW)
                .is_err()
        );
        let settled = settled_market(Side::Yes);
        assert_eq!(
            form.time_of(WarpTarget::DisputeEnd, Some(&settled), NOW),
            Ok(FINAL_AT)
        );
        assert_eq!(
            form.time_of(WarpTarget::CloseTime, Some(&open), open.close_time),
            Err("already past (2026-05-16T15:10:00Z)".to_owned())
        );
        for c in "90s".chars() {
            form.type_char(c);
        }
        assert_eq!(form.target, WarpTarget::Duration);
        assert_eq!(form.time_of(WarpTarget::Duration, None, NOW), Ok(NOW + 90));
        form.duration = TextField::with_text(Takes::Duration, "soon");
        assert!(form.time_of(WarpTarget::Duration, None, NOW).is_err());
    }

    #[test]
    fn the_result_is_the_newest_clean_batch_after_the_close_and_comes_first() {
        // Open until 15:10 on the day Arsenal's full-time result is published at 15:51:12.
        let open = sample_market();
        let proof_files = committed_proof_files();
        let form = WarpForm::new(Some(&open), &proof_files, NOW);
        assert_eq!(
            form.publication,
            Some(Publication {
                at: PROOF_TS / 1_000,
                proof_file: "arsenal-home-goals-over-1".into()
            })
        );
        assert_eq!(form.target, WarpTarget::Result);
        assert_eq!(
            form.time_of(WarpTarget::Result, Some(&open), NOW),
            Ok(PROOF_TS / 1_000)
        );
        // Once the clock has passed it, or the market is settled, the close time comes first.
        let later = WarpForm::new(Some(&open), &proof_files, PROOF_TS / 1_000);
        assert_eq!(later.target, WarpTarget::CloseTime);
        let settled = settled_market(Side::Yes);
        assert_eq!(
            WarpForm::new(Some(&settled), &proof_files, NOW).target,
            WarpTarget::CloseTime
        );
        // A market closing after the batch has no result to warp to: that proof predates it.
        let mut late = sample_market();
        late.close_time = PROOF_TS / 1_000 + 1;
        assert_eq!(
            WarpForm::new(Some(&late), &proof_files, NOW).publication,
            None
        );
    }
}
