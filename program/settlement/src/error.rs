use anchor_lang::prelude::*;

/// The published error catalog, in its order (codes 6000..6019). New errors are only appended.
#[error_code]
pub enum SettlementError {
    #[msg("Question exceeds 140 characters")]
    QuestionTooLong,
    #[msg("Market already resolved")]
    MarketResolved,
    #[msg("Market is not resolved")]
    NotResolved,
    #[msg("Outcome is not 0 (NO) or 1 (YES)")]
    InvalidOutcome,
    #[msg("Deposit below 0.10 USDC")]
    BelowMinimum,
    #[msg("Close time is not in the future")]
    InvalidCloseTime,
    #[msg("Deposits are closed: the market's close time has passed")]
    MarketClosed,
    #[msg("Position already chose another side")]
    OutcomeLocked,
    #[msg("Arithmetic overflow")]
    Overflow,
    #[msg("Proof stat does not match the market's stat key and period")]
    StatMismatch,
    #[msg("Proof fixture does not match the market's fixture")]
    FixtureMismatch,
    #[msg("Oracle program returned no data")]
    NoValidationReturn,
    #[msg("Return data came from another program than the oracle")]
    UnexpectedReturnProgram,
    #[msg("Oracle program not recognized")]
    InvalidOracleProgram,
    #[msg("Position already claimed")]
    AlreadyClaimed,
    #[msg("Position is on the losing side")]
    NotAWinner,
    #[msg("No winning stake exists")]
    NoWinners,
    #[msg("Vault does not match the market")]
    InvalidVault,
    #[msg("Token mint is not the configured test USDC mint")]
    InvalidMint,
    #[msg("Token account is not owned by the signing wallet")]
    InvalidOwner,
    #[msg(
        "Refunds open only when the winning side is empty or the market went unsettled past its grace period"
    )]
    RefundUnavailable,
    #[msg("The settlement window has passed; stakes are refundable")]
    SettlementWindowClosed,
    #[msg("Position belongs to another wallet or market")]
    PositionMismatch,
    #[msg("The market has not closed yet; it can be settled only after its close time")]
    MarketNotClosed,
    #[msg("A settlement exists; only a strictly later proof of the same stat can replace it")]
    ProofNotLater,
    #[msg("The oracle did not confirm the stated outcome")]
    OutcomeNotProven,
    #[msg("The predicate can never hold, or can never fail")]
    InvalidPredicate,
    #[msg("Dispute window out of bounds (60 seconds to 7 days)")]
    InvalidDisputeWindow,
    #[msg("Close time is more than 366 days ahead")]
    CloseTimeTooFar,
    #[msg("Only the program's upgrade authority may initialize it")]
    NotUpgradeAuthority,
    #[msg("The proof's events tree is deeper than 64 levels")]
    EventPathTooDeep,
    #[msg("The market combines two stats; the proof leaves out the second")]
    MissingSecondStat,
    #[msg("The market proves a single stat; the proof adds a second")]
    UnexpectedSecondStat,
    #[msg("The fixture proof is not the path of one of the batch's update_count events")]
    EventPathMismatch,
    #[msg("The second stat is not proven from the first stat's event")]
    SecondStatFromOtherEvent,
    #[msg("The proof's batch predates the market's close time")]
    ProofBeforeClose,
    #[msg("The proof's batch is dated after the cluster clock")]
    ProofFromFuture,
    #[msg("The value is not final: prove it from the fixture's game_finalised record (period 100)")]
    ValueNotFinal,
    #[msg(
        "Only period 100, the game_finalised record's, ever settles: name a half by its stat key (1001 = participant 1's first-half goals)"
    )]
    PeriodNeverFinal,
    #[msg(
        "The market's period is retired: no TxLINE record proves it; its stakes are refundable after the grace period"
    )]
    PeriodRetired,
}
