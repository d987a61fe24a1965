use std::fmt;

use fulltime_client::errors::{ProgramFailure, explain_logs};
use solana_instruction::error::InstructionError;
use solana_transaction_error::TransactionError;

/// A transaction the runtime rejected, with its logs.
#[derive(Clone, Debug)]
pub struct TxFailure {
    pub error: TransactionError,
    pub logs: Vec<String>,
}

impl TxFailure {
    /// The custom program error code, if the failure is one.
    pub fn custom_code(&self) -> Option<u32> {
        match self.error {
            TransactionError::InstructionError(_, InstructionError::Custom(code)) => Some(code),
            _ => None,
        }
    }

    /// The settlement or oracle error behind the failure, named by the catalog.
    pub fn program_failure(&self) -> Option<ProgramFailure> {
        explain_logs(self.custom_code()?, &self.logs)
    }
}

impl fmt::Display for TxFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.program_failure() {
            Some(failure) => write!(f, "{failure}"),
            None => write!(f, "{}", self.error),
        }?;
        for line in &self.logs {
            write!(f, "\n  {line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for TxFailure {}
