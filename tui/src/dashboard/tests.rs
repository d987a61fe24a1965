//! The router: keys and tasks' answers through `update`, and `draw` after them.

use crossterm::event::{KeyCode, KeyEventKind};
use fulltime_client::rpc::ClientError;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::dashboard::app::App;
use crate::dashboard::chain::{Chain, Link, ReadFailure};
use crate::dashboard::draw::draw;
use crate::dashboard::failure::FailureView;
use crate::dashboard::keys::{Mode, message_for};
use crate::dashboard::log_source::{LogRead, LogSource};
use crate::dashboard::message::{Message, Stage};
use crate::dashboard::test_support::{
    chain, committed_proof_files, faucet_log, key, log_lines, node_log, refused, session,
};
use crate::dashboard::timeline_news::{InvariantsState, StepHeading, TimelineNews};
use crate::dashboard::update::update;
use fulltime_desk::error::Error;
use fulltime_desk::output::timeline::{ExpectationRun, StepRun, TimelineFailure};

#[test]
fn only_key_presses_count() {
    let mut release = key(KeyCode::Char('q'));
    release.kind = KeyEventKind::Release;
    assert!(message_for(Mode::List, release).is_none());
}

/// xorshift64: reproducible noise without another dependency.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::try_from(self.next() % items.len() as u64).expect("index")]
    }
}

/// What the timeline pane's work may report, picked by `roll`: a timeline set up, a step run
/// (held, or stopped at an expectation), a step back, the invariants read.
fn timeline_news(roll: u64) -> TimelineNews {
    let index = usize::try_from(roll / 8 % 4).expect("index");
    match roll % 8 {
        0 => TimelineNews::Opened {
            name: "pro-rata-payouts".into(),
            steps: ["stakes", "settle", "final"]
                .iter()
                .map(|name| StepHeading {
                    name: (*name).into(),
                    at: 1_778_938_200,
                })
                .collect(),
            played: index,
        },
        1 => TimelineNews::SteppedBack { next: index },
        2 => TimelineNews::Checked(InvariantsState::Broken("the clock never goes back".into())),
        roll => {
            let mut run = StepRun::new("settle", 1_778_938_200);
            run.invariants_held = roll % 2 == 0;
            run.expectations.push(ExpectationRun {
                what: "alice holds".into(),
                expected: "90 USDC".into(),
                found: "89 USDC".into(),
                held: run.invariants_held,
            });
            let failure = (!run.invariants_held).then(|| {
                Box::new(TimelineFailure {
                    step: "settle".into(),
                    action: None,
                    expected: "alice holds 90 USDC".into(),
                    happened: "89 USDC".into(),
                    logs: Vec::new(),
                })
            });
            TimelineNews::Stepped {
                index,
                run: Box::new(run),
                failure,
            }
        }
    }
}

