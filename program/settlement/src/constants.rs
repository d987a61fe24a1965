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

/// Unicode characters, not bytes. Not an IDL `#[constant]`: the IDL has no `usize` type, and the
/// attribute on one breaks `idl-build`.
pub const MAX_QUESTION_CHARS: usize = 140;

/// How long after its close time a market may still be settled. Past it, nobody can settle and
/// every stake is refundable, so no deposit is locked forever.
#[constant]
pub const SETTLEMENT_GRACE_SECS: i64 = 7 * 24 * 60 * 60;

/// The furthest ahead a market may close. Every later deadline (grace period, dispute window) is
/// a bounded step after the close time, so none of them can overflow and lock a market's funds.
#[constant]
pub const MAX_CLOSE_HORIZON_SECS: i64 = 366 * 24 * 60 * 60;

/// Bounds of a market's dispute window: how long a settlement stays provisional, during which a
/// strictly later proof of the same stat replaces it.
#[constant]
pub const MIN_DISPUTE_WINDOW_SECS: i64 = 60;
#[constant]
pub const MAX_DISPUTE_WINDOW_SECS: i64 = 7 * 24 * 60 * 60;

/// The deepest events tree whose leaf order the program can record (2^64 events per batch).
pub const MAX_EVENT_DEPTH: usize = 64;

pub const OUTCOME_NO: u8 = 0;
pub const OUTCOME_YES: u8 = 1;
