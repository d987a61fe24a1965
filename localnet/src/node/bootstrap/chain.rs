//! The chain as the bootstrap talks to it: JSON-RPC, transactions paid and signed by the
//! authority.

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use fulltime_client::rpc::{CLOCK_SYSVAR, send_and_confirm, unix_timestamp};
use solana_account::Account;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;

use crate::node::NodeError;
use crate::node::keys::StateKeys;

pub(super) struct Chain<'a> {
    pub(super) rpc: &'a RpcClient,
    pub(super) url: &'a str,
    pub(super) keys: &'a StateKeys,
}

pub(super) fn refused(reason: String) -> NodeError {
    NodeError::Bootstrap(reason)
}

pub(super) fn failed(
    what: &str,
) -> impl Fn(solana_rpc_client_api::client_error::Error) -> NodeError + '_ {
    move |error| NodeError::Bootstrap(format!("{what}: {error}"))
}

impl Chain<'_> {
    /// Sends instructions paid and signed by the authority, plus `extra` signers (the authority
    /// itself among them is signed once).
    pub(super) async fn send_signed(
        &self,
        instructions: &[Instruction],
        extra: &[&Keypair],
    ) -> Result<(), NodeError> {
        let payer = &self.keys.authority.keypair;
        let blockhash = self
            .rpc
            .get_latest_blockhash()
            .await
            .map_err(failed("latest blockhash"))?;
        let mut signers = vec![payer];
        signers.extend(extra.iter().filter(|key| key.pubkey() != payer.pubkey()));
        let transaction = Transaction::new_signed_with_payer(
            instructions,
            Some(&payer.pubkey()),
            &signers,
            blockhash,
        );
        send_and_confirm(self.rpc, &transaction)
            .await
            .map_err(failed("bootstrap transaction"))?;
        Ok(())
    }

    pub(super) async fn send(&self, instructions: &[Instruction]) -> Result<(), NodeError> {
        self.send_signed(instructions, &[]).await
    }

    pub(super) async fn account(&self, address: &Pubkey) -> Result<Option<Account>, NodeError> {
        Ok(self
            .rpc
            .get_account_with_commitment(address, self.rpc.commitment())
            .await
            .map_err(failed("read an account"))?
            .value)
    }

    /// The cluster clock, in unix seconds, read from the Clock sysvar.
    pub(super) async fn unix_time(&self) -> Result<i64, NodeError> {
        let data = self
            .rpc
            .get_account_data(&CLOCK_SYSVAR)
            .await
            .map_err(failed("clock sysvar"))?;
        unix_timestamp(&data)
            .ok_or_else(|| NodeError::Bootstrap("the clock sysvar is malformed".into()))
    }
}
