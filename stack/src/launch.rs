//! Starting the stack in order: the node (until it prints `ready`), then the faucet with the
//! node's mint authority, then the local TxLINE API (each until it says it serves). Each step
//! says what it does and how long it took; a part that fails is named with its log's last
//! lines, and whatever started is stopped.

use std::ffi::OsString;
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use fulltime_client::faucet::SERVING as FAUCET_SERVING;
use fulltime_client::txline::api::SERVING as TXLINE_SERVING;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_files::localnet_env::READY;
use fulltime_files::stack_record::{ProcessRecord, StackRecord};

use crate::error::StackError;
use crate::options::StackOptions;
use crate::part::{Part, Terminal};

/// The node, the faucet and the local TxLINE API, all answering.
pub struct Stack {
    pub node: Part,
    pub faucet: Part,
    pub txline: Part,
    pub env: LocalnetEnv,
    pub faucet_url: String,
    /// The local TxLINE API's base URL, which its credentials in `txline.toml` are keyed by.
    pub txline_url: String,
    pub options: StackOptions,
}

/// Starts the stack, printing progress to stdout.
pub async fn start(options: StackOptions) -> Result<Stack, StackError> {
    let started = Instant::now();
    println!(
        "Starting the local stack in {} (logs there: localnet.log, faucet.log, txline-api.log)",
        options.state_dir.display()
    );

    let (mut node, env) = start_node(&options).await?;
    let mut faucet = match start_faucet(&options, &env).await {
        Ok(faucet) => faucet,
        Err(error) => {
            node.stop().await;
            return Err(error);
        }
    };
    let txline_url = format!("http://127.0.0.1:{}", options.txline_port);
    let txline = match start_txline(&options, &txline_url).await {
        Ok(txline) => txline,
        Err(error) => {
            faucet.stop().await;
            node.stop().await;
            return Err(error);
        }
    };
    println!("Stack ready in {}", seconds(started.elapsed()));
    Ok(Stack {
        node,
        faucet,
        txline,
        env,
        faucet_url: format!("http://127.0.0.1:{}", options.faucet_port),
        txline_url,
        options,
    })
}

/// The node, once it printed `ready`, and the `env.json` it wrote; stopped when either fails.
async fn start_node(options: &StackOptions) -> Result<(Part, LocalnetEnv), StackError> {
    let node_log = options.log("localnet");
    step(&format!(
        "localnet   starting on 127.0.0.1:{} (WebSocket {})",
        options.rpc_port, options.ws_port
    ));
    let mut node = Part::spawn(
        "localnet",
        &options.binary("localnet")?,
        node_args(options),
        Terminal::Log(node_log),
    )?;
    let took = match node.wait_until_logged(|line| line.starts_with(READY)).await {
        Ok(took) => took,
        Err(error) => {
            node.stop().await;
            return Err(error);
        }
    };
    done("localnet", took);

    match LocalnetEnv::load(&options.state_dir) {
        Ok(env) => Ok((node, env)),
        Err(error) => {
            node.stop().await;
            Err(error.into())
        }
    }
}

/// The faucet with the node's mint authority (from `env`), once it says it serves.
async fn start_faucet(options: &StackOptions, env: &LocalnetEnv) -> Result<Part, StackError> {
    step(&format!(
        "faucet     starting on 127.0.0.1:{}",
        options.faucet_port
    ));
    let (faucet, took) = start_server(options, "faucet", faucet_args(options, env), |line| {
        line.contains(FAUCET_SERVING)
    })
    .await?;
    done("faucet", took);
    Ok(faucet)
}

/// The local TxLINE API, once it says it serves at `txline_url`.
async fn start_txline(options: &StackOptions, txline_url: &str) -> Result<Part, StackError> {
    step(&format!(
        "txline-api starting on 127.0.0.1:{}",
        options.txline_port
    ));
    let serving = format!("{TXLINE_SERVING} {txline_url}");
    let (txline, took) = start_server(options, "txline-api", txline_args(options), |line| {
        line == serving
    })
    .await?;
    done("txline-api", took);
    Ok(txline)
}

