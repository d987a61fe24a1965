use anchor_lang::solana_program::account_info::AccountInfo;
use solana_instruction::error::InstructionError;
use solana_transaction_context::instruction_accounts::BorrowedInstructionAccount;

/// Writes what a program did to an account (as its `AccountInfo` shows) into the transaction.
pub(super) fn commit_account_info(
    account: &mut BorrowedInstructionAccount,
    info: &AccountInfo,
) -> Result<(), InstructionError> {
    if account.get_lamports() != info.lamports() {
        account.set_lamports(info.lamports())?;
    }
    let data = info
        .try_borrow_data()
        .map_err(|_| InstructionError::AccountBorrowFailed)?;
    if account.get_data() != *data {
        account.set_data_from_slice(&data)?;
    }
    // Last, so that lamports and data could still change under the old owner.
    if account.get_owner() != info.owner {
        account.set_owner(info.owner.as_ref())?;
    }
    Ok(())
}
