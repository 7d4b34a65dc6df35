//! BINs (`admin`): list, add or replace terms (`domain::forms::BinForm`, the rules of
//! `domain::bin` that `services::bins` holds too), disable — the service `fiscard admin bin …`
//! uses, each action audited in its transaction.

use actix_web::web;
use domain::FieldError;
use domain::bin::utc_offset_text;
use domain::error::ErrorCode;
use domain::forms::{BinForm, BinTerms, Form, NoContext};
use domain::money::{USD, amount_text};
use serde::Serialize;
use utoipa::ToSchema;

use super::entry;
use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Reply};
use crate::extract::{Client, CurrentOperator};
use crate::services::audit::{self, Entry};
use crate::services::bins::{self, Bin, BinError, Limits, Terms};
use crate::services::operators::Role;
use crate::state::AppState;

/// A BIN and the terms its new cards get.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsBin {
    bin: String,
    /// ISO 3166-1 alpha-2.
    location: String,
    /// The card scheme.
    org: String,
    currency: String,
    /// Fractions: "0.01" is 1%.
    recharge_rate: String,
    payment_rate: String,
    exchange_rate: String,
    refund_rate: String,
    /// In the card's currency, e.g. "10000.00".
    limit_per_transaction: String,
    limit_daily: String,
    limit_monthly: String,
    /// The time zone its cards count their spending in, e.g. "+08:00".
    utc_offset: String,
    /// New cards may be issued under it.
    enabled: bool,
}

impl OpsBin {
    fn of(b: &Bin) -> Self {
        let t = b.terms;
        let money = |minor| amount_text(minor, USD.scale);
        OpsBin {
            bin: b.bin.clone(),
            location: b.location_code.clone(),
            org: b.org_name.clone(),
            currency: b.currency.clone(),
            recharge_rate: t.recharge_rate.to_fraction(),
            payment_rate: t.payment_rate.to_fraction(),
            exchange_rate: t.exchange_rate.to_fraction(),
            refund_rate: t.refund_rate.to_fraction(),
            limit_per_transaction: money(t.limits.per_transaction),
            limit_daily: money(t.limits.daily),
            limit_monthly: money(t.limits.monthly),
            utc_offset: utc_offset_text(b.utc_offset_minutes),
            enabled: b.enabled,
        }
    }
}

/// The audit entry's view of a BIN.
fn state_of(b: &Bin) -> String {
    serde_json::to_string(&OpsBin::of(b)).unwrap_or_default()
}

/// The BINs
///
/// Every BIN, enabled or not, by number. Audited as `bin.list`. Role `admin`. statusCodes:
/// 200, 101, 403.
#[utoipa::path(
    get,
    path = "/ops/bins",
    tag = "ops",
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Vec<OpsBin>>))
)]
pub async fn list_ops_bins(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
) -> ApiResult<Vec<OpsBin>> {
    operator.require(&[Role::Admin])?;
    let now = state.clock.now_ms();
    let all = state
        .db
        .write(move |conn| {
            let all = bins::all(conn)?;
            audit::append(conn, &entry(&operator, &client, "bin.list", "bins"), now)?;
            Ok(all)
        })
        .await?;
    Ok(Api::ok(all.iter().map(OpsBin::of).collect()))
}

fn bin_of(terms: BinTerms) -> Result<Bin, AppError> {
    let [recharge_rate, payment_rate, exchange_rate, refund_rate] = terms.rates;
    let [per_transaction, daily, monthly] = terms.limits;
    Bin {
        bin: terms.bin,
        location_code: terms.location,
        org_name: terms.org,
        currency: USD.code.to_owned(),
        terms: Terms {
            recharge_rate,
            payment_rate,
            exchange_rate,
            refund_rate,
            limits: Limits {
                per_transaction,
                daily,
                monthly,
            },
        },
        utc_offset_minutes: terms.utc_offset_minutes,
        enabled: true,
    }
    .checked()
    .map_err(|e| {
        // The form holds the same rules; a refusal here is the form's field all the same.
        let (field, code) = match e {
            BinError::Number => ("bin", ErrorCode::BinNumberInvalid),
            BinError::Region => ("location", ErrorCode::CountryInvalid),
            BinError::Scheme => ("org", ErrorCode::RequiredInput),
            BinError::Limits => ("limitDaily", ErrorCode::BinLimitsOrder),
            BinError::UtcOffset => ("utcOffset", ErrorCode::UtcOffsetInvalid),
            BinError::Currency => ("", ErrorCode::MalformedInput),
        };
        AppError::validation(&[FieldError::new(field, code)])
    })
}

/// Add a BIN or replace its terms
///
/// A new BIN, or new terms for an existing one (cards issued before keep theirs), enabled; in
/// USD. Each term left out takes the standard one. Audited as `bin.add` or `bin.update`. Role
/// `admin`. statusCodes: 200, 101, 102, 403.
#[utoipa::path(
    post,
    path = "/ops/bins",
    tag = "ops",
    request_body = BinForm,
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsBin>))
)]
pub async fn save_bin(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    body: Body<BinForm>,
) -> ApiResult<OpsBin> {
    operator.require(&[Role::Admin])?;
    let terms = body.parse(&NoContext)?;
    let bin = bin_of(terms)?;
    let now = state.clock.now_ms();
    let saved = state
        .db
        .write(move |conn| {
            let before = bins::find(conn, &bin.bin)?;
            let added = bins::save(conn, &bin, now)?;
            let saved = bins::find(conn, &bin.bin)?.unwrap_or(bin);
            let subject = format!("bin:{}", saved.bin);
            let action = if added { "bin.add" } else { "bin.update" };
            audit::append(
                conn,
                &Entry {
                    before: before.as_ref().map(state_of),
                    after: Some(state_of(&saved)),
                    ..entry(&operator, &client, action, &subject)
                },
                now,
            )?;
            Ok(saved)
        })
        .await?;
    Ok(Api::ok(OpsBin::of(&saved)))
}

/// Disable a BIN
///
/// No new cards under it; its cards keep working. Audited as `bin.disable`. Role `admin`.
/// statusCodes: 200, 101, 403, 404.
#[utoipa::path(
    post,
    path = "/ops/bins/{bin}/disable",
    tag = "ops",
    params(("bin" = String, Path, description = "The BIN's number.")),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<OpsBin>))
)]
pub async fn disable_bin(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    bin: web::Path<String>,
) -> ApiResult<OpsBin> {
    operator.require(&[Role::Admin])?;
    let number = bin.into_inner().trim().to_owned();
    let now = state.clock.now_ms();
    let disabled = state
        .db
        .write(move |conn| {
            let not_found = || AppError::new(ApiCode::NotFound, "api.ops_bin_not_found");
            let before = bins::find(conn, &number)?.ok_or_else(not_found)?;
            bins::disable(conn, &number, now)?;
            let after = bins::find(conn, &number)?.ok_or_else(not_found)?;
            let subject = format!("bin:{number}");
            audit::append(
                conn,
                &Entry {
                    before: Some(state_of(&before)),
                    after: Some(state_of(&after)),
                    ..entry(&operator, &client, "bin.disable", &subject)
                },
                now,
            )?;
            Ok(after)
        })
        .await?;
    Ok(Api::ok(OpsBin::of(&disabled)))
}
