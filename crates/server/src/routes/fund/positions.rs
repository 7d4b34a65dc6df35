//! `GET fund/v2/position`: the user's open fixed positions, each redeemed whole through
//! `GET config?positionId=` and `POST redeem`.

use actix_web::web;

use super::items::FundPosition;
use super::today;
use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::fund::holdings;
use crate::state::AppState;

/// The user's open fixed positions
///
/// Every fixed subscription of the user's not yet redeemed or matured (in any asset), newest
/// first: its principal, dates, phase, the interest accrued so far and what the whole period
/// earns. Only the user's own; an empty list for a user who holds none. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/fund/v2/position",
    tag = "fund",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Vec<FundPosition>>))
)]
pub async fn list_fund_positions(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<Vec<FundPosition>> {
    let (user_id, today) = (user.0.user_id, today(&state));
    let found = state
        .db
        .read(move |conn| Ok(holdings::open_of_user(conn, &user_id, today)?))
        .await?;
    Ok(Api::ok(found.iter().filter_map(FundPosition::of).collect()))
}
