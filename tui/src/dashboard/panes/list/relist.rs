//! The list's lines, filtered, sorted and grouped once when the markets, the filter, the sort,
//! the grouping or `m` change, so that drawing a frame and moving the selection never go
//! through all the markets.

use std::collections::HashMap;

use fulltime_client::settlement::state::Market;

use super::MarketList;
use super::order::{Grouping, ListRow, Sort};
use crate::dashboard::chain::Chain;

impl MarketList {
    /// Filters, sorts and groups `chain`'s markets for the list again; keeps the selected market
    /// when it is still listed, else selects the first one.
    pub fn relist(&mut self, chain: Option<&Chain>) {
        self.list(chain);
        let still_listed = self.selected.is_some_and(|id| self.listed.contains(&id));
        if !still_listed {
            self.selected = self.listed.first().copied();
        }
    }

    fn list(&mut self, chain: Option<&Chain>) {
        self.listed.clear();
        self.rows.clear();
        let Some(chain) = chain else {
            return;
        };
        let mut needle = Needle::new(&self.filter);
        let mut markets: Vec<&Market> = chain
            .markets
            .iter()
            .filter(|market| !self.mine_only || chain.position(market.id).is_some())
            .filter(|market| needle.matches(market))
            .collect();
        match self.sort {
            Sort::Id => {}
            Sort::CloseTime => markets.sort_by_key(|market| (market.close_time, market.id)),
            Sort::Pool => markets.sort_by_key(|market| {
                let pool = u128::from(market.total_yes) + u128::from(market.total_no);
                (std::cmp::Reverse(pool), market.id)
            }),
        }
        match self.grouping {
            Grouping::Flat => {
                self.listed.extend(markets.iter().map(|market| market.id));
            }
            Grouping::ByFixture => self.group(&markets),
        }
    }

    /// Each fixture where the sort first meets one of its markets; its markets after it in the
    /// sort's order (a counting sort: one pass to number the fixtures and count their markets,
    /// one to place each market).
    fn group(&mut self, markets: &[&Market]) {
        let mut groups: HashMap<i64, usize> = HashMap::new();
        let mut fixtures: Vec<(i64, usize)> = Vec::new();
        let group_of: Vec<usize> = markets
            .iter()
            .map(|market| {
                let group = *groups.entry(market.fixture_id).or_insert_with(|| {
                    fixtures.push((market.fixture_id, 0));
                    fixtures.len() - 1
                });
                fixtures[group].1 += 1;
                group
            })
            .collect();
        let mut next: Vec<usize> = fixtures
            .iter()
            .scan(0, |start, &(_, count)| {
                let first = *start;
                *start += count;
                Some(first)
            })
            .collect();
        self.listed.resize(markets.len(), 0);
        for (market, group) in markets.iter().zip(group_of) {
            self.listed[next[group]] = market.id;
            next[group] += 1;
        }
        let mut ids = self.listed.iter().copied();
        for (fixture_id, count) in fixtures {
            self.rows.push(ListRow::Fixture {
                fixture_id,
                markets: count,
            });
            self.rows
                .extend(ids.by_ref().take(count).map(ListRow::Market));
        }
    }
}

/// The list filter: a market's id, or text its question contains, ignoring case.
struct Needle {
    lowercase: String,
    id: Option<u64>,
    /// A lowercase copy of the question being matched, reused from one market to the next.
    question: String,
}

impl Needle {
    fn new(filter: &str) -> Self {
        let lowercase = filter.to_lowercase();
        Self {
            id: lowercase.parse().ok(),
            lowercase,
            question: String::new(),
        }
    }

    fn matches(&mut self, market: &Market) -> bool {
        if self.lowercase.is_empty() || self.id == Some(market.id) {
            return true;
        }
        if !self.lowercase.is_ascii() {
            return market.question.to_lowercase().contains(&self.lowercase);
        }
        // An ASCII needle can only match ASCII bytes, so lowering those is enough; the standard
        // library's substring search is quick on the lowercase copy.
        self.question.clear();
        self.question.push_str(&market.question);
        self.question.make_ascii_lowercase();
        self.question.contains(&self.lowercase)
    }
}
