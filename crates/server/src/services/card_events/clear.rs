//! The `clearing` event.
//!
//! A clearing settles an authorization. One that comes after the authorization's hold expired
//! (the network may clear late) is a force post: the money is taken from the card's balance
//! instead of its hold, and the issuer is paid all the same; what the balance cannot cover is
//! owed by the cardholder (the platform's `card_shortfall` account). A clearing of an
//! authorization that is unknown, declined or voided is refused, as before: there is nothing to
//! settle.

use domain::orders::{TransactionStatus as Status, TransactionType as Kind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::hold::{auth_fees, open_authorization, set_auth};
use super::spending;
use super::transaction::{Transaction, find_tx};
use super::{Event, EventAnswer, money, post};
use crate::api::AppError;
use crate::db::DbConnection;
use crate::services::cards::Card;
use crate::services::ledger::{self, Account, AccountKind, Movement};

/// Clearing: the authorization is settled; its hold goes to the issuer (the amount) and to the
/// platform (the fees).
pub(super) fn clear(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let id = e.transaction_id.trim();
    if let Some(auth) = find_tx(conn, id)?.filter(|t| expired_on(t, card)) {
        return force_post(conn, card, auth, now).map(Ok);
    }
    let auth = match open_authorization(conn, card, Some(id))? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    let from_hold = vec![(card.hold_account(), -auth.held)];
    settle(conn, card, auth, from_hold, now).map(Ok)
}

/// An authorization of this card whose hold expired.
fn expired_on(t: &Transaction, card: &Card) -> bool {
    t.card_id == card.id
        && t.transaction_type == Kind::Auth.as_str()
        && t.status == Status::Expired.as_str()
}

/// A clearing after the hold expired: the amount and the fees from the card's balance, as far
/// as it goes, the rest owed by the cardholder; the authorization counts again in the card's
/// spending.
fn force_post(
    conn: &mut DbConnection,
    card: &Card,
    auth: Transaction,
    now: i64,
) -> anyhow::Result<EventAnswer> {
    let total = auth.account_gross_amount + auth.transaction_fee + auth.conversion_fee;
    let balance = ledger::balance(conn, &card.account())?;
    let from_card = total.min(balance.max(0));
    let from = vec![
        (card.account(), -from_card),
        (
            Account::of_platform(AccountKind::CardShortfall, &card.currency),
            from_card - total,
        ),
    ];
    spending::count_again(conn, card, auth.created_at, auth.account_gross_amount, now)?;
    settle(conn, card, auth, from, now)
}

/// Posts the clearing (`from` pays; the issuer gets the amount, the platform the fees) and
/// marks the authorization settled.
fn settle(
    conn: &mut DbConnection,
    card: &Card,
    auth: Transaction,
    from: Vec<(Account, i64)>,
    now: i64,
) -> anyhow::Result<EventAnswer> {
    let fees = auth.transaction_fee + auth.conversion_fee;
    let lines = from
        .into_iter()
        .chain([
            (
                Account::of_platform(AccountKind::IssuerSettlement, &card.currency),
                auth.account_gross_amount,
            ),
            (
                Account::of_platform(AccountKind::FeeIncome, &card.currency),
                fees,
            ),
        ])
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
    Ok(EventAnswer::Clearing(Cleared {
        status: Status::Succeed,
        settled: money(auth.account_gross_amount, card),
        fees: money(fees, card),
        transaction_id: auth.transaction_id,
    }))
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
