//! The operators' audit trail (DESIGN §13, docs/ops-contract.md): every operator action, from
//! the console or the command line, appended in the action's transaction; each entry holds the
//! hash of the one before, so an edited, missing or reordered entry shows.
//!
//! `hash = hex(SHA-256(prev_hash || "\n" || canonical JSON of [seq, id, operator_id, operator,
//! action, subject, before, after, ip, created_at]))`, `prev_hash` of seq 1 being 64 zeros.
//! Appends take the one-row `audit_head` (PostgreSQL: `FOR UPDATE`; SQLite: the writer's lock
//! the caller holds) and move it on only from the seq they read, so `seq` has no gaps and no
//! forks. Entries carried over from the old `operator_audit` log arrive unhashed; the first
//! append or verification chains them ([`chain_carried_over`]).

use diesel::prelude::*;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{audit_head, audit_trail};

/// `prev_hash` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The only row of `audit_head`.
const HEAD: i32 = 1;

/// One action to append.
#[derive(Debug, Clone, Default)]
pub struct Entry<'a> {
    /// None from the command line.
    pub operator_id: Option<&'a str>,
    /// The operator's e-mail, or `cli:<os user>`.
    pub operator: &'a str,
    pub action: &'a str,
    pub subject: &'a str,
    /// JSON text.
    pub before: Option<String>,
    /// JSON text.
    pub after: Option<String>,
    /// None from the command line.
    pub ip: Option<&'a str>,
}

/// An entry as stored.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = audit_trail)]
pub struct Row {
    pub seq: i64,
    pub id: String,
    pub operator_id: Option<String>,
    pub operator: String,
    pub action: String,
    pub subject: String,
    pub before: Option<String>,
    pub after: Option<String>,
    pub ip: Option<String>,
    pub created_at: i64,
    pub prev_hash: Option<String>,
    pub hash: Option<String>,
}

/// The hash of `row` after `prev_hash`.
pub fn hash_of(prev_hash: &str, row: &Row) -> String {
    let fields: Value = json!([
        row.seq,
        row.id,
        row.operator_id,
        row.operator,
        row.action,
        row.subject,
        row.before,
        row.after,
        row.ip,
        row.created_at,
    ]);
    let mut digest = Sha256::new();
    digest.update(prev_hash.as_bytes());
    digest.update(b"\n");
    digest.update(fields.to_string().as_bytes());
    hex::encode(digest.finalize())
}

/// The head (last seq and its hash; the hash is None while carried-over entries wait), held
/// until the caller's transaction ends.
fn lock_head(conn: &mut DbConnection) -> QueryResult<(i64, Option<String>)> {
    let query = audit_head::table
        .find(HEAD)
        .select((audit_head::seq, audit_head::hash));
    match conn {
        DbConnection::Pg(c) => query.for_update().first(c),
        DbConnection::Sqlite(c) => query.first(c),
    }
}

/// Moves the head from `from` to (`seq`, `hash`); an error when another writer moved it first.
fn move_head(conn: &mut DbConnection, from: i64, seq: i64, hash: &str) -> QueryResult<()> {
    let moved = diesel::update(
        audit_head::table
            .filter(audit_head::id.eq(HEAD))
            .filter(audit_head::seq.eq(from)),
    )
    .set((audit_head::seq.eq(seq), audit_head::hash.eq(hash)))
    .execute(conn)?;
    if moved == 1 {
        Ok(())
    } else {
        Err(diesel::result::Error::RollbackTransaction)
    }
}

/// Chains the entries carried over from `operator_audit` (those without a hash, in seq order)
/// and sets the head on the last; the head's hash. Nothing to do once chained.
pub fn chain_carried_over(conn: &mut DbConnection) -> QueryResult<(i64, String)> {
    let (seq, hash) = lock_head(conn)?;
    if let Some(hash) = hash {
        return Ok((seq, hash));
    }
    let rows: Vec<Row> = audit_trail::table
        .filter(audit_trail::hash.is_null())
        .order(audit_trail::seq.asc())
        .select(Row::as_select())
        .load(conn)?;
    let mut prev = GENESIS.to_owned();
    for row in rows {
        let hash = hash_of(&prev, &row);
        diesel::update(audit_trail::table.find(row.seq))
            .set((
                audit_trail::prev_hash.eq(&prev),
                audit_trail::hash.eq(&hash),
            ))
            .execute(conn)?;
        prev = hash;
    }
    move_head(conn, seq, seq, &prev)?;
    Ok((seq, prev))
}

