//! How the oracle files a millisecond timestamp: one roots account per UTC day, one root per
//! five-minute slot.

pub const MS_PER_DAY: i64 = 86_400_000;
pub const MS_PER_SLOT: i64 = 300_000;
pub const SLOTS_PER_DAY: usize = 288;

/// The period (and status) of a fixture's `game_finalised` score record: its final outcome, however
/// the match ended.
pub const FINAL_PERIOD: i32 = 100;

/// The UTC day of a millisecond timestamp, or `None` before 1970 or past the u16 range.
pub fn epoch_day(ts_ms: i64) -> Option<u16> {
    if ts_ms < 0 {
        return None;
    }
    u16::try_from(ts_ms / MS_PER_DAY).ok()
}

/// The five-minute slot of the day (0..288) a timestamp falls in.
pub fn slot_of_day(ts_ms: i64) -> usize {
    (ts_ms.rem_euclid(MS_PER_DAY) / MS_PER_SLOT) as usize
}

/// The slot index of an `insert_scores_root(hour, minute)` call, or `None` when the time is out
/// of range or not on a five-minute boundary.
pub fn slot_of_hour_minute(hour_of_day: u8, minute_of_hour: u8) -> Option<usize> {
    if hour_of_day > 23 || minute_of_hour > 59 || !minute_of_hour.is_multiple_of(5) {
        return None;
    }
    Some(hour_of_day as usize * 12 + minute_of_hour as usize / 5)
}

/// The `(hour, minute)` of the slot a timestamp falls in.
pub fn hour_minute_of(ts_ms: i64) -> (u8, u8) {
    let slot = slot_of_day(ts_ms);
    ((slot / 12) as u8, (slot % 12 * 5) as u8)
}
