//! The wallet pane: no wallet, and the node line in each link state.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::app::App;
use crate::dashboard::chain::Link;
use crate::dashboard::message::Message;
use crate::dashboard::session_view::SessionView;
use crate::dashboard::test_support::{chain, loaded, press, refused, render, session};
use crate::dashboard::update::update;

#[test]
fn no_wallet_reads_only() {
    let mut app = App::new(
        SessionView {
            wallet: Err("no keypair file at /root/.config/solana/id.json".into()),
            ..session()
        },
        Vec::new(),
    );
    update(&mut app, Message::Link(Link::Live));
    let mut chain = chain();
    chain.positions.clear();
    chain.balances = None;
    update(&mut app, Message::Chain(Ok(chain)));
    assert!(press(&mut app, &[KeyCode::Char('f')]).is_empty());
    assert_snapshot!("no_wallet", render(&app, 80, 24));
}

#[test]
fn the_node_line_says_how_readings_arrive() {
    let node_line = |app: &App, width| {
        render(app, width, 24)
            .lines()
            .find_map(|line| {
                let (_, node) = line.split_once("Node    ")?;
                Some(node.trim_end_matches(['│', '"', ' ']).to_owned())
            })
            .expect("a node line")
    };
    let mut app = loaded();
    assert_eq!(node_line(&app, 80), "live, read in 3 ms");
    update(&mut app, Message::Link(Link::Reconnecting { in_secs: 2 }));
    assert_snapshot!("reconnecting", render(&app, 80, 24));
    update(&mut app, Message::Chain(Err(refused())));
    assert_eq!(node_line(&app, 80), "reconnecting in 2s");
    update(&mut app, Message::Link(Link::Polling));
    update(&mut app, Message::Chain(Ok(chain())));
    assert_snapshot!("polling", render(&app, 80, 24));
    let mut slow = chain();
    slow.round_trip_ms = 1_250;
    update(&mut app, Message::Chain(Ok(slow)));
    assert_eq!(
        node_line(&app, 80),
        "polling",
        "no room for the time at 80 columns"
    );
    assert_eq!(node_line(&app, 130), "polling, read in 1250 ms");
    update(&mut app, Message::Link(Link::Live));
    assert_eq!(node_line(&app, 80), "live, read in 1250 ms");
}
