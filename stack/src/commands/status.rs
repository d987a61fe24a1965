use std::path::Path;
use std::process::ExitCode;

use fulltime_files::stack_record::StackRecord;

use super::print_endpoints;
use crate::error::StackError;

pub fn status(state_dir: &Path) -> Result<ExitCode, StackError> {
    match StackRecord::load(state_dir)? {
        Some(record) if record.supervisor.is_running() => {
            println!("A stack is running from {}:", state_dir.display());
            print_endpoints(&record, state_dir);
            Ok(ExitCode::SUCCESS)
        }
        _ => {
            println!("No stack is running from {}.", state_dir.display());
            Ok(ExitCode::FAILURE)
        }
    }
}
