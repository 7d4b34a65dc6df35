//! Idempotency keys of money-moving requests (`Idempotency-Key` header): a retry with the
//! same key and the same request answers the first answer, word for word, and does nothing
//! again; the same key with another request is refused (409).
//!
//! The key is claimed inside the transaction that moves the money, before anything else is
//! written, and the answer is stored in that same transaction: a concurrent retry waits for
//! the first to commit (PostgreSQL's unique index; SQLite's single writer) and then finds its
//! answer. A request whose transaction fails leaves no key behind, so it can be retried.

use diesel::prelude::*;
use serde_json::Value;

use super::vault::{DigestUse, Vault};
use crate::db::schema::idempotency_keys as keys;
use crate::db::{DbConnection, insert_unless_taken};

/// The verification fields are not part of what a request asks for (a retry may carry the
/// same codes; they are never stored, not even as a digest).
const NOT_THE_REQUEST: [&str; 3] = ["emailCaptcha", "mfaCode", "securityPassword"];

/// Longest key accepted.
pub const MAX_KEY_LENGTH: usize = 255;

/// A request made under an idempotency key.
#[derive(Debug, Clone)]
pub struct Keyed {
    pub user_id: String,
    pub key: String,
    /// A keyed digest of the route and the request's fields.
    pub digest: String,
}

/// What the key says about a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// Not used before: go on.
    New,
    /// Answered before: this is the answer (the whole envelope, as JSON).
    Answered(String),
    /// Used before for another request.
    OtherRequest,
}

/// A key as sent: 1 to 255 visible ASCII characters.
pub fn valid_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY_LENGTH && key.bytes().all(|b| b.is_ascii_graphic())
}

impl Keyed {
    pub fn new(
        user_id: &str,
        key: &str,
        vault: &Vault,
        route: &str,
        body: &serde_json::Map<String, Value>,
    ) -> Keyed {
        let top: serde_json::Map<String, Value> = body
            .iter()
            .filter(|(k, _)| !NOT_THE_REQUEST.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let request = format!("{route}\0{}", canonical(&Value::Object(top)));
        Keyed {
            user_id: user_id.to_owned(),
            key: key.to_owned(),
            digest: hex::encode(vault.digest(DigestUse::IdempotentRequest, request.as_bytes())),
        }
    }

    /// What the key says, without claiming it (to answer a retry before verifying anew).
    pub fn look_up(&self, conn: &mut DbConnection) -> QueryResult<Seen> {
        let found: Option<(String, String)> = keys::table
            .find((&self.user_id, &self.key))
            .select((keys::request_digest, keys::answer))
            .first(conn)
            .optional()?;
        Ok(match found {
            None => Seen::New,
            Some((digest, _)) if digest != self.digest => Seen::OtherRequest,
            Some((_, answer)) => Seen::Answered(answer),
        })
    }

    /// Claims the key inside the caller's transaction; `Seen::New` means it is now this
    /// request's, and [`Keyed::answer`] must store its answer before the transaction ends.
    pub fn claim(&self, conn: &mut DbConnection, now: i64) -> QueryResult<Seen> {
        let claimed = insert_unless_taken(conn, |conn| {
            diesel::insert_into(keys::table)
                .values((
                    keys::user_id.eq(&self.user_id),
                    keys::idempotency_key.eq(&self.key),
                    keys::request_digest.eq(&self.digest),
                    keys::answer.eq(""),
                    keys::created_at.eq(now),
                ))
                .execute(conn)
        })?;
        if claimed {
            Ok(Seen::New)
        } else {
            self.look_up(conn)
        }
    }

    /// Stores the answer of the request that claimed the key.
    pub fn answer(&self, conn: &mut DbConnection, envelope: &str) -> QueryResult<()> {
        diesel::update(keys::table.find((&self.user_id, &self.key)))
            .set(keys::answer.eq(envelope))
            .execute(conn)
            .map(|_| ())
    }
}

/// The value as JSON text with every object's keys sorted (a JSON object's order means
/// nothing).
fn canonical(value: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(fields) => {
                let mut keys: Vec<&String> = fields.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), sorted(&fields[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    sorted(value).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyed(body: &str) -> Keyed {
        Keyed::new(
            "u1",
            "k1",
            &Vault::new(&[9; 32]).unwrap(),
            "/fiscard/recharge",
            &serde_json::from_str(body).unwrap(),
        )
    }

    #[test]
    fn the_same_request_in_another_order_or_with_other_codes_is_the_same() {
        let a = keyed(r#"{"cardKey":"c","amount":"10","emailCaptcha":"123456"}"#);
        let b = keyed(r#"{"amount":"10","cardKey":"c","emailCaptcha":"654321"}"#);
        assert_eq!(a.digest, b.digest);
        assert_ne!(a.digest, keyed(r#"{"cardKey":"c","amount":"11"}"#).digest);
        assert!(!a.digest.contains("123456"));
    }

    #[test]
    fn keys_are_visible_ascii_up_to_255() {
        assert!(valid_key("5f1c-retry_1"));
        assert!(!valid_key(""));
        assert!(!valid_key("has space"));
        assert!(!valid_key(&"k".repeat(256)));
        assert!(!valid_key("clé"));
    }
}
