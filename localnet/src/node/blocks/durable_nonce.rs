//! A durable-nonce transaction's lifetime: the check surfpool makes (Agave's
//! `check_nonce_account`), made by the node, since surfpool's own blockhash check, which holds
//! it, is off (see `rpc_front`).

use std::collections::HashSet;

use anchor_lang::solana_program::system_program;
use solana_account::AccountSharedData;
use solana_message::VersionedMessage;
use solana_message::inline_nonce::is_advance_nonce_instruction_data;
use solana_nonce::state::State;
use solana_nonce_account::verify_nonce_account;

use crate::node::surfpool::ChainView;

/// Whether `message` advances a nonce account that holds its blockhash, signed by the nonce's
/// authority. As in surfpool, only the message's static keys are looked at: a nonce account
/// from an address lookup table is not found.
pub fn holds(chain: &ChainView<'_>, message: &VersionedMessage) -> bool {
    let keys = message.static_account_keys();
    let Some(advance) = message.instructions().first() else {
        return false;
    };
    let advances_a_nonce = keys
        .get(usize::from(advance.program_id_index))
        .is_some_and(|program| *program == system_program::ID)
        && is_advance_nonce_instruction_data(&advance.data);
    let Some(nonce_index) = advance.accounts.first().map(|index| usize::from(*index)) else {
        return false;
    };
    let writable =
        message.is_maybe_writable_with_reserved_addresses(nonce_index, None::<&HashSet<_>>);
    let Some(address) = keys
        .get(nonce_index)
        .filter(|_| advances_a_nonce && writable)
    else {
        return false;
    };
    let Ok(Some(account)) = chain.account(address) else {
        return false;
    };
    if account.data.len() != State::size() {
        return false;
    }
    verify_nonce_account(
        &AccountSharedData::from(account),
        message.recent_blockhash(),
    )
    .is_some_and(|nonce| {
        advance.accounts.iter().any(|index| {
            let index = usize::from(*index);
            message.is_signer(index) && keys.get(index) == Some(&nonce.authority)
        })
    })
}