/// 100,000 random keys in all (the timeline pane's among them), with loaded, empty and failing
/// data, log lines, resizes, the timeline's news and tasks answering at random, through `update`
/// and `draw` at several sizes: nothing panics.
#[test]
fn random_keys_never_panic() {
    const KEYS: [KeyCode; 47] = [
        KeyCode::Char('T'),
        KeyCode::Char('b'),
        KeyCode::Char(' '),
        KeyCode::Char('R'),
        KeyCode::Char('B'),
        KeyCode::Char('W'),
        KeyCode::Char('+'),
        KeyCode::Char('p'),
        KeyCode::Char('a'),
        KeyCode::Char('y'),
        KeyCode::Char('C'),
        KeyCode::Char('v'),
        KeyCode::Char('%'),
        KeyCode::Char('l'),
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Char('w'),
        KeyCode::Char('n'),
        KeyCode::Char('N'),
        KeyCode::BackTab,
        KeyCode::Char('+'),
        KeyCode::Char('q'),
        KeyCode::Esc,
        KeyCode::Char('?'),
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Char('g'),
        KeyCode::Char('G'),
        KeyCode::Char('d'),
        KeyCode::Char('s'),
        KeyCode::Char('c'),
        KeyCode::Char('u'),
        KeyCode::Char('f'),
        KeyCode::Char('/'),
        KeyCode::Char('o'),
        KeyCode::Char('m'),
        KeyCode::Char('r'),
        KeyCode::Enter,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Char('1'),
        KeyCode::Char('.'),
        KeyCode::Char('a'),
    ];
    const SIZES: [(u16, u16); 4] = [(80, 24), (130, 34), (20, 6), (1, 1)];
    let mut empty = chain();
    empty.markets.clear();
    empty.positions.clear();
    let datasets: [Result<Chain, ReadFailure>; 3] = [Ok(chain()), Ok(empty), Err(refused())];
    let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
    let mut terminals: Vec<Terminal<TestBackend>> = SIZES
        .iter()
        .map(|&(width, height)| Terminal::new(TestBackend::new(width, height)).expect("terminal"))
        .collect();
    let proof_files = committed_proof_files();
    let mut keys = 0;
    while keys < 100_000 {
        let mut app = App::new(session(), proof_files.clone());
        for _ in 0..1_000 {
            match noise.next() % 20 {
                0 => {
                    let data = noise.pick(&[0, 1, 2]);
                    update(&mut app, Message::Chain(datasets[data].clone()));
                    let link = noise.pick(&[
                        Link::Connecting,
                        Link::Live,
                        Link::Polling,
                        Link::Reconnecting { in_secs: 30 },
                    ]);
                    update(&mut app, Message::Link(link));
                }
                1 => {
                    update(&mut app, Message::Stage(Stage::Confirming));
                }
                2 => {
                    let failure = FailureView::new(
                        "Deposit",
                        &Error::from(ClientError::MarketNotFound { id: 9 }),
                    );
                    update(&mut app, Message::Finished(Err(failure)));
                }
                3 => {
                    let source = noise.pick(&LogSource::ALL);
                    let read = match noise.next() % 4 {
                        0 => LogRead::Missing,
                        1 => LogRead::Lines {
                            restarted: true,
                            lines: faucet_log(),
                        },
                        _ => log_lines(node_log()),
                    };
                    update(&mut app, Message::Log(source, read));
                }
                4 => {
                    let (_, height) = noise.pick(&SIZES);
                    update(&mut app, Message::Resize(height));
                }
                5 => {
                    let news = timeline_news(noise.next());
                    update(&mut app, Message::Timeline(news));
                }
                _ => {
                    let code = noise.pick(&KEYS);
                    if let Some(message) = message_for(Mode::of(&app), key(code)) {
                        update(&mut app, message);
                    }
                    keys += 1;
                }
            }
            if app.quit {
                break;
            }
            // Drawing every state would take minutes in a debug build; one in eight, at random.
            let roll = noise.next();
            if !roll.is_multiple_of(8) {
                continue;
            }
            let index = usize::try_from(roll / 8 % 4).expect("index");
            terminals[index]
                .draw(|frame| draw(&app, frame))
                .expect("draw");
        }
    }
}

/// Every key that sends in the wallet's name meets one gate in the router: while a request runs,
/// it says so and opens nothing; without a wallet, it says why.
#[test]
fn keys_that_send_wait_for_the_request_running_and_need_a_wallet() {
    let sending = ['d', 's', 'c', 'u', 'C', 'n', 'N', 'w', 'f'];
    for code in sending {
        let mut app = crate::dashboard::test_support::loaded();
        // The faucet request runs; its progress popup is closed, so the key reaches the list.
        crate::dashboard::test_support::press(&mut app, &[KeyCode::Char('f'), KeyCode::Esc]);
        assert!(app.busy() && app.popup.is_none());
        app.notice = None;
        crate::dashboard::test_support::press(&mut app, &[KeyCode::Char(code)]);
        assert!(
            app.popup.is_none(),
            "{code}: a popup opened while a request runs"
        );
        assert_eq!(
            app.notice.as_deref(),
            Some("A transaction is still running; wait for it to finish"),
            "{code}"
        );
    }
    let mut without = session();
    without.wallet = Err("no keypair at ~/.config/solana/id.json".into());
    for code in sending {
        let mut app = App::new(without.clone(), committed_proof_files());
        update(&mut app, Message::Chain(Ok(chain())));
        crate::dashboard::test_support::press(&mut app, &[KeyCode::Char(code)]);
        assert!(
            app.popup.is_none(),
            "{code}: a popup opened without a wallet"
        );
        assert_eq!(
            app.notice.as_deref(),
            Some("No wallet: no keypair at ~/.config/solana/id.json"),
            "{code}"
        );
    }
}
