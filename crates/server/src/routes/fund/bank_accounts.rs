//! `fund/investor/bankAccount/*` (SPEC §2 Payment pages, §3 bank account, §7; DESIGN §9): the
//! user's saved bank accounts — the list, saving one, deleting one. The holder is the verified
//! name, never typed; a saved account can receive payouts after the cooling-off period, its
//! first payout capped.

use actix_web::web;
use domain::forms::{BankAccountForm, Form, NoContext, VerificationForm};
use domain::gates::{Gate, GatedAction};
use domain::mask::mask_account_number;
use domain::money::{USD, currency_amount_text as money};
use domain::security::SecureAction;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{Api, ApiCode, ApiResult, AppError, Body, Empty, Page, PageQuery, Reply};
use crate::extract::{Client, CurrentUser};
use crate::routes::user::identity::check_gate;
use crate::services::bank_accounts::{self, SavedAccount};
use crate::services::identity;
use crate::services::security_log::{self, Event};
use crate::services::verification;
use crate::state::AppState;

/// A saved bank account (SPEC §3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankAccountItem {
    id: String,
    /// The holder: the verified name when it was saved (the company's for a company investor).
    account_name: String,
    nickname: String,
    /// ISO 3166-1 alpha-2.
    bank_country: String,
    bank_name: String,
    bank_address: String,
    /// `****` and the last 4 characters.
    account_number: String,
    swift_code: String,
    /// The ABA routing number of a US bank; null elsewhere.
    #[schema(required = true)]
    routing_number: Option<String>,
    account_address: String,
    /// From when it can receive payouts (the cooling-off period ends), milliseconds since the
    /// epoch.
    usable_from: i64,
    /// The most its first payout may send, exact decimal text in USD.
    first_payout_cap: String,
    /// A payout to it was returned: it receives none until saved again with new details.
    needs_new_details: bool,
    /// Milliseconds since the epoch.
    created_at: i64,
}

impl BankAccountItem {
    fn of(a: &SavedAccount) -> BankAccountItem {
        BankAccountItem {
            id: a.id.clone(),
            account_name: a.account_holder.clone(),
            nickname: a.nickname.clone(),
            bank_country: a.bank_country.clone(),
            bank_name: a.bank_name.clone(),
            bank_address: a.bank_address.clone(),
            account_number: mask_account_number(&a.account_number),
            swift_code: a.swift_code.clone(),
            routing_number: a.routing_number.clone(),
            account_address: a.account_address.clone(),
            usable_from: a.usable_from,
            first_payout_cap: money(a.first_payout_cap, USD.code),
            needs_new_details: a.needs_new_details,
            created_at: a.created_at,
        }
    }
}

/// The user's saved bank accounts
///
/// Newest first, deleted ones left out. statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/fund/investor/bankAccount/select",
    tag = "fund",
    params(PageQuery),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Page<BankAccountItem>>))
)]
pub async fn list_bank_accounts(
    state: web::Data<AppState>,
    user: CurrentUser,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<BankAccountItem>> {
    let (user_id, page) = (user.0.user_id, page.into_inner());
    let (found, total) = state
        .db
        .read(move |conn| Ok(bank_accounts::page_of(conn, &user_id, &page)?))
        .await?;
    let items = found.iter().map(BankAccountItem::of).collect();
    Ok(Api::ok(Page::new(items, total, &page)))
}

/// Save a bank account: the bank form (SPEC §5) and the verification fields the trade policy
/// asks for.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AddBankAccountRequest {
    #[serde(flatten)]
    form: BankAccountForm,
    #[serde(flatten)]
    verification: VerificationForm,
}

/// Save a bank account
///
/// Needs approved basic identity (105). The domain's bank rules hold (102): every field
/// required, an ABA routing number for a US bank only, a valid BIC, an IBAN where the country
/// uses one. Verified as the trade policy says (103, 104). The holder is the verified name;
/// the account can receive payouts from `usableFrom`, its first payout at most
/// `firstPayoutCap`. statusCodes: 200, 101, 102, 103, 104, 105, 429.
#[utoipa::path(
    post,
    path = "/fund/investor/bankAccount/add",
    tag = "fund",
    request_body = AddBankAccountRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<BankAccountItem>))
)]
pub async fn add_bank_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    body: Body<AddBankAccountRequest>,
) -> ApiResult<BankAccountItem> {
    let CurrentUser(user) = user;
    check_gate(&user.profile, GatedAction::AddBankAccount)?;
    let account = body.form.parse(&NoContext)?;
    verification::verify(
        &state,
        &user,
        SecureAction::BankAccountAdd,
        &body.verification,
    )
    .await?;
    let (now, payouts, profile) = (
        state.clock.now_ms(),
        state.config.payouts,
        user.profile.clone(),
    );
    let saved = state
        .db
        .write(move |conn| {
            let holder = identity::account_holder(conn, &profile)?
                .filter(|name| !name.trim().is_empty())
                .ok_or_else(|| AppError::gate(Gate::BasicIdentity))?;
            let saved = bank_accounts::save(conn, &profile.id, &holder, &account, payouts, now)?;
            security_log::record(
                conn,
                Some(&profile.id),
                Event::BankAccountAdded,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(saved)
        })
        .await?;
    Ok(Api::ok(BankAccountItem::of(&saved)).saying("api.bank_account_saved"))
}

/// Delete a bank account: the verification fields the trade policy asks for.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DeleteBankAccountRequest {
    #[serde(flatten)]
    verification: VerificationForm,
}

fn not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.bank_account_not_found")
}

/// Delete a bank account
///
/// At once; it receives no payout from then on. Verified as the trade policy says (103, 104).
/// An unknown id, or another user's, answers 404. statusCodes: 200, 101, 103, 104, 404, 429.
#[utoipa::path(
    post,
    path = "/fund/investor/bankAccount/delete/{id}",
    tag = "fund",
    params(("id" = String, Path, description = "The account's `id`.")),
    request_body = DeleteBankAccountRequest,
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Empty>))
)]
pub async fn delete_bank_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
    id: web::Path<String>,
    body: Body<DeleteBankAccountRequest>,
) -> ApiResult<Empty> {
    let CurrentUser(user) = user;
    let id = id.into_inner();
    let (user_id, wanted) = (user.user_id.clone(), id.clone());
    state
        .db
        .read(move |conn| Ok(bank_accounts::find_owned(conn, &user_id, &wanted)?))
        .await?
        .ok_or_else(not_found)?;
    verification::verify(
        &state,
        &user,
        SecureAction::BankAccountDelete,
        &body.verification,
    )
    .await?;
    let (now, user_id) = (state.clock.now_ms(), user.user_id.clone());
    state
        .db
        .write(move |conn| {
            // Deleted meanwhile by another request: as if it had never been there.
            if !bank_accounts::delete_owned(conn, &user_id, &id, now)? {
                return Err(not_found());
            }
            security_log::record(
                conn,
                Some(&user_id),
                Event::BankAccountDeleted,
                &client.ip,
                &client.user_agent,
                now,
            )?;
            Ok(())
        })
        .await?;
    Ok(Api::ok(Empty).saying("api.bank_account_deleted"))
}
