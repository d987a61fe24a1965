//! Checks on the repository's Markdown, so that the READMEs cannot drift from the repository:
//! every relative link and image resolves, with its `#anchor` ([`links`]), each part's map
//! names every source folder of its crates, and nothing that is not there ([`maps`]), and each
//! drawing of the dashboard is the snapshot a test draws ([`captures`]), and nothing points
//! outside the repository ([`outside`]).
//!
//! Std only, and deliberately small: Markdown is read as far as the checks need
//! ([`markdown`]).

pub mod captures;
pub mod links;
pub mod maps;
pub mod markdown;
pub mod outside;
#[cfg(test)]
mod temp_tree;

pub use captures::{CaptureFault, capture_faults};
pub use links::{Broken, Link, broken_links, links};
pub use maps::{MapFault, map_faults};
pub use markdown::{anchors, markdown_files, slug};
pub use outside::{Outside, OutsideFault, outside_faults};
