//! What the dashboard's tests build on: a session, markets in every state, a chain that holds
//! them and the wallet's positions, a dashboard that has read it, and keys pressed as the
//! terminal loop presses them; the screen drawn on ratatui's `TestBackend`.

use std::collections::BTreeMap;
use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use fulltime_client::proof_file::ProofFile;
use fulltime_client::rpc::Balances;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::app::App;
use super::chain::{Chain, Link, ReadFailure};
use super::draw::draw;
use super::effect::Effect;
use super::keys::Mode;
use super::log_source::LogRead;
use super::message::Message;
use super::session_view::SessionView;
use super::update::update;
use fulltime_desk::samples::{FINAL_AT, NOW, sample_market, sample_position, settled_market};

pub const WALLET: &str = "Wa11etWa11etWa11etWa11etWa11etWa11etWa11et";

pub fn session() -> SessionView {
    SessionView {
        cluster: "localnet".into(),
        rpc_url: Ok("http://127.0.0.1:8899".into()),
        wallet: Ok(WALLET.into()),
        faucet_url: "http://127.0.0.1:8080".into(),
        state_dir: ".localnet".into(),
        chain: None,
    }
}

/// The committed proof files, as the dashboard finds them on disk.
pub fn committed_proof_files() -> Vec<ProofFile> {
    crate::dashboard::proof_files::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/generated"),
    )
}

fn market(id: u64, question: &str, edit: impl FnOnce(&mut Market)) -> Market {
    let mut market = sample_market();
    market.id = id;
    market.question = question.into();
    edit(&mut market);
    market
}

/// One market in each state, at cluster time `FINAL_AT - 42`.
pub fn markets() -> Vec<Market> {
    vec![
        market(
            0,
            "Will Arsenal score more than 1 goal against Chelsea?",
            |market| {
                market.close_time = FINAL_AT + 600;
            },
        ),
        market(
            1,
            "Will Arsenal score twice or more against Chelsea?",
            |market| {
                market.total_yes = 0;
                market.total_no = 0;
            },
        ),
        {
            let mut market = settled_market(Side::Yes);
            market.id = 2;
            market.question = "Will Chelsea be shown more than 1 yellow card?".into();
            market.stat_key = 4;
            market
        },
        {
            let mut market = settled_market(Side::No);
            market.id = 3;
            market.dispute_ends_at = NOW;
            market.question = "Will the home side score more than once?".into();
            market
        },
        {
            let mut market = settled_market(Side::No);
            market.id = 4;
            market.dispute_ends_at = NOW;
            market.total_no = 0;
            market.question = "Will the hosts net twice or more?".into();
            market
        },
    ]
}

pub fn chain() -> Chain {
    let markets = markets();
    let mut positions = BTreeMap::new();
    for id in [0, 2, 3] {
        let mut position = sample_position(&markets[usize::try_from(id).expect("id")]);
        position.amount = 2_500_000;
        positions.insert(id, position);
    }
    Chain {
        now: FINAL_AT - 42,
        markets,
        positions,
        balances: Some(Balances {
            lamports: 2_500_000_000,
            usdc: Some(997_500_000),
        }),
        round_trip_ms: 3,
    }
}

pub fn refused() -> ReadFailure {
    ReadFailure {
        unreachable: true,
        reason: "Unreachable: cannot reach http://127.0.0.1:8899 (localnet): connection refused"
            .into(),
    }
}

/// A dashboard whose feed is subscribed, as it is against `localnet`.
pub fn live(proof_files: Vec<ProofFile>) -> App {
    let mut app = App::new(session(), proof_files);
    update(&mut app, Message::Link(Link::Live));
    app
}

pub fn loaded() -> App {
    let mut app = live(committed_proof_files());
    update(&mut app, Message::Chain(Ok(chain())));
    app
}

pub fn render(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| draw(app, frame)).expect("draw");
    terminal.backend().to_string()
}

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Presses `codes` in turn, as the runner does; returns the effects of the last one.
pub fn press(app: &mut App, codes: &[KeyCode]) -> Vec<Effect> {
    let mut effects = Vec::new();
    for &code in codes {
        effects = match app.keys.message_for(Mode::of(app), key(code)) {
            Some(message) => update(app, message),
            None => Vec::new(),
        };
    }
    effects
}

pub fn typed(app: &mut App, text: &str) {
    let codes: Vec<KeyCode> = text.chars().map(KeyCode::Char).collect();
    press(app, &codes);
}

/// Market 1 closed at 15:10; Arsenal's result is published at 15:51:12; the clock reads 15:20.
pub fn before_the_result() -> App {
    let mut app = live(committed_proof_files());
    let mut chain = chain();
    chain.now = NOW + 1_200;
    update(&mut app, Message::Chain(Ok(chain)));
    press(&mut app, &[KeyCode::Down]);
    app
}

/// `localnet --log-transactions` as `just dev` writes it: the ready line, then transactions,
/// each a line with its short signature and `ok` or the error, its program logs indented.
pub fn node_log() -> Vec<String> {
    let mut lines = vec![
        concat!(
            "ready in 2315 ms: rpc http://127.0.0.1:8899 ws ws://127.0.0.1:8900 ",
            "(5 demo markets; env .localnet/env.json)"
        )
        .to_owned(),
    ];
    for (index, signature) in ["5VER..kQUW", "3Hq2..9xZa", "4kLm..T7uV", "2bcD..eFgH"]
        .iter()
        .enumerate()
    {
        let failed = index == 2;
        lines.push(format!(
            "14:03:0{index}.123 {signature} {}",
            if failed {
                "failed: Error processing Instruction 0: custom program error: 0x1787"
            } else {
                "ok"
            }
        ));
        lines.extend(
            [
                "Program Fu11timeSett1ement111111111111111111111 invoke [1]",
                "Program log: Instruction: Deposit",
                "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]",
                "Program log: Instruction: Transfer",
                "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success",
            ]
            .iter()
            .map(|line| format!("    {line}")),
        );
        let end = if failed {
            "failed: custom program error: 0x1787"
        } else {
            "success"
        };
        lines.push(format!(
            "    Program Fu11timeSett1ement111111111111111111111 {end}"
        ));
    }
    lines
}

pub fn faucet_log() -> Vec<String> {
    let request = |time: &str, level: &str, event: &str| {
        format!(
            "2026-11-20T01:{time}Z {level} request{{method=POST path=/api/faucet \
             wallet={WALLET}}}: {event}"
        )
    };
    let response = |status: u16| {
        format!(
            "tower_http::trace::on_response: finished processing request latency=14 ms \
             status={status}"
        )
    };
    vec![
        "2026-11-20T01:08:55.120934Z  INFO faucet: serving POST /api/faucet address=127.0.0.1:8080"
            .to_owned(),
        request("09:02.418221", " INFO", &response(200)),
        request("09:05.002117", " INFO", &response(429)),
        request(
            "09:40.913005",
            "ERROR",
            "fulltime_faucet::error: mint failed error=RPC request failed",
        ),
    ]
}

pub fn log_lines(lines: Vec<String>) -> LogRead {
    LogRead::Lines {
        restarted: false,
        lines,
    }
}
