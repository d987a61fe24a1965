//! The Fulltime programs inside a real Solana runtime: natively compiled and registered as
//! builtins ([`native`]), served as a local node ([`node`]). The in-process test chain built on
//! the same adapter is in the test kit (`fulltime-testkit`).

pub mod native;
pub mod node;
