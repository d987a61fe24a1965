//! The actions' checks, without a chain: each refuses what the program would, in its order, and
//! a refusal that is a wait says how long.

use fulltime_client::settlement::{SettlementError, StatedOutcome};
use fulltime_client::side::Side;

use super::deposit::{self, DepositOrder};
use super::payout;
use super::*;
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::samples::{
    FINAL_AT, NOW, order, proof_file, sample_market, sample_position, settled_market,
};

fn name(refused: Result<(), Refusal>) -> String {
    refused.expect_err("refused").name().to_owned()
}

#[test]
fn a_deposit_is_refused_for_the_first_fault_the_program_names() {
    let market = sample_market();
    let position = sample_position(&market);
    let open = NOW;
    let check = |order: &DepositOrder, usdc, now| {
        deposit::check(order, &market, Some(&position), Some(usdc), now)
    };
    assert!(check(&order(Side::Yes, 1_000_000), 5_000_000, open).is_ok());
    let mut byte = order(Side::Yes, 1_000_000);
    byte.outcome = 2;
    assert_eq!(name(check(&byte, 5_000_000, open)), "InvalidOutcome");
    // Below the minimum and more than the wallet holds: the amount comes first.
    assert_eq!(
        name(check(&order(Side::Yes, 50_000), 0, open)),
        "BelowMinimum"
    );
    // Closed and more than the wallet holds: the market's state comes first.
    let closed = market.close_time;
    assert_eq!(
        name(check(&order(Side::Yes, 9_000_000), 5_000_000, closed)),
        "MarketClosed"
    );
    assert_eq!(
        name(check(&order(Side::No, 1_000_000), 5_000_000, open)),
        "OutcomeLocked"
    );
    assert_eq!(
        name(check(&order(Side::Yes, 9_000_000), 5_000_000, open)),
        "InsufficientFunds"
    );
    let settled = settled_market(Side::Yes);
    assert_eq!(
        name(deposit::check(
            &order(Side::Yes, 1_000_000),
            &settled,
            None,
            Some(5_000_000),
            open
        )),
        "MarketResolved"
    );
    let mut full = sample_market();
    full.total_yes = u64::MAX;
    assert_eq!(
        name(deposit::check(
            &order(Side::Yes, 1_000_000),
            &full,
            None,
            Some(5_000_000),
            open
        )),
        "Overflow"
    );
}

#[test]
fn a_deposit_stakes_as_the_program_counts() {
    let market = sample_market();
    let position = sample_position(&market);
    let (after, stake) =
        deposit::staked(&order(Side::Yes, 1_000_000), &market, Some(&position)).expect("staked");
    assert_eq!(
        (after.total_yes, after.total_no, stake),
        (
            market.total_yes + 1_000_000,
            market.total_no,
            position.amount + 1_000_000
        )
    );
    let mut byte = order(Side::Yes, 1_000_000);
    byte.outcome = 2;
    assert!(deposit::staked(&byte, &market, None).is_none());
}

#[test]
fn settling_too_early_says_when_the_market_closes() {
    let market = sample_market();
    let refusal = settle::check(&proof_file("arsenal-home-goals-over-1"), &market, NOW + 2)
        .expect_err("not closed");
    assert_eq!(
        refusal.to_string(),
        "The market has not closed yet; it can be settled only after its close time (open, \
         closes in 9m 58s at 2026-05-16T15:10:00Z)"
    );
}

/// Arsenal scored 3, over 1: the proof gives YES. Stating NO is a lie the program refuses,
/// refused before sending unless forced; forced, it is the NO a `gt` market can state.
#[test]
fn stating_a_side_the_proof_does_not_give_is_refused_unless_forced() {
    let market = sample_market();
    let mut order = SettleOrder {
        market: market.id,
        proof_file: Box::new(proof_file("arsenal-home-goals-over-1")),
        stated: None,
        force: false,
    };
    let stated = |order: &SettleOrder| settle::stated_outcome(order, &market);
    assert_eq!(stated(&order), Ok(StatedOutcome::Yes));
    order.stated = Some(Side::Yes);
    assert_eq!(stated(&order), Ok(StatedOutcome::Yes));
    order.stated = Some(Side::No);
    assert_eq!(name(stated(&order).map(drop)), "OutcomeNotProven");
    order.force = true;
    assert_eq!(stated(&order), Ok(StatedOutcome::NoBelow));
}

#[test]
fn claiming_during_the_dispute_window_says_when_it_ends() {
    let market = settled_market(Side::Yes);
    let refusal =
        payout::check(PayoutKind::Claim, &market, FINAL_AT - 42).expect_err("provisional");
    assert_eq!(
        refusal.to_string(),
        "Market is not resolved (provisional YES, final in 42s at 2026-05-16T16:10:00Z)"
    );
    assert_eq!(
        Error::from(refusal).report().notes,
        ["refused before sending; --force sends it so the program answers"]
    );
    let refusal = payout::check(PayoutKind::Refund, &market, FINAL_AT).expect_err("somebody won");
    assert_eq!(refusal.name(), "RefundUnavailable");
}

#[test]
fn a_market_waiting_for_nothing_keeps_the_catalog_message() {
    let market = sample_market();
    let refusal = Refusal::waiting(
        fulltime_client::validate::settlement_failure(SettlementError::NotResolved),
        &market,
        NOW + 600,
    );
    assert_eq!(refusal.to_string(), "Market is not resolved");
}

/// A bundle carries a timeline's text, not the proof files beside it: a timeline that settles by
/// `file` is refused for one, naming the files, rather than bundled to fail when it is opened.
#[test]
fn a_timeline_with_proof_files_beside_it_is_refused_for_a_bundle() {
    let folder =
        std::env::temp_dir().join(format!("fulltime-bundle-beside-{}", std::process::id()));
    std::fs::create_dir_all(folder.join("proofs")).expect("a folder");
    let proof = fulltime_matches::committed()
        .expect("the catalog")
        .proof_file("arsenal-home-goals-over-1")
        .expect("a case")
        .to_json();
    std::fs::write(folder.join("proofs/m-1.json"), proof).expect("a proof file");
    let timeline = "match = \"arsenal-home-goals-over-1\"\n\
        [wallets]\nalice = { sol = 2, usdc = \"100\" }\n\
        [markets.m]\ncase = \"arsenal-home-goals-over-1\"\n\
        [[step]]\nname = \"settle\"\nat = \"result + 1s\"\n\
        do = [{ settle = { market = \"m\", file = \"proofs/m-1.json\" } }]\n";
    let file = folder.join("beside.toml");
    std::fs::write(&file, timeline).expect("a timeline");
    let refused = timeline_at(&file, "settle", Default::default());
    let _ = std::fs::remove_dir_all(&folder);
    match refused {
        Err(Error::FilesBesideTimeline { files }) => assert_eq!(files, ["proofs/m-1.json"]),
        other => panic!("refused for a bundle: {other:?}"),
    }
}
