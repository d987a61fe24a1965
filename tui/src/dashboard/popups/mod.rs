//! The popups over the dashboard, each a [`Popup`](super::component::Popup) in a folder (or a
//! file, for the small ones) of its own: its state, its keys, its update and its draw, with its
//! tests beside it. The router opens each with the function named here.

pub mod activity;
pub mod claim_all;
pub mod confirm;
pub mod create;
pub mod deposit;
pub mod drop_branch;
pub mod failure;
pub mod frame;
pub mod help;
pub mod inspector;
pub mod list_picker;
pub mod progress;
pub mod settle;
pub mod timelines;
pub mod wallets;
pub mod warp;
