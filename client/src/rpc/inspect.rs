//! A landed transaction read back for the dashboard's inspector: each instruction with its
//! program, its name and its accounts (with the role the settlement program's IDL gives each
//! one), the fee, the logs and the error.

use anchor_lang::prelude::Pubkey;
use solana_commitment_config::CommitmentConfig;
use solana_message::VersionedMessage;
use solana_rpc_client_api::config::RpcTransactionConfig;
use solana_signature::Signature;
use solana_transaction_status_client_types::UiTransactionEncoding;

use super::{ClientError, FulltimeClient};
use crate::idl_roles::settlement_roles;

/// One account an instruction names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountUse {
    pub address: Pubkey,
    /// Its name in the instruction's IDL (`vault`, `owner_token`), for the settlement program.
    pub role: Option<&'static str>,
    pub writable: bool,
    pub signer: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstructionDetail {
    pub program: Pubkey,
    /// `Deposit`, for the settlement program's instructions.
    pub name: Option<&'static str>,
    pub accounts: Vec<AccountUse>,
    /// The instruction's data, as sent.
    pub data: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactionDetail {
    pub signature: Signature,
    pub slot: u64,
    /// Unix seconds, when the node knows the block's time.
    pub block_time: Option<i64>,
    pub fee: u64,
    pub instructions: Vec<InstructionDetail>,
    pub logs: Vec<String>,
    /// The node's words for why it failed on chain; `None` for a success.
    pub error: Option<String>,
}

impl FulltimeClient {
    /// The transaction `signature` as the node recorded it.
    pub async fn transaction_detail(
        &self,
        signature: &Signature,
    ) -> Result<TransactionDetail, ClientError> {
        let config = RpcTransactionConfig {
            encoding: Some(UiTransactionEncoding::Base64),
            commitment: Some(CommitmentConfig::confirmed()),
            max_supported_transaction_version: Some(0),
        };
        let confirmed = self
            .rpc
            .get_transaction_with_config(signature, config)
            .await
            .map_err(|error| self.rpc_error(error))?;
        let transaction =
            confirmed
                .transaction
                .transaction
                .decode()
                .ok_or_else(|| ClientError::Decode {
                    what: "transaction",
                    address: Pubkey::default(),
                    reason: format!("the node's encoding of {signature} does not decode"),
                })?;
        let meta = confirmed.transaction.meta;
        Ok(TransactionDetail {
            signature: *signature,
            slot: confirmed.slot,
            block_time: confirmed.block_time,
            fee: meta.as_ref().map_or(0, |meta| meta.fee),
            instructions: instructions(&transaction.message),
            logs: meta
                .as_ref()
                .and_then(|meta| Option::<Vec<String>>::from(meta.log_messages.clone()))
                .unwrap_or_default(),
            error: meta
                .and_then(|meta| meta.err)
                .map(|error| format!("{error:?}")),
        })
    }
}

/// The message's instructions with their accounts; a version 0 message's looked-up accounts
/// are not resolved (the Fulltime tools send none).
fn instructions(message: &VersionedMessage) -> Vec<InstructionDetail> {
    let keys = message.static_account_keys();
    let header = message.header();
    let signers = usize::from(header.num_required_signatures);
    let writable_signers = signers.saturating_sub(usize::from(header.num_readonly_signed_accounts));
    let writable_unsigned_end = keys
        .len()
        .saturating_sub(usize::from(header.num_readonly_unsigned_accounts));
    let account = |index: u8, role: Option<&'static str>| {
        let index = usize::from(index);
        keys.get(index).map(|address| AccountUse {
            address: *address,
            role,
            signer: index < signers,
            writable: index < writable_signers
                || (index >= signers && index < writable_unsigned_end),
        })
    };
    message
        .instructions()
        .iter()
        .filter_map(|instruction| {
            let program = *keys.get(usize::from(instruction.program_id_index))?;
            let (name, roles) = if program == settlement::ID {
                (
                    settlement::native::instruction_name(&instruction.data),
                    settlement_roles(&instruction.data),
                )
            } else {
                (None, &[][..])
            };
            let accounts = instruction
                .accounts
                .iter()
                .enumerate()
                .filter_map(|(position, &index)| {
                    account(index, roles.get(position).map(String::as_str))
                })
                .collect();
            Some(InstructionDetail {
                program,
                name,
                accounts,
                data: instruction.data.clone(),
            })
        })
        .collect()
}
