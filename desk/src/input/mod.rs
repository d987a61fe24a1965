//! Parsers for command-line values that the client does not define itself.

mod predicate;
mod span;
mod stat;
mod when;

pub use fulltime_client::time::{format_time, format_time_millis};
pub use predicate::{compare_text, parse_predicate};
pub use span::{DEFAULT_DISPUTE_WINDOW, format_span, format_span_short, parse_span};
pub use stat::{StatSpec, parse_stat};
pub use when::{When, WhenError};
