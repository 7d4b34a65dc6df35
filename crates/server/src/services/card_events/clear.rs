//! The `clearing` event.

use domain::orders::TransactionStatus as Status;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::hold::{auth_fees, open_authorization, set_auth};
use super::{Event, EventAnswer, money, post};
use crate::api::AppError;
use crate::db::DbConnection;
use crate::services::cards::Card;
use crate::services::ledger::{Account, AccountKind, Movement};

/// Clearing: the authorization is settled; its hold goes to the issuer (the amount) and to the
/// platform (the fees).
pub(super) fn clear(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let auth = match open_authorization(conn, card, Some(e.transaction_id.trim()))? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    let fees = auth.transaction_fee + auth.conversion_fee;
    let lines = [
        (card.hold_account(), -auth.held),
        (
            Account::of_platform(AccountKind::IssuerSettlement, &card.currency),
            auth.account_gross_amount,
        ),
        (
            Account::of_platform(AccountKind::FeeIncome, &card.currency),
            fees,
        ),
    ]
    .into_iter()
    .filter(|(_, a)| *a != 0)
    .collect();
    post(
        conn,
        &Movement {
            kind: "card_clearing",
            reference: format!("clearing:{}", auth.transaction_id),
            user_id: Some(card.user_id.clone()),
            lines,
        },
        now,
    )?;
    set_auth(
        conn,
        &auth,
        Status::Succeed.as_str(),
        auth.account_gross_amount,
        auth_fees(&auth),
        0,
        now,
    )?;
    Ok(Ok(EventAnswer::Clearing(Cleared {
        status: Status::Succeed,
        settled: money(auth.account_gross_amount, card),
        fees: money(fees, card),
        transaction_id: auth.transaction_id,
    })))
}

/// A cleared authorization: the amount settled to the issuer, the fees to the platform.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Cleared {
    transaction_id: String,
    status: Status,
    settled: String,
    fees: String,
}
