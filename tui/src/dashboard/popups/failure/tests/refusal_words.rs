//! Every refusal of the action layer's pre-checks, made by the check itself, through both faces:
//! the command line's error text and the dashboard's failure popup drawn on a `TestBackend` say
//! the same name, headline, message (with the wait, or the batch's time) and action.

use anchor_lang::prelude::Pubkey;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::FailurePopup;
use crate::dashboard::app::App;
use crate::dashboard::draw::draw;
use crate::dashboard::failure::FailureView;
use crate::dashboard::session_view::SessionView;
use fulltime_desk::actions::deposit::{self, DepositOrder};
use fulltime_desk::actions::{Refusal, create, payout, settle};
use fulltime_desk::error::Error;
use fulltime_desk::output::receipt::payout::PayoutKind;
use fulltime_desk::samples::{
    FINAL_AT, NOW, PROOF_TS, sample_market, sample_position, settled_market,
};
use fulltime_desk::samples::{order, proof_file};

/// What doing it was, and the refusal its check gave.
fn refusals() -> Vec<(&'static str, Refusal)> {
    let open = sample_market();
    let provisional = settled_market(Side::Yes);
    let mut refusals = settle_refusals(&open, &provisional);
    refusals.extend(payout_refusals(&open, &provisional));
    refusals.extend(deposit_refusals(&open, &provisional));
    let mut too_long = proof_file("arsenal-home-goals-over-1")
        .market_terms(NOW + 600, 3_600)
        .expect("a case of the catalog");
    too_long.question = "?".repeat(141);
    refusals.extend([
        ("Create market", refused(create::check(&too_long, NOW))),
        (
            "Deposit",
            Refusal::NoUsdcAccount {
                wallet: Pubkey::new_from_array([1; 32]),
                mint: Pubkey::new_from_array([2; 32]),
            },
        ),
        (
            "Claim",
            Refusal::NoPosition {
                market_id: 3,
                owner: Pubkey::new_from_array([1; 32]),
            },
        ),
    ]);
    refusals
}

/// The refusal a check gave.
fn refused(checked: Result<(), Refusal>) -> Refusal {
    checked.expect_err("refused")
}

/// The settle check's refusals, on the markets and proof files that make each.
fn settle_refusals(open: &Market, provisional: &Market) -> Vec<(&'static str, Refusal)> {
    let arsenal = proof_file("arsenal-home-goals-over-1");
    let batch_s = PROOF_TS.div_euclid(1_000);
    let mut closing_after_the_batch = sample_market();
    closing_after_the_batch.close_time = batch_s + 60;
    let full_time = proof_file("brentford-home-goals-first-half");
    let kickoff = full_time.kickoff.expect("a kickoff");
    let first_half = Market::open(
        0,
        Pubkey::default(),
        Pubkey::default(),
        full_time
            .market_terms(kickoff, 60)
            .expect("a case of the catalog"),
        255,
    );
    let in_play = proof_file("brentford-home-goals-first-half-in-play");
    vec![
        ("Settle", refused(settle::check(&arsenal, open, NOW + 2))),
        (
            "Settle",
            refused(settle::check(&arsenal, provisional, FINAL_AT)),
        ),
        (
            "Settle",
            refused(settle::check(
                &arsenal,
                &closing_after_the_batch,
                batch_s + 120,
            )),
        ),
        (
            "Settle",
            refused(settle::check(&arsenal, open, batch_s - 60)),
        ),
        (
            "Settle",
            refused(settle::check(
                &in_play,
                &first_half,
                in_play.proof.ts.div_euclid(1_000) + 1,
            )),
        ),
        (
            "Settle",
            refused(settle::check(&arsenal, open, open.close_time + 8 * 86_400)),
        ),
    ]
}

/// The payout check's refusals, claims' then refunds', by the market's state and the clock.
fn payout_refusals(open: &Market, provisional: &Market) -> Vec<(&'static str, Refusal)> {
    vec![
        (
            "Claim",
            refused(payout::check(PayoutKind::Claim, provisional, FINAL_AT - 42)),
        ),
        (
            "Claim",
            refused(payout::check(PayoutKind::Claim, open, NOW + 600)),
        ),
        (
            "Claim",
            refused(payout::check(PayoutKind::Claim, open, NOW + 2)),
        ),
        (
            "Refund",
            refused(payout::check(
                PayoutKind::Refund,
                provisional,
                FINAL_AT - 42,
            )),
        ),
        (
            "Refund",
            refused(payout::check(PayoutKind::Refund, provisional, FINAL_AT)),
        ),
    ]
}

