//! Starting the stack in order: the node (until it prints `ready`), then the faucet with the
//! node's mint authority (until its port answers). Each step says what it does and how long it
//! took; a part that fails is named with its log's last lines, and whatever started is stopped.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use fulltime_client::faucet::SERVING;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::localnet_env::READY;

use crate::error::StackError;
use crate::options::StackOptions;
use crate::part::{Part, Terminal};
use crate::record::{ProcessRecord, StackRecord};

/// The node and the faucet, both answering.
pub struct Stack {
    pub node: Part,
    pub faucet: Part,
    pub env: LocalnetEnv,
    pub faucet_url: String,
    pub options: StackOptions,
}

/// Starts the stack, printing progress to stdout.
pub async fn start(options: StackOptions) -> Result<Stack, StackError> {
    let started = Instant::now();
    println!(
        "Starting the local stack in {} (logs there: localnet.log, faucet.log)",
        options.state_dir.display()
    );

    let node_log = options.log("localnet");
    step(&format!(
        "localnet  starting on 127.0.0.1:{} (WebSocket {})",
        options.rpc_port, options.ws_port
    ));
    let mut node = Part::spawn(
        "localnet",
        &options.binary("localnet")?,
        node_args(&options),
        Terminal::Log(node_log),
    )?;
    let took = match node
        .wait_until(|node| node.logged(|line| line.starts_with(READY)))
        .await
    {
        Ok(took) => took,
        Err(error) => {
            node.stop().await;
            return Err(error);
        }
    };
    done("localnet", took);

    let env = match LocalnetEnv::load(&options.state_dir) {
        Ok(env) => env,
        Err(error) => {
            node.stop().await;
            return Err(error.into());
        }
    };
    step(&format!(
        "faucet    starting on 127.0.0.1:{}",
        options.faucet_port
    ));
    let faucet = start_faucet(&options, &env).await;
    let faucet = match faucet {
        Ok((faucet, took)) => {
            done("faucet", took);
            faucet
        }
        Err(error) => {
            node.stop().await;
            return Err(error);
        }
    };
    println!("Stack ready in {}", seconds(started.elapsed()));
    Ok(Stack {
        node,
        faucet,
        env,
        faucet_url: format!("http://127.0.0.1:{}", options.faucet_port),
        options,
    })
}

fn node_args(options: &StackOptions) -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = vec![
        "--rpc-port".into(),
        options.rpc_port.to_string().into(),
        "--ws-port".into(),
        options.ws_port.to_string().into(),
        "--state-dir".into(),
        options.state_dir.clone().into(),
        "--log-transactions".into(),
    ];
    args.extend(options.chain_args());
    args
}

async fn start_faucet(
    options: &StackOptions,
    env: &LocalnetEnv,
) -> Result<(Part, Duration), StackError> {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.faucet_port));
    let args: Vec<std::ffi::OsString> = vec![
        "--bind".into(),
        address.to_string().into(),
        "--rpc-url".into(),
        env.rpc_url.clone().into(),
        "--mint".into(),
        env.mint.to_string().into(),
        "--mint-authority".into(),
        env.mint_authority.clone().into(),
    ];
    let mut faucet = Part::spawn(
        "faucet",
        &options.binary("faucet")?,
        args,
        Terminal::Log(options.log("faucet")),
    )?;
    // The faucet logs this once it listens; a connection alone could reach whoever else holds
    // the port.
    match faucet
        .wait_until(|faucet| faucet.logged(|line| line.contains(SERVING)))
        .await
    {
        Ok(took) => Ok((faucet, took)),
        Err(error) => {
            faucet.stop().await;
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
            rpc_url: self.env.rpc_url.clone(),
            ws_url: self.env.ws_url.clone(),
            faucet_url: self.faucet_url.clone(),
            wallet: self.env.wallet.clone(),
            logs: vec![self.node.log.clone(), self.faucet.log.clone()],
        }
    }

    /// Writes `stack.json`; a stack that cannot be recorded is stopped.
    pub async fn save_record(&mut self) -> Result<(), StackError> {
        let saved = self.record().save(&self.options.state_dir);
        if saved.is_err() {
            self.stop().await;
        }
        saved
    }

    /// Stops the faucet, then the node.
    pub async fn stop(&mut self) {
        self.faucet.stop().await;
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
    println!("  {name:<9} ready in {}", seconds(took));
}

pub fn seconds(duration: Duration) -> String {
    format!("{:.2} s", duration.as_secs_f64())
}
