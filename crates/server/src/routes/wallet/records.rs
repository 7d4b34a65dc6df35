//! `GET wallet/record` and `GET wallet/record/{id}`: the wallet's deposits, withdrawals and
//! transfers, newest first, and one of them.

use actix_web::web;
use domain::wallet::{Coin, RecordType};
use serde::Deserialize;
use utoipa::IntoParams;

use super::items::WalletRecord;
use crate::api::{Api, ApiCode, ApiResult, AppError, Page, PageQuery, Reply};
use crate::extract::CurrentUser;
use crate::services::wallet::records::{self, Filter};
use crate::state::AppState;

/// Which records to list.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RecordQuery {
    /// Only this coin's (`BTC`, `ETH`, `USDT`); all when absent or empty.
    coin_code: Option<String>,
    /// Only this type's (`DEPOSIT`, `WITHDRAW`, `TRANSFER_IN`, `TRANSFER_OUT`, `SWAP_IN`,
    /// `SWAP_OUT`); all when absent or empty.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<String>,
}

impl RecordQuery {
    /// The filter; 400 for a coin or type the wallet does not know.
    fn filter(&self) -> Result<Filter, AppError> {
        fn given(v: Option<&str>) -> Option<&str> {
            v.map(str::trim).filter(|v| !v.is_empty())
        }
        let bad = || AppError::bad_request("api.bad_request");
        Ok(Filter {
            coin: given(self.coin_code.as_deref())
                .map(|c| Coin::from_code(c).ok_or_else(bad))
                .transpose()?,
            kind: given(self.kind.as_deref())
                .map(|k| RecordType::parse(k).ok_or_else(bad))
                .transpose()?,
        })
    }
}

/// The wallet's records
///
/// Deposits (with their confirmations), withdrawals, transfers to and from other users'
/// deposit addresses, and the coin legs of swaps, newest first; filtered by coin and type. An
/// unknown coin or type answers 400. statusCodes: 200, 101, 400.
#[utoipa::path(
    get,
    path = "/wallet/record",
    tag = "wallet",
    params(RecordQuery, PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<WalletRecord>>))
)]
pub async fn list_records(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<RecordQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<WalletRecord>> {
    let filter = query.filter()?;
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (found, total) = state
        .db
        .read(move |conn| Ok(records::page_of(conn, &user_id, filter, &page)?))
        .await?;
    let items = found.iter().filter_map(WalletRecord::of).collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}

/// A wallet record
///
/// One deposit, withdrawal or transfer of the user's. An unknown id, or another user's, answers
/// 404. statusCodes: 200, 101, 404.
#[utoipa::path(
    get,
    path = "/wallet/record/{id}",
    tag = "wallet",
    params(("id" = String, Path, description = "The record's `id`.")),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WalletRecord>))
)]
pub async fn show_record(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> ApiResult<WalletRecord> {
    let (user_id, id) = (user.0.user_id, id.into_inner());
    let found = state
        .db
        .read(move |conn| Ok(records::find_owned(conn, &user_id, &id)?))
        .await?;
    found
        .as_ref()
        .and_then(WalletRecord::of)
        .map(Api::ok)
        .ok_or_else(|| AppError::new(ApiCode::NotFound, "api.wallet_record_not_found"))
}
