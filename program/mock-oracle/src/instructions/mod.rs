pub mod insert_scores_root;
pub mod validate_stat;

pub use insert_scores_root::*;
pub use validate_stat::*;
