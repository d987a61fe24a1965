//! How the Fulltime tools start a program of the stack (the node, the faucet, the local TxLINE
//! API) as a child and know when it serves: the ports it is given ([`free_ports`]), and the wait
//! for the line it prints once it serves ([`wait_for_line`]), under one deadline
//! ([`READY_DEADLINE`]). The supervisor (`fulltime-stack`), `fulltime timeline run`'s own node and
//! the test kit all start their children with these, so that a loaded machine, a port taken
//! between its choice and its use, or a child that dies at start-up are met the same way.
//!
//! How the child is spawned and stopped stays with each: the supervisor's parts die with it and
//! are stopped in order; a timeline's node may be left running; a test's node is killed with
//! the test.

mod ports;
mod ready;

pub use ports::free_ports;
pub use ready::{NotReady, READY_DEADLINE, READY_POLL, wait_for_line, wait_for_line_blocking};
