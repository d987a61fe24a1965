//! The outcome a settler states for a side it picks, which may not be the side the proof gives:
//! a hostile desk lies, and the program must refuse it with `OutcomeNotProven`.

use settlement::StatedOutcome;
use settlement::state::Market;
use txline_interface::Comparison;

use super::ProofFile;
use crate::side::Side;

impl ProofFile {
    /// The outcome stated when the settler says `side` of `market`: the proven one when the
    /// proof gives that side. A NO it does not give is stated on the side of the threshold the
    /// market's predicate leaves open (`gt t` below, `lt t` above, `eq t` the side the value is
    /// on), so that the oracle is asked and answers that it does not hold, rather than the
    /// program refusing a NO no such market can have (`InvalidOutcome`).
    pub fn outcome_stating(&self, market: &Market, side: Side) -> StatedOutcome {
        let proven = self.stated_outcome(market);
        if Side::from(proven) == side {
            return proven;
        }
        if side == Side::Yes {
            return StatedOutcome::Yes;
        }
        let predicate = market.predicate;
        let value = self.proof.value(market.second_stat.map(|second| second.op));
        match predicate.comparison {
            Comparison::GreaterThan => StatedOutcome::NoBelow,
            Comparison::LessThan => StatedOutcome::NoAbove,
            Comparison::EqualTo if value.is_some_and(|value| value < predicate.threshold) => {
                StatedOutcome::NoBelow
            }
            Comparison::EqualTo => StatedOutcome::NoAbove,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{self, proof_file};

    /// Home goals, proven 3.
    fn market(comparison: Comparison, threshold: i32) -> Market {
        let mut market = sample::market(1_000);
        market.predicate.comparison = comparison;
        market.predicate.threshold = threshold;
        market
    }

    #[test]
    fn the_side_the_proof_gives_is_stated_as_proven() {
        let proof_file = proof_file();
        for market in [
            market(Comparison::GreaterThan, 1),
            market(Comparison::GreaterThan, 3),
            market(Comparison::EqualTo, 5),
        ] {
            let proven = proof_file.stated_outcome(&market);
            assert_eq!(
                proof_file.outcome_stating(&market, Side::from(proven)),
                proven
            );
        }
    }

    #[test]
    fn a_side_the_proof_does_not_give_is_one_the_market_can_state() {
        let proof_file = proof_file();
        let lie = |comparison, threshold, side| {
            proof_file.outcome_stating(&market(comparison, threshold), side)
        };
        assert_eq!(
            lie(Comparison::GreaterThan, 1, Side::No),
            StatedOutcome::NoBelow
        );
        assert_eq!(
            lie(Comparison::LessThan, 5, Side::No),
            StatedOutcome::NoAbove
        );
        // Equal to 3: the value is neither below nor above; either NO is a lie.
        assert_eq!(
            lie(Comparison::EqualTo, 3, Side::No),
            StatedOutcome::NoAbove
        );
        assert_eq!(lie(Comparison::EqualTo, 4, Side::Yes), StatedOutcome::Yes);
        // Each is a predicate the market's terms allow, which the proven value does not satisfy.
        for (comparison, threshold, side) in [
            (Comparison::GreaterThan, 1, Side::No),
            (Comparison::LessThan, 5, Side::No),
            (Comparison::EqualTo, 3, Side::No),
            (Comparison::EqualTo, 4, Side::Yes),
            (Comparison::GreaterThan, 3, Side::Yes),
        ] {
            let market = market(comparison, threshold);
            let asked = lie(comparison, threshold, side)
                .predicate_to_prove(market.predicate)
                .expect("a predicate the market allows");
            assert!(!asked.holds_for(3), "{comparison:?} {threshold} {side:?}");
        }
    }
}
