//! The settle picker: the proof fixtures on disk, those for the market's own fixture, stat and
//! period first.

use fulltime_client::fixture::ProofFixture;
use fulltime_client::settlement::state::{Market, SecondStat};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettlePicker {
    pub market: u64,
    /// Indices into `App::fixtures`, in the order shown.
    pub order: Vec<usize>,
    /// Index into `order`.
    pub selected: usize,
}

/// Whether the fixture is for the stat the market is about: fixture, stat key, period and the
/// second stat of a two-stat market.
pub fn fits(market: &Market, fixture: &ProofFixture) -> bool {
    let terms = &fixture.market;
    terms.fixture_id == market.fixture_id
        && terms.stat_key == market.stat_key
        && terms.period == market.period
        && terms.second_stat.map(SecondStat::from) == market.second_stat
}

impl SettlePicker {
    pub fn new(market: &Market, fixtures: &[ProofFixture]) -> Self {
        let mut order: Vec<usize> = (0..fixtures.len()).collect();
        order.sort_by_key(|&index| {
            let fixture = &fixtures[index];
            (!fits(market, fixture), fixture.name.clone())
        });
        Self {
            market: market.id,
            order,
            selected: 0,
        }
    }

    pub fn move_by(&mut self, delta: i64) {
        let last = self.order.len().saturating_sub(1);
        let target = i64::try_from(self.selected)
            .unwrap_or(0)
            .saturating_add(delta)
            .clamp(0, i64::try_from(last).unwrap_or(0));
        self.selected = usize::try_from(target).unwrap_or(0);
    }

    pub fn chosen<'a>(&self, fixtures: &'a [ProofFixture]) -> Option<&'a ProofFixture> {
        fixtures.get(*self.order.get(self.selected)?)
    }
}
