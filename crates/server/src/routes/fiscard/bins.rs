//! `GET fiscard/bins`: the BINs a card can be applied for, each with the terms its cards get
//! (public: the product page offers them before login).

use actix_web::web;
use serde::Serialize;

use super::TermsItem;
use crate::api::{Api, ApiResult};
use crate::services::bins;
use crate::state::AppState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BinItem {
    bin: String,
    location_code: String,
    org_name: String,
    currency: String,
    #[serde(flatten)]
    terms: TermsItem,
}

#[derive(Serialize)]
struct Bins {
    items: Vec<BinItem>,
}

pub async fn list_bins(state: web::Data<AppState>) -> ApiResult {
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
