//! The `corrective_auth` event (reverse authorization).

use domain::card::PaymentFees;
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};

use super::hold::{open_authorization, release, set_auth};
use super::spending;
use super::transaction::{insert, new_row};
use super::{Event, EventAnswer, HoldReleased, amounts, bad, money};
use crate::api::{ApiCode, AppError};
use crate::db::DbConnection;
use crate::services::cards::Card;
use crate::services::ledger;

/// Reverse authorization: part (or all) of an authorization is reversed; its fees follow the
/// amount that remains, and the difference in hold comes back to the card.
pub(super) fn reverse(
    conn: &mut DbConnection,
    e: &Event,
    card: &Card,
    now: i64,
) -> anyhow::Result<Result<EventAnswer, AppError>> {
    let auth = match open_authorization(conn, card, e.origin_transaction_id.as_deref())? {
        Ok(auth) => auth,
        Err(error) => return Ok(Err(error)),
    };
    let a = match amounts(e, card, false) {
        Ok(a) if a.billing <= auth.account_gross_amount => a,
        Ok(_) => return Ok(Err(bad(ApiCode::Refused, "api.event_amount_too_large"))),
        Err(error) => return Ok(Err(error)),
    };
    let gross = auth.account_gross_amount - a.billing;
    let fees = PaymentFees::of(
        gross,
        card.terms.payment_rate,
        card.terms.exchange_rate,
        auth.transaction_currency != card.currency,
    );
    let held = if gross == 0 {
        0
    } else {
        fees.total_with(gross)
    };
    let released = auth.held - held;
    release(
        conn,
        card,
        format!("reverse:{}", e.transaction_id.trim()),
        released,
        now,
    )?;
    spending::release(conn, card, auth.created_at, a.billing, gross == 0, now)?;
    let status = if gross == 0 {
        Status::Void.as_str()
    } else {
        Status::Authorized.as_str()
    };
    let fees = if gross == 0 {
        PaymentFees {
            transaction_fee: 0,
            conversion_fee: 0,
        }
    } else {
        fees
    };
    set_auth(conn, &auth, status, gross, fees, held, now)?;
    let mut row = new_row(
        e,
        card,
        Kind::CorrectiveAuth.as_str(),
        Status::Succeed.as_str(),
        now,
    );
    if row.merchant_name_location.is_empty() {
        row.merchant_name_location
            .clone_from(&auth.merchant_name_location);
    }
    row.transaction_amount = a.amount;
    row.transaction_currency = a.currency;
    row.account_gross_amount = a.billing;
    insert(conn, &row)?;
    let balance = ledger::balance(conn, &card.account())?;
    Ok(Ok(EventAnswer::Release(HoldReleased {
        released: money(released, card),
        card_balance: money(balance, card),
        transaction_id: row.transaction_id,
    })))
}
