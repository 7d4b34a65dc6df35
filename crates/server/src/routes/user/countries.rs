//! `GET user/country/list` (silent): every ISO 3166-1 country with its calling code and names.

use crate::api::{Api, ApiResult};

pub async fn list_countries() -> ApiResult {
    Ok(Api::ok(domain::country::list().collect::<Vec<_>>()))
}
