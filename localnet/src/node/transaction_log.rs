//! `localnet --log-transactions`: for every processed transaction, one line (local time, short
//! signature, `ok` or the error) and then its log messages indented, the way a validator's
//! `solana logs` shows them: `Program <id> invoke [1]`, `Program log: ...`, `Program <id> failed:
//! ...`.
//!
//! A transaction refused by the preflight simulation (what a client sending with preflight meets
//! for any program error) is not processed, and surfpool says only why: it gets one line,
//! `14:03:07.123 refused in preflight: <error>`, in place of surfpool's `surfnet error:
//! Transaction simulation failed: <error>` on stderr.
//!
//! The native programs' own lines are in the logs like any program's (`Program log: Instruction:
//! Deposit`, Anchor's `AnchorError thrown in ...`; see `native::anchor_log`). The preflight
//! refusal's logs go back to the client with its error; surfpool does not hand them to the node.
//!
//! Any program may log any text, so every line goes through the client's terminal escaping: a
//! log line that carries ESC, an OSC 52 clipboard sequence or a bidirectional override prints as
//! `\u{1b}`, never as what a terminal would obey.

use std::io::Write;

use fulltime_client::cluster::short_signature;
use fulltime_client::terminal_text::escaped;
use solana_transaction_error::TransactionError;

use super::surfpool::ProcessedTransaction;

/// Writes transaction blocks to stdout, each whole and flushed at once.
#[derive(Default)]
pub struct TransactionLog {
    /// surfpool reports a transaction that fails in execution twice in a row (from the SVM and
    /// from its locker); the second report is dropped. The signature's bytes.
    last_failed: Option<Vec<u8>>,
}

impl TransactionLog {
    /// Prints the block of one processed transaction; `time` is already formatted.
    pub fn record(
        &mut self,
        time: &str,
        meta: &ProcessedTransaction,
        error: Option<&TransactionError>,
    ) {
        if let Some(block) = self.block(time, meta, error) {
            print_now(&block);
        }
    }

    /// Prints the line of a transaction the preflight simulation refused.
    pub fn record_refusal(&mut self, time: &str, error: &str) {
        print_now(&format_refusal(time, error));
    }

    /// The block to print, or `None` for a repeated report of the same failure.
    fn block(
        &mut self,
        time: &str,
        meta: &ProcessedTransaction,
        error: Option<&TransactionError>,
    ) -> Option<String> {
        let signature: &[u8] = meta.signature.as_ref();
        // An unsigned report (an expired blockhash) cannot be told from another one.
        let known = signature.iter().any(|byte| *byte != 0);
        if error.is_some() {
            if known && self.last_failed.as_deref() == Some(signature) {
                return None;
            }
            self.last_failed = known.then(|| signature.to_vec());
        } else {
            self.last_failed = None;
        }
        Some(format_transaction(time, meta, error))
    }
}

/// Writes `text` to stdout in one piece and flushes it.
fn print_now(text: &str) {
    let mut stdout = std::io::stdout().lock();
    // A closed stdout only loses the log; the node keeps serving.
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// `14:03:07.123 refused in preflight: <error>`, ending in a newline.
pub fn format_refusal(time: &str, error: &str) -> String {
    format!("{time} refused in preflight: {}\n", escaped(error))
}

/// `14:03:07.123 5VER..kQUW ok` (or `failed: <error>`), then each log message indented by four
/// spaces, every line ending in a newline.
pub fn format_transaction(
    time: &str,
    meta: &ProcessedTransaction,
    error: Option<&TransactionError>,
) -> String {
    let outcome = match error {
        None => "ok".to_owned(),
        Some(error) => format!("failed: {}", escaped(&error.to_string())),
    };
    let mut block = format!("{time} {} {outcome}\n", short_signature(&meta.signature));
    for line in &meta.logs {
        block.push_str("    ");
        block.push_str(&escaped(line));
        block.push('\n');
    }
    block
}

#[cfg(test)]
mod tests {
    use solana_instruction::error::InstructionError;

    use super::*;

    fn meta(signature: [u8; 64], logs: &[&str]) -> ProcessedTransaction {
        ProcessedTransaction {
            signature: signature.into(),
            logs: logs.iter().map(|line| line.to_string()).collect(),
        }
    }

    #[test]
    fn a_block_is_a_summary_line_then_the_logs_indented() {
        let signature = [7; 64];
        let short = short_signature(&signature.into());
        let ok = meta(
            signature,
            &[
                "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]",
                "Program log: Instruction: InitializeMint2",
                "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success",
            ],
        );
        assert_eq!(
            format_transaction("14:03:07.123", &ok, None),
            format!(
                "14:03:07.123 {short} ok\n    Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]\n    Program log: Instruction: InitializeMint2\n    Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success\n"
            )
        );
        let error = TransactionError::InstructionError(0, InstructionError::Custom(6023));
        assert_eq!(
            format_transaction("14:03:08.000", &meta(signature, &[]), Some(&error)),
            format!(
                "14:03:08.000 {short} failed: Error processing Instruction 0: custom program error: 0x1787\n"
            )
        );
    }

    #[test]
    fn logs_that_steer_a_terminal_print_escaped() {
        let signature = [9; 64];
        let short = short_signature(&signature.into());
        let hostile = meta(
            signature,
            &[
                "Program log: \u{1b}[2J\u{1b}]52;c;cm0gLXJmIH4=\u{7}",
                "Program log: \u{202e}evil\u{202c}\nsecond line",
            ],
        );
        let block = format_transaction("14:03:07.123", &hostile, None);
        assert_eq!(
            block,
            format!(
                "14:03:07.123 {short} ok\n    Program log: \\u{{1b}}[2J\\u{{1b}}]52;c;cm0gLXJmIH4=\\u{{7}}\n    Program log: \\u{{202e}}evil\\u{{202c}}\\nsecond line\n"
            )
        );
        assert_eq!(
            format_refusal("t", "failed: \u{1b}]0;title\u{7}"),
            "t refused in preflight: failed: \\u{1b}]0;title\\u{7}\n"
        );
    }

    #[test]
    fn a_refusal_is_one_line() {
        assert_eq!(
            format_refusal(
                "14:03:09.500",
                "Error processing Instruction 0: custom program error: 0x1772"
            ),
            "14:03:09.500 refused in preflight: Error processing Instruction 0: custom program \
             error: 0x1772\n"
        );
    }

    #[test]
    fn a_failure_reported_twice_in_a_row_prints_once() {
        let mut log = TransactionLog::default();
        let error = TransactionError::InstructionError(0, InstructionError::Custom(1));
        let failed = meta([1; 64], &[]);
        let other = meta([2; 64], &[]);
        assert!(log.block("t", &failed, Some(&error)).is_some());
        assert!(log.block("t", &failed, Some(&error)).is_none());
        assert!(log.block("t", &other, None).is_some());
        assert!(
            log.block("t", &other, None).is_some(),
            "successes are never dropped"
        );
        // Failures without a signature (an expired blockhash) cannot be told apart: all print.
        let unsigned = meta([0; 64], &[]);
        let expired = TransactionError::BlockhashNotFound;
        assert!(log.block("t", &unsigned, Some(&expired)).is_some());
        assert!(log.block("t", &unsigned, Some(&expired)).is_some());
    }
}
