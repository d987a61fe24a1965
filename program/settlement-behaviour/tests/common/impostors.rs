//! Native programs that misbehave where the TxLINE oracle is expected.

use anchor_lang::solana_program::account_info::AccountInfo;
use anchor_lang::solana_program::entrypoint::ProgramResult;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::program::invoke;
use anchor_lang::solana_program::pubkey::Pubkey;
use fulltime_localnet::native::{BuiltinFunctionDefinition, NativeEntry};
use fulltime_localnet::native_builtin;
use litesvm::LiteSVM;

/// A program that answers "true" to anything, at an address of its own.
pub const ECHO_ID: Pubkey = anchor_lang::pubkey!("Echo111111111111111111111111111111111111111");

/// An oracle that accepts every proof but sets no return data.
fn silent_oracle<'a>(_: &'a Pubkey, _: &'a [AccountInfo<'a>], _: &'a [u8]) -> ProgramResult {
    Ok(())
}

/// An oracle that has another program answer: it invokes its first account as a program.
fn relaying_oracle<'a>(
    _: &'a Pubkey,
    accounts: &'a [AccountInfo<'a>],
    _: &'a [u8],
) -> ProgramResult {
    let relay = &accounts[0];
    invoke(
        &Instruction {
            program_id: *relay.key,
            accounts: vec![],
            data: vec![],
        },
        std::slice::from_ref(relay),
    )
}

fn echo<'a>(_: &'a Pubkey, _: &'a [AccountInfo<'a>], _: &'a [u8]) -> ProgramResult {
    txline_interface::return_data::set(&[1]);
    Ok(())
}

native_builtin!(SilentOracle, NativeEntry::Plain(silent_oracle));
native_builtin!(RelayingOracle, NativeEntry::Plain(relaying_oracle));
native_builtin!(Echo, NativeEntry::Plain(echo));
native_builtin!(
    GenuineOracleCode,
    NativeEntry::Anchor {
        try_entry: mock_oracle::native::try_entry,
        instruction_name: mock_oracle::native::instruction_name,
    }
);

/// Replaces the oracle at the devnet id with one that returns nothing.
pub fn install_silent_oracle(svm: &mut LiteSVM) {
    svm.add_builtin(txline_interface::DEVNET_PROGRAM_ID, SilentOracle::register);
}

/// Replaces the oracle at the devnet id with one whose answer comes from [`ECHO_ID`].
pub fn install_relaying_oracle(svm: &mut LiteSVM) {
    svm.add_builtin(
        txline_interface::DEVNET_PROGRAM_ID,
        RelayingOracle::register,
    );
    svm.add_builtin(ECHO_ID, Echo::register);
}

/// The real mock oracle's code, deployed at `id` instead of a TxLINE address.
pub fn install_oracle_copy(svm: &mut LiteSVM, id: Pubkey) {
    svm.add_builtin(id, GenuineOracleCode::register);
}
