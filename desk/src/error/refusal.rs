//! Why an action sent nothing: the refusal its pre-checks return, typed, and worded here once for
//! both faces. It is the program's own error (name, code, message, action), its message followed,
//! where the refusal is a wait, by what the market waits for (`open, closes in 9m 58s at ...`,
//! `provisional YES, final in 42s at ...`), or by when a proof's batch was published against the
//! close and the clock; or an account the program would only report as missing.

use std::fmt;
use std::path::PathBuf;

use fulltime_client::errors::ProgramFailure;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::settlement::SettlementError;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use fulltime_client::validate::settlement_failure;
use solana_keypair::Address as Pubkey;

use super::ErrorReport;
use crate::input::{format_span, format_time, format_time_millis};
use crate::output::labels::status_label;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// What the program would answer, said before sending.
    Program {
        failure: Box<ProgramFailure>,
        /// What the market waits for, or when the proof was published: said after the
        /// catalog's message.
        circumstance: Option<Circumstance>,
    },
    /// The wallet has no test USDC account to deposit from.
    NoUsdcAccount { wallet: Pubkey, mint: Pubkey },
    /// The wallet has no position to pay out.
    NoPosition { market_id: u64, owner: Pubkey },
    /// A timeline's `post_root` on a node whose `env.json` names no oracle authority (devnet,
    /// whose oracle takes roots from TxLINE only, or a node that publishes none).
    NoOracleAuthority { env_file: PathBuf },
    /// A root for a time that is on no day the oracle files roots for.
    SlotNotFiled { slot: i64 },
}

/// What a refusal's message adds in parentheses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Circumstance {
    /// The market takes deposits until `close_time`.
    Open { close_time: i64, now: i64 },
    /// The settlement can be replaced until `final_at`.
    Provisional {
        outcome: Side,
        final_at: i64,
        now: i64,
    },
    /// A proof's batch (`ts_ms`, milliseconds) against the market's close and the clock.
    Batch {
        ts_ms: i64,
        close_time: i64,
        now: i64,
    },
}

impl Refusal {
    /// The program's refusal `failure`, with what `market` waits for at `now` when it waits for
    /// a time (its close, or the end of its dispute window).
    pub fn waiting(failure: ProgramFailure, market: &Market, now: i64) -> Self {
        let circumstance = match MarketStatus::of(market, now) {
            MarketStatus::Open => Some(Circumstance::Open {
                close_time: market.close_time,
                now,
            }),
            MarketStatus::Provisional { outcome, final_at } => Some(Circumstance::Provisional {
                outcome,
                final_at,
                now,
            }),
            MarketStatus::Closed | MarketStatus::Resolved { .. } | MarketStatus::Expired => None,
        };
        Self::Program {
            failure: Box::new(failure),
            circumstance,
        }
    }

    /// The program's refusal `failure` of a proof published at `ts_ms` for `market` at `now`.
    pub fn batch(failure: ProgramFailure, ts_ms: i64, market: &Market, now: i64) -> Self {
        Self::Program {
            failure: Box::new(failure),
            circumstance: Some(Circumstance::Batch {
                ts_ms,
                close_time: market.close_time,
                now,
            }),
        }
    }

    /// The error's name: the program's, or the missing account's.
    pub fn name(&self) -> &str {
        match self {
            Self::Program { failure, .. } => &failure.name,
            Self::NoUsdcAccount { .. } => "NoUsdcAccount",
            Self::NoPosition { .. } => "PositionNotFound",
            Self::NoOracleAuthority { .. } => "NoOracleAuthority",
            Self::SlotNotFiled { .. } => "SlotNotFiled",
        }
    }

    /// The failure as both faces print it. A program error says nothing was sent and that
    /// `--force` would send it (the dashboard, which has no `--force`, leaves that note out).
    pub fn report(&self) -> ErrorReport {
        match self {
            Self::Program { failure, .. } => ErrorReport {
                message: self.to_string(),
                ..ErrorReport::program(failure)
            }
            .with_notes([
                "refused before sending; --force sends it so the program answers".to_owned(),
            ]),
            Self::NoUsdcAccount { .. } => {
                ErrorReport::other(self.name(), self, "Get test USDC with `fulltime faucet`")
            }
            Self::NoPosition { .. } => ErrorReport::other(
                self.name(),
                self,
                "Use the wallet that deposited (--keypair), or deposit first",
            ),
            Self::NoOracleAuthority { .. } => ErrorReport::other(
                self.name(),
                self,
                "Play the timeline on localnet (without --url), whose env.json names the mock \
                 oracle's authority",
            ),
            Self::SlotNotFiled { .. } => ErrorReport::other(
                self.name(),
                self,
                "Post the root of a slot from 1970 on, within the oracle's days",
            ),
        }
    }
}

/// A settlement error refused before sending, with nothing to add.
impl From<SettlementError> for Refusal {
    fn from(error: SettlementError) -> Self {
        settlement_failure(error).into()
    }
}

/// A program error refused before sending, with nothing to add.
impl From<ProgramFailure> for Refusal {
    fn from(failure: ProgramFailure) -> Self {
        Self::Program {
            failure: Box::new(failure),
            circumstance: None,
        }
    }
}

/// The message: the catalog's, with its circumstance in parentheses.
impl fmt::Display for Refusal {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Program {
                failure,
                circumstance: None,
            } => formatter.write_str(&failure.message),
            Self::Program {
                failure,
                circumstance: Some(circumstance),
            } => write!(formatter, "{} ({circumstance})", failure.message),
            Self::NoUsdcAccount { wallet, mint } => write!(
                formatter,
                "wallet {wallet} has no test USDC token account (mint {mint}); get test USDC from \
                 the faucet first"
            ),
            Self::NoPosition { market_id, owner } => {
                write!(formatter, "no position of {owner} in market {market_id}")
            }
            Self::NoOracleAuthority { env_file } => write!(
                formatter,
                "the node names no oracle authority ({} has no `oracle_authority`): only a node \
                 that publishes its oracle's key takes a root from this client; nothing was sent",
                env_file.display()
            ),
            Self::SlotNotFiled { slot } => write!(
                formatter,
                "{} is on no day the oracle files roots for; nothing was sent",
                format_time(*slot)
            ),
        }
    }
}

/// `open, closes in 9m 58s at 2026-05-16T15:10:00Z`, `provisional YES, final in 42s at ...`,
/// `batch 2026-05-16T15:51:12Z, market closed ..., clock ...`.
impl fmt::Display for Circumstance {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Open { close_time, now } => write!(
                formatter,
                "open, closes in {} at {}",
                format_span(close_time.saturating_sub(now)),
                format_time(close_time)
            ),
            Self::Provisional {
                outcome,
                final_at,
                now,
            } => write!(
                formatter,
                "{} at {}",
                status_label(MarketStatus::Provisional { outcome, final_at }, now),
                format_time(final_at)
            ),
            Self::Batch {
                ts_ms,
                close_time,
                now,
            } => write!(
                formatter,
                "batch {}, market closed {}, clock {}",
                format_time_millis(ts_ms),
                format_time(close_time),
                format_time(now)
            ),
        }
    }
}
