//! A market as the model holds it: its times, its pools, each wallet's position and its
//! settlement; where it stands at a time, and what a position is owed then.

use std::collections::BTreeMap;

use fulltime_client::side::Side;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::Stage;

use super::super::planted::Planted;

/// After its close, how long a market may wait for a settlement before it expires and refunds.
pub const GRACE_SECS: i64 = 7 * 86_400;

#[derive(Clone, Debug)]
pub struct MarketState {
    /// The case its terms are taken from.
    pub case: String,
    pub close: i64,
    pub dispute_window: i64,
    pub yes: u64,
    pub no: u64,
    pub positions: BTreeMap<WalletName, Position>,
    pub settlement: Option<Settled>,
}

#[derive(Clone, Debug)]
pub struct Position {
    pub side: Side,
    pub stake: u64,
    pub paid: bool,
}

/// The settlement a market holds, with the proof it rests on (what a later proof must beat).
#[derive(Clone, Debug)]
pub struct Settled {
    pub outcome: Side,
    pub dispute_ends_at: i64,
    pub batch_ms: i64,
    pub events_root: [u8; 32],
    pub seq: u32,
}

impl MarketState {
    pub fn grace_ends_at(&self) -> i64 {
        self.close.saturating_add(GRACE_SECS)
    }

    pub fn total_on(&self, side: Side) -> u64 {
        match side {
            Side::Yes => self.yes,
            Side::No => self.no,
        }
    }

    pub fn total_on_mut(&mut self, side: Side) -> &mut u64 {
        match side {
            Side::Yes => &mut self.yes,
            Side::No => &mut self.no,
        }
    }

    /// The settled outcome once its dispute window is over.
    pub fn final_outcome(&self, now: i64) -> Option<Side> {
        self.settlement
            .as_ref()
            .filter(|settled| now >= settled.dispute_ends_at)
            .map(|settled| settled.outcome)
    }

    pub fn stage(&self, now: i64) -> Stage {
        match &self.settlement {
            Some(settled) if now < settled.dispute_ends_at => Stage::Provisional(settled.outcome),
            Some(settled) => Stage::Resolved(settled.outcome),
            None if now < self.close => Stage::Open,
            None if now >= self.grace_ends_at() => Stage::Expired,
            None => Stage::Closed,
        }
    }

    /// What a claim or refund of `wallet`'s position pays at `now`: a final winner's share, a
    /// refundable stake (nobody on the winning side, or never settled in time), else nothing.
    pub fn pays(&self, wallet: &WalletName, now: i64, planted: Option<Planted>) -> u64 {
        let Some(position) = self.positions.get(wallet).filter(|position| !position.paid) else {
            return 0;
        };
        match self.stage(now) {
            Stage::Resolved(outcome) if self.total_on(outcome) == 0 => position.stake,
            Stage::Resolved(outcome) if position.side == outcome => {
                self.share(position.stake, outcome, planted)
            }
            Stage::Expired => position.stake,
            _ => 0,
        }
    }

    /// A winning stake's share of the pool, `stake * pool / winning` rounded down; worked out as
    /// the stake plus its part of the losing side, which is the same number.
    pub fn share(&self, stake: u64, outcome: Side, planted: Option<Planted>) -> u64 {
        let winning = u128::from(self.total_on(outcome));
        let losing = u128::from(self.total_on(outcome.opposite()));
        let bonus = u128::from(stake)
            .checked_mul(losing)
            .and_then(|product| product.checked_div(winning))
            .and_then(|bonus| u64::try_from(bonus).ok())
            .unwrap_or(0);
        let share = stake.saturating_add(bonus);
        match planted {
            Some(Planted::WinnerPaidOneMore) => share.saturating_add(1),
            None => share,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn market(yes: u64, no: u64) -> MarketState {
        MarketState {
            case: "c".into(),
            close: 100,
            dispute_window: 60,
            yes,
            no,
            positions: BTreeMap::new(),
            settlement: None,
        }
    }

    #[test]
    fn a_share_is_the_pro_rata_floor() {
        // pro-rata-payouts.toml: YES 17, NO 5; alice 10 of YES is paid 12.941176.
        let market = market(17_000_000, 5_000_000);
        assert_eq!(market.share(10_000_000, Side::Yes, None), 12_941_176);
        assert_eq!(market.share(7_000_000, Side::Yes, None), 9_058_823);
        assert_eq!(
            market.share(7_000_000, Side::Yes, Some(Planted::WinnerPaidOneMore)),
            9_058_824
        );
    }

    #[test]
    fn stages_follow_the_clock() {
        let mut market = market(1, 1);
        assert_eq!(market.stage(99), Stage::Open);
        assert_eq!(market.stage(100), Stage::Closed);
        assert_eq!(market.stage(100 + GRACE_SECS), Stage::Expired);
        market.settlement = Some(Settled {
            outcome: Side::No,
            dispute_ends_at: 200,
            batch_ms: 0,
            events_root: [0; 32],
            seq: 1,
        });
        assert_eq!(market.stage(199), Stage::Provisional(Side::No));
        assert_eq!(market.stage(200), Stage::Resolved(Side::No));
    }
}
