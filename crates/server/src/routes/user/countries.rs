//! `GET user/country/list` (silent): every ISO 3166-1 country with its calling code and names.

use domain::country::CountryEntry;

use crate::api::{Api, ApiResult, Reply};

/// The country list (silent)
///
/// Every ISO 3166-1 country with its calling code and names. statusCodes: 200.
#[utoipa::path(
    get,
    path = "/user/country/list",
    tag = "user",
    responses((status = 200, body = Reply<Vec<CountryEntry>>))
)]
pub async fn list_countries() -> ApiResult<Vec<CountryEntry>> {
    Ok(Api::ok(domain::country::list().collect::<Vec<_>>()))
}