/// Appends `entry` at the chain's end, in the caller's transaction; its seq.
pub fn append(conn: &mut DbConnection, entry: &Entry<'_>, now: i64) -> QueryResult<i64> {
    let (last, prev) = chain_carried_over(conn)?;
    let mut row = Row {
        seq: last + 1,
        id: new_id(),
        operator_id: entry.operator_id.map(str::to_owned),
        operator: entry.operator.to_owned(),
        action: entry.action.to_owned(),
        subject: entry.subject.to_owned(),
        before: entry.before.clone(),
        after: entry.after.clone(),
        ip: entry.ip.map(str::to_owned),
        created_at: now,
        prev_hash: Some(prev.clone()),
        hash: None,
    };
    let hash = hash_of(&prev, &row);
    row.hash = Some(hash.clone());
    diesel::insert_into(audit_trail::table)
        .values((
            audit_trail::seq.eq(row.seq),
            audit_trail::id.eq(&row.id),
            audit_trail::operator_id.eq(&row.operator_id),
            audit_trail::operator.eq(&row.operator),
            audit_trail::action.eq(&row.action),
            audit_trail::subject.eq(&row.subject),
            audit_trail::before.eq(&row.before),
            audit_trail::after.eq(&row.after),
            audit_trail::ip.eq(&row.ip),
            audit_trail::created_at.eq(row.created_at),
            audit_trail::prev_hash.eq(&row.prev_hash),
            audit_trail::hash.eq(&row.hash),
        ))
        .execute(conn)?;
    move_head(conn, last, row.seq, &hash)?;
    Ok(row.seq)
}

/// What a verification found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every entry chains to the one before, and the last to the head.
    Intact { entries: i64 },
    /// The first entry that does not: edited, missing (a gap, or entries missing at the end),
    /// or out of order.
    Broken { seq: i64 },
}

/// How many entries are read at a time.
const PAGE: i64 = 1000;

/// Recomputes the chain from seq 1 to the head.
pub fn verify(conn: &mut DbConnection) -> QueryResult<Verdict> {
    let (head_seq, head_hash) = chain_carried_over(conn)?;
    let mut prev = GENESIS.to_owned();
    let mut expected: i64 = 1;
    loop {
        let rows: Vec<Row> = audit_trail::table
            .filter(audit_trail::seq.ge(expected))
            .order(audit_trail::seq.asc())
            .limit(PAGE)
            .select(Row::as_select())
            .load(conn)?;
        let read = rows.len();
        for row in rows {
            let intact = row.seq == expected
                && row.prev_hash.as_deref() == Some(prev.as_str())
                && row.hash.as_deref() == Some(hash_of(&prev, &row).as_str());
            if !intact {
                return Ok(Verdict::Broken { seq: expected });
            }
            prev = row.hash.unwrap_or_default();
            expected += 1;
        }
        if i64::try_from(read).unwrap_or(PAGE) < PAGE {
            break;
        }
    }
    let entries = expected - 1;
    if entries < head_seq {
        // Entries missing at the end.
        return Ok(Verdict::Broken { seq: entries + 1 });
    }
    if entries > head_seq {
        // Entries the head never vouched for.
        return Ok(Verdict::Broken { seq: head_seq + 1 });
    }
    if entries > 0 && prev != head_hash {
        // The last entry, rewritten with a hash of its own.
        return Ok(Verdict::Broken { seq: entries });
    }
    Ok(Verdict::Intact { entries })
}

/// A value as the `before`/`after` JSON text.
pub fn json_text(value: &impl serde::Serialize) -> Option<String> {
    serde_json::to_string(value).ok()
}
