//! The real [`Minter`]: one transaction over JSON-RPC, bounded by a timeout.

use std::time::Duration;

use anchor_spl::{associated_token::spl_associated_token_account, token::spl_token};
use fulltime_client::rpc::send_and_confirm;
use solana_address::Address;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::{Error as ClientError, ErrorKind};
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio::sync::OnceCell;

use crate::mint::{MintError, MintFuture, Minted, Minter};

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
        let token_account = fulltime_client::pda::token_account(&wallet, &self.mint);
        let create_account =
            spl_associated_token_account::instruction::create_associated_token_account_idempotent(
                &payer,
                &wallet,
                &self.mint,
                &spl_token::ID,
            );
        let mint_to = spl_token::instruction::mint_to(
            &spl_token::ID,
            &self.mint,
            &token_account,
            &payer,
            &[],
            self.amount,
        )
        .map_err(|error| MintError::Instruction(error.to_string()))?;

        let blockhash = self.rpc.get_latest_blockhash().await.map_err(rpc)?;
        let transaction = Transaction::new_signed_with_payer(
            &[create_account, mint_to],
            Some(&payer),
            &[&self.authority],
            blockhash,
        );
        let signature = send_and_confirm(&self.rpc, &transaction)
            .await
            .map_err(rpc)?;
        Ok(Minted {
            signature,
            amount: self.amount,
            mint: self.mint,
        })
    }
}

impl Minter for RpcMinter {
    fn mint(&self, wallet: Address) -> MintFuture<'_> {
        Box::pin(async move {
            tokio::time::timeout(self.timeout, self.mint_to(wallet))
                .await
                .map_err(|_| MintError::Timeout(self.timeout))?
        })
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
