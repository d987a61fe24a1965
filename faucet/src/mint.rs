//! What the router needs from the chain: mint the faucet amount to a wallet. Behind a trait so
//! router tests run against a fake and the server against [`crate::rpc_minter::RpcMinter`].

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

#[derive(Debug, thiserror::Error)]
pub enum MintError {
    #[error("the RPC node's genesis hash is mainnet-beta's; this faucet is devnet-only")]
    Mainnet,
    #[error("the RPC work did not finish within {0:?}")]
    Timeout(Duration),
    #[error("RPC: {0}")]
    Rpc(#[source] Box<solana_rpc_client_api::client_error::Error>),
    #[error("cannot build the mint instruction: {0}")]
    Instruction(String),
}

pub type MintFuture<'a> = Pin<Box<dyn Future<Output = Result<Minted, MintError>> + Send + 'a>>;

pub trait Minter: Send + Sync {
    /// Creates the wallet's token account if needed and mints to it, in one transaction;
    /// resolves once the transaction is confirmed, or fails within a bounded time.
    fn mint(&self, wallet: Address) -> MintFuture<'_>;
}
