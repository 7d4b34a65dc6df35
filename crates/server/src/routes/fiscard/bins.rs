//! `GET fiscard/bins`: the BINs a card can be applied for, each with the terms its cards get
//! (public: the product page offers them before login).

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use super::TermsItem;
use crate::api::{Api, ApiResult, Reply};
use crate::services::bins;
use crate::state::AppState;

/// A BIN a card can be applied for, with the terms its cards get.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinItem {
    /// 6 to 8 digits.
    bin: String,
    /// The issuing region (ISO 3166-1 alpha-2).
    location_code: String,
    /// The card scheme (VISA, Mastercard…).
    org_name: String,
    currency: String,
    #[serde(flatten)]
    terms: TermsItem,
}

/// The BINs on offer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Bins {
    items: Vec<BinItem>,
}

/// The BINs on offer
///
/// Public: the product page shows them, and their terms, before login. statusCodes: 200.
#[utoipa::path(
    get,
    path = "/fiscard/bins",
    tag = "fiscard",
    responses((status = 200, body = Reply<Bins>))
)]
pub async fn list_bins(state: web::Data<AppState>) -> ApiResult<Bins> {
    let found = state.db.read(|conn| Ok(bins::enabled(conn)?)).await?;
    Ok(Api::ok(Bins {
        items: found
            .into_iter()
            .map(|b| BinItem {
                terms: TermsItem::of(&b.terms, &b.currency),
                bin: b.bin,
                location_code: b.location_code,
                org_name: b.org_name,
                currency: b.currency,
            })
            .collect(),
    }))
}
