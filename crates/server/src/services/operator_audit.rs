//! The command line's way into the audit trail ([`super::audit`]): an action, who did it, to
//! what, and a line of detail (kept as `after`, a JSON string).

use diesel::prelude::*;
use serde_json::Value;

use super::audit::{self, Entry};
use crate::db::DbConnection;

/// Appends one operator action to the audit trail. `operator` names who acted (the command
/// line's OS user when the action came from `fiscard admin`).
pub fn record(
    conn: &mut DbConnection,
    operator: &str,
    action: &str,
    subject: &str,
    detail: &str,
    now: i64,
) -> QueryResult<()> {
    let entry = Entry {
        operator,
        action,
        subject,
        after: (!detail.is_empty()).then(|| Value::String(detail.to_owned()).to_string()),
        ..Entry::default()
    };
    audit::append(conn, &entry, now).map(|_| ())
}

/// Who runs an admin command: `FISCARD_OPERATOR`, else the OS user, else "cli".
pub fn command_line_operator() -> String {
    ["FISCARD_OPERATOR", "USER", "LOGNAME"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
        .map_or_else(|| "cli".to_owned(), |v| format!("cli:{v}"))
}
