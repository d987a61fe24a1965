//! What a market's pools say, read as a user of any sportsbook or prediction market reads first:
//! each side's implied probability (its share of the pool) and what 1 USDC staked on it pays if
//! it wins, at the pools as they stand. The payout follows the program's pro-rata rule
//! (`Market::payout`: stake × pool ÷ winning side, rounded down), so it is what a USDC already in
//! the side would be paid were the market to resolve now. Integer math throughout: the ratios
//! stay exact and only their text rounds.

use serde::Serialize;

use crate::side::Side;
use settlement::constants::USDC_DECIMALS;

/// One USDC in base units: the stake a payout per USDC is quoted for.
pub const ONE_USDC: u64 = 10u64.pow(USDC_DECIMALS as u32);

/// An exact fraction, `numerator / denominator`, with a denominator above zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Ratio {
    pub numerator: u64,
    pub denominator: u64,
}

impl Ratio {
    /// `None` for a zero denominator: an empty pool implies nothing.
    pub fn new(numerator: u64, denominator: u64) -> Option<Self> {
        (denominator > 0).then_some(Self {
            numerator,
            denominator,
        })
    }

    /// `72.7%`: to the nearest tenth of a percent, halves up.
    pub fn percent_text(self) -> String {
        let tenths = rounded_div(u128::from(self.numerator) * 1_000, self.denominator);
        format!("{}.{}%", tenths / 10, tenths % 10)
    }
}

/// One side's prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SideOdds {
    /// The side's share of the pool; `None` (JSON `null`) while the pool is empty.
    pub implied: Option<Ratio>,
    /// What 1 USDC staked on the side pays if it wins, in base units, rounded down as the
    /// program rounds; `None` while nothing is staked on the side (or for a figure past `u64`,
    /// which the program would refuse as `Overflow`).
    pub payout_per_usdc: Option<u64>,
}

impl SideOdds {
    /// The side's implied probability, `72.7%`, or `-` while the pool is empty.
    pub fn percent_text(&self) -> String {
        self.implied
            .map_or_else(|| "-".to_owned(), Ratio::percent_text)
    }

    /// The payout per USDC as decimal odds, `1.37` (rounded down to the cent, as a payout is),
    /// or `-` while nothing is staked on the side.
    pub fn decimal_text(&self) -> String {
        self.payout_per_usdc.map_or_else(
            || "-".to_owned(),
            |payout| {
                let cents = payout / (ONE_USDC / 100);
                format!("{}.{:02}", cents / 100, cents % 100)
            },
        )
    }
}

/// Both sides' prices at a market's totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Odds {
    pub yes: SideOdds,
    pub no: SideOdds,
}

impl Odds {
    /// The prices at these totals. Totals whose sum passes `u64` (no vault can hold that) price
    /// nothing rather than a wrong figure.
    pub fn of(total_yes: u64, total_no: u64) -> Self {
        let Some(pool) = total_yes.checked_add(total_no) else {
            let unpriced = SideOdds {
                implied: None,
                payout_per_usdc: None,
            };
            return Self {
                yes: unpriced,
                no: unpriced,
            };
        };
        let side = |total: u64| SideOdds {
            implied: Ratio::new(total, pool),
            payout_per_usdc: (total > 0)
                .then(|| u128::from(ONE_USDC) * u128::from(pool) / u128::from(total))
                .and_then(|payout| u64::try_from(payout).ok()),
        };
        Self {
            yes: side(total_yes),
            no: side(total_no),
        }
    }

    pub fn side(&self, side: Side) -> &SideOdds {
        match side {
            Side::Yes => &self.yes,
            Side::No => &self.no,
        }
    }
}

/// `value / divisor`, halves rounded up.
fn rounded_div(value: u128, divisor: u64) -> u128 {
    let divisor = u128::from(divisor);
    (value + divisor / 2) / divisor
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_is_priced_by_its_share_of_the_pool() {
        // YES 4 USDC, NO 1.5 USDC: a 5.5 USDC pool.
        let odds = Odds::of(4_000_000, 1_500_000);
        assert_eq!(odds.yes.implied, Ratio::new(4_000_000, 5_500_000));
        assert_eq!(odds.no.implied, Ratio::new(1_500_000, 5_500_000));
        assert_eq!(odds.yes.percent_text(), "72.7%");
        assert_eq!(odds.no.percent_text(), "27.3%");
        // 5.5 / 4 = 1.375 and 5.5 / 1.5 = 3.666…, rounded down to the base unit.
        assert_eq!(odds.yes.payout_per_usdc, Some(1_375_000));
        assert_eq!(odds.no.payout_per_usdc, Some(3_666_666));
        assert_eq!(odds.yes.decimal_text(), "1.37");
        assert_eq!(odds.no.decimal_text(), "3.66");
        assert_eq!(odds.side(Side::No), &odds.no);
    }

    #[test]
    fn the_payout_per_usdc_is_what_the_program_pays_a_usdc_on_the_winning_side() {
        let cases = [
            (4_000_000, 1_500_000),
            (3, 7),
            (1, u64::MAX - 1),
            (999_999, 1),
        ];
        for (yes, no) in cases {
            let odds = Odds::of(yes, no);
            let mut market = crate::sample::market(600);
            (market.total_yes, market.total_no) = (yes, no);
            for (side, priced) in [(Side::Yes, odds.yes), (Side::No, odds.no)] {
                assert_eq!(
                    market.payout_if(side, ONE_USDC).ok(),
                    priced.payout_per_usdc,
                    "{yes}/{no} {side:?}"
                );
            }
        }
    }

    #[test]
    fn an_empty_side_or_pool_has_no_price_rather_than_a_division_by_zero() {
        let empty = Odds::of(0, 0);
        assert_eq!(empty.yes.implied, None);
        assert_eq!(empty.yes.payout_per_usdc, None);
        assert_eq!(empty.no.percent_text(), "-");
        assert_eq!(empty.no.decimal_text(), "-");

        let one_sided = Odds::of(2_500_000, 0);
        assert_eq!(one_sided.yes.percent_text(), "100.0%");
        assert_eq!(one_sided.yes.decimal_text(), "1.00");
        assert_eq!(one_sided.no.percent_text(), "0.0%");
        assert_eq!(one_sided.no.payout_per_usdc, None);
    }

    #[test]
    fn totals_past_u64_price_nothing() {
        let odds = Odds::of(u64::MAX, 1);
        assert_eq!(odds.yes.implied, None);
        assert_eq!(odds.no.payout_per_usdc, None);
    }

    #[test]
    fn the_json_gives_base_units_and_exact_ratios() {
        let json = serde_json::to_value(Odds::of(3, 7)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "yes": {"implied": {"numerator": 3, "denominator": 10}, "payout_per_usdc": 3_333_333},
                "no": {"implied": {"numerator": 7, "denominator": 10}, "payout_per_usdc": 1_428_571},
            })
        );
    }
}
