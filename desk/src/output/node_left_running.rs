//! A timeline's node left running by `--to`, with its faucet and its TxLINE API: where they are,
//! and the commands that open the dashboard on them, act as one of the timeline's wallets there,
//! and stop them.

use std::fmt;
use std::path::Path;

use fulltime_client::terminal_text::escaped;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct NodeLeftRunning {
    pub rpc_url: String,
    pub state_dir: String,
    pub pid: u32,
    /// The node's faucet, its base URL (`--faucet-url`).
    pub faucet_url: String,
    pub faucet_pid: u32,
    /// The node's TxLINE API, its base URL (`--txline-url`).
    pub txline_url: String,
    pub txline_pid: u32,
    /// The timeline's wallets, by name, in the state directory's wallet book.
    pub wallets: Vec<String>,
    /// Opens the dashboard on the node, its faucet and its TxLINE API.
    pub dashboard: String,
    /// A command as one of the wallets, when the timeline has any.
    pub as_wallet: Option<String>,
    /// Stops the node and the faucet, then removes the directory (once the node has stopped: it
    /// writes its chain there as it stops).
    pub stop: Vec<String>,
}

/// What was left running, before it is worded.
pub struct LeftRunning<'a> {
    pub rpc_url: String,
    pub state_dir: &'a Path,
    pub pid: u32,
    pub faucet_url: String,
    pub faucet_pid: u32,
    pub txline_url: String,
    pub txline_pid: u32,
    pub wallets: Vec<String>,
}

impl NodeLeftRunning {
    pub fn new(left: LeftRunning<'_>) -> Self {
        let dir = shell_word(&left.state_dir.display().to_string());
        let faucet = shell_word(&left.faucet_url);
        let txline = shell_word(&left.txline_url);
        Self {
            dashboard: format!(
                "fulltime --state-dir {dir} --faucet-url {faucet} --txline-url {txline}"
            ),
            as_wallet: left
                .wallets
                .first()
                .map(|wallet| format!("fulltime --state-dir {dir} --keypair {wallet} balance")),
            stop: vec![
                format!("kill {} {} {}", left.pid, left.faucet_pid, left.txline_pid),
                format!("rm -r {dir}"),
            ],
            rpc_url: left.rpc_url,
            state_dir: left.state_dir.display().to_string(),
            pid: left.pid,
            faucet_url: left.faucet_url,
            faucet_pid: left.faucet_pid,
            txline_url: left.txline_url,
            txline_pid: left.txline_pid,
            wallets: left.wallets,
        }
    }
}

/// `text` as one shell word: as it is when it holds nothing a shell reads, else single-quoted.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '-' | '_' | ':');
    if !text.is_empty() && text.chars().all(plain) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// ```text
/// Node left running at http://127.0.0.1:40123 (pid 4242, state directory /tmp/fulltime-timeline-...)
/// Dashboard: fulltime --state-dir /tmp/fulltime-timeline-...
/// ...
/// ```
impl fmt::Display for NodeLeftRunning {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "Node left running at {} (pid {}, state directory {}), its faucet at {} (pid {}), \
             its TxLINE API at {} (pid {})",
            escaped(&self.rpc_url),
            self.pid,
            escaped(&self.state_dir),
            escaped(&self.faucet_url),
            self.faucet_pid,
            escaped(&self.txline_url),
            self.txline_pid
        )?;
        write!(formatter, "Dashboard: {}", escaped(&self.dashboard))?;
        if let Some(as_wallet) = &self.as_wallet {
            write!(
                formatter,
                "\nAs a wallet of the timeline ({}): {}",
                escaped(&self.wallets.join(", ")),
                escaped(as_wallet)
            )?;
        }
        write!(
            formatter,
            "\nStop them: {}; once the node has stopped, {}",
            self.stop.first().map_or("", String::as_str),
            escaped(self.stop.last().map_or("", String::as_str))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(state_dir: &Path, wallets: &[&str]) -> NodeLeftRunning {
        NodeLeftRunning::new(LeftRunning {
            rpc_url: "http://127.0.0.1:40123".into(),
            state_dir,
            pid: 7,
            faucet_url: "http://127.0.0.1:40125".into(),
            faucet_pid: 8,
            txline_url: "http://127.0.0.1:40127".into(),
            txline_pid: 9,
            wallets: wallets.iter().map(|&wallet| wallet.to_owned()).collect(),
        })
    }

    #[test]
    fn the_commands_name_the_directory_as_one_shell_word() {
        let quoted = left(Path::new("/tmp/it's here"), &["alice", "bob"]);
        assert_eq!(
            quoted.dashboard,
            r"fulltime --state-dir '/tmp/it'\''s here' --faucet-url http://127.0.0.1:40125 --txline-url http://127.0.0.1:40127"
        );
        assert_eq!(quoted.stop, ["kill 7 8 9", r"rm -r '/tmp/it'\''s here'"]);
        assert_eq!(
            quoted.as_wallet.as_deref(),
            Some(r"fulltime --state-dir '/tmp/it'\''s here' --keypair alice balance")
        );
        let plain = left(Path::new("/tmp/t-1"), &[]);
        assert_eq!(plain.as_wallet, None);
        assert_eq!(
            plain.to_string(),
            "Node left running at http://127.0.0.1:40123 (pid 7, state directory /tmp/t-1), its \
             faucet at http://127.0.0.1:40125 (pid 8), its TxLINE API at http://127.0.0.1:40127 \
             (pid 9)\nDashboard: fulltime --state-dir /tmp/t-1 --faucet-url \
             http://127.0.0.1:40125 --txline-url http://127.0.0.1:40127\nStop them: kill 7 8 9; \
             once the node has stopped, rm -r /tmp/t-1"
        );
    }
}
