//! Work that `update` asks for and the runner carries out in tokio tasks, so that `update`
//! itself never touches the network.

use fulltime_client::fixture::ProofFixture;
use fulltime_client::settlement::MarketTerms;
use fulltime_client::side::Side;
use solana_signature::Signature;

use super::wallets::WalletChoice;

#[derive(Clone, Debug)]
pub enum Effect {
    /// Read the chain now instead of at the next poll.
    Refresh,
    /// One request in the wallet's name, shown in the activity panel.
    Send(Request),
    /// Read a landed transaction back for the inspector.
    Inspect(Signature),
    /// Hand text to the terminal's clipboard (OSC 52).
    Copy(String),
    /// Read a market's pool history.
    LoadHistory(u64),
    /// Act as this wallet from now on.
    SwitchWallet(WalletChoice),
}

#[derive(Clone, Debug)]
pub enum Request {
    Faucet,
    Deposit {
        market: u64,
        side: Side,
        amount: u64,
    },
    Settle {
        market: u64,
        fixture: Box<ProofFixture>,
    },
    Claim {
        market: u64,
    },
    /// Every payout and refund the wallet is owed.
    ClaimAll,
    Refund {
        market: u64,
    },
    Create {
        terms: Box<MarketTerms>,
    },
    /// A new wallet in the book under this name, funded.
    NewWallet {
        name: String,
    },
    /// Move localnet's clock forward to this unix time.
    Warp {
        to: i64,
    },
    /// Save localnet's chain to `<state-dir>/snapshots/<name>.snapshot`.
    Snapshot {
        name: String,
    },
}
