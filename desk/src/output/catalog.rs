//! What the match catalog `fixtures/matches.toml` (compiled in, through the catalog of the proof
//! files' crate) knows of a fixture: its name and the names of its participants, which name the
//! stat keys (`Arsenal first-half goals`).

use fulltime_client::txline::stat_key::Sides;
use fulltime_matches::catalog::{Catalog, Fixture};

/// The catalog's fixture `fixture_id`, when it has it.
pub fn fixture_match(fixture_id: i64) -> Option<&'static Fixture> {
    Catalog::committed().fixture(fixture_id)
}

/// The participants of `fixture_id`, participant 1 first, when the catalog knows it.
pub fn sides_of(fixture_id: i64) -> Option<Sides<'static>> {
    fixture_match(fixture_id).map(Fixture::sides)
}

/// `Arsenal v Chelsea`, or `fixture 18502399` for one the catalog does not know.
pub fn fixture_name(fixture_id: i64) -> String {
    fixture_match(fixture_id).map_or_else(|| format!("fixture {fixture_id}"), Fixture::name)
}

/// `Arsenal v Chelsea (fixture 18502311)`, or `fixture 18502399` for one the catalog does not know.
pub fn fixture_label(fixture_id: i64) -> String {
    fixture_match(fixture_id).map_or_else(
        || format!("fixture {fixture_id}"),
        |known| format!("{} (fixture {fixture_id})", known.name()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_names_its_matches_and_their_sides() {
        assert_eq!(fixture_name(18_502_311), "Arsenal v Chelsea");
        assert_eq!(
            fixture_match(18_502_311).map(|known| known.kickoff),
            Some(1_778_940_000_000)
        );
        assert_eq!(
            sides_of(18_502_311).map(|sides| sides.participant2),
            Some("Chelsea")
        );
        assert_eq!(fixture_name(1), "fixture 1");
        assert_eq!(
            fixture_label(18_502_311),
            "Arsenal v Chelsea (fixture 18502311)"
        );
        assert_eq!(fixture_label(1), "fixture 1");
        assert_eq!(sides_of(1), None);
    }
}
