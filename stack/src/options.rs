//! Where the stack listens and keeps its state: flags, each with an environment variable.

use std::path::{Path, PathBuf};

use fulltime_files::localnet_env::DEFAULT_STATE_DIR;

use crate::error::{StackError, io};

#[derive(Clone, Debug, clap::Args)]
pub struct StackOptions {
    /// The node's JSON-RPC port on 127.0.0.1.
    #[arg(long, env = "FULLTIME_RPC_PORT", default_value_t = 8899)]
    pub rpc_port: u16,
    /// The node's WebSocket port on 127.0.0.1.
    #[arg(long, env = "FULLTIME_WS_PORT", default_value_t = 8900)]
    pub ws_port: u16,
    /// The faucet's port on 127.0.0.1.
    #[arg(long, env = "FULLTIME_FAUCET_PORT", default_value_t = 8080)]
    pub faucet_port: u16,
    /// The local TxLINE API's port on 127.0.0.1 (`txline-api`).
    #[arg(long, env = "FULLTIME_TXLINE_PORT", default_value_t = 8090)]
    pub txline_port: u16,
    /// Keypairs, env.json, txline.toml, the logs (localnet.log, faucet.log, txline-api.log,
    /// stack.log) and stack.json.
    #[arg(long, env = "FULLTIME_STATE_DIR", default_value = DEFAULT_STATE_DIR)]
    pub state_dir: PathBuf,
    /// Where the `localnet`, `faucet`, `txline-api` and `fulltime` binaries are [default: beside
    /// this one].
    #[arg(long, env = "FULLTIME_BIN_DIR", value_name = "DIR")]
    pub bin_dir: Option<PathBuf>,
    /// Start the node on a new chain, deleting the one kept in the state directory (by default
    /// the node resumes it).
    #[arg(long, conflicts_with_all = ["snapshot", "bundle"])]
    pub reset: bool,
    /// Start the node from a snapshot (`fulltime snapshot save NAME`): a file, or a NAME in
    /// <state-dir>/snapshots/.
    #[arg(long, value_name = "PATH|NAME", conflicts_with = "bundle")]
    pub snapshot: Option<String>,
    /// Open the stack at a bundle's moment (`fulltime bundle save NAME`): its chain, its wallet
    /// book, its timeline and step (localnet's --bundle).
    #[arg(long, value_name = "FILE")]
    pub bundle: Option<PathBuf>,
    /// A web page that may call the node from a browser, its origin as the browser sends it
    /// (`http://localhost:5173`); repeat for more (localnet's --allow-origin). The node refuses
    /// every other page.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origins: Vec<String>,
    /// Serve the cheat codes that change programs and authorities (localnet's
    /// --unsafe-cheatcodes).
    #[arg(long)]
    pub unsafe_cheatcodes: bool,
}

impl StackOptions {
    /// The options with absolute paths, so that a detached supervisor and the parts agree on
    /// them whatever their working directory.
    pub fn resolved(mut self) -> Result<Self, StackError> {
        std::fs::create_dir_all(&self.state_dir).map_err(io(format!(
            "create the state directory {}",
            self.state_dir.display()
        )))?;
        self.state_dir = std::path::absolute(&self.state_dir).map_err(io("resolve --state-dir"))?;
        let bin_dir = match self.bin_dir.take() {
            Some(dir) => dir,
            None => std::env::current_exe()
                .map_err(io("find this program"))?
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default(),
        };
        self.bin_dir = Some(std::path::absolute(bin_dir).map_err(io("resolve --bin-dir"))?);
        // A snapshot given as a file is found from here, not from the supervisor's directory.
        if let Some(snapshot) = &self.snapshot
            && Path::new(snapshot).is_file()
        {
            let path = std::path::absolute(snapshot).map_err(io("resolve --snapshot"))?;
            self.snapshot = Some(path.display().to_string());
        }
        if let Some(bundle) = &self.bundle {
            self.bundle = Some(std::path::absolute(bundle).map_err(io("resolve --bundle"))?);
        }
        Ok(self)
    }

    /// The path of one of the stack's programs; it must exist.
    pub fn binary(&self, name: &'static str) -> Result<PathBuf, StackError> {
        let dir = self.bin_dir.clone().unwrap_or_default();
        let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        if path.is_file() {
            Ok(path)
        } else {
            Err(StackError::MissingBinary { name, dir })
        }
    }

    pub fn log(&self, part: &str) -> PathBuf {
        self.state_dir.join(format!("{part}.log"))
    }

