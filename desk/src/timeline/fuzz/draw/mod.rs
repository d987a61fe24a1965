//! A match day drawn from a seed: one day of the catalog, its match, a few wallets and markets
//! made from the day's cases, then steps at the moments that matter to them, each with actions
//! drawn from what the model says stands (deposits, settles with honest and hostile proofs,
//! claims, refunds, claim-alls) and expectations, every one predicted by the model as it is
//! drawn. `times.rs` says when the next step is, `action.rs` draws an action, `expectation.rs`
//! an expectation.

mod action;
mod expectation;
pub mod times;

use fulltime_client::amount::LAMPORTS_PER_SOL;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{ActionKind, Expectation, Market, Step, Timeline, Wallet};

use super::catalog::{CaseResult, Catalog};
use super::model::Model;
use super::planted::Planted;
use super::random::Draws;

const WALLETS: [&str; 4] = ["alice", "bob", "carol", "dave"];
/// A match day starts this long before its kickoff: stakes are taken first.
const LEAD_SECS: i64 = 30 * 60;
const DISPUTE_WINDOWS: [i64; 4] = [60, 120, 600, 3_600];

/// A match day drawn from `draws` whose first step is after `not_before` (the node's clock at its
/// checkpoint), with the model's predictions in it; `None` when the catalog has no such day.
pub fn draw(
    catalog: &Catalog,
    draws: &mut Draws,
    not_before: i64,
    planted: Option<Planted>,
) -> Option<Timeline> {
    let days: Vec<(i64, &[String])> = catalog
        .days()
        .filter(|(kickoff, _)| kickoff.saturating_sub(LEAD_SECS) > not_before.saturating_add(60))
        .filter(|(_, names)| honest(catalog, names).next().is_some())
        .collect();
    let &(kickoff, names) = draws.pick(&days)?;
    let honest: Vec<&String> = honest(catalog, names).collect();
    let match_case = (*draws.pick(&honest)?).clone();
    let mut timeline = Timeline {
        match_case: Some(match_case),
        kickoff: Some(kickoff),
        wallets: wallets(draws),
        markets: markets(catalog, names, draws),
        steps: Vec::new(),
    };
    let mut model = Model::new(&timeline, catalog, planted).ok()?;
    let step_count = draws.between(2, 8);
    for number in 1..=step_count {
        let at = if number == 1 {
            times::clear_of(
                kickoff.saturating_sub(LEAD_SECS),
                &times::boundaries(&model),
            )
        } else {
            times::next_time(&model, draws)
        };
        let step = step(&mut model, &timeline, draws, number, at)?;
        timeline.steps.push(step);
    }
    Some(timeline)
}

/// The day's cases whose own proof settles their market.
fn honest<'a>(catalog: &'a Catalog, names: &'a [String]) -> impl Iterator<Item = &'a String> {
    names.iter().filter(|name| {
        catalog
            .case(name)
            .is_some_and(|case| matches!(case.result, CaseResult::Outcome(_)))
    })
}

fn wallets(draws: &mut Draws) -> Vec<Wallet> {
    let count = usize::try_from(draws.between(1, 4)).unwrap_or(1);
    WALLETS
        .iter()
        .take(count)
        .filter_map(|name| name.parse::<WalletName>().ok())
        .map(|name| Wallet {
            name,
            lamports: LAMPORTS_PER_SOL,
            // Mostly whole USDC; now and then less than a deposit's minimum or two.
            usdc: if draws.chance(10) {
                draws.between(50_000, 300_000)
            } else {
                draws.between(1, 100) * 1_000_000
            },
        })
        .collect()
}

fn markets(catalog: &Catalog, names: &[String], draws: &mut Draws) -> Vec<Market> {
    let count = draws.between(1, 3);
    let honest: Vec<&String> = honest(catalog, names).collect();
    (1..=count)
        .filter_map(|number| {
            let name = if draws.chance(70) {
                draws.pick(&honest).copied()
            } else {
                draws.pick(names)
            }?;
            let case = catalog.case(name)?;
            let latest_batch = catalog
                .proofs_for(name)
                .iter()
                .map(|case| case.batch_second)
                .max()
                .unwrap_or(case.batch_second);
            let close = match draws.below(20) {
                // Left open past the result: no proof of it may settle it (past-posting).
                0..=2 => latest_batch.saturating_add(600),
                3..=4 => case.kickoff.saturating_sub(600),
                _ => case.kickoff,
            };
            let window = *draws.pick(&DISPUTE_WINDOWS)?;
            Some(Market {
                label: format!("m{number}"),
                case: Some(name.clone()),
                terms: case.market.terms(close, window),
                created_in: None,
            })
        })
        .collect()
}

