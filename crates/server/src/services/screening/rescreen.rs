//! Re-screening (DESIGN §7): importing a list screens every approved user again, since a name
//! that passed at commit may be on the new list. The names are those commit-time screening
//! takes from the newest approved attempt (the person of the basic identity, with date of birth
//! and country; the company of a company investor and its directors). (A basic identity
//! approved by an operator's `admin identity set-status` has no attempt, hence no names to
//! screen.)
//!
//! Each approved verification with a hit above the threshold gets an alert (`screening_alerts`)
//! with the hits and the score of each feature, for the operators (`admin identity list` and
//! `show`). Every list in the database is screened against, so each run replaces all alerts:
//! a name taken off the lists takes its alert with it.
//!
//! Users are read a page at a time (the list once), and the alerts written in one transaction.

use std::collections::HashMap;

use diesel::prelude::*;
use domain::identity::IdentityStatus;
use domain::review::Verification;

use super::{Entry, Hit, entries, screen, subjects};
use crate::api::AppError;
use crate::db::schema::{screening_alerts, users, verification_attempts};
use crate::db::{Db, DbConnection};
use crate::services::identity::Answers;

/// Approved users read at a time.
const PAGE: i64 = 500;

/// The verifications whose names are screened.
const SCREENED: [Verification; 2] = [Verification::Basic, Verification::Investor];

/// An approved verification whose names match listed names.
#[derive(Debug, Clone, PartialEq)]
pub struct Alert {
    pub user_id: String,
    pub email: String,
    pub verification: Verification,
    /// The approved attempt screened.
    pub attempt_id: String,
    pub hits: Vec<Hit>,
}

/// What a run found.
#[derive(Debug, Clone, PartialEq)]
pub struct Rescreened {
    /// Users with an approved basic identity or investor certification.
    pub users: usize,
    pub alerts: Vec<Alert>,
}

/// An alert as kept.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = screening_alerts)]
pub struct AlertRow {
    pub user_id: String,
    pub verification: String,
    pub attempt_id: String,
    /// The hits (JSON), each with the score of each feature.
    pub hits: String,
    pub screened_at: i64,
}

#[derive(Debug, Queryable)]
struct ApprovedUser {
    id: String,
    email: String,
    identity_status: i32,
    investor_status: i32,
}

fn approved() -> i32 {
    i32::try_from(IdentityStatus::Approved.code()).unwrap_or_default()
}

/// The next page of users with an approved basic identity or investor certification, by id
/// after `after`.
fn approved_users(conn: &mut DbConnection, after: &str) -> QueryResult<Vec<ApprovedUser>> {
    users::table
        .filter(
            users::identity_status
                .eq(approved())
                .or(users::investor_status.eq(approved())),
        )
        .filter(users::id.gt(after))
        .order(users::id.asc())
        .limit(PAGE)
        .select((
            users::id,
            users::email,
            users::identity_status,
            users::investor_status,
        ))
        .load(conn)
}

/// The newest approved attempt (id, answers) of each screened verification of `user_ids`.
fn approved_attempts(
    conn: &mut DbConnection,
    user_ids: &[&str],
) -> QueryResult<HashMap<(String, String), (String, String)>> {
    let rows: Vec<(String, String, String, String)> = verification_attempts::table
        .filter(verification_attempts::user_id.eq_any(user_ids))
        .filter(verification_attempts::status.eq(approved()))
        .filter(verification_attempts::verification.eq_any(SCREENED.map(Verification::as_str)))
        .order(verification_attempts::number.asc())
        .select((
            verification_attempts::user_id,
            verification_attempts::verification,
            verification_attempts::id,
            verification_attempts::data,
        ))
        .load(conn)?;
    // In number order: the newest is kept.
    Ok(rows
        .into_iter()
        .map(|(user, verification, id, data)| ((user, verification), (id, data)))
        .collect())
}

/// The alerts of one user's approved verifications.
fn screen_user(
    user: &ApprovedUser,
    attempts: &HashMap<(String, String), (String, String)>,
    list: &[Entry],
) -> Vec<Alert> {
    let mut alerts = Vec::new();
    for verification in SCREENED {
        let status = match verification {
            Verification::Basic => user.identity_status,
            _ => user.investor_status,
        };
        if status != approved() {
            continue;
        }
        let Some((attempt_id, data)) =
            attempts.get(&(user.id.clone(), verification.as_str().to_owned()))
        else {
            continue;
        };
        let answers: Answers = serde_json::from_str(data).unwrap_or_default();
        let hits: Vec<Hit> = subjects(verification, &answers)
            .iter()
            .flat_map(|s| screen(s, list))
            .collect();
        if !hits.is_empty() {
            alerts.push(Alert {
                user_id: user.id.clone(),
                email: user.email.clone(),
                verification,
                attempt_id: attempt_id.clone(),
                hits,
            });
        }
    }
    alerts
}

/// Screens every approved user against the lists in the database; the alerts found, not yet
/// kept (see [`replace_alerts`]).
///
/// # Errors
/// The database's.
pub async fn rescreen(db: &Db) -> Result<Rescreened, AppError> {
    let listed = db
        .read(|conn| entries(conn).map_err(AppError::from))
        .await?;
    let mut found = Rescreened {
        users: 0,
        alerts: Vec::new(),
    };
    let mut after = String::new();
    loop {
        let from = after.clone();
        let (users, attempts) = db
            .read(move |conn| {
                let users = approved_users(conn, &from)?;
                let ids: Vec<&str> = users.iter().map(|u| u.id.as_str()).collect();
                let attempts = approved_attempts(conn, &ids)?;
                Ok((users, attempts))
            })
            .await?;
        let Some(last) = users.last() else {
            break;
        };
        after.clone_from(&last.id);
        found.users += users.len();
        for user in &users {
            found.alerts.extend(screen_user(user, &attempts, &listed));
        }
    }
    Ok(found)
}

/// Replaces every alert with `alerts`, screened at `now`.
pub fn replace_alerts(conn: &mut DbConnection, alerts: &[Alert], now: i64) -> QueryResult<()> {
    diesel::delete(screening_alerts::table).execute(conn)?;
    for alert in alerts {
        diesel::insert_into(screening_alerts::table)
            .values((
                screening_alerts::user_id.eq(&alert.user_id),
                screening_alerts::verification.eq(alert.verification.as_str()),
                screening_alerts::attempt_id.eq(&alert.attempt_id),
                screening_alerts::hits.eq(serde_json::to_string(&alert.hits).unwrap_or_default()),
                screening_alerts::screened_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Every alert with its user's e-mail address, by address and verification.
pub fn alerts(conn: &mut DbConnection) -> QueryResult<Vec<(AlertRow, String)>> {
    screening_alerts::table
        .inner_join(users::table.on(users::id.eq(screening_alerts::user_id)))
        .order((users::email.asc(), screening_alerts::verification.asc()))
        .select((AlertRow::as_select(), users::email))
        .load(conn)
}

/// The alert of `user_id`'s `verification`, if any.
pub fn alert_of(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
) -> QueryResult<Option<AlertRow>> {
    screening_alerts::table
        .find((user_id, verification.as_str()))
        .select(AlertRow::as_select())
        .first(conn)
        .optional()
}
