//! TxLINE's published JSON shapes, shared by the client that reads them and the local stand-in
//! that serves them: fixtures, score records and stat validations.

mod fixture;
mod hash;
mod score_record;
mod stat_validation;

pub use fixture::FixtureJson;
pub use hash::JsonHash;
pub use score_record::{GAME_FINALISED, ScoreRecord, ScoreRecordJson};
pub use stat_validation::{NodeJson, StatJson, StatValidationJson, SummaryJson, UpdateStatsJson};

/// An answer or a file that parses as JSON but is not the published shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("{field}: {problem}")]
    BadHash { field: String, problem: String },
    #[error("{field}: {problem}")]
    Invalid { field: String, problem: String },
    #[error("{field} is missing beside {beside}")]
    Missing { field: String, beside: String },
}
