//! Confirmation of a claim or a refund, which need no other input.

use crate::output::receipt::payout::PayoutKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Confirm {
    pub kind: PayoutKind,
    pub market: u64,
}
