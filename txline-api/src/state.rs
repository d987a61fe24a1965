//! What every request shares: the catalog it serves and the credentials it accepts.

use std::sync::Arc;

use fulltime_client::txline::api::Credentials;
use fulltime_matches::catalog::Catalog;

#[derive(Clone)]
pub struct AppState {
    pub catalog: &'static Catalog,
    pub credentials: Arc<Credentials>,
}

impl AppState {
    pub fn new(catalog: &'static Catalog, credentials: Credentials) -> Self {
        Self {
            catalog,
            credentials: Arc::new(credentials),
        }
    }
}
