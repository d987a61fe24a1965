//! The default keys: one row per binding, in the order the hint bar and the help show them.
//! Each binding's `name` is what the key config file rebinds.
//!
//! A row lives with where it works: `shared.rs` holds the keys the panes, forms and popups share
//! (quitting, closing, the help, moving, a form's Enter and Backspace), `list.rs` the market
//! list's, `popups.rs` the forms' and the transaction inspector's own, `timeline.rs` the timeline
//! pane's and `logs.rs` the log view's; the table here puts them in their order.

mod list;
mod logs;
mod popups;
mod shared;
mod timeline;

use super::Binding;

/// Every default binding, in the order the hint bar and the help show them.
pub const BINDINGS: &[Binding] = &[
    shared::QUIT,
    shared::CLOSE,
    list::CLEAR_FILTER,
    shared::HELP,
    shared::UP,
    shared::DOWN,
    shared::PAGE_UP,
    shared::PAGE_DOWN,
    shared::FIRST,
    shared::LAST,
    list::DEPOSIT,
    list::SETTLE,
    list::CLAIM,
    list::CLAIM_ALL,
    list::ACTIVITY,
    list::POOL_HISTORY,
    list::WALLETS,
    list::NEW_WALLET,
    popups::COPY_SIGNATURE,
    list::REFUND,
    list::NEW,
    list::NEW_FROM_PROOF,
    popups::NEXT_FIELD,
    popups::PREVIOUS_FIELD,
    popups::NEXT_PROOF_TERMS,
    popups::PREVIOUS_PROOF_TERMS,
    list::WARP,
    list::FAUCET,
    list::FILTER,
    list::SORT,
    list::BY_FIXTURE,
    list::ODDS,
    list::MINE,
    logs::LOGS,
    list::REFRESH,
    list::SNAPSHOT,
    list::BUNDLE,
    timeline::TIMELINE,
    timeline::NEXT_STEP,
    timeline::STEP_BACK,
    timeline::RUN_TO,
    list::RECORD,
    logs::LOG_SWITCH,
    logs::LOG_FOLLOW,
    logs::LOG_LEFT,
    logs::LOG_RIGHT,
    shared::SUBMIT,
    popups::SIDE_SWITCH,
    popups::WARP_TARGET,
    shared::ERASE,
];
