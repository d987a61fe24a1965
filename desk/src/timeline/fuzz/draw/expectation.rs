//! One expectation drawn: a market's stage or pool, a wallet's USDC, or what a position would be
//! paid now. Its value is the model's to fill in.

use fulltime_matches::timeline::{Expectation, Stage, Timeline};

use super::super::model::Model;
use super::super::random::Draws;

pub fn draw(model: &Model, timeline: &Timeline, draws: &mut Draws) -> Option<Expectation> {
    let market = draws.pick(&timeline.markets)?.label.clone();
    Some(match draws.below(4) {
        0 => Expectation::Stage {
            market,
            stage: Stage::Open,
        },
        1 => Expectation::Pool {
            market,
            yes: 0,
            no: 0,
        },
        2 => Expectation::Balance {
            wallet: draws.pick(&timeline.wallets)?.name.clone(),
            usdc: 0,
        },
        _ => {
            let stakers = model.stakers(&market)?;
            Expectation::Pays {
                wallet: draws.pick(&stakers)?.clone(),
                market,
                usdc: 0,
            }
        }
    })
}
