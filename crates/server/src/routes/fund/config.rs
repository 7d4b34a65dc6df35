//! `GET config?productId=…[&positionId=…]`: the contexts of the subscribe and redeem forms,
//! as the server will read them under the user's lock.

use actix_web::web;
use serde::Deserialize;
use utoipa::IntoParams;

use super::items::FundConfig;
use super::{position_not_found, product_of, today};
use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::fund::{orders, positions};
use crate::state::AppState;

/// Which product (and fixed position).
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfigQuery {
    /// The product's `productId`.
    product_id: String,
    /// A fixed position of the user's (the `id` of its subscription): the redeem form's.
    position_id: Option<String>,
}

/// The fund forms' contexts
///
/// What `validate("fundSubscribe" | "fundRedeem", …)` and the previews take, unchanged: the
/// product, today's business date, the user's balances (wallet, USD account, usable current
/// shares) and what the product still takes from them; the current product's usable shares or
/// the fixed position's principal to redeem. An unknown product, or a position that is not the
/// user's, answers 404. statusCodes: 200, 101, 404.
#[utoipa::path(
    get,
    path = "/config",
    tag = "fund",
    params(ConfigQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FundConfig>))
)]
pub async fn show_fund_config(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ConfigQuery>,
) -> ApiResult<FundConfig> {
    let (user_id, query, today) = (user.0.user_id, query.into_inner(), today(&state));
    let config = state
        .db
        .read(move |conn| {
            let product = product_of(conn, &query.product_id)?;
            let position = match query.position_id.as_deref().map(str::trim) {
                Some(id) if !id.is_empty() => Some(
                    positions::find_owned(conn, &user_id, id)?
                        .filter(|p| p.product_id == product.id && !p.is_current())
                        .ok_or_else(position_not_found)?,
                ),
                _ => None,
            };
            let subscribe = orders::subscribe_context(conn, &user_id, &product, today)?;
            let redeem = if product.is_current() || position.is_some() {
                Some(orders::redeem_context(
                    conn,
                    &user_id,
                    &product,
                    position.as_ref(),
                    today,
                )?)
            } else {
                None
            };
            Ok(FundConfig {
                today: today.to_string(),
                subscribe,
                redeem,
            })
        })
        .await?;
    Ok(Api::ok(config))
}
