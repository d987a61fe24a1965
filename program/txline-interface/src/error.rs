use anchor_lang::prelude::*;

/// The TxLINE oracle's errors exactly as its published IDL lists them: same names, same messages,
/// same codes (6000..). The mock raises them and the client explains them; most concern parts of
/// the real oracle the mock does not implement, and are listed so that every code keeps its
/// meaning.
#[error_code]
pub enum OracleError {
    #[msg("Event is not active")]
    EventNotActive,
    #[msg("Prices and price names arrays must be the same length")]
    PricesMismatch,
    #[msg("Invalid odds update for this event")]
    InvalidOddsUpdate,
    #[msg("Invalid sub-tree proof. The snapshot does not belong to the summary.")]
    InvalidSubTreeProof,
    #[msg("Invalid main tree proof. The summary does not belong to the on-chain root.")]
    InvalidMainTreeProof,
    #[msg("Time slot mismatch between snapshot and on-chain root account.")]
    TimeSlotMismatch,
    #[msg("The provided hour or minute is out of the valid range.")]
    InvalidTime,
    #[msg("Merkle root for this time slot has not been posted by the oracle.")]
    RootNotAvailable,
    #[msg("Mismatched account discriminator.")]
    AccountDiscriminatorMismatch,
    #[msg("The provided daily root account does not match the expected PDA.")]
    InvalidPda,
    #[msg(
        "The timestamp provided for seed generation does not match the timestamp in the snapshot payload."
    )]
    TimestampMismatch,
    #[msg("Could not slice the account data correctly.")]
    SliceError,
    #[msg("Invalid account owner.")]
    InvalidOwner,
    #[msg("Invalid time slot, must be aligned on a 5-min boundary.")]
    InvalidTimeSlot,
    #[msg("Stake is still locked and cannot be withdrawn yet.")]
    StakeStillLocked,
    #[msg("Invalid recipient of the financial transaction.")]
    InvalidRecipient,
    #[msg("You already have an active subscription.")]
    ActiveSubscription,
    #[msg("Unauthorized account updater.")]
    Unauthorized,
    #[msg("Invalid account owner.")]
    InvalidAccountOwner,
    #[msg("Invalid mint authority.")]
    InvalidMintAuthority,
    #[msg("Invalid mint.")]
    InvalidMint,
    #[msg("Predicate failed.")]
    PredicateFailed,
    #[msg("Invalid sub-tree proof for fixture")]
    InvalidFixtureSubTreeProof,
    #[msg("Invalid stats proof for event")]
    InvalidStatProof,
    #[msg("invalid stat combination")]
    InvalidStatCombination,
    #[msg("Missing second stat")]
    MissingSecondStat,
    #[msg("Unexpected second stat")]
    UnexpectedSecondStat,
    #[msg("Overflow")]
    Overflow,
    #[msg("Trade not active")]
    TradeNotActive,
    #[msg("Invalid trader")]
    InvalidTrader,
    #[msg("Winner mismatch")]
    WinnerMismatch,
    #[msg("Trade terms mismatch")]
    TradeTermsMismatch,
    #[msg("Unauthorized settler")]
    UnauthorizedSettler,
    #[msg("Funds below minimal deposit amount")]
    FundsBelowMinimumDeposit,
    #[msg("Insufficient token balance")]
    InsufficientUserBalance,
    #[msg("Cannot withdraw zero amount")]
    ZeroAmount,
    #[msg("Vault not empty")]
    VaultNotEmpty,
    #[msg("Insufficient vault balance")]
    InsufficientVaultBalance,
    #[msg("Calculation error")]
    CalculationError,
    #[msg("Subscription end Ts invalid")]
    InvalidSubscriptionTs,
    #[msg("Cannot shorten an existing subscription")]
    CannotShortenSubscription,
    #[msg("Weeks must be a multiple of 4")]
    InvalidWeeks,
    #[msg("Invalid time alignment")]
    InvalidTimeAlignment,
    #[msg("Invalid epoch day alignment")]
    InvalidEpochDayAlignment,
    #[msg("Account data too small")]
    AccountDataTooSmall,
    #[msg("Insufficient liquidity")]
    InsufficientLiquidity,
    #[msg("Invalid amount")]
    InvalidAmount,
    #[msg("Invalid expiration")]
    InvalidExpiration,
    #[msg("Fixture mismatch")]
    FixtureMismatch,
    #[msg("Period mismatch")]
    PeriodMismatch,
    #[msg("Intent not active")]
    IntentNotActive,
    #[msg("Order not yet expired")]
    OrderNotYetExpired,
    #[msg("Terms mismatch")]
    TermsMismatch,
    #[msg("Stat key mismatch")]
    StatKeyMismatch,
    #[msg("Invalid vault")]
    InvalidVault,
    #[msg("Equivocation attempt")]
    EquivocationAttempt,
    #[msg("Numeric overflow")]
    NumericOverflow,
    #[msg("Invalid account data")]
    InvalidAccountData,
    #[msg("Rate limit exceeded")]
    RateLimitExceeded,
    #[msg("Invalid service level Id")]
    InvalidServiceLevelId,
    #[msg("Initial rows limit exceeded")]
    InitialRowsLimitExceeded,
    #[msg("Missing stat")]
    MissingStat,
    #[msg("Proof too large")]
    ProofTooLarge,
    #[msg("Trade too small")]
    TradeTooSmall,
    #[msg("Max rows limit exceeded")]
    MaxRowsLimitExceeded,
    #[msg("Unauthorized admin")]
    UnauthorizedAdmin,
    #[msg("invalid account")]
    InvalidAccount,
    #[msg("Missing summary")]
    MissingSummary,
    #[msg("Missing proof")]
    MissingProof,
    #[msg("Stat index exceeds maximum allowed limit")]
    TooManyStats,
    #[msg("Stat index is evaluated multiple times")]
    DuplicateStatCoverage,
    #[msg("Not all extracted stats were evaluated")]
    IncompleteStatCoverage,
    #[msg("Distance predicate is missing for geometric targets")]
    MissingDistancePredicate,
    #[msg("Index out of bounds")]
    IndexOutOfBounds,
    #[msg("Stat not zero")]
    StatNotZero,
    #[msg("Length mismatch")]
    LengthMismatch,
    #[msg("Invalid multiproof")]
    InvalidMultiproof,
    #[msg("Missing proof node")]
    MissingProofNode,
    #[msg("Invalid proof path")]
    InvalidProofPath,
    #[msg("Insufficient credits")]
    InsufficientCredits,
    #[msg("Missing signature instruction")]
    MissingSignatureInstruction,
    #[msg("Invalid signature program")]
    InvalidSignatureProgram,
    #[msg("Serialization failed")]
    SerializationFailed,
    #[msg("Invalid oracle signature")]
    InvalidOracleSignature,
    #[msg("Invalid sequence number")]
    InvalidSequenceNumber,
    #[msg("Message mismatch")]
    MessageMismatch,
    #[msg("Invalid pack quantity")]
    InvalidPackQuantity,
}
