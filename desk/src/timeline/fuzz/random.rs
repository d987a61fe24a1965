//! Seeded draws: SplitMix64 (Steele, Lea and Flood's generator), so that a seed and a run number
//! name one match day on every machine and every build.

/// A stream of pseudo-random numbers from one seed.
#[derive(Clone, Debug)]
pub struct Draws {
    state: u64,
}

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

impl Draws {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The stream of match day `run` of the fuzz seeded `seed`: runs far apart in the sequence,
    /// so that neighbouring runs share nothing.
    pub fn of_run(seed: u64, run: u64) -> Self {
        let mut mixer = Self::new(seed ^ run.wrapping_mul(GOLDEN_GAMMA).rotate_left(17));
        Self::new(mixer.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `low..=high`; `low` when the range is empty.
    pub fn between(&mut self, low: u64, high: u64) -> u64 {
        match high.checked_sub(low).and_then(|span| span.checked_add(1)) {
            Some(count) => low + self.next_u64() % count,
            None if high >= low => self.next_u64(),
            None => low,
        }
    }

    /// An index below `count`; 0 when there is nothing to pick.
    pub fn below(&mut self, count: usize) -> usize {
        let count = u64::try_from(count).unwrap_or(u64::MAX);
        usize::try_from(self.between(0, count.saturating_sub(1))).unwrap_or(0)
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One of `items`; `None` when there are none.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_names_one_stream() {
        let first: Vec<u64> = (0..4).map(|_| Draws::new(7).next_u64()).collect();
        assert!(first.windows(2).all(|pair| pair[0] == pair[1]));
        // The reference output of SplitMix64 seeded with 0.
        assert_eq!(Draws::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut runs = (0..3).map(|run| Draws::of_run(1, run).next_u64());
        let (a, b, c) = (runs.next(), runs.next(), runs.next());
        assert!(a != b && b != c && a != c);
    }

    #[test]
    fn draws_stay_in_their_ranges() {
        let mut draws = Draws::new(3);
        for _ in 0..1_000 {
            assert!((5..=9).contains(&draws.between(5, 9)));
            assert!(draws.below(3) < 3);
        }
        assert_eq!(draws.between(9, 5), 9);
        assert_eq!(draws.below(0), 0);
        assert!(draws.pick::<u8>(&[]).is_none());
    }
}
