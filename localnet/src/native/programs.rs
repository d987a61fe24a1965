use litesvm::LiteSVM;

/// Declares a runtime builtin named `$name` that runs the Anchor-style native entry `$entry`.
/// Register it with `svm.add_builtin(id, $name::register)` (trait `BuiltinFunctionDefinition`).
#[macro_export]
macro_rules! native_builtin {
    ($name:ident, $entry:path) => {
        $crate::native::__private::declare_process_instruction!($name, 1, |invoke_context| {
            $crate::native::run($entry, invoke_context)
        });
    };
}

native_builtin!(SettlementBuiltin, settlement::entry);
native_builtin!(MockOracleBuiltin, mock_oracle::entry);

/// Loads the settlement program and the mock oracle (at the TxLINE devnet id) into `svm`. Call it
/// again after anything that resets the program cache.
pub fn register_programs(svm: &mut LiteSVM) {
    use super::BuiltinFunctionDefinition;
    svm.add_builtin(settlement::ID, SettlementBuiltin::register);
    svm.add_builtin(mock_oracle::ID, MockOracleBuiltin::register);
}
