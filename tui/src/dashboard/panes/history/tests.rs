//! The pool history: following a reading, loading for the selection, bounded with a gap.

use crossterm::event::KeyCode;
use fulltime_client::rpc::{DepositHistory, TransactionCount};
use insta::assert_snapshot;

use super::*;
use crate::dashboard::effect::Effect;
use crate::dashboard::message::Message;
use crate::dashboard::test_support::{chain, loaded, press, render};
use crate::dashboard::update::update;
use fulltime_desk::samples::sample_market;

fn point(pools: Option<(u64, u64)>) -> PoolPoint {
    PoolPoint {
        slot: 1,
        time: None,
        pools: pools.map(|(yes, no)| Pools { yes, no }),
    }
}

fn points(history: &PoolHistory) -> Vec<PoolPoint> {
    history
        .reading
        .loaded()
        .map(|history| history.points.clone())
        .unwrap_or_default()
}

#[test]
fn a_reading_adds_a_point_only_when_the_pools_moved() {
    let mut market = sample_market();
    let mut history = PoolHistory {
        market: market.id,
        reading: Remote::Loaded(DepositHistory {
            // The newest transaction could not be read: the pools before it count.
            points: vec![point(Some((4_000_000, 1_500_000))), point(None)],
            read: 1,
            unread: 1,
            count: TransactionCount {
                counted: 2,
                complete: true,
            },
        }),
    };
    history.follow(&market, 2, 100);
    assert_eq!(points(&history).len(), 2);
    market.total_no = 2_500_000;
    history.follow(&market, 3, 160);
    let shown = points(&history);
    assert_eq!(
        (shown.len(), shown[2].pools, shown[2].time),
        (
            3,
            Some(Pools {
                yes: 4_000_000,
                no: 2_500_000
            }),
            Some(160)
        )
    );
    // Another market's reading, or a history still loading, adds nothing.
    market.id += 1;
    market.total_yes = 1;
    history.follow(&market, 4, 200);
    assert_eq!(points(&history).len(), 3);
    let mut loading = PoolHistory::loading(market.id);
    loading.follow(&market, 5, 260);
    assert_eq!(loading.reading, Remote::Loading);
}

/// A history read back: `pools` oldest first, `None` where a read failed.
fn deposit_history(pools: &[Option<(u64, u64)>], count: TransactionCount) -> DepositHistory {
    let points: Vec<PoolPoint> = pools
        .iter()
        .enumerate()
        .map(|(slot, pools)| PoolPoint {
            slot: slot as u64,
            time: None,
            pools: pools.map(|(yes, no)| Pools { yes, no }),
        })
        .collect();
    let unread = points.iter().filter(|point| point.pools.is_none()).count();
    DepositHistory {
        read: points.len() - unread,
        unread,
        points,
        count,
    }
}

#[test]
fn the_pool_history_loads_for_the_selection_and_follows_the_readings() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('p')]);
    assert!(matches!(effects.as_slice(), [Effect::LoadHistory(0)]));
    assert_snapshot!("history_loading_80x24", render(&app, 80, 24));
    assert_snapshot!("history_loading_120x40", render(&app, 120, 40));
    let history = deposit_history(
        &[
            Some((1_000_000, 0)),
            Some((1_000_000, 500_000)),
            Some((3_000_000, 500_000)),
            Some((4_000_000, 1_500_000)),
        ],
        // The market's creation is a transaction too.
        TransactionCount {
            counted: 5,
            complete: true,
        },
    );
    update(
        &mut app,
        Message::History {
            market: 0,
            history: Ok(history),
        },
    );
    assert_snapshot!("history_80x24", render(&app, 80, 24));
    assert_snapshot!("history_120x40", render(&app, 120, 40));
    // Another wallet's deposit reaches the next reading: the history gains a point.
    let mut more = chain();
    more.markets[0].total_no = 2_500_000;
    update(&mut app, Message::Chain(Ok(more)));
    let shown = app
        .history
        .as_ref()
        .and_then(|history| history.reading.loaded());
    assert_eq!(shown.map(|history| history.points.len()), Some(5));
    // Moving the selection loads the next market's history; `p` hides it.
    let effects = press(&mut app, &[KeyCode::Down]);
    assert!(matches!(effects.as_slice(), [Effect::LoadHistory(1)]));
    assert!(press(&mut app, &[KeyCode::Char('p')]).is_empty());
    assert!(app.history.is_none());
    assert!(press(&mut app, &[KeyCode::Down]).is_empty());
}

#[test]
fn a_bounded_history_says_how_much_it_read_and_marks_what_it_could_not() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('p')]);
    // The newest 6 of more than 10,000 transactions, one of which could not be read.
    let history = deposit_history(
        &[
            Some((1_000_000, 500_000)),
            Some((2_000_000, 500_000)),
            None,
            Some((3_000_000, 1_000_000)),
            Some((3_500_000, 1_000_000)),
            Some((4_000_000, 1_500_000)),
        ],
        TransactionCount {
            counted: 10_000,
            complete: false,
        },
    );
    update(
        &mut app,
        Message::History {
            market: 0,
            history: Ok(history),
        },
    );
    let shown = render(&app, 120, 40);
    assert!(
        shown.contains("Pool history: 5 deposits, read 5 of 10000+ tx, 1 unread (×) (p hides)"),
        "{shown}"
    );
    assert_snapshot!("history_bounded_with_a_gap_120x40", shown);
    assert_snapshot!("history_bounded_with_a_gap_80x24", render(&app, 80, 24));
    // A history that could not be read at all says why.
    update(
        &mut app,
        Message::History {
            market: 0,
            history: Err("RPC request to http://127.0.0.1:8899 failed".into()),
        },
    );
    assert!(
        render(&app, 120, 40).contains("Pool history: RPC request to http://127.0.0.1:8899"),
        "a failed reading is shown"
    );
}
