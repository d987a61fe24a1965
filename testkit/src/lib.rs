//! What Fulltime's tests and benchmarks share, kept out of the shipped crates: the `localnet`
//! binary as a child process ([`process`]), a proxy that counts JSON-RPC requests and cuts
//! connections ([`proxy`]), a program in a pseudo-terminal and its screen ([`pty`]), sample
//! accounts ([`sample`]), markets as a chain kept from before may hold them ([`planted`]), Anchor's
//! TypeScript client installed and run ([`anchor_ts`]), the deepest proof a settle promises to
//! carry ([`deep_proof`]), the local TxLINE API as a child process ([`txline_process`]) and the
//! workspace's root. The in-process
//! chain, which needs the node's crate, is `fulltime-harness`.

pub mod anchor_ts;
pub mod deep_proof;
pub mod planted;
pub mod process;
pub mod proxy;
pub mod pty;
pub mod sample;
pub mod txline_process;

pub use fulltime_workspace::workspace_root;
