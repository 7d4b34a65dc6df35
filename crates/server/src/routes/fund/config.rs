//! `GET config?productId=…[&positionId=…]`: the contexts of the subscribe and redeem forms,
//! as the server will read them under the user's lock.

use actix_web::web;
use serde::Deserialize;
use utoipa::IntoParams;

use super::items::FundConfig;
use super::{position_not_found, product_of, today};
use crate::api::{Api, ApiResult, AppError, Reply};
use crate::extract::CurrentUser;
use crate::services::fund::{orders, positions};
use crate::state::AppState;

/// Which product (and fixed position).
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfigQuery {
    /// The product's `productId` (may be left out when `positionId` is given: the position's
    /// product).
    product_id: Option<String>,
    /// A fixed position of the user's (the `id` of its subscription): the redeem form's.
    position_id: Option<String>,
}

/// The fund forms' contexts
///
/// What `validate("fundSubscribe" | "fundRedeem", …)` and the previews take, unchanged: the
/// product, today's business date, the user's balances (wallet, USD account, usable current
/// shares) and what the product still takes from them; the current product's usable shares or
/// the fixed position's principal to redeem. An unknown product, or a position that is not the
/// user's (or not of that product), answers 404; neither given, 400.
/// statusCodes: 200, 101, 400, 404.
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
            let given = |v: Option<&str>| {
                v.map(str::trim)
                    .filter(|v| !v.is_empty())
                    .map(str::to_owned)
            };
            let position = match given(query.position_id.as_deref()) {
                Some(id) => Some(
                    positions::find_owned(conn, &user_id, &id)?
                        .filter(|p| !p.is_current())
                        .ok_or_else(position_not_found)?,
                ),
                None => None,
            };
            let product_id = given(query.product_id.as_deref())
                .or_else(|| position.as_ref().map(|p| p.product_id.clone()))
                .ok_or_else(|| AppError::bad_request("api.bad_request"))?;
            let product = product_of(conn, &product_id)?;
            if position
                .as_ref()
                .is_some_and(|p| p.product_id != product.id)
            {
                return Err(position_not_found());
            }
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