fn node_args(options: &StackOptions) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec![
        "--rpc-port".into(),
        options.rpc_port.to_string().into(),
        "--ws-port".into(),
        options.ws_port.to_string().into(),
        "--state-dir".into(),
        options.state_dir.clone().into(),
        "--log-transactions".into(),
    ];
    args.extend(options.chain_args());
    args.extend(options.front_args());
    args
}

fn faucet_args(options: &StackOptions, env: &LocalnetEnv) -> Vec<OsString> {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.faucet_port));
    vec![
        "--bind".into(),
        address.to_string().into(),
        "--rpc-url".into(),
        env.rpc_url.clone().into(),
        "--mint".into(),
        env.mint.to_string().into(),
        "--mint-authority".into(),
        env.mint_authority.clone().into(),
    ]
}

/// On loopback, its credentials in the stack's state directory, where `fulltime` finds them.
fn txline_args(options: &StackOptions) -> Vec<OsString> {
    vec![
        "--bind".into(),
        Ipv4Addr::LOCALHOST.to_string().into(),
        "--port".into(),
        options.txline_port.to_string().into(),
        "--state-dir".into(),
        options.state_dir.clone().into(),
    ]
}

/// Starts the program `name` with its output in `<name>.log`, and waits until it logs a line
/// that says it serves: a connection alone could reach whoever else holds the port.
async fn start_server(
    options: &StackOptions,
    name: &'static str,
    args: Vec<OsString>,
    serving: impl Fn(&str) -> bool,
) -> Result<(Part, Duration), StackError> {
    let mut server = Part::spawn(
        name,
        &options.binary(name)?,
        args,
        Terminal::Log(options.log(name)),
    )?;
    match server.wait_until_logged(serving).await {
        Ok(took) => Ok((server, took)),
        Err(error) => {
            server.stop().await;
            Err(error)
        }
    }
}

impl Stack {
    pub fn record(&self) -> StackRecord {
        StackRecord {
            supervisor: ProcessRecord {
                pid: std::process::id(),
                program: std::env::current_exe()
                    .ok()
                    .and_then(|path| path.file_name().map(|name| name.to_owned()))
                    .map(|name| name.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            },
            node: process_record(&self.node),
            faucet: process_record(&self.faucet),
            txline: Some(process_record(&self.txline)),
            rpc_url: self.env.rpc_url.clone(),
            ws_url: self.env.ws_url.clone(),
            faucet_url: self.faucet_url.clone(),
            txline_url: Some(self.txline_url.clone()),
            wallet: self.env.wallet.clone(),
            logs: vec![
                self.node.log.clone(),
                self.faucet.log.clone(),
                self.txline.log.clone(),
            ],
        }
    }

    /// Writes `stack.json`; a stack that cannot be recorded is stopped.
    pub async fn save_record(&mut self) -> Result<(), StackError> {
        let saved = self
            .record()
            .save(&self.options.state_dir)
            .map_err(StackError::from);
        if saved.is_err() {
            self.stop().await;
        }
        saved
    }

    /// The running part called `name`.
    pub fn part(&self, name: &str) -> Option<&Part> {
        [&self.node, &self.faucet, &self.txline]
            .into_iter()
            .find(|part| part.name == name)
    }

    /// Stops the faucet and the TxLINE API, then the node.
    pub async fn stop(&mut self) {
        self.faucet.stop().await;
        self.txline.stop().await;
        self.node.stop().await;
    }
}

fn process_record(part: &Part) -> ProcessRecord {
    ProcessRecord {
        pid: part.pid,
        program: part.program.clone(),
    }
}

fn step(what: &str) {
    println!("  {what} ...");
}

fn done(name: &str, took: Duration) {
    println!("  {name:<10} ready in {}", seconds(took));
}

pub fn seconds(duration: Duration) -> String {
    format!("{:.2} s", duration.as_secs_f64())
}
