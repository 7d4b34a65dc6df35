//! Seeding many holders on PostgreSQL quickly: one holder seeded by the server's own services
//! (the template: a user, a wire, a subscription), then copied `count - 1` times by one
//! `INSERT … SELECT … FROM generate_series` a table. The services take some forty round trips a
//! holder, which made seeding 100,000 holders take over 12 minutes; the copies take seconds.
//!
//! A copy is the template's rows with every text value rewritten: each id the template's rows
//! carry gets its first 8 hex digits replaced by the copy's number (ids stay UUID-shaped,
//! unique, and sort by holder as the services' time-ordered ids do), and the holder number in
//! the e-mail and the wire reference becomes the copy's. The platform accounts' balances move
//! by the template's entries on them times the copies. The ledger check and the reconcile at
//! the end of the bench verify the result; seeding fails when the template wrote to a table
//! the copy does not know.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use server::db::{Db, DbConnection};

/// The tables one holder's seeding writes, in the order their rows may be inserted, each with
/// the condition that picks the template's rows (`$1` the template user's id).
const TABLES: [(&str, &str); 8] = [
    ("users", "id = $1"),
    ("user_security", "user_id = $1"),
    ("ledger_accounts", "user_id = $1"),
    ("ledger_transactions", "user_id = $1"),
    (
        "ledger_entries",
        "transaction_id IN (SELECT id FROM ledger_transactions WHERE user_id = $1)",
    ),
    ("fund_positions", "user_id = $1"),
    ("fund_orders", "user_id = $1"),
    (
        "fund_moves",
        "position_id IN (SELECT id FROM fund_positions WHERE user_id = $1)",
    ),
];

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    rows: i64,
}

/// Rows of every table of the public schema, by name.
fn counts(c: &mut PgConnection) -> QueryResult<Vec<Count>> {
    let tables: Vec<Name> = diesel::sql_query(
        "SELECT table_name::text AS name FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    )
    .load(c)?;
    let union: Vec<String> = tables
        .iter()
        .map(|t| {
            format!(
                "SELECT '{0}' AS name, count(*) AS rows FROM \"{0}\"",
                t.name
            )
        })
        .collect();
    diesel::sql_query(format!("{} ORDER BY 1", union.join(" UNION ALL "))).load(c)
}

/// Seeds `count` holders (numbered from the users already there) of `amount` minor units each,
/// subscribed on the business date of `now`: the first by the services, the rest copied.
pub async fn seed_holders(db: &Db, count: u64, amount: i64, now: i64) -> anyhow::Result<()> {
    let before = db
        .read(|conn| Ok(counts(pg(conn)?)?))
        .await
        .map_err(|e| failed(&e))?;
    server::fund_cli::seed_holders(db, 1, amount, now).await?;
    let copies = i64::try_from(count.saturating_sub(1))?;
    db.write(move |conn| Ok(copy(pg(conn)?, &before, copies)?))
        .await
        .map_err(|e| failed(&e))
}

fn failed(e: &server::api::AppError) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

fn pg(conn: &mut DbConnection) -> anyhow::Result<&mut PgConnection> {
    match conn {
        DbConnection::Pg(c) => Ok(c),
        DbConnection::Sqlite(_) => anyhow::bail!("copying holders is for PostgreSQL"),
    }
}

/// Copies the newest user (the template) `copies` times.
fn copy(c: &mut PgConnection, before: &[Count], copies: i64) -> anyhow::Result<()> {
    let after = counts(c)?;
    for table in &after {
        let was = before
            .iter()
            .find(|b| b.name == table.name)
            .map_or(0, |b| b.rows);
        let known = TABLES.iter().any(|(name, _)| *name == table.name);
        // The first holder may open the platform's accounts, which stay one each.
        anyhow::ensure!(
            table.rows == was || known,
            "seeding a holder wrote to {}, which the copy does not know",
            table.name
        );
    }
    // The template is the holder numbered by the users there were before it.
    let number = before
        .iter()
        .find(|b| b.name == "users")
        .map_or(0, |b| b.rows);
    let template: Vec<Name> = diesel::sql_query("SELECT id AS name FROM users WHERE email = $1")
        .bind::<Text, _>(format!("fund-holder-{number}@example.com"))
        .load(c)?;
    let user = &template
        .first()
        .ok_or_else(|| anyhow::anyhow!("no template"))?
        .name;
    let mut ids = Vec::new();
    for (table, template_rows) in TABLES {
        if columns(c, table)?.iter().any(|(name, _)| name == "id") {
            let found: Vec<Name> = diesel::sql_query(format!(
                "SELECT id AS name FROM {table} WHERE {template_rows}"
            ))
            .bind::<Text, _>(user)
            .load(c)?;
            ids.extend(found.into_iter().map(|n| n.name));
        }
    }
    // clone_text(value, n): the template's text value as copy n has it.
    let mut body = "v".to_owned();
    for id in &ids {
        anyhow::ensure!(
            id.len() == 36 && id.is_ascii(),
            "an id not of the UUID's form: {id}"
        );
        body = format!(
            "replace({body}, '{id}', lpad(to_hex(n), 8, '0') || '{}')",
            &id[8..]
        );
    }
    for (prefix, suffix) in [("fund-holder-", "@"), ("SEED-", "")] {
        body = format!(
            "replace({body}, '{prefix}{number}{suffix}', '{prefix}' || ({number} + n) || '{suffix}')"
        );
    }
    diesel::sql_query(format!(
        "CREATE FUNCTION pg_temp.clone_text(v text, n bigint) RETURNS text \
         LANGUAGE sql IMMUTABLE AS $$ SELECT {body} $$"
    ))
    .execute(c)?;
    for (table, template_rows) in TABLES {
        let values: Vec<String> = columns(c, table)?
            .into_iter()
            .map(|(name, kind)| {
                if kind == "text" {
                    format!("pg_temp.clone_text(t.\"{name}\", n)")
                } else {
                    format!("t.\"{name}\"")
                }
            })
            .collect();
        diesel::sql_query(format!(
            "INSERT INTO {table} SELECT {} FROM {table} AS t, generate_series(1, $2) AS n \
             WHERE t.{template_rows}",
            values.join(", ")
        ))
        .bind::<Text, _>(user)
        .bind::<BigInt, _>(copies)
        .execute(c)?;
    }
    // The platform's side of the copies' movements.
    diesel::sql_query(
        "UPDATE ledger_accounts AS a SET balance = a.balance + $2 * e.amount \
         FROM (SELECT account_id, sum(amount) AS amount FROM ledger_entries \
               WHERE transaction_id IN (SELECT id FROM ledger_transactions WHERE user_id = $1) \
               GROUP BY account_id) AS e \
         WHERE a.id = e.account_id AND a.user_id IS NULL",
    )
    .bind::<Text, _>(user)
    .bind::<BigInt, _>(copies)
    .execute(c)?;
    diesel::sql_query("ANALYZE").execute(c)?;
    Ok(())
}

#[derive(QueryableByName)]
struct Column {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    kind: String,
}

/// The columns of `table` in their order: (name, data type).
fn columns(c: &mut PgConnection, table: &str) -> QueryResult<Vec<(String, String)>> {
    let found: Vec<Column> = diesel::sql_query(
        "SELECT column_name::text AS name, data_type::text AS kind FROM information_schema.columns \
         WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
    )
    .bind::<Text, _>(table)
    .load(c)?;
    Ok(found.into_iter().map(|c| (c.name, c.kind)).collect())
}