/// Step `number` at `at`: its actions, each kept when the model can predict it, then its
/// expectations, predicted.
fn step(
    model: &mut Model,
    timeline: &Timeline,
    draws: &mut Draws,
    number: u64,
    at: i64,
) -> Option<Step> {
    model.begin_step(at);
    let action_count = if number == 1 {
        draws.between(1, 5)
    } else {
        draws.between(0, 4)
    };
    let mut actions = Vec::new();
    for _ in 0..action_count {
        let Some(mut action) = action::draw(model, timeline, draws, number == 1) else {
            continue;
        };
        let mut tried = model.clone();
        if tried.apply_action(&mut action).is_ok() {
            *model = tried;
            actions.push(action);
        }
    }
    // What a payout moved is checked more often than not: the wallet's USDC after it.
    let mut expect: Vec<Expectation> = actions
        .iter()
        .filter(|action| action.fails.is_none())
        .filter_map(|action| match &action.kind {
            ActionKind::Claim { wallet, .. }
            | ActionKind::Refund { wallet, .. }
            | ActionKind::ClaimAll { wallet } => Some(wallet.clone()),
            _ => None,
        })
        .filter(|_| draws.chance(60))
        .filter_map(|wallet| {
            let mut expectation = Expectation::Balance { wallet, usdc: 0 };
            model
                .predict_expectation(&mut expectation)
                .ok()
                .map(|()| expectation)
        })
        .collect();
    for _ in 0..draws.between(0, 3) {
        if let Some(mut expectation) = expectation::draw(model, timeline, draws)
            && model.predict_expectation(&mut expectation).is_ok()
        {
            expect.push(expectation);
        }
    }
    Some(Step {
        name: format!("s{number}"),
        at,
        actions,
        expect,
    })
}

#[cfg(test)]
mod tests {
    use super::super::model::predict;
    use super::*;

    #[test]
    fn drawn_days_are_predicted_written_and_read_back_alike() {
        let proofs = fulltime_matches::committed().expect("the committed proof files");
        let catalog = Catalog::of(&proofs);
        let mut actions = 0;
        for run in 0..200 {
            let mut draws = Draws::of_run(1, run);
            let drawn = draw(&catalog, &mut draws, 0, None).expect("a day");
            let mut again = drawn.clone();
            predict(&mut again, &catalog, None).expect("modelled");
            assert_eq!(again, drawn, "run {run}: predicting again changes nothing");
            let text = fulltime_matches::timeline::write(&drawn).expect("writable");
            let read = fulltime_matches::timeline::parse(&text, std::path::Path::new("drawn.toml"))
                .unwrap_or_else(|error| panic!("run {run}: {error}\n{text}"));
            assert_eq!(read, drawn, "run {run}:\n{text}");
            actions += drawn
                .steps
                .iter()
                .map(|step| step.actions.len())
                .sum::<usize>();
        }
        assert!(actions > 400, "{actions} actions in 200 days");
    }
}

#[cfg(test)]
mod reach {
    use std::collections::BTreeMap;

    use fulltime_matches::timeline::{ActionKind, Expectation, Stage};

    use super::*;

    /// What the drawn days make the chain do: each action's kind with its predicted result, and
    /// the stages the expectations see.
    fn tally(runs: u64) -> BTreeMap<String, u32> {
        let proofs = fulltime_matches::committed().expect("the committed proof files");
        let catalog = Catalog::of(&proofs);
        let mut tally: BTreeMap<String, u32> = BTreeMap::new();
        for run in 0..runs {
            let drawn = draw(&catalog, &mut Draws::of_run(1, run), 0, None).expect("a day");
            for step in &drawn.steps {
                for action in &step.actions {
                    let word = match &action.kind {
                        ActionKind::Deposit { .. } => "deposit",
                        ActionKind::Settle { .. } => "settle",
                        ActionKind::Claim { .. } => "claim",
                        ActionKind::Refund { .. } => "refund",
                        ActionKind::ClaimAll { .. } => "claim_all",
                        ActionKind::Warp { .. } => "warp",
                        _ => "other",
                    };
                    let result = action
                        .fails
                        .as_ref()
                        .map_or("ok", |error| error.name.as_str());
                    *tally.entry(format!("{word} {result}")).or_default() += 1;
                }
                for expectation in &step.expect {
                    if let Expectation::Stage { stage, .. } = expectation {
                        let stage = match stage {
                            Stage::Open => "open",
                            Stage::Closed => "closed",
                            Stage::Provisional(_) => "provisional",
                            Stage::Resolved(_) => "resolved",
                            Stage::Expired => "expired",
                        };
                        *tally.entry(format!("stage {stage}")).or_default() += 1;
                    }
                }
            }
        }
        tally
    }

    #[test]
    fn drawn_days_reach_every_stage_and_refusal() {
        let tally = tally(300);
        for reached in [
            "deposit ok",
            "deposit BelowMinimum",
            "deposit MarketClosed",
            "deposit MarketResolved",
            "deposit OutcomeLocked",
            "deposit InvalidOutcome",
            "settle ok",
            "settle MarketNotClosed",
            "settle ProofFromFuture",
            "settle ProofNotLater",
            "settle OutcomeNotProven",
            "settle MarketResolved",
            "claim ok",
            "claim NotResolved",
            "claim NotAWinner",
            "claim AlreadyClaimed",
            "refund ok",
            "refund RefundUnavailable",
            "claim_all ok",
            "warp ok",
            "stage open",
            "stage closed",
            "stage provisional",
            "stage resolved",
            "stage expired",
        ] {
            assert!(
                tally.contains_key(reached),
                "{reached} never drawn: {tally:#?}"
            );
        }
    }
}
