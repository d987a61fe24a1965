//! The dashboard's forms and pickers: their state and their validation, drawn by `draw/popup.rs`.

mod confirm;
mod create;
mod deposit;
mod list_picker;
mod settle;
mod warp;

pub use confirm::Confirm;
pub use create::{CreateForm, FIELDS, HINTS};
pub use deposit::{DepositCheck, DepositForm};
pub use list_picker::ListPicker;
pub use settle::{SettlePicker, fits};
pub use warp::{WarpForm, WarpTarget};
