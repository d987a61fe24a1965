//! How far a block moves the chain's clock, which the new chain and the runloop are both
//! configured with.

/// Each block advances the cluster clock by this much; the wall clock moves it the rest of the
/// way (see `clock`).
pub const SLOT_TIME_MS: u64 = 10;
