use anchor_lang::prelude::*;

#[constant]
pub const CONFIG_SEED: &[u8] = b"config";
#[constant]
pub const MARKET_SEED: &[u8] = b"market";
#[constant]
pub const POSITION_SEED: &[u8] = b"position";
#[constant]
pub const VAULT_SEED: &[u8] = b"vault";

/// Test USDC has 6 decimals; amounts are base units of it.
#[constant]
pub const USDC_DECIMALS: u8 = 6;

/// 0.10 USDC.
#[constant]
pub const MIN_DEPOSIT: u64 = 100_000;

/// Unicode characters, not bytes.
#[constant]
pub const MAX_QUESTION_CHARS: usize = 140;

/// How long after its close time a market may still be settled. Past it, nobody can settle and
/// every stake is refundable, so no deposit is locked forever.
#[constant]
pub const SETTLEMENT_GRACE_SECS: i64 = 7 * 24 * 60 * 60;

pub const OUTCOME_NO: u8 = 0;
pub const OUTCOME_YES: u8 = 1;
