//! The per-user security-event log: what happened to an account, from where. What an operator
//! did to the account (`…_by_operator`) is there too, without an address: the holder is not
//! shown staff's IP or browser.

use diesel::prelude::*;

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::security_events;

/// An event worth telling the account holder about (the catalogue: `domain::security::SecurityEvent`).
pub use domain::security::SecurityEvent as Event;

/// Writes `event` for `user_id` (none for attempts on unknown addresses), from the client at
/// `ip` with `user_agent`.
pub fn record(
    conn: &mut DbConnection,
    user_id: Option<&str>,
    event: Event,
    ip: &str,
    user_agent: &str,
    now: i64,
) -> QueryResult<()> {
    insert(conn, user_id, event, Some((ip, user_agent)), now)
}

/// Writes `event`, which an operator caused, for `user_id`, in the operator's transaction: no
/// IP and no user agent (the operator's are not the holder's to see).
pub fn record_by_operator(
    conn: &mut DbConnection,
    user_id: &str,
    event: Event,
    now: i64,
) -> QueryResult<()> {
    insert(conn, Some(user_id), event, None, now)
}

fn insert(
    conn: &mut DbConnection,
    user_id: Option<&str>,
    event: Event,
    client: Option<(&str, &str)>,
    now: i64,
) -> QueryResult<()> {
    let (ip, user_agent) = client.unzip();
    diesel::insert_into(security_events::table)
        .values((
            security_events::id.eq(new_id()),
            security_events::user_id.eq(user_id),
            security_events::kind.eq(event.as_str()),
            security_events::ip.eq(ip),
            security_events::user_agent.eq(user_agent),
            security_events::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// One entry of the log, as its owner sees it.
#[derive(Debug, Clone, Queryable)]
pub struct Entry {
    pub id: String,
    pub kind: String,
    /// None for what an operator did.
    pub ip: Option<String>,
    /// None for what an operator did.
    pub user_agent: Option<String>,
    pub created_at: i64,
}

/// A page of the user's events, newest first, and how many there are.
pub fn page(
    conn: &mut DbConnection,
    user_id: &str,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Entry>, i64)> {
    let total = security_events::table
        .filter(security_events::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    let entries = security_events::table
        .filter(security_events::user_id.eq(user_id))
        .order((
            security_events::created_at.desc(),
            security_events::id.desc(),
        ))
        .offset(offset)
        .limit(limit)
        .select((
            security_events::id,
            security_events::kind,
            security_events::ip,
            security_events::user_agent,
            security_events::created_at,
        ))
        .load(conn)?;
    Ok((entries, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The holder's security history names every event in both languages (an event the web
    /// has no text for would show its bare code).
    #[test]
    fn every_event_has_a_text_in_both_web_catalogues() {
        for locale in ["en-US", "zh-HK"] {
            let path = format!(
                "{}/../../web/src/locales/{locale}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).expect("the web's catalogue");
            let catalogue: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&text).expect("a flat map");
            for event in Event::ALL {
                let key = format!("security.event.{}", event.as_str());
                assert!(catalogue.contains_key(&key), "{locale} lacks {key}");
            }
        }
    }
}
