//! The flags, each with its environment variable where the stack shares one.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use fulltime_files::localnet_env::DEFAULT_STATE_DIR;

/// The port of `fulltime_client::txline::api::DEFAULT_LOCAL_API_URL`.
pub const DEFAULT_PORT: u16 = 8090;

#[derive(Debug, Clone, clap::Parser)]
#[command(
    version,
    about = "A local stand-in of TxLINE's HTTP API: the match catalog's fixtures, score records \
             and stat validations, in TxLINE's published shapes"
)]
pub struct Args {
    /// The port to listen on (0: any free one; the ready line names it).
    #[arg(long, env = "FULLTIME_TXLINE_PORT", default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: loopback unless told otherwise.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// Where `txline.toml` keeps the stand-in's credentials (created with them if missing).
    #[arg(long, env = "FULLTIME_STATE_DIR", default_value = DEFAULT_STATE_DIR)]
    pub state_dir: PathBuf,
}

impl Args {
    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(self.bind, self.port)
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[test]
    fn the_defaults_are_loopback_8090_and_the_stacks_state_directory() {
        let args = Args::try_parse_from(["txline-api"]).expect("no flags");
        assert_eq!(args.address(), SocketAddr::from(([127, 0, 0, 1], 8090)));
        assert_eq!(args.state_dir, PathBuf::from(".localnet"));
        let args =
            Args::try_parse_from(["txline-api", "--port", "0", "--bind", "::1"]).expect("flags");
        assert_eq!(args.address().to_string(), "[::1]:0");
        assert!(Args::try_parse_from(["txline-api", "--bind", "localhost"]).is_err());
    }
}
