//! The panes, always on screen: the market list (or, in its place, the log view or the
//! timeline pane), the selected
//! market's detail with its pool history, the wallet and the activity.

pub mod activity;
pub mod detail;
pub mod history;
pub mod list;
pub mod logs;
pub mod timeline;
pub mod wallet;
