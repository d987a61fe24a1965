//! A market as the model holds it: its terms, what is staked on each side, its settlement and
//! each wallet's position; what its question says of a proven value, and whether it paid out as
//! the contract says.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::ops::{Index, IndexMut};

use settlement::state::SecondStat;
use settlement::{Side, StatedOutcome};
use txline_interface::Comparison;

use super::GRACE_SECS;
use crate::lifecycle::payout::is_pro_rata_floor;
use crate::lifecycle::proof_facts::ProofFacts;

#[derive(Clone, Debug)]
pub struct Settlement {
    pub outcome: Side,
    pub dispute_ends_at: i64,
    pub proof: ProofFacts,
}

#[derive(Clone, Debug)]
pub struct PositionModel {
    pub side: Side,
    pub stake: u64,
    /// What the position was paid, once it was.
    pub received: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct MarketModel {
    pub close_time: i64,
    pub dispute_window: i64,
    pub comparison: Comparison,
    pub threshold: i32,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    /// For a two-stat market: the second stat's key and how it combines with the first.
    pub second_stat: Option<SecondStat>,
    pub totals: Totals,
    pub deposited: u64,
    pub paid: u64,
    pub settlement: Option<Settlement>,
    /// By wallet number.
    pub positions: BTreeMap<usize, PositionModel>,
}

/// What is staked on each side, indexed by the side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub no: u64,
    pub yes: u64,
}

impl Index<Side> for Totals {
    type Output = u64;

    fn index(&self, side: Side) -> &u64 {
        match side {
            Side::No => &self.no,
            Side::Yes => &self.yes,
        }
    }
}

impl IndexMut<Side> for Totals {
    fn index_mut(&mut self, side: Side) -> &mut u64 {
        match side {
            Side::No => &mut self.no,
            Side::Yes => &mut self.yes,
        }
    }
}

impl MarketModel {
    fn pool(&self) -> Option<u64> {
        self.totals.no.checked_add(self.totals.yes)
    }

    pub(crate) fn grace_ends_at(&self) -> i64 {
        self.close_time.saturating_add(GRACE_SECS)
    }

    /// The final outcome, once the dispute window is over.
    pub(super) fn final_outcome(&self, now: i64) -> Option<Side> {
        self.settlement
            .as_ref()
            .filter(|settlement| now >= settlement.dispute_ends_at)
            .map(|settlement| settlement.outcome)
    }

    /// The outcome a proven value gives this market's question.
    pub fn truth(&self, value: i32) -> StatedOutcome {
        let t = self.threshold;
        match self.comparison {
            Comparison::GreaterThan if value > t => StatedOutcome::Yes,
            // At the threshold too: the value is not above it.
            Comparison::GreaterThan => StatedOutcome::NoBelow,
            Comparison::LessThan if value < t => StatedOutcome::Yes,
            Comparison::LessThan => StatedOutcome::NoAbove,
            Comparison::EqualTo => match value.cmp(&t) {
                Ordering::Equal => StatedOutcome::Yes,
                Ordering::Less => StatedOutcome::NoBelow,
                Ordering::Greater => StatedOutcome::NoAbove,
            },
        }
    }

    /// A NO that this market's question cannot have: the value of a failed `gt` is never above
    /// the threshold, that of a failed `lt` never below it.
    pub(super) fn is_impossible(&self, stated: StatedOutcome) -> bool {
        matches!(
            (stated, self.comparison),
            (StatedOutcome::NoAbove, Comparison::GreaterThan)
                | (StatedOutcome::NoBelow, Comparison::LessThan)
        )
    }

    /// Checks a finished market: every stake was paid as the contract says, and what stays in
    /// the vault (`vault`) is rounding dust below one unit per winner.
    pub fn check_paid_out(&self, vault: u64) -> Result<(), String> {
        let pool = self.pool().ok_or("the pool overflows")?;
        let winner = self
            .settlement
            .as_ref()
            .map(|settlement| settlement.outcome)
            .filter(|&outcome| self.totals[outcome] > 0);
        let mut winners = 0u64;
        let mut total = 0u64;
        for (wallet, position) in &self.positions {
            let received = position.received;
            let fair = match winner {
                None => received == Some(position.stake),
                Some(outcome) if position.side == outcome => {
                    winners += 1;
                    received.is_some_and(|paid| {
                        paid >= position.stake
                            && is_pro_rata_floor(paid, position.stake, pool, self.totals[outcome])
                    })
                }
                Some(_) => received.is_none(),
            };
            if !fair {
                return Err(format!(
                    "wallet {wallet}'s {position:?} was not paid its due"
                ));
            }
            total = total
                .checked_add(received.unwrap_or(0))
                .ok_or("payouts overflow")?;
        }
        let dust = pool.checked_sub(total).ok_or("payouts exceed the pool")?;
        if vault != dust || dust >= winners.max(1) {
            return Err(format!(
                "vault holds {vault} after paying {total} of {pool} to {winners} winners"
            ));
        }
        Ok(())
    }
}
