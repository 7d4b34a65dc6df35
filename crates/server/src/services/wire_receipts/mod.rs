//! Wire receipts (docs/ops-contract.md, phase 2): every wire received at the platform's bank,
//! by its bank reference. Recording one posts it from `WireClearing` to `WireSuspense` unless
//! it is credited at once (matched, at most the threshold: clearing → the user's bank
//! account); crediting later moves it from `WireSuspense` to the user, returning it back to
//! `WireClearing`. Each step moves the receipt on from the status it was read in (a
//! conditional update), so two operators never both move the same wire.

use diesel::prelude::*;
use domain::money::USD;
use domain::wire_memo::WireMemo;

use super::ledger::{self, Account, AccountKind, Movement};
use super::wires;
use crate::clock::new_id;
use crate::db::schema::wire_receipts;
use crate::db::{DbConnection, insert_unless_taken};

mod check;
mod list;

pub use check::check;
pub use list::{Listed, email_of, list};

pub const CREDITED: &str = "credited";
pub const UNMATCHED: &str = "unmatched";
pub const PENDING: &str = "pending_approval";
pub const RETURNED: &str = "returned";

/// A receipt as stored.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = wire_receipts)]
pub struct Receipt {
    pub id: String,
    pub reference: String,
    pub amount: i64,
    pub memo: String,
    pub sender: Option<String>,
    pub user_id: Option<String>,
    pub status: String,
    pub recorded_by: String,
    pub matched_by: Option<String>,
    pub approved_by: Option<String>,
    pub return_reason: Option<String>,
    pub created_at: i64,
    pub decided_at: Option<i64>,
}

/// A wire as the bank reported it.
#[derive(Debug, Clone)]
pub struct Wire<'a> {
    /// Trimmed, not empty.
    pub reference: &'a str,
    /// Above zero.
    pub amount: i64,
    pub memo: &'a str,
    pub sender: Option<&'a str>,
}

/// What recording a wire did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// Recorded now (credited at once when its status says so).
    New(Receipt),
    /// This reference was recorded before with the same amount and memo; nothing moved.
    Before(Receipt),
    /// This reference was recorded before with another amount or memo.
    Conflict,
}

/// Why a step was refused (nothing changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepRefusal {
    NotFound,
    /// The step does not follow the receipt's status.
    WrongStatus,
    /// The approver recorded or assigned the wire.
    SameOperator,
}

pub(crate) fn suspense() -> Account {
    Account::of_platform(AccountKind::WireSuspense, USD.code)
}

fn clearing() -> Account {
    Account::of_platform(AccountKind::WireClearing, USD.code)
}

/// Moves `amount` from `from` to `to` under `reference`; a repeated reference is a bug here
/// (every step moves its receipt on first).
fn post(
    conn: &mut DbConnection,
    kind: &'static str,
    reference: String,
    user_id: Option<&str>,
    lines: &[(Account, i64); 2],
    now: i64,
) -> anyhow::Result<()> {
    let movement = Movement {
        kind,
        reference,
        user_id: user_id.map(str::to_owned),
        lines: lines.to_vec(),
    };
    match ledger::post(conn, &movement, now)? {
        Ok(_) => Ok(()),
        Err(refused) => anyhow::bail!("wire movement {} refused: {refused:?}", movement.reference),
    }
}

/// The receipt `id`.
pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<Receipt>> {
    wire_receipts::table
        .find(id)
        .select(Receipt::as_select())
        .first(conn)
        .optional()
}

/// The receipt of the bank reference `reference`.
pub fn by_reference(conn: &mut DbConnection, reference: &str) -> QueryResult<Option<Receipt>> {
    wire_receipts::table
        .filter(wire_receipts::reference.eq(reference.trim()))
        .select(Receipt::as_select())
        .first(conn)
        .optional()
}

/// The user a memo names (read as the domain reads memos), if any.
pub fn user_of(conn: &mut DbConnection, memo: &str) -> QueryResult<Option<String>> {
    match WireMemo::parse(memo) {
        Ok(memo) => wires::user_of_memo(conn, &memo),
        Err(_) => Ok(None),
    }
}

