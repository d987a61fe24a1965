pub mod claim;
pub mod create_market;
pub mod deposit;
pub mod initialize;
pub mod refund;
pub mod settle;
pub mod withdraw;

pub use claim::*;
pub use create_market::*;
pub use deposit::*;
pub use initialize::*;
pub use refund::*;
pub use settle::*;
pub use withdraw::*;
