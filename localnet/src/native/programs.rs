use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::bpf_loader_upgradeable::{self, UpgradeableLoaderState};
use litesvm::LiteSVM;
use solana_account::Account;

/// Declares a runtime builtin named `$name` that runs `$entry`, a [`NativeEntry`](super::NativeEntry).
/// Register it with `svm.add_builtin(id, $name::register)` (trait `BuiltinFunctionDefinition`).
#[macro_export]
macro_rules! native_builtin {
    ($name:ident, $entry:expr) => {
        $crate::native::__private::declare_process_instruction!($name, 1, |invoke_context| {
            $crate::native::run($entry, invoke_context)
        });
    };
}

/// An Anchor program's native entry: its dispatch and the names of its instructions.
macro_rules! anchor_entry {
    ($try_entry:path, $program:ident) => {
        super::NativeEntry::Anchor {
            try_entry: $try_entry,
            instruction_name: $program::native::instruction_name,
        }
    };
}

native_builtin!(
    SettlementBuiltin,
    anchor_entry!(settlement::native::try_entry, settlement)
);
native_builtin!(
    MockOracleBuiltin,
    anchor_entry!(mock_oracle::native::try_entry, mock_oracle)
);
native_builtin!(
    MockOracleFailingBuiltin,
    anchor_entry!(
        mock_oracle::native::try_entry_failing_false_predicates,
        mock_oracle
    )
);
native_builtin!(
    MainnetMockOracleBuiltin,
    anchor_entry!(mock_oracle_mainnet::native::try_entry, mock_oracle_mainnet)
);
native_builtin!(
    MainnetMockOracleFailingBuiltin,
    anchor_entry!(
        mock_oracle_mainnet::native::try_entry_failing_false_predicates,
        mock_oracle_mainnet
    )
);

/// What the mock oracle does with a predicate that does not hold. The real oracle's choice is
/// unknown (see `mock_oracle::false_predicate`), so tests run the settlement program against
/// both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FalsePredicate {
    /// Return `false`, as `validate_stat`'s `bool` result suggests.
    #[default]
    ReturnFalse,
    /// Fail with `PredicateFailed` (6021).
    Fail,
}

impl FalsePredicate {
    pub const BOTH: [Self; 2] = [Self::ReturnFalse, Self::Fail];
}

/// Loads the settlement program and the mock oracle at both TxLINE ids (devnet and mainnet) into
/// `svm`. Call it again after anything that resets the program cache.
pub fn register_programs(svm: &mut LiteSVM, false_predicate: FalsePredicate) {
    use super::BuiltinFunctionDefinition;
    svm.add_builtin(settlement::ID, SettlementBuiltin::register);
    match false_predicate {
        FalsePredicate::ReturnFalse => {
            svm.add_builtin(mock_oracle::ID, MockOracleBuiltin::register);
            svm.add_builtin(mock_oracle_mainnet::ID, MainnetMockOracleBuiltin::register);
        }
        FalsePredicate::Fail => {
            svm.add_builtin(mock_oracle::ID, MockOracleFailingBuiltin::register);
            svm.add_builtin(
                mock_oracle_mainnet::ID,
                MainnetMockOracleFailingBuiltin::register,
            );
        }
    }
}

/// Who deployed the programs, as the upgradeable loader records it: the settlement program's
/// upgrade authority is the only key `initialize` accepts, and the mock oracle's (at both TxLINE
/// ids) the only key that may post roots to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deployment {
    pub settlement_authority: Pubkey,
    pub oracle_authority: Pubkey,
}

impl Deployment {
    /// The program-data accounts a deploy through the upgradeable loader leaves, for the
    /// settlement program and the mock oracle at both ids.
    pub fn program_data_accounts(&self) -> [(Pubkey, Account); 3] {
        [
            program_data(settlement::ID, self.settlement_authority),
            program_data(mock_oracle::ID, self.oracle_authority),
            program_data(mock_oracle_mainnet::ID, self.oracle_authority),
        ]
    }
}

/// `program`'s program-data account naming `upgrade_authority`. A native program has no ELF, so
/// the account holds the loader's header alone.
fn program_data(program: Pubkey, upgrade_authority: Pubkey) -> (Pubkey, Account) {
    let state = UpgradeableLoaderState::ProgramData {
        slot: 0,
        upgrade_authority_address: Some(upgrade_authority),
    };
    // The loader's state is a fixed bincode layout; serializing it into memory cannot fail.
    let data = bincode::serialize(&state).expect("serialize the loader state");
    let account = Account {
        // Rent-exempt for its size on any cluster with the default rent.
        lamports: 1_000_000_000,
        data,
        owner: bpf_loader_upgradeable::ID,
        executable: false,
        rent_epoch: 0,
    };
    (fulltime_client::pda::program_data_of(&program), account)
}
