//! Confirmation of a claim or a refund, which need no other input.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawal {
    Claim,
    Refund,
}

impl Withdrawal {
    pub fn verb(self) -> &'static str {
        match self {
            Self::Claim => "Claim",
            Self::Refund => "Refund",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Confirm {
    pub kind: Withdrawal,
    pub market: u64,
}
