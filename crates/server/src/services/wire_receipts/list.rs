//! The wire receipts, listed for the console.

use diesel::prelude::*;

use super::Receipt;
use crate::db::DbConnection;
use crate::db::schema::{users, wire_receipts};

/// Receipts with their users' e-mails, and how many match.
pub type Listed = (Vec<(Receipt, Option<String>)>, i64);

/// A page of receipts (newest first) with their users' e-mails, and how many there are.
pub fn list(
    conn: &mut DbConnection,
    status: Option<&str>,
    offset: i64,
    limit: i64,
) -> QueryResult<Listed> {
    let filtered = || {
        let mut query = wire_receipts::table.into_boxed();
        if let Some(status) = status {
            query = query.filter(wire_receipts::status.eq(status.to_owned()));
        }
        query
    };
    let total: i64 = filtered().count().get_result(conn)?;
    let rows: Vec<Receipt> = filtered()
        .order((wire_receipts::created_at.desc(), wire_receipts::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(Receipt::as_select())
        .load(conn)?;
    let mut listed = Vec::with_capacity(rows.len());
    for row in rows {
        let email = email_of(conn, row.user_id.as_deref())?;
        listed.push((row, email));
    }
    Ok((listed, total))
}

/// The e-mail address of `user_id`, if any.
pub fn email_of(conn: &mut DbConnection, user_id: Option<&str>) -> QueryResult<Option<String>> {
    let Some(user_id) = user_id else {
        return Ok(None);
    };
    users::table
        .find(user_id)
        .select(users::email)
        .first(conn)
        .optional()
}
