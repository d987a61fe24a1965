//! What the router needs from the chain: mint the faucet amount to a wallet, and learn the fate
//! of a mint whose transaction was sent but not confirmed in time. Behind a trait so router
//! tests run against a fake and the server against [`crate::rpc_minter::RpcMinter`].

use std::{future::Future, pin::Pin, time::Duration};

use solana_address::Address;
use solana_signature::Signature;

/// A confirmed mint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minted {
    pub signature: Signature,
    /// Base units of the mint (6 decimals for test USDC).
    pub amount: u64,
    pub mint: Address,
}

/// A transaction handed to the node whose outcome is not known yet: it may still land until
/// the cluster's block height passes `last_valid_block_height`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sent {
    pub signature: Signature,
    pub last_valid_block_height: u64,
}

/// Every variant but [`MintError::Unconfirmed`] means nothing was minted and nothing can be.
#[derive(Debug, thiserror::Error)]
pub enum MintError {
    #[error("the RPC node's genesis hash is mainnet-beta's; this faucet is devnet-only")]
    Mainnet,
    #[error("the RPC work before sending did not finish within {0:?}")]
    Timeout(Duration),
    #[error("RPC: {0}")]
    Rpc(#[source] Box<solana_rpc_client_api::client_error::Error>),
    #[error("cannot build the mint instruction: {0}")]
    Instruction(String),
    #[error("transaction {signature} failed on chain: {reason}")]
    Failed {
        signature: Signature,
        reason: String,
    },
    #[error("transaction {signature} expired before it landed")]
    Expired { signature: Signature },
    /// The transaction was sent and its fate is unknown: it may still land.
    #[error("transaction {} was sent and is not confirmed yet", .0.signature)]
    Unconfirmed(Sent),
}

/// What became of a [`Sent`] transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// Confirmed without error: the wallet was minted to.
    Confirmed,
    /// Landed with an error: nothing was minted, and the signature cannot land again.
    Failed(String),
    /// The block height passed its last valid one and the signature is unknown to the node.
    Expired,
}

pub type MintFuture<'a> = Pin<Box<dyn Future<Output = Result<Minted, MintError>> + Send + 'a>>;
pub type FateFuture<'a> = Pin<Box<dyn Future<Output = Fate> + Send + 'a>>;

pub trait Minter: Send + Sync {
    /// Creates the wallet's token account if needed and mints to it, in one transaction;
    /// resolves once the transaction is confirmed, or fails within a bounded time. Once the
    /// transaction may have reached the node, it fails only with a known fate, or with
    /// [`MintError::Unconfirmed`].
    fn mint(&self, wallet: Address) -> MintFuture<'_>;

    /// Follows an unconfirmed transaction until its fate is known. It may never resolve (a
    /// node that stays unreachable): the caller bounds it.
    fn follow(&self, sent: Sent) -> FateFuture<'_>;
}
