//! A sample market for tests: "more than 1 home goal?", closing at `close_time`
//! with a 60 s dispute window, 2 base units on YES and nothing on NO, not settled.

use anchor_lang::prelude::Pubkey;
use settlement::state::Market;
use txline_interface::{Comparison, TraderPredicate};

pub fn market(close_time: i64) -> Market {
    Market {
        settled: false,
        outcome: 0,
        id: 0,
        creator: Pubkey::new_unique(),
        vault: Pubkey::new_unique(),
        close_time,
        dispute_window: 60,
        dispute_ends_at: 0,
        settled_by: Default::default(),
        fixture_id: 1,
        stat_key: 1,
        period: 100,
        predicate: TraderPredicate {
            threshold: 1,
            comparison: Comparison::GreaterThan,
        },
        total_yes: 2,
        total_no: 0,
        bump: 255,
        second_stat: None,
        question: "?".into(),
    }
}
