//! What the recorder is fed: one hand action as it completed, in the action layer's own terms
//! (the order's fields, market ids as on this chain), its outcome, and the clock.

use fulltime_client::settlement::MarketTerms;
use fulltime_client::side::Side;
use fulltime_client::wallet_book::WalletName;
use fulltime_matches::timeline::SettleWith;
use solana_keypair::Address as Pubkey;

use crate::error::ErrorReport;

/// One hand action, fed to [`super::Recorder::record`] once it completed.
#[derive(Clone, Debug)]
pub struct Made {
    /// Who acted, by the wallet book's name. A settlement, a market's creation and a warp are
    /// the run's desk's on replay, so their actor is not written.
    pub wallet: WalletName,
    pub hand: Hand,
    pub outcome: Outcome,
    /// The chain's clock when the action was made; after a warp, where it landed.
    pub clock: i64,
}

/// What was done, with its order's fields.
#[derive(Clone, Debug)]
pub enum Hand {
    Deposit {
        market: u64,
        side: Side,
        /// Base units.
        usdc: u64,
        force: bool,
    },
    /// Settled with the catalog's proof file of this name, or by record from TxLINE's API.
    Settle {
        market: u64,
        with: SettleWith,
        force: bool,
    },
    Claim {
        market: u64,
        force: bool,
    },
    Refund {
        market: u64,
        force: bool,
    },
    ClaimAll,
    Faucet,
    Warp,
    /// `Made::wallet` was added to the book (and funded) at this address.
    NewWallet {
        address: Pubkey,
    },
    /// A market with these terms; its id when it was created.
    NewMarket {
        id: Option<u64>,
        terms: MarketTerms,
        force: bool,
    },
}

/// How the action ended: done, or refused with the error its [`ErrorReport`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Refused {
        error: String,
        /// `settlement`, `oracle` or `token` for a program's error.
        program: Option<String>,
    },
}

impl From<&ErrorReport> for Outcome {
    fn from(report: &ErrorReport) -> Self {
        Self::Refused {
            error: report.error.clone(),
            program: report.program.clone(),
        }
    }
}
