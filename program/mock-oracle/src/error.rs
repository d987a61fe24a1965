//! The oracle's error catalog is part of the interface, so it lives in `txline-interface`.

pub use txline_interface::OracleError;