/// Records `wire`: credited at once to the user its memo names when at most `second_above`,
/// waiting for approval when above, unmatched when it names nobody.
pub fn record(
    conn: &mut DbConnection,
    wire: &Wire<'_>,
    recorded_by: &str,
    second_above: i64,
    now: i64,
) -> anyhow::Result<Recorded> {
    let reference = wire.reference.trim();
    let user_id = user_of(conn, wire.memo)?;
    let status = match &user_id {
        Some(_) if wire.amount <= second_above => CREDITED,
        Some(_) => PENDING,
        None => UNMATCHED,
    };
    let receipt = Receipt {
        id: new_id(),
        reference: reference.to_owned(),
        amount: wire.amount,
        memo: wire.memo.to_owned(),
        sender: wire.sender.map(str::to_owned),
        user_id: user_id.clone(),
        status: status.to_owned(),
        recorded_by: recorded_by.to_owned(),
        matched_by: user_id.as_ref().map(|_| recorded_by.to_owned()),
        approved_by: None,
        return_reason: None,
        created_at: now,
        decided_at: (status == CREDITED).then_some(now),
    };
    let inserted = insert_unless_taken(conn, |conn| {
        diesel::insert_into(wire_receipts::table)
            .values((
                wire_receipts::id.eq(&receipt.id),
                wire_receipts::reference.eq(&receipt.reference),
                wire_receipts::amount.eq(receipt.amount),
                wire_receipts::memo.eq(&receipt.memo),
                wire_receipts::sender.eq(&receipt.sender),
                wire_receipts::user_id.eq(&receipt.user_id),
                wire_receipts::status.eq(&receipt.status),
                wire_receipts::recorded_by.eq(&receipt.recorded_by),
                wire_receipts::matched_by.eq(&receipt.matched_by),
                wire_receipts::created_at.eq(receipt.created_at),
                wire_receipts::decided_at.eq(receipt.decided_at),
            ))
            .execute(conn)
    })?;
    if !inserted {
        let Some(before) = by_reference(conn, reference)? else {
            anyhow::bail!("wire receipt {reference} taken but not found");
        };
        return Ok(
            if before.amount == wire.amount && before.memo == wire.memo {
                Recorded::Before(before)
            } else {
                Recorded::Conflict
            },
        );
    }
    let ledger_reference = format!("wire:{reference}");
    if let (CREDITED, Some(user)) = (status, &user_id) {
        let bank = Account::of_user(user, AccountKind::Bank, USD.code);
        let lines = [(bank, wire.amount), (clearing(), -wire.amount)];
        post(
            conn,
            "wire_credit",
            ledger_reference,
            Some(user),
            &lines,
            now,
        )?;
    } else {
        let lines = [(suspense(), wire.amount), (clearing(), -wire.amount)];
        post(conn, "wire_suspense", ledger_reference, None, &lines, now)?;
    }
    Ok(Recorded::New(receipt))
}

/// Writes the receipt row of a wire `admin credit-wire` credited (straight to the user).
pub fn record_credited(
    conn: &mut DbConnection,
    wire: &Wire<'_>,
    user_id: &str,
    operator: &str,
    now: i64,
) -> QueryResult<bool> {
    insert_unless_taken(conn, |conn| {
        diesel::insert_into(wire_receipts::table)
            .values((
                wire_receipts::id.eq(new_id()),
                wire_receipts::reference.eq(wire.reference.trim()),
                wire_receipts::amount.eq(wire.amount),
                wire_receipts::memo.eq(wire.memo),
                wire_receipts::sender.eq(wire.sender),
                wire_receipts::user_id.eq(user_id),
                wire_receipts::status.eq(CREDITED),
                wire_receipts::recorded_by.eq(operator),
                wire_receipts::matched_by.eq(operator),
                wire_receipts::created_at.eq(now),
                wire_receipts::decided_at.eq(now),
            ))
            .execute(conn)
    })
}

