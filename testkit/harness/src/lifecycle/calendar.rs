//! The oracle's five-minute slots a lifecycle's batches took. A slot holds one root and the
//! oracle refuses to replace it, so each batch needs a slot of its own: a batch whose slot is
//! taken moves to the nearest free one, keeping the side of the clock or the close it was
//! dated on.

use std::collections::BTreeSet;

use txline_interface::time::MS_PER_SLOT;

#[derive(Clone, Debug, Default)]
pub struct Calendar {
    taken: BTreeSet<i64>,
}

impl Calendar {
    /// `ts_ms` if its slot is free, else the first millisecond of the next free slot
    /// (`forward`) or the last one of the previous free slot.
    pub fn free_from(&self, mut ts_ms: i64, forward: bool) -> i64 {
        while self.taken.contains(&slot_of(ts_ms)) {
            ts_ms = if forward {
                (slot_of(ts_ms) + 1) * MS_PER_SLOT
            } else {
                slot_of(ts_ms) * MS_PER_SLOT - 1
            };
        }
        ts_ms
    }

    pub fn take(&mut self, ts_ms: i64) {
        self.taken.insert(slot_of(ts_ms));
    }
}

/// The number of the five-minute slot a millisecond falls in, counted from 1970.
pub fn slot_of(ts_ms: i64) -> i64 {
    ts_ms.div_euclid(MS_PER_SLOT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taken_slot_moves_a_batch_to_the_nearest_free_one() {
        let mut calendar = Calendar::default();
        calendar.take(MS_PER_SLOT + 7);
        calendar.take(2 * MS_PER_SLOT);
        assert_eq!(calendar.free_from(5, true), 5);
        assert_eq!(calendar.free_from(MS_PER_SLOT + 1, true), 3 * MS_PER_SLOT);
        assert_eq!(
            calendar.free_from(2 * MS_PER_SLOT + 9, false),
            MS_PER_SLOT - 1
        );
    }
}
