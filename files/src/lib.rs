//! Fulltime's local files, apart from the chain client: the formats the tools keep and hand
//! around (a chain snapshot and a bundle, both in one checksummed frame, `env.json`, the stack's
//! `stack.json`, the wallet book, keypair files), the state directory's lock, whether a process
//! a file names still runs, and the one way a file is written whole.
//! Nothing here talks to a node: the client depends on this crate (it finds `localnet` through
//! `env.json` and wallets through the book), and saves snapshots and bundles from a running node
//! itself.

pub mod bundle;
pub mod file_name;
pub mod framed;
pub mod keypair_file;
pub mod localnet_env;
pub mod running_process;
pub mod snapshot;
pub mod stack_record;
pub mod state_dir_lock;
pub mod wallet_book;
pub mod whole_file;
