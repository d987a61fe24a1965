//! The cuts a shrink tries on a timeline, biggest first: a step, a step folded into the one
//! before, an action, an expectation, a wallet or market nothing names, then half of an amount. Each is a whole timeline again; the
//! model predicts it afresh before it is played.

use std::collections::BTreeSet;

use fulltime_matches::timeline::{ActionKind, Expectation, Timeline};

/// Every timeline one cut smaller than `timeline`, in the order they are tried.
pub fn cuts(timeline: &Timeline) -> Vec<Timeline> {
    let mut cuts = Vec::new();
    for step in (0..timeline.steps.len()).rev() {
        let mut cut = timeline.clone();
        cut.steps.remove(step);
        cuts.push(cut);
    }
    // A step folded into the one before: its actions and expectations at the earlier time.
    for step in (1..timeline.steps.len()).rev() {
        let mut cut = timeline.clone();
        let folded = cut.steps.remove(step);
        let before = &mut cut.steps[step - 1];
        before.actions.extend(folded.actions);
        before.expect.extend(folded.expect);
        cuts.push(cut);
    }
    for (step, at) in timeline.steps.iter().enumerate() {
        for action in (0..at.actions.len()).rev() {
            let mut cut = timeline.clone();
            cut.steps[step].actions.remove(action);
            cuts.push(cut);
        }
    }
    for (step, at) in timeline.steps.iter().enumerate() {
        for expectation in (0..at.expect.len()).rev() {
            let mut cut = timeline.clone();
            cut.steps[step].expect.remove(expectation);
            cuts.push(cut);
        }
    }
    let (wallets, markets) = named(timeline);
    // A timeline keeps one wallet at least: its file has a table of them.
    if timeline.wallets.len() > 1 {
        for (index, wallet) in timeline.wallets.iter().enumerate() {
            if !wallets.contains(wallet.name.as_str()) {
                let mut cut = timeline.clone();
                cut.wallets.remove(index);
                cuts.push(cut);
            }
        }
    }
    for (index, market) in timeline.markets.iter().enumerate() {
        if !markets.contains(market.label.as_str()) {
            let mut cut = timeline.clone();
            cut.markets.remove(index);
            cuts.push(cut);
        }
    }
    for (index, wallet) in timeline.wallets.iter().enumerate() {
        if wallet.usdc > 1 {
            let mut cut = timeline.clone();
            cut.wallets[index].usdc = wallet.usdc / 2;
            cuts.push(cut);
        }
    }
    for (step, at) in timeline.steps.iter().enumerate() {
        for (index, action) in at.actions.iter().enumerate() {
            if let ActionKind::Deposit { usdc, .. } = action.kind
                && usdc > 1
            {
                let mut cut = timeline.clone();
                if let ActionKind::Deposit { usdc: halved, .. } =
                    &mut cut.steps[step].actions[index].kind
                {
                    *halved = usdc / 2;
                }
                cuts.push(cut);
            }
        }
    }
    cuts
}

/// The wallets and markets the steps name.
fn named(timeline: &Timeline) -> (BTreeSet<&str>, BTreeSet<&str>) {
    let mut wallets = BTreeSet::new();
    let mut markets = BTreeSet::new();
    for step in &timeline.steps {
        for action in &step.actions {
            match &action.kind {
                ActionKind::Deposit { wallet, market, .. }
                | ActionKind::Claim { wallet, market }
                | ActionKind::Refund { wallet, market } => {
                    wallets.insert(wallet.as_str());
                    markets.insert(market.as_str());
                }
                ActionKind::ClaimAll { wallet } | ActionKind::Faucet { wallet } => {
                    wallets.insert(wallet.as_str());
                }
                ActionKind::Create { market } | ActionKind::Settle { market, .. } => {
                    markets.insert(market.as_str());
                }
                ActionKind::Warp { .. } | ActionKind::PostRoot { .. } => {}
            }
        }
        for expectation in &step.expect {
            match expectation {
                Expectation::Stage { market, .. } | Expectation::Pool { market, .. } => {
                    markets.insert(market.as_str());
                }
                Expectation::Balance { wallet, .. } => {
                    wallets.insert(wallet.as_str());
                }
                Expectation::Pays { wallet, market, .. } => {
                    wallets.insert(wallet.as_str());
                    markets.insert(market.as_str());
                }
            }
        }
    }
    (wallets, markets)
}

#[cfg(test)]
mod tests {
    use super::super::super::catalog::Catalog;
    use super::super::super::draw::draw;
    use super::super::super::random::Draws;
    use super::*;

    /// How big a timeline is, in the order the cuts shrink it.
    fn weight(timeline: &Timeline) -> (usize, usize, u64) {
        let parts = timeline.steps.len()
            + timeline
                .steps
                .iter()
                .map(|step| step.actions.len() + step.expect.len())
                .sum::<usize>()
            + timeline.wallets.len()
            + timeline.markets.len();
        let usdc = timeline
            .wallets
            .iter()
            .map(|wallet| wallet.usdc)
            .sum::<u64>()
            + timeline
                .steps
                .iter()
                .flat_map(|step| &step.actions)
                .map(|action| match action.kind {
                    ActionKind::Deposit { usdc, .. } => usdc,
                    _ => 0,
                })
                .sum::<u64>();
        (parts, timeline.steps.len(), usdc)
    }

    #[test]
    fn every_cut_is_smaller_and_unused_names_go() {
        let proofs = fulltime_matches::committed().expect("the committed proof files");
        let catalog = Catalog::of(&proofs);
        for run in 0..50 {
            let drawn = draw(&catalog, &mut Draws::of_run(5, run), 0, None).expect("a day");
            let (parts, steps, usdc) = weight(&drawn);
            for cut in cuts(&drawn) {
                let (cut_parts, cut_steps, cut_usdc) = weight(&cut);
                assert!(
                    cut_parts < parts
                        || cut_steps < steps
                        || (cut_parts == parts && cut_usdc < usdc),
                    "run {run}: a cut no smaller"
                );
            }
        }
        let mut unused = draw(&catalog, &mut Draws::of_run(5, 0), 0, None).expect("a day");
        unused.steps.clear();
        let wallets = unused.wallets.len();
        let markets = unused.markets.len();
        let dropped = cuts(&unused)
            .iter()
            .filter(|cut| cut.wallets.len() < wallets || cut.markets.len() < markets)
            .count();
        // Every wallet may go while two are left or more, every market always.
        let droppable_wallets = if wallets > 1 { wallets } else { 0 };
        assert_eq!(dropped, droppable_wallets + markets);
    }
}
