//! The clock warp (localnet): to the selected market's close time, to the end of its dispute
//! window, or forward by a typed duration, through the same `FulltimeClient::warp` as
//! `fulltime warp`.

use fulltime_client::settlement::state::Market;

use crate::input::{format_span, format_time, parse_span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarpTarget {
    CloseTime,
    DisputeEnd,
    Duration,
}

impl WarpTarget {
    pub const ALL: [Self; 3] = [Self::CloseTime, Self::DisputeEnd, Self::Duration];

    fn next(self) -> Self {
        match self {
            Self::CloseTime => Self::DisputeEnd,
            Self::DisputeEnd => Self::Duration,
            Self::Duration => Self::CloseTime,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpForm {
    /// The market selected when the form opened.
    pub market: Option<u64>,
    pub target: WarpTarget,
    /// As typed, like `10m` or `2days`.
    pub duration: String,
}

impl WarpForm {
    pub fn new(market: Option<u64>) -> Self {
        Self {
            market,
            target: if market.is_some() {
                WarpTarget::CloseTime
            } else {
                WarpTarget::Duration
            },
            duration: String::new(),
        }
    }

    pub fn next_target(&mut self) {
        self.target = self.target.next();
    }

    /// Typing goes to the duration, and picks it.
    pub fn type_char(&mut self, c: char) {
        if c.is_ascii_alphanumeric() || c == ' ' {
            self.target = WarpTarget::Duration;
            self.duration.push(c);
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
            (WarpTarget::CloseTime, Some(market)) => market.close_time,
            (WarpTarget::DisputeEnd, Some(market)) if market.settled => market.dispute_ends_at,
            (WarpTarget::DisputeEnd, Some(_)) => {
                return Err("not settled yet".to_owned());
            }
        };
        if to <= now {
            return Err(format!("already past ({})", format_time(to)));
        }
        Ok(to)
    }

    /// `2026-11-20T01:10:00Z (in 10m)` or why not.
    pub fn describe(&self, target: WarpTarget, market: Option<&Market>, now: i64) -> String {
        match self.time_of(target, market, now) {
            Ok(to) => format!(
                "{} (in {})",
                format_time(to),
                format_span(to.saturating_sub(now))
            ),
            Err(why) => why,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::market::tests::{FINAL_AT, NOW, sample_market, settled_market};

    #[test]
    fn each_target_is_a_time_ahead_or_a_reason() {
        let open = sample_market();
        let mut form = WarpForm::new(Some(open.id));
        assert_eq!(
            form.time_of(WarpTarget::CloseTime, Some(&open), NOW),
            Ok(open.close_time)
        );
        assert!(
            form.time_of(WarpTarget::DisputeEnd, Some(&open), NOW)
                .is_err()
        );
        let settled = settled_market(1);
        assert_eq!(
            form.time_of(WarpTarget::DisputeEnd, Some(&settled), NOW),
            Ok(FINAL_AT)
        );
        assert_eq!(
            form.time_of(WarpTarget::CloseTime, Some(&open), open.close_time),
            Err("already past (2026-11-20T00:10:00Z)".to_owned())
        );
        for c in "90s".chars() {
            form.type_char(c);
        }
        assert_eq!(form.target, WarpTarget::Duration);
        assert_eq!(form.time_of(WarpTarget::Duration, None, NOW), Ok(NOW + 90));
        form.duration = "soon".into();
        assert!(form.time_of(WarpTarget::Duration, None, NOW).is_err());
    }
}
