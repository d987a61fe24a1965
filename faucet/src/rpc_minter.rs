//! The real [`Minter`]: one transaction over JSON-RPC, its result known before the answer
//! whenever the node tells it in time.
//!
//! The mint timeout bounds two phases. Before sending (the genesis check, the blockhash) a
//! timeout or an error means nothing was sent. Once the signed transaction is handed to the
//! node it may land until its blockhash expires, so from then on only the node's refusal of the
//! send, or the chain, decides; a timeout answers [`MintError::Unconfirmed`] and the router
//! follows the transaction in the background.

use std::time::Duration;

use solana_address::Address;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::{nonblocking::rpc_client::RpcClient, rpc_client::SerializableTransaction};
use solana_rpc_client_api::{
    client_error::{Error as ClientError, ErrorKind},
    request::RpcError,
};
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio::{sync::OnceCell, time::Instant};

use crate::{
    landing,
    mint::{Fate, FateFuture, MintError, MintFuture, Minted, Minter, Sent},
};

/// Genesis hash of mainnet-beta, the one cluster this faucet must never mint on.
pub const MAINNET_BETA_GENESIS_HASH: &str = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";

/// What the RPC minter needs. The authority signs the mint and pays fees and account rent.
pub struct MintSettings {
    pub rpc_url: String,
    pub mint: Address,
    pub authority: Keypair,
    /// Base units minted per request.
    pub amount: u64,
    /// Bound on all RPC work of one request, confirmation included.
    pub timeout: Duration,
}

pub struct RpcMinter {
    rpc: RpcClient,
    mint: Address,
    authority: Keypair,
    amount: u64,
    timeout: Duration,
    /// Set once the node has answered; left unset while it is unreachable so the next request
    /// asks again (a node that is down at start-up does not stop the faucet).
    is_mainnet: OnceCell<bool>,
}

impl RpcMinter {
    pub fn new(settings: MintSettings) -> Self {
        Self {
            // "Confirmed" answers in about a second on devnet; finalization would add ~13 s.
            rpc: RpcClient::new_with_timeout_and_commitment(
                settings.rpc_url,
                settings.timeout,
                CommitmentConfig::confirmed(),
            ),
            mint: settings.mint,
            authority: settings.authority,
            amount: settings.amount,
            timeout: settings.timeout,
            is_mainnet: OnceCell::new(),
        }
    }

    async fn mint_to(&self, wallet: Address) -> Result<Minted, MintError> {
        let deadline = Instant::now() + self.timeout;
        let (transaction, sent) = tokio::time::timeout_at(deadline, self.prepare(wallet))
            .await
            .map_err(|_| MintError::Timeout(self.timeout))??;
        let signature = sent.signature;
        match tokio::time::timeout_at(deadline, self.rpc.send_transaction(&transaction)).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) if never_reached_the_cluster(&error) => return Err(rpc(error)),
            Ok(Err(error)) => {
                let error = rpc(error);
                tracing::warn!(%signature, error = %crate::error::causes(&error),
                               "the send failed after the transaction may have reached the node");
                return Err(MintError::Unconfirmed(sent));
            }
            Err(_) => return Err(MintError::Unconfirmed(sent)),
        }
        let fate = landing::fate(&self.rpc, sent, landing::WHILE_ANSWERING);
        match tokio::time::timeout_at(deadline, fate).await {
            Ok(Fate::Confirmed) => Ok(Minted {
                signature,
                amount: self.amount,
                mint: self.mint,
            }),
            Ok(Fate::Failed(reason)) => Err(MintError::Failed { signature, reason }),
            Ok(Fate::Expired) => Err(MintError::Expired { signature }),
            Err(_) => Err(MintError::Unconfirmed(sent)),
        }
    }

    /// Everything before sending: nothing here can mint.
    async fn prepare(&self, wallet: Address) -> Result<(Transaction, Sent), MintError> {
        let is_mainnet = self
            .is_mainnet
            .get_or_try_init(|| async {
                let genesis = self.rpc.get_genesis_hash().await.map_err(rpc)?;
                Ok::<_, MintError>(genesis.to_string() == MAINNET_BETA_GENESIS_HASH)
            })
            .await?;
        if *is_mainnet {
            return Err(MintError::Mainnet);
        }

        let payer = self.authority.pubkey();
        let fund = fulltime_client::instructions::mint_to_wallet(
            &payer,
            &wallet,
            &self.mint,
            &payer,
            self.amount,
        )
        .map_err(|error| MintError::Instruction(error.to_string()))?;

        let (blockhash, last_valid_block_height) = self
            .rpc
            .get_latest_blockhash_with_commitment(self.rpc.commitment())
            .await
            .map_err(rpc)?;
        let transaction =
            Transaction::new_signed_with_payer(&fund, Some(&payer), &[&self.authority], blockhash);
        let sent = Sent {
            signature: *transaction.get_signature(),
            last_valid_block_height,
        };
        Ok((transaction, sent))
    }
}

impl Minter for RpcMinter {
    fn mint(&self, wallet: Address) -> MintFuture<'_> {
        Box::pin(self.mint_to(wallet))
    }

    fn follow(&self, sent: Sent) -> FateFuture<'_> {
        Box::pin(landing::fate(&self.rpc, sent, landing::IN_BACKGROUND))
    }
}

/// Whether a failed `sendTransaction` certainly left the transaction off the cluster: no
/// connection was made, or the node answered with a JSON-RPC error (a failed preflight, an
/// unknown blockhash, an unhealthy node), which it gives only for transactions it does not
/// forward. Anything else (a timeout, a connection cut mid-answer, an unreadable answer) may
/// follow a transaction the node did forward.
fn never_reached_the_cluster(error: &ClientError) -> bool {
    match error.kind() {
        ErrorKind::Reqwest(error) => error.is_connect(),
        ErrorKind::RpcError(RpcError::RpcResponseError { .. }) => true,
        _ => false,
    }
}

/// Drops the URL that reqwest errors quote: RPC URLs may carry an API key, and the error is
/// logged.
fn rpc(error: ClientError) -> MintError {
    let ClientError { request, kind } = error;
    let kind = match *kind {
        ErrorKind::Reqwest(error) => ErrorKind::Reqwest(error.without_url()),
        other => other,
    };
    MintError::Rpc(Box::new(ClientError {
        request,
        kind: Box::new(kind),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn rpc_errors_do_not_quote_the_url() {
        let client = RpcClient::new("http://127.0.0.1:1/v1/SECRET-KEY".to_owned());
        let error = client
            .get_genesis_hash()
            .await
            .expect_err("nothing listens");
        assert!(format!("{error}").contains("SECRET-KEY"), "{error}");
        let logged = crate::error::causes(&rpc(error));
        assert!(!logged.contains("SECRET-KEY"), "{logged}");
        assert!(
            logged.contains("Connection refused"),
            "the cause is kept: {logged}"
        );
    }
}
