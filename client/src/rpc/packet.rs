//! What fits in one transaction, and what every transaction the client sends carries first: the
//! priority fee, when one is set (`--priority-fee`).

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use solana_message::Message;
use solana_transaction::Transaction;

use super::{ClientError, FulltimeClient};
use crate::compute_budget::unit_price;

/// The most a transaction may weigh on the wire (Solana's packet data size).
pub const TRANSACTION_SIZE_LIMIT: usize = 1_232;

/// The size of a signed transaction of `instructions` paid by `payer`, in bytes.
pub fn transaction_size(payer: &Pubkey, instructions: &[Instruction]) -> usize {
    let transaction = Transaction::new_unsigned(Message::new(instructions, Some(payer)));
    // Serializing a transaction into memory cannot fail; were it to, it would not fit.
    bincode::serialized_size(&transaction).map_or(usize::MAX, |size| size as usize)
}

impl FulltimeClient {
    /// The instructions every transaction starts with: the priority fee, when set.
    pub fn fee_instructions(&self) -> Vec<Instruction> {
        self.priority_fee.map(unit_price).into_iter().collect()
    }

    /// `instructions` after the fee instructions, refused when the transaction would not fit in
    /// one packet: the node would drop it unread.
    pub(super) fn packed(
        &self,
        payer: &Pubkey,
        instructions: &[Instruction],
    ) -> Result<Vec<Instruction>, ClientError> {
        let all: Vec<Instruction> = self
            .fee_instructions()
            .into_iter()
            .chain(instructions.iter().cloned())
            .collect();
        let bytes = transaction_size(payer, &all);
        if bytes > TRANSACTION_SIZE_LIMIT {
            return Err(ClientError::TooLarge {
                bytes,
                limit: TRANSACTION_SIZE_LIMIT,
            });
        }
        Ok(all)
    }
}
