//! Data that comes from the network, in the four states the dashboard draws differently.

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Remote<T> {
    /// Nothing asked yet.
    #[default]
    Idle,
    Loading,
    Loaded(T),
    Failed(String),
}

impl<T> Remote<T> {
    pub fn loaded(&self) -> Option<&T> {
        match self {
            Self::Loaded(value) => Some(value),
            _ => None,
        }
    }
}
