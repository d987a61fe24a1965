//! A program in a pseudo-terminal whose screen is kept up to date by a reader thread: how the
//! tests and the bench see the dashboard exactly as a user would.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, PtySize, native_pty_system};

/// The command that opens the `fulltime` dashboard at `binary` on the localnet of `state_dir`,
/// acting as `wallet`, with the repository's proof files and `faucet_url`'s faucet when given:
/// none of the caller's `FULLTIME_*` variables reaches it.
pub fn dashboard_command(
    binary: &Path,
    state_dir: &Path,
    wallet: &Path,
    faucet_url: Option<&str>,
) -> CommandBuilder {
    let mut command = CommandBuilder::new(binary);
    for variable in [
        "FULLTIME_URL",
        "FULLTIME_KEYPAIR",
        "FULLTIME_STATE_DIR",
        "FULLTIME_FAUCET_URL",
        "FULLTIME_PROOFS",
        "FULLTIME_TXLINE_URL",
        "FULLTIME_PRIORITY_FEE",
        "TXLINE_JWT",
        "TXLINE_API_TOKEN",
    ] {
        command.env_remove(variable);
    }
    command.env("TERM", "xterm-256color");
    command.args(["--url", "localnet", "--state-dir"]);
    command.arg(state_dir);
    command.arg("--keypair");
    command.arg(wallet);
    if let Some(url) = faucet_url {
        command.args(["--faucet-url", url]);
    }
    command.arg("--proofs");
    command.arg(crate::workspace_root().join("fixtures/generated"));
    command
}

pub struct PtyScreen {
    parser: Arc<Mutex<vt100::Parser>>,
    /// Hears from the reader thread once it has read the terminal to its end.
    drained: mpsc::Receiver<()>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// Kept open for the child's life: dropping it hangs the terminal up.
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl PtyScreen {
    pub fn spawn(command: CommandBuilder, rows: u16, cols: u16) -> Result<Self, String> {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(|error| format!("open a pty: {error}"))?;
        let child = pty
            .slave
            .spawn_command(command)
            .map_err(|error| format!("start the program: {error}"))?;
        let mut reader = pty
            .master
            .try_clone_reader()
            .map_err(|error| format!("read the pty: {error}"))?;
        let writer = pty
            .master
            .take_writer()
            .map_err(|error| format!("write the pty: {error}"))?;
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let screen = Arc::clone(&parser);
        let (done, drained) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0_u8; 8192];
            while let Ok(read) = reader.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                if let Ok(mut screen) = screen.lock() {
                    screen.process(&buffer[..read]);
                }
            }
            let _ = done.send(());
        });
        Ok(Self {
            parser,
            drained,
            writer,
            child,
            _master: pty.master,
        })
    }

    /// The screen's text, row by row.
    pub fn contents(&self) -> String {
        self.parser
            .lock()
            .map(|parser| parser.screen().contents())
            .unwrap_or_default()
    }

    /// Is the program on the alternate screen (a full-screen program that has not restored the
    /// terminal)?
    pub fn alternate_screen(&self) -> bool {
        self.parser
            .lock()
            .map(|parser| parser.screen().alternate_screen())
            .unwrap_or_default()
    }

    /// Waits until the screen shows every one of `texts`; the screen either way.
    pub fn wait_for(&self, texts: &[&str], limit: Duration) -> Result<String, String> {
        let started = Instant::now();
        loop {
            let screen = self.contents();
            if texts.iter().all(|text| screen.contains(text)) {
                return Ok(screen);
            }
            if started.elapsed() > limit {
                return Err(screen);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Types `keys`, one at a time, so that Esc followed by a letter is not read as Alt.
    pub fn press(&mut self, keys: &str) -> std::io::Result<()> {
        for key in keys.bytes() {
            self.writer.write_all(&[key])?;
            self.writer.flush()?;
            std::thread::sleep(Duration::from_millis(60));
        }
        Ok(())
    }

    pub fn process_id(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// The exit status, if the program ends within `limit`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
        let started = Instant::now();
        while started.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                // What the program wrote last may still be on its way to the screen: it is
                // there once the reader has read to the terminal's end (the last writer gone).
                let _ = self
                    .drained
                    .recv_timeout(limit.saturating_sub(started.elapsed()));
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for PtyScreen {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
