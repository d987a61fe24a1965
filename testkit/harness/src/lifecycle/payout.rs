//! What a winning stake is owed, worked out otherwise than the program does it: the stake back
//! plus its share of the losing side, `stake + floor(stake * losing / winning)`. That equals the
//! contract's `floor(stake * pool / winning)` because `stake * winning / winning` is whole, and
//! [`is_pro_rata_floor`] checks any paid amount against the contract's form without dividing.

/// `None` when nobody staked on the winning side.
pub fn winning_share(stake: u64, winning: u64, losing: u64) -> Option<u64> {
    let bonus = u128::from(stake)
        .checked_mul(u128::from(losing))?
        .checked_div(u128::from(winning))?;
    stake.checked_add(u64::try_from(bonus).ok()?)
}

/// Whether `paid` is `stake * pool / winning` rounded down:
/// `paid * winning <= stake * pool < (paid + 1) * winning`.
pub fn is_pro_rata_floor(paid: u64, stake: u64, pool: u64, winning: u64) -> bool {
    let owed = u128::from(stake) * u128::from(pool);
    let at = u128::from(paid) * u128::from(winning);
    at <= owed && owed - at < u128::from(winning)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn shares_at_the_edges() {
        assert_eq!(winning_share(5, 0, 7), None);
        assert_eq!(winning_share(3, 3, 0), Some(3));
        assert_eq!(winning_share(1, 3, 1), Some(1));
        assert_eq!(winning_share(2, 3, 1), Some(2));
        assert_eq!(winning_share(u64::MAX, u64::MAX, 0), Some(u64::MAX));
        // 2^61 * 2^62 needs 123 bits on the way.
        assert_eq!(winning_share(1 << 61, 1 << 61, 1 << 62), Some(3 << 61));
        assert!(!is_pro_rata_floor(4, 1, 4, 3));
        assert!(is_pro_rata_floor(1, 1, 4, 3));
        assert!(!is_pro_rata_floor(0, 1, 4, 3));
    }

    proptest! {
        #[test]
        fn the_share_is_the_pro_rata_floor(
            winning in 1..=u64::MAX / 2,
            losing in 0..=u64::MAX / 2,
            stake_ppm in 0..=1_000_000u64,
        ) {
            let stake = u64::try_from(u128::from(winning) * u128::from(stake_ppm) / 1_000_000)
                .expect("at most winning");
            let share = winning_share(stake, winning, losing).expect("a winning side");
            prop_assert!(is_pro_rata_floor(share, stake, winning + losing, winning));
        }
    }
}
