//! The timeline engine: a match day written as a file (`fulltime_matches::timeline`) played
//! through the action layer against a node that runs, and checked against what the file expects
//! from the chain. Where the node comes from is the host's (`fulltime timeline run` starts one of
//! its own, or takes `--url`'s; the dashboard's timeline pane uses its own node).
//!
//! `play/` makes the wallets and markets and plays the steps; `waves.rs` splits a step's actions
//! into those sent together; `expect.rs` reads a step's expectations from the chain;
//! `invariants.rs` checks the rules every step must leave true; `stages.rs` names the stage
//! each market is left in; `given_node.rs` checks a given
//! node's clock before anything is sent; `book.rs` writes a cast's wallets into the wallet book;
//! the result is `output::timeline`. `stepper.rs` plays a timeline a step at a time on a node
//! that runs, a checkpoint kept before each step, for the dashboard's timeline pane (`play/`'s
//! `set_up` and `play_step` are what both use). `record/` turns hand actions into a timeline file
//! (the dashboard's recording). `fuzz/` draws random match days from a seed, predicted by a model
//! of the contract, plays them on one node and shrinks one that diverges to a timeline file.

mod book;
pub mod coverage;
mod expect;
pub mod fuzz;
mod given_node;
mod invariants;
pub mod play;
pub mod record;
pub mod stages;
mod stepper;
mod waves;

pub use self::book::write_into_book;
pub use self::given_node::check_clock_before_first_step;
pub use self::play::{Cast, Stepped, cast_of};
pub use self::stepper::Stepper;
