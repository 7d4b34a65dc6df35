//! The expiry of authorization holds: an authorization the network neither cleared nor voided
//! within the configured days (`FISCARD_AUTHORIZATION_HOLD_DAYS`, 7 by default, as card networks
//! do for most merchants) expires. Its hold goes back to the card in one ledger posting
//! (`expire:<transactionId>`, so it never happens twice), its amount leaves the spending
//! counters as a void's would, and it reads `expired`. A clearing that comes later still takes
//! the money (see `clear`).
//!
//! The job runs on a timer in the server and as `fiscard admin expire-holds`; it is safe to run
//! on several instances at once: each hold expires in its own database transaction, the card
//! locked, by an update that applies only while the authorization still holds money.

use diesel::prelude::*;
use domain::date::DAY_MS;
use domain::orders::{TransactionStatus as Status, TransactionType as Kind};

use super::hold::release;
use super::spending;
use super::transaction::find_tx;
use crate::api::AppError;
use crate::db::schema::card_transactions as txs;
use crate::db::{Db, DbConnection};
use crate::services::cards;

/// How many open holds one query looks at.
const BATCH: i64 = 200;

/// What one run of the job did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExpiryReport {
    /// Holds this run expired.
    pub expired: usize,
    /// What went back to the cards, in minor units (all currencies added up: a count for the
    /// log, not an amount).
    pub released: i64,
}

/// The instant before which an authorization made has expired at `now`.
pub fn cutoff(now: i64, hold_days: u32) -> i64 {
    now - i64::from(hold_days) * DAY_MS
}

/// Expires every hold older than `hold_days` at `now`, oldest first, each in its own
/// transaction.
///
/// # Errors
/// A database failure (what expired before it stays expired).
pub async fn expire_holds(db: &Db, now: i64, hold_days: u32) -> Result<ExpiryReport, AppError> {
    let before = cutoff(now, hold_days);
    let mut report = ExpiryReport::default();
    let mut after = (i64::MIN, String::new());
    loop {
        let from = after.clone();
        let batch: Vec<(i64, String)> = db
            .read(move |conn| Ok(open_holds(conn, before, &from)?))
            .await?;
        let Some(last) = batch.last().cloned() else {
            return Ok(report);
        };
        for (_, transaction_id) in batch {
            let released = db
                .write(move |conn| Ok(expire_one(conn, &transaction_id, before, now)?))
                .await?;
            if let Some(amount) = released {
                report.expired += 1;
                report.released = report.released.saturating_add(amount);
            }
        }
        after = last;
    }
}

/// The next `BATCH` approved authorizations made before `before` still holding money, after
/// `after` (made at, transaction id) in that order.
fn open_holds(
    conn: &mut DbConnection,
    before: i64,
    (at, id): &(i64, String),
) -> QueryResult<Vec<(i64, String)>> {
    // The status as a literal, not a bound parameter: only then can the database see that the
    // partial index of open holds (`card_transactions_open_holds`) covers the query.
    let open = format!(
        "card_transactions.status = '{}'",
        Status::Authorized.as_str()
    );
    txs::table
        .filter(diesel::dsl::sql::<diesel::sql_types::Bool>(&open))
        .filter(txs::transaction_type.eq(Kind::Auth.as_str()))
        .filter(txs::held.gt(0_i64))
        .filter(txs::created_at.lt(before))
        .filter(
            txs::created_at
                .gt(*at)
                .or(txs::created_at.eq(*at).and(txs::transaction_id.gt(id))),
        )
        .order((txs::created_at.asc(), txs::transaction_id.asc()))
        .limit(BATCH)
        .select((txs::created_at, txs::transaction_id))
        .load(conn)
}

/// Expires the authorization `transaction_id` if it is still an open hold made before
/// `before` (inside the caller's transaction): what went back to the card, or `None` when
/// another run, or an event, settled it first.
///
/// # Errors
/// A database failure.
pub fn expire_one(
    conn: &mut DbConnection,
    transaction_id: &str,
    before: i64,
    now: i64,
) -> anyhow::Result<Option<i64>> {
    let Some(found) = find_tx(conn, transaction_id)? else {
        return Ok(None);
    };
    let Some(card) = cards::find(conn, &found.card_id)? else {
        return Ok(None);
    };
    // After the events of the card (which take the same lock) and before the next.
    cards::lock(conn, &card.id)?;
    let Some(auth) = find_tx(conn, transaction_id)? else {
        return Ok(None);
    };
    let open = auth.transaction_type == Kind::Auth.as_str()
        && auth.status == Status::Authorized.as_str()
        && auth.held > 0
        && auth.created_at < before;
    if !open {
        return Ok(None);
    }
    // Applies only to the hold as read: a run at the same moment on another instance finds
    // nothing left to do.
    let taken = diesel::update(
        txs::table
            .find(&auth.id)
            .filter(txs::status.eq(Status::Authorized.as_str()))
            .filter(txs::held.eq(auth.held)),
    )
    .set((
        txs::status.eq(Status::Expired.as_str()),
        txs::held.eq(0_i64),
        txs::updated_at.eq(now),
    ))
    .execute(conn)?;
    if taken != 1 {
        return Ok(None);
    }
    release(
        conn,
        &card,
        format!("expire:{}", auth.transaction_id),
        auth.held,
        now,
    )?;
    spending::release(
        conn,
        &card,
        auth.created_at,
        auth.account_gross_amount,
        true,
        now,
    )?;
    Ok(Some(auth.held))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hold_expires_the_configured_days_after_it_was_made() {
        let made = 1_790_000_000_000;
        // Open until exactly seven days have passed; expired from then on.
        assert!(made >= cutoff(made + 7 * DAY_MS - 1, 7));
        assert!(made < cutoff(made + 7 * DAY_MS + 1, 7));
        assert!(made < cutoff(made + DAY_MS + 1, 1));
    }
}
