//! The endpoints, one file per kind of answer, each in TxLINE's published shape.

pub mod fixtures;
pub mod scores;
pub mod stat_validation;

/// The five-minute slot path: `/api/scores/updates/{epochDay}/{hourOfDay}/{interval}`. The
/// client reads no updates, so the path is the stand-in's alone.
pub const UPDATES_PATH: &str = "/api/scores/updates";