/// The deposit check's refusals, from a wallet holding 5 USDC and a position in the market.
fn deposit_refusals(open: &Market, provisional: &Market) -> Vec<(&'static str, Refusal)> {
    let position = sample_position(open);
    let deposit = |order: DepositOrder, market: &Market, now| {
        deposit::check(&order, market, Some(&position), Some(5_000_000), now)
    };
    vec![
        (
            "Deposit",
            refused(deposit(order(Side::Yes, 50_000), open, NOW)),
        ),
        (
            "Deposit",
            refused(deposit(order(Side::Yes, 1_000_000), open, open.close_time)),
        ),
        (
            "Deposit",
            refused(deposit(order(Side::Yes, 1_000_000), provisional, NOW)),
        ),
        (
            "Deposit",
            refused(deposit(order(Side::No, 1_000_000), open, NOW)),
        ),
        (
            "Deposit",
            refused(deposit(
                DepositOrder {
                    outcome: 2,
                    ..order(Side::Yes, 1_000_000)
                },
                open,
                NOW,
            )),
        ),
        (
            "Deposit",
            refused(deposit(order(Side::Yes, 9_000_000), open, NOW)),
        ),
    ]
}

/// The failure popup's text, its lines joined: the rows inside the box titled `... refused`.
fn popup_text(failure: FailureView) -> String {
    let session = SessionView {
        cluster: "localnet".into(),
        rpc_url: Ok("http://127.0.0.1:8899".into()),
        wallet: Ok("Wa11et".into()),
        faucet_url: String::new(),
        state_dir: ".localnet".into(),
        chain: None,
    };
    let mut app = App::new(session, Vec::new());
    app.popup = Some(Box::new(FailurePopup::new(failure)));
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("test terminal");
    terminal.draw(|frame| draw(&app, frame)).expect("draw");
    let buffer = terminal.backend().buffer();
    let rows: Vec<Vec<String>> = (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect()
        })
        .collect();
    let title = rows
        .iter()
        .position(|row| row.concat().contains(" refused: nothing was sent "))
        .expect("the failure popup");
    let left = rows[title]
        .iter()
        .position(|cell| cell == "┌")
        .expect("its corner");
    let right = rows[title]
        .iter()
        .rposition(|cell| cell == "┐")
        .expect("its corner");
    rows[title + 1..]
        .iter()
        .take_while(|row| row[left] != "└")
        .map(|row| row[left + 1..right].concat())
        .collect::<Vec<_>>()
        .join(" ")
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_refusal_reads_the_same_on_the_command_line_and_in_the_dashboard() {
    let mut names = Vec::new();
    for (doing, refusal) in refusals() {
        let error = Error::from(refusal.clone());
        let report = error.report();
        let command_line = words(&report.to_string());
        let dashboard = words(&popup_text(FailureView::new(doing, &error)));
        let message = words(&refusal.to_string());
        for said in [report.headline(), message.clone(), words(&report.action)] {
            assert!(
                command_line.contains(&said),
                "{said}\nnot in\n{command_line}"
            );
            assert!(dashboard.contains(&said), "{said}\nnot in\n{dashboard}");
        }
        // The command line offers --force; the dashboard says nothing was sent.
        assert!(
            dashboard.contains("no transaction left this machine"),
            "{dashboard}"
        );
        names.push((refusal.name().to_owned(), message));
    }
    // Every kind of pre-check, the waits with how long and until when.
    let said = |name: &str, words: &str| {
        assert!(
            names
                .iter()
                .any(|(named, message)| named == name && message.contains(words)),
            "{name} saying {words:?}: {names:#?}"
        );
    };
    said(
        "MarketNotClosed",
        "(open, closes in 9m 58s at 2026-05-16T15:10:00Z)",
    );
    said(
        "NotResolved",
        "(provisional YES, final in 42s at 2026-05-16T16:10:00Z)",
    );
    said("NotResolved", "Market is not resolved");
    said(
        "ProofBeforeClose",
        "(batch 2026-05-16T15:51:12Z, market closed",
    );
    said("ProofFromFuture", ", clock 2026-05-16T15:50:12Z)");
    said("ValueNotFinal", "");
    said("MarketResolved", "");
    said("SettlementWindowClosed", "");
    said("RefundUnavailable", "");
    said("BelowMinimum", "");
    said("MarketClosed", "");
    said("OutcomeLocked", "");
    said("InvalidOutcome", "");
    said(
        "InsufficientFunds",
        "(the wallet holds 5 USDC, the deposit is 9 USDC)",
    );
    said("QuestionTooLong", "");
    said("NoUsdcAccount", "has no test USDC token account");
    said("PositionNotFound", "no position of");
}
