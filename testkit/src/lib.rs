//! What Fulltime's tests and benchmarks share, kept out of the shipped crates: the in-process
//! chain and the lifecycle model ([`harness`]), the `localnet` binary as a child process
//! ([`process`]), a proxy that counts JSON-RPC requests and cuts connections ([`proxy`]) and
//! sample accounts ([`sample`]). The `soak` and `bench` binaries run on them.

pub mod harness;
pub mod process;
pub mod proxy;
pub mod sample;
