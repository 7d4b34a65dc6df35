//! The operators' audit log: every operator action, who did it, to what, with what.

use diesel::prelude::*;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::operator_audit;

/// Writes one operator action. `operator` names who acted (the command line's OS user when
/// the action came from `fiscard admin`).
pub fn record(
    conn: &mut DbConnection,
    operator: &str,
    action: &str,
    subject: &str,
    detail: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(operator_audit::table)
        .values((
            operator_audit::id.eq(new_id()),
            operator_audit::operator.eq(operator),
            operator_audit::action.eq(action),
            operator_audit::subject.eq(subject),
            operator_audit::detail.eq(detail),
            operator_audit::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Who runs an admin command: `FISCARD_OPERATOR`, else the OS user, else "cli".
pub fn command_line_operator() -> String {
    ["FISCARD_OPERATOR", "USER", "LOGNAME"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
        .map_or_else(|| "cli".to_owned(), |v| format!("cli:{v}"))
}