/// Credits a receipt whose money waits in suspense to its user.
fn credit_from_suspense(
    conn: &mut DbConnection,
    receipt: &Receipt,
    now: i64,
) -> anyhow::Result<()> {
    let Some(user) = receipt.user_id.as_deref() else {
        anyhow::bail!("wire receipt {} credited without a user", receipt.id);
    };
    let bank = Account::of_user(user, AccountKind::Bank, USD.code);
    let lines = [(bank, receipt.amount), (suspense(), -receipt.amount)];
    let reference = format!("wire:{}:credit", receipt.reference);
    post(conn, "wire_credit", reference, Some(user), &lines, now)
}

/// Assigns an unmatched receipt to `user_id`: credited at once at most `second_above`,
/// waiting for approval above.
pub fn assign(
    conn: &mut DbConnection,
    id: &str,
    user_id: &str,
    operator: &str,
    second_above: i64,
    now: i64,
) -> anyhow::Result<Result<Receipt, StepRefusal>> {
    let Some(found) = find(conn, id)? else {
        return Ok(Err(StepRefusal::NotFound));
    };
    let status = if found.amount <= second_above {
        CREDITED
    } else {
        PENDING
    };
    let moved = diesel::update(
        wire_receipts::table
            .find(id)
            .filter(wire_receipts::status.eq(UNMATCHED)),
    )
    .set((
        wire_receipts::status.eq(status),
        wire_receipts::user_id.eq(user_id),
        wire_receipts::matched_by.eq(operator),
        wire_receipts::decided_at.eq((status == CREDITED).then_some(now)),
    ))
    .execute(conn)?;
    if moved == 0 {
        return Ok(Err(StepRefusal::WrongStatus));
    }
    let Some(after) = find(conn, id)? else {
        anyhow::bail!("wire receipt {id} vanished");
    };
    if status == CREDITED {
        credit_from_suspense(conn, &after, now)?;
    }
    Ok(Ok(after))
}

/// Approves a pending receipt (by an operator who neither recorded nor assigned it): credited.
pub fn approve(
    conn: &mut DbConnection,
    id: &str,
    operator: &str,
    now: i64,
) -> anyhow::Result<Result<Receipt, StepRefusal>> {
    let Some(found) = find(conn, id)? else {
        return Ok(Err(StepRefusal::NotFound));
    };
    if found.status != PENDING {
        return Ok(Err(StepRefusal::WrongStatus));
    }
    if found.recorded_by == operator || found.matched_by.as_deref() == Some(operator) {
        return Ok(Err(StepRefusal::SameOperator));
    }
    let moved = diesel::update(
        wire_receipts::table
            .find(id)
            .filter(wire_receipts::status.eq(PENDING)),
    )
    .set((
        wire_receipts::status.eq(CREDITED),
        wire_receipts::approved_by.eq(operator),
        wire_receipts::decided_at.eq(now),
    ))
    .execute(conn)?;
    if moved == 0 {
        return Ok(Err(StepRefusal::WrongStatus));
    }
    let Some(after) = find(conn, id)? else {
        anyhow::bail!("wire receipt {id} vanished");
    };
    credit_from_suspense(conn, &after, now)?;
    Ok(Ok(after))
}

/// Returns an unmatched or pending receipt to the sender's bank: out of suspense, back to
/// clearing.
pub fn send_back(
    conn: &mut DbConnection,
    id: &str,
    reason: &str,
    now: i64,
) -> anyhow::Result<Result<Receipt, StepRefusal>> {
    if find(conn, id)?.is_none() {
        return Ok(Err(StepRefusal::NotFound));
    }
    let moved = diesel::update(
        wire_receipts::table
            .find(id)
            .filter(wire_receipts::status.eq_any([UNMATCHED, PENDING])),
    )
    .set((
        wire_receipts::status.eq(RETURNED),
        wire_receipts::return_reason.eq(reason),
        wire_receipts::decided_at.eq(now),
    ))
    .execute(conn)?;
    if moved == 0 {
        return Ok(Err(StepRefusal::WrongStatus));
    }
    let Some(after) = find(conn, id)? else {
        anyhow::bail!("wire receipt {id} vanished");
    };
    let lines = [(clearing(), after.amount), (suspense(), -after.amount)];
    let reference = format!("wire:{}:return", after.reference);
    post(
        conn,
        "wire_return",
        reference,
        after.user_id.as_deref(),
        &lines,
        now,
    )?;
    Ok(Ok(after))
}
