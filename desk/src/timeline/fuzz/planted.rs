//! A wrong prediction planted in the model, to prove that the fuzz finds a divergence, shrinks it
//! and writes a file that fails the same way. Only a build with the `planted-bug` feature (the
//! tests' build of `fulltime`) reads the switch; a shipped build has none.

/// The variable that plants a bug, in a build with the `planted-bug` feature.
pub const PLANT_VARIABLE: &str = "FULLTIME_FUZZ_PLANT";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Planted {
    /// A winner is predicted one base unit more than its pro-rata share.
    WinnerPaidOneMore,
}

impl Planted {
    /// `winner-paid-one-more` in [`PLANT_VARIABLE`], in a build that reads it.
    pub fn from_env() -> Option<Self> {
        #[cfg(feature = "planted-bug")]
        {
            let planted = std::env::var(PLANT_VARIABLE).ok()?;
            (planted == "winner-paid-one-more").then_some(Self::WinnerPaidOneMore)
        }
        #[cfg(not(feature = "planted-bug"))]
        None
    }
}
