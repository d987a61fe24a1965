//! Parsers for command-line values that the client does not define itself.

mod predicate;
mod when;

pub use predicate::{describe_predicate, parse_predicate};
pub use when::{When, WhenError, format_time};
