//! How the list orders and lays out its markets, and writes their odds.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    #[default]
    Id,
    /// Soonest close first.
    CloseTime,
    /// Largest pool first.
    Pool,
}

impl Sort {
    pub fn next(self) -> Self {
        match self {
            Self::Id => Self::CloseTime,
            Self::CloseTime => Self::Pool,
            Self::Pool => Self::Id,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Id => "id",
            Self::CloseTime => "close time",
            Self::Pool => "pool",
        }
    }
}

/// How the list lays the markets out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grouping {
    #[default]
    Flat,
    /// Under a heading per fixture (its match where the catalog knows it), in the order the
    /// sort puts each fixture's first market.
    ByFixture,
}

impl Grouping {
    pub fn next(self) -> Self {
        match self {
            Self::Flat => Self::ByFixture,
            Self::ByFixture => Self::Flat,
        }
    }
}

/// How odds are written: implied probability, or decimal odds (the payout per USDC).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OddsDisplay {
    #[default]
    Percent,
    Decimal,
}

impl OddsDisplay {
    pub fn next(self) -> Self {
        match self {
            Self::Percent => Self::Decimal,
            Self::Decimal => Self::Percent,
        }
    }
}

/// A line of the list: a fixture's heading, or a market.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListRow {
    Fixture { fixture_id: i64, markets: usize },
    Market(u64),
}
