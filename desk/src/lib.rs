//! The desk: the floor both faces of `fulltime` (the command line and the dashboard) stand on.
//!
//! `global_args.rs` holds the flags every face takes and `session.rs` resolves them to a
//! cluster, a wallet and the one client; `actions/` is every thing a user does (its checks, its
//! refusal, the send, its receipt); `error/` is every failure with its report; `input/` and
//! `output/` are the values both faces read and the words and result types they show;
//! `timeline/` is the timeline engine (play, waves, expectations, invariants, the stepper and
//! the recorder). Nothing here draws or parses a command line: the faces do, in `fulltime`.

pub mod actions;
pub mod error;
pub mod global_args;
pub mod input;
pub mod output;
#[cfg(any(test, feature = "samples"))]
pub mod samples;
pub mod session;
pub mod timeline;
