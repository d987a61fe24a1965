use std::process::ExitCode;

use fulltime_files::stack_record::StackRecord;

use crate::error::StackError;
use crate::launch;
use crate::options::StackOptions;
use crate::watch::{conclude, until_ending};

/// The stack without a dashboard, until SIGTERM (`just down`) or a part stops; its output is
/// `up`'s `stack.log`.
pub async fn supervise(options: StackOptions) -> Result<ExitCode, StackError> {
    let options = options.resolved()?;
    let mut stack = launch::start(options.clone()).await?;
    stack.save_record().await?;
    let ending = until_ending(&mut stack, None).await;
    stack.stop().await;
    StackRecord::remove(&options.state_dir);
    conclude(ending, &stack)
}
