use anchor_lang::prelude::*;
use txline_interface::time::SLOTS_PER_DAY;

/// The score roots of one UTC day, one per five-minute slot. A zeroed root has not been posted.
/// Zero-copy: at 9 KiB it would not fit an SBF stack frame if Borsh-decoded.
#[account(zero_copy)]
pub struct DailyScoresRoots {
    pub roots: [[u8; 32]; SLOTS_PER_DAY],
    pub epoch_day: u16,
}

impl DailyScoresRoots {
    pub const SPACE: usize = 8 + std::mem::size_of::<DailyScoresRoots>();
    pub const UNPOSTED: [u8; 32] = [0; 32];
}