    /// Everything passed on to `fulltime-stack supervise` by `up`.
    pub fn to_args(&self) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = vec![
            "--rpc-port".into(),
            self.rpc_port.to_string().into(),
            "--ws-port".into(),
            self.ws_port.to_string().into(),
            "--faucet-port".into(),
            self.faucet_port.to_string().into(),
            "--txline-port".into(),
            self.txline_port.to_string().into(),
            "--state-dir".into(),
            self.state_dir.clone().into(),
        ];
        if let Some(dir) = &self.bin_dir {
            args.extend(["--bin-dir".into(), dir.clone().into()]);
        }
        args.extend(self.chain_args());
        args.extend(self.front_args());
        args
    }

    /// What the node's fronts take, as `localnet`'s flags: the web pages allowed, and the
    /// unsafe cheat codes.
    pub fn front_args(&self) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = self
            .allow_origins
            .iter()
            .flat_map(|origin| ["--allow-origin".into(), origin.into()])
            .collect();
        if self.unsafe_cheatcodes {
            args.push("--unsafe-cheatcodes".into());
        }
        args
    }

    /// Which chain the node starts, as `localnet`'s flags: `--reset`, `--snapshot`,
    /// `--bundle`, or none to resume the kept chain.
    pub fn chain_args(&self) -> Vec<std::ffi::OsString> {
        match (&self.snapshot, &self.bundle, self.reset) {
            (Some(snapshot), _, _) => vec!["--snapshot".into(), snapshot.into()],
            (None, Some(bundle), _) => vec!["--bundle".into(), bundle.into()],
            (None, None, true) => vec!["--reset".into()],
            (None, None, false) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Flags {
        #[command(flatten)]
        options: StackOptions,
    }

    fn chain_args(flags: &[&str]) -> Vec<String> {
        let flags = Flags::try_parse_from(std::iter::once("stack").chain(flags.iter().copied()))
            .expect("flags parse");
        flags
            .options
            .chain_args()
            .into_iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn the_chain_flags_reach_localnet_and_the_detached_supervisor() {
        assert!(chain_args(&[]).is_empty(), "the kept chain is resumed");
        assert_eq!(chain_args(&["--reset"]), ["--reset"]);
        assert_eq!(
            chain_args(&["--snapshot", "bug-17"]),
            ["--snapshot", "bug-17"]
        );
        assert!(Flags::try_parse_from(["stack", "--reset", "--snapshot", "bug-17"]).is_err());
        assert_eq!(
            chain_args(&["--bundle", "/reports/bug-17.bundle"]),
            ["--bundle", "/reports/bug-17.bundle"]
        );
        assert!(Flags::try_parse_from(["stack", "--reset", "--bundle", "b.bundle"]).is_err());
        assert!(
            Flags::try_parse_from(["stack", "--snapshot", "s", "--bundle", "b.bundle"]).is_err()
        );
        let flags = Flags::try_parse_from(["stack", "--reset"]).expect("flags parse");
        let args = flags.options.to_args();
        assert_eq!(
            args.last().map(|arg| arg.to_string_lossy()),
            Some("--reset".into())
        );
    }

    #[test]
    fn the_fronts_flags_reach_localnet_and_the_detached_supervisor() {
        let flags = Flags::try_parse_from([
            "stack",
            "--allow-origin",
            "http://localhost:5173",
            "--unsafe-cheatcodes",
            "--allow-origin",
            "null",
        ])
        .expect("flags parse");
        let front_args: Vec<String> = flags
            .options
            .front_args()
            .into_iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            front_args,
            [
                "--allow-origin",
                "http://localhost:5173",
                "--allow-origin",
                "null",
                "--unsafe-cheatcodes"
            ]
        );
        let again =
            Flags::try_parse_from(std::iter::once("stack".into()).chain(flags.options.to_args()))
                .expect("the supervisor's flags parse");
        assert_eq!(again.options.allow_origins, flags.options.allow_origins);
        assert!(again.options.unsafe_cheatcodes);
        let none = Flags::try_parse_from(["stack"]).expect("flags parse");
        assert!(
            none.options.front_args().is_empty(),
            "no page, no unsafe cheat code by default"
        );
    }

    #[test]
    fn every_port_reaches_the_detached_supervisor() {
        let flags = Flags::try_parse_from([
            "stack",
            "--rpc-port",
            "9899",
            "--ws-port",
            "9900",
            "--faucet-port",
            "9080",
            "--txline-port",
            "9090",
        ])
        .expect("flags parse");
        let args = flags.options.to_args();
        let again = Flags::try_parse_from(std::iter::once("stack".into()).chain(args))
            .expect("the supervisor's flags parse");
        let ports = |options: &StackOptions| {
            [
                options.rpc_port,
                options.ws_port,
                options.faucet_port,
                options.txline_port,
            ]
        };
        assert_eq!(ports(&again.options), [9899, 9900, 9080, 9090]);
        assert_eq!(ports(&again.options), ports(&flags.options));
    }
}
