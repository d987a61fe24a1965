//! What Fulltime's tests and benchmarks share, kept out of the shipped crates: the in-process
//! chain and the lifecycle model ([`harness`]), the `localnet` binary as a child process
//! ([`process`]), a proxy that counts JSON-RPC requests and cuts connections ([`proxy`]), sample
//! accounts ([`sample`]) and markets as a chain kept from before may hold them ([`planted`]). The `soak` and `bench` binaries run on them.

pub mod harness;
pub mod planted;
pub mod process;
pub mod proxy;
pub mod sample;
