//! The JSON views of the programs' types: the shapes `fulltime --json` prints, kept apart from
//! the chain types (whose names and encodings are the program's) and from the proof file format
//! (whose shapes are the proof files'), as agave's account-decoder keeps its views
//! apart. Each converts from the program's type; a side is [`crate::side::Side`] everywhere.

mod predicate;
mod terms;

pub use predicate::{ComparisonView, PredicateView};
pub use terms::{OpView, SecondStatView, TermsView};
