//! A timeline's node left running by `--to`: where it is, and the commands that open the
//! dashboard on it, act as one of the timeline's wallets there, and stop it.

use std::fmt;
use std::path::Path;

use serde::Serialize;

use super::terminal_text::escaped;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct NodeLeftRunning {
    pub rpc_url: String,
    pub state_dir: String,
    pub pid: u32,
    /// The timeline's wallets, by name, in the state directory's wallet book.
    pub wallets: Vec<String>,
    /// Opens the dashboard on the node.
    pub dashboard: String,
    /// A command as one of the wallets, when the timeline has any.
    pub as_wallet: Option<String>,
    /// Stops the node, then removes its directory (once it has stopped: it writes its chain
    /// there as it stops).
    pub stop: Vec<String>,
}

impl NodeLeftRunning {
    pub fn new(rpc_url: String, state_dir: &Path, pid: u32, wallets: Vec<String>) -> Self {
        let dir = shell_word(&state_dir.display().to_string());
        Self {
            rpc_url,
            state_dir: state_dir.display().to_string(),
            pid,
            dashboard: format!("fulltime --state-dir {dir}"),
            as_wallet: wallets
                .first()
                .map(|wallet| format!("fulltime --state-dir {dir} --keypair {wallet} balance")),
            wallets,
            stop: vec![format!("kill {pid}"), format!("rm -r {dir}")],
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
            "Node left running at {} (pid {}, state directory {})",
            escaped(&self.rpc_url),
            self.pid,
            escaped(&self.state_dir)
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
            "\nStop it: {}; once it has stopped, {}",
            self.stop.first().map_or("", String::as_str),
            escaped(self.stop.last().map_or("", String::as_str))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_name_the_directory_as_one_shell_word() {
        let left = NodeLeftRunning::new(
            "http://127.0.0.1:40123".into(),
            Path::new("/tmp/it's here"),
            4242,
            vec!["alice".into(), "bob".into()],
        );
        assert_eq!(left.dashboard, r"fulltime --state-dir '/tmp/it'\''s here'");
        assert_eq!(left.stop, ["kill 4242", r"rm -r '/tmp/it'\''s here'"]);
        let plain = NodeLeftRunning::new("u".into(), Path::new("/tmp/t-1"), 7, Vec::new());
        assert_eq!(plain.dashboard, "fulltime --state-dir /tmp/t-1");
        assert_eq!(plain.as_wallet, None);
        assert_eq!(
            plain.to_string(),
            "Node left running at u (pid 7, state directory /tmp/t-1)\nDashboard: fulltime \
             --state-dir /tmp/t-1\nStop it: kill 7; once it has stopped, rm -r /tmp/t-1"
        );
    }
}
