//! The market list's keys: acting on the selected market or as a wallet, creating markets, the
//! node's clock and faucet, how the list shows, reading the chain, saving the moment, recording.

use crossterm::event::KeyCode;

use crate::dashboard::keys::Binding;
use crate::dashboard::keys::Mode::{List, Timeline};
use crate::dashboard::message::Command;

pub const CLEAR_FILTER: Binding = Binding {
    name: "clear_filter",
    modes: &[List],
    keys: &[KeyCode::Esc],
    label: "Esc",
    hint: "clear filter",
    help: "Clear the filter",
    command: Command::Back,
    in_bar: false,
};

pub const DEPOSIT: Binding = Binding {
    name: "deposit",
    modes: &[List],
    keys: &[KeyCode::Char('d')],
    label: "d",
    hint: "deposit",
    help: "Deposit on YES or NO",
    command: Command::Deposit,
    in_bar: true,
};

pub const SETTLE: Binding = Binding {
    name: "settle",
    modes: &[List],
    keys: &[KeyCode::Char('s')],
    label: "s",
    hint: "settle",
    help: "Settle with a proof file",
    command: Command::Settle,
    in_bar: true,
};

pub const CLAIM: Binding = Binding {
    name: "claim",
    modes: &[List],
    keys: &[KeyCode::Char('c')],
    label: "c",
    hint: "claim",
    help: "Claim a winning payout",
    command: Command::Claim,
    in_bar: true,
};

pub const CLAIM_ALL: Binding = Binding {
    name: "claim_all",
    modes: &[List],
    keys: &[KeyCode::Char('C')],
    label: "C",
    hint: "claim all",
    help: "Claim and refund all owed",
    command: Command::ClaimAll,
    in_bar: false,
};

pub const ACTIVITY: Binding = Binding {
    name: "activity",
    modes: &[List],
    keys: &[KeyCode::Char('a')],
    label: "a",
    hint: "activity",
    help: "Inspect a sent transaction",
    command: Command::Activity,
    in_bar: false,
};

pub const POOL_HISTORY: Binding = Binding {
    name: "pool_history",
    modes: &[List],
    keys: &[KeyCode::Char('p')],
    label: "p",
    hint: "pool history",
    help: "A market's pools over time",
    command: Command::History,
    in_bar: false,
};

pub const WALLETS: Binding = Binding {
    name: "wallets",
    modes: &[List],
    keys: &[KeyCode::Char('W')],
    label: "W",
    hint: "wallets",
    help: "Act as another wallet of the book",
    command: Command::Wallets,
    in_bar: false,
};

pub const NEW_WALLET: Binding = Binding {
    name: "new_wallet",
    modes: &[List],
    keys: &[KeyCode::Char('+')],
    label: "+",
    hint: "new wallet",
    help: "A new funded wallet in the book",
    command: Command::NewWallet,
    in_bar: false,
};

pub const REFUND: Binding = Binding {
    name: "refund",
    modes: &[List],
    keys: &[KeyCode::Char('u')],
    label: "u",
    hint: "refund",
    help: "Refund the stake",
    command: Command::Refund,
    in_bar: true,
};

pub const NEW: Binding = Binding {
    name: "new",
    modes: &[List],
    keys: &[KeyCode::Char('n')],
    label: "n",
    hint: "new",
    help: "Create a market",
    command: Command::Create,
    in_bar: true,
};

pub const NEW_FROM_PROOF: Binding = Binding {
    name: "new_from_proof",
    modes: &[List],
    keys: &[KeyCode::Char('N')],
    label: "N",
    hint: "new from proof",
    help: "New market from a proof file",
    command: Command::CreateFromProof,
    in_bar: false,
};

pub const WARP: Binding = Binding {
    name: "warp",
    modes: &[List],
    keys: &[KeyCode::Char('w')],
    label: "w",
    hint: "warp",
    help: "Move the clock forward",
    command: Command::Warp,
    in_bar: true,
};

pub const FAUCET: Binding = Binding {
    name: "faucet",
    modes: &[List],
    keys: &[KeyCode::Char('f')],
    label: "f",
    hint: "faucet",
    help: "Test USDC from the faucet",
    command: Command::Faucet,
    in_bar: true,
};

pub const FILTER: Binding = Binding {
    name: "filter",
    modes: &[List],
    keys: &[KeyCode::Char('/')],
    label: "/",
    hint: "filter",
    help: "Filter by question or id",
    command: Command::Filter,
    in_bar: true,
};

pub const SORT: Binding = Binding {
    name: "sort",
    modes: &[List],
    keys: &[KeyCode::Char('o')],
    label: "o",
    hint: "sort",
    help: "Sort: id, close time, pool",
    command: Command::CycleSort,
    in_bar: true,
};

pub const BY_FIXTURE: Binding = Binding {
    name: "by_fixture",
    modes: &[List],
    keys: &[KeyCode::Char('v')],
    label: "v",
    hint: "by fixture",
    help: "Markets by fixture / one list",
    command: Command::ToggleGrouping,
    in_bar: true,
};

pub const ODDS: Binding = Binding {
    name: "odds",
    modes: &[List],
    keys: &[KeyCode::Char('%')],
    label: "%",
    hint: "odds",
    help: "Odds: implied % / decimal",
    command: Command::ToggleOdds,
    in_bar: false,
};

pub const MINE: Binding = Binding {
    name: "mine",
    modes: &[List],
    keys: &[KeyCode::Char('m')],
    label: "m",
    hint: "all/mine",
    help: "All markets / only mine",
    command: Command::ToggleMine,
    in_bar: true,
};

pub const REFRESH: Binding = Binding {
    name: "refresh",
    modes: &[List],
    keys: &[KeyCode::Char('r')],
    label: "r",
    hint: "refresh",
    help: "Read the chain now",
    command: Command::Refresh,
    in_bar: true,
};

pub const SNAPSHOT: Binding = Binding {
    name: "snapshot",
    modes: &[List],
    keys: &[KeyCode::Char('S')],
    label: "S",
    hint: "snapshot",
    help: "Save a chain snapshot",
    command: Command::Snapshot,
    in_bar: true,
};

pub const BUNDLE: Binding = Binding {
    name: "bundle",
    modes: &[List, Timeline],
    keys: &[KeyCode::Char('B')],
    label: "B",
    hint: "bundle",
    help: "Save a bundle of the moment",
    command: Command::Bundle,
    in_bar: false,
};

pub const RECORD: Binding = Binding {
    name: "record",
    modes: &[List],
    keys: &[KeyCode::Char('R')],
    label: "R",
    hint: "record",
    help: "Record hand actions / save",
    command: Command::Record,
    in_bar: false,
};
