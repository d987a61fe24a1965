//! One action drawn from what stands in the model: a deposit (now and then below the minimum, on
//! the other side of a position, or after the close), a settle with one of the proofs meant for
//! the market (its own most often, hostile ones too), a claim or refund by a wallet holding a
//! position, a claim-all, or a warp. The model then says what it must do.

use fulltime_client::side::Side;
use fulltime_matches::timeline::{Action, ActionKind, DepositSide, SettleWith, Stage, Timeline};

use super::super::catalog::CaseResult;
use super::super::model::Model;
use super::super::random::Draws;
use super::times;

/// A stake drawn in tenths of USDC up to this many.
const MAX_TENTHS: u64 = 250;
const TENTH: u64 = 100_000;

/// An action for `model`'s state; only deposits at the first step, where stakes are taken. The
/// kind leans on the market's stage, so that a day goes on through settles to payouts, with
/// every kind still drawn now and then at any stage.
pub fn draw(
    model: &Model,
    timeline: &Timeline,
    draws: &mut Draws,
    stakes_only: bool,
) -> Option<Action> {
    let market = draws.pick(&timeline.markets)?.label.clone();
    let stage = model.markets().get(&market)?.stage(model.now());
    // Out of a hundred: deposit, settle, claim, refund; claim-all takes the rest.
    let [deposits, settles, claims, refunds] = match stage {
        _ if stakes_only => [100, 0, 0, 0],
        Stage::Open => [70, 10, 8, 7],
        Stage::Closed => [10, 70, 8, 7],
        Stage::Provisional(_) => [10, 25, 35, 15],
        Stage::Resolved(_) => [5, 5, 55, 20],
        Stage::Expired => [5, 10, 10, 60],
    };
    // Now and then the clock warped on within the step, to a moment a step could have.
    if !stakes_only && draws.chance(4) {
        return Some(Action {
            kind: ActionKind::Warp {
                to: times::next_time(model, draws),
            },
            fails: None,
            force: false,
        });
    }
    let roll = draws.below(100);
    let kind = if roll < deposits {
        deposit(model, timeline, draws, market)?
    } else if roll < deposits + settles {
        settle(model, draws, market)?
    } else if roll < deposits + settles + claims {
        payout(model, draws, market, true)?
    } else if roll < deposits + settles + claims + refunds {
        payout(model, draws, market, false)?
    } else {
        ActionKind::ClaimAll {
            wallet: draws.pick(&timeline.wallets)?.name.clone(),
        }
    };
    Some(Action {
        kind,
        fails: None,
        force: false,
    })
}

fn deposit(
    model: &Model,
    timeline: &Timeline,
    draws: &mut Draws,
    market: String,
) -> Option<ActionKind> {
    let wallet = draws.pick(&timeline.wallets)?.name.clone();
    let held = model
        .markets()
        .get(&market)?
        .positions
        .get(&wallet)
        .map(|position| position.side);
    let side = match held {
        // Now and then a byte that names no side, for the program to refuse.
        _ if draws.chance(3) => DepositSide::from(2),
        Some(side) if draws.chance(85) => DepositSide::Side(side),
        _ if draws.chance(50) => DepositSide::Side(Side::Yes),
        _ => DepositSide::Side(Side::No),
    };
    let balance = model.balance(&wallet);
    let usdc = if draws.chance(10) || balance < TENTH {
        draws.between(1, TENTH - 1)
    } else if draws.chance(20) {
        // Base units that do not divide: the pro-rata shares round.
        draws.between(TENTH, balance.min(MAX_TENTHS * TENTH))
    } else {
        draws.between(1, (balance / TENTH).min(MAX_TENTHS)) * TENTH
    };
    Some(ActionKind::Deposit {
        wallet,
        market,
        side,
        usdc,
    })
}

fn settle(model: &Model, draws: &mut Draws, market: String) -> Option<ActionKind> {
    let case = &model.markets().get(&market)?.case;
    let proofs = model.catalog().proofs_for(case);
    // The market's own case first: mostly the honest proof, else any meant for its terms.
    let proof = if draws.chance(55) {
        proofs.first()
    } else {
        draws.pick(&proofs)
    }?;
    // Now and then a settler that states the side the proof does not give: a lie.
    let stated = match proof.result {
        CaseResult::Outcome(outcome) if draws.chance(10) => Some(outcome.opposite()),
        _ => None,
    };
    Some(ActionKind::Settle {
        market,
        with: SettleWith::Case(proof.name.clone()),
        stated,
    })
}

/// A claim (or a refund) by a wallet that holds a position in the market.
fn payout(model: &Model, draws: &mut Draws, market: String, claim: bool) -> Option<ActionKind> {
    let stakers = model.stakers(&market)?;
    let wallet = draws.pick(&stakers)?.clone();
    Some(if claim {
        ActionKind::Claim { wallet, market }
    } else {
        ActionKind::Refund { wallet, market }
    })
}
