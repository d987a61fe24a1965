//! The selected market in full.

use fulltime_client::settlement::state::SecondStat;
use fulltime_client::txline_interface::BinaryExpression;
use insta::assert_snapshot;

use crate::dashboard::message::Message;
use crate::dashboard::test_support::{chain, loaded, render};
use crate::dashboard::update::update;

#[test]
fn a_two_stat_market_names_both_stats() {
    let mut app = loaded();
    let mut chain = chain();
    chain.markets[0].second_stat = Some(SecondStat {
        stat_key: 2,
        op: BinaryExpression::Add,
    });
    update(&mut app, Message::Chain(Ok(chain)));
    assert_snapshot!("two_stats", render(&app, 100, 30));
}
