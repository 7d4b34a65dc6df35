//! Identity verification (DESIGN §7): per user and verification (basic, investor, AML, QI) a
//! draft kept until commit, numbered attempts that operators decide, and the user's current
//! state on `users` (0 not started, 2 in review, 1 approved, 3 rejected).
//!
//! A commit moves the state from not started or rejected to in review with one conditional
//! update, so of two commits at once only one creates an attempt.

use diesel::prelude::*;
use domain::identity::{IdentityStatus, InvestorType};
use domain::review::{RejectionKind, RejectionReason, Verification};
use domain::upload::DOCUMENT_FIELDS;
use serde_json::{Map, Value};

use crate::clock::new_id;
use crate::db::DbConnection;
use crate::db::schema::{rejection_items, users, verification_attempts, verification_drafts};

/// A verification's answers, by API field name.
pub type Answers = Map<String, Value>;

/// The references of document field `field` in `answers`, in the order given (none when the
/// field is not a document field or is empty).
pub fn references_of(answers: &Answers, field: &str) -> Vec<String> {
    if !DOCUMENT_FIELDS.contains(&field) {
        return Vec::new();
    }
    answers
        .get(field)
        .and_then(Value::as_str)
        .map(domain::forms::rules::file_paths)
        .unwrap_or_default()
}

/// Every document field `answers` fills, in the order of [`DOCUMENT_FIELDS`], with its references.
pub fn documents_of(answers: &Answers) -> Vec<(&'static str, Vec<String>)> {
    DOCUMENT_FIELDS
        .iter()
        .map(|field| (*field, references_of(answers, field)))
        .filter(|(_, references)| !references.is_empty())
        .collect()
}

/// Runs `$body` with `$column` bound to the `users` column of `$verification`'s state.
macro_rules! with_status_column {
    ($verification:expr, $column:ident => $body:expr) => {
        match $verification {
            Verification::Basic => {
                let $column = users::identity_status;
                $body
            }
            Verification::Investor => {
                let $column = users::investor_status;
                $body
            }
            Verification::Aml => {
                let $column = users::aml_status;
                $body
            }
            Verification::Qualify => {
                let $column = users::qi_status;
                $body
            }
        }
    };
}

fn code(status: IdentityStatus) -> i32 {
    i32::try_from(status.code()).unwrap_or_default()
}

/// The user's state of `verification`.
pub fn status(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
) -> QueryResult<IdentityStatus> {
    let value: i32 = with_status_column!(verification, column => users::table
        .find(user_id)
        .select(column)
        .first(conn)?);
    Ok(IdentityStatus::from_code(i64::from(value)).unwrap_or(IdentityStatus::NotStarted))
}

/// Sets the state of `verification` to `to` when it is one of `from`; whether it was.
fn move_status(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
    from: &[IdentityStatus],
    to: IdentityStatus,
    now: i64,
) -> QueryResult<bool> {
    let from: Vec<i32> = from.iter().map(|s| code(*s)).collect();
    let changed = with_status_column!(verification, column => diesel::update(
        users::table
            .filter(users::id.eq(user_id))
            .filter(column.eq_any(from)),
    )
    .set((column.eq(code(to)), users::updated_at.eq(now)))
    .execute(conn)?);
    Ok(changed == 1)
}

/// An attempt as committed and decided.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = verification_attempts)]
pub struct AttemptRow {
    pub id: String,
    pub user_id: String,
    pub verification: String,
    pub number: i32,
    pub investor_type: Option<i32>,
    pub data: String,
    pub status: i32,
    pub screening: Option<String>,
    pub rejection_kind: Option<String>,
    pub submitted_at: i64,
    pub decided_at: Option<i64>,
    pub decided_by: Option<String>,
}

impl AttemptRow {
    pub fn answers(&self) -> Answers {
        serde_json::from_str(&self.data).unwrap_or_default()
    }

    pub fn investor_type(&self) -> Option<InvestorType> {
        self.investor_type
            .and_then(|t| InvestorType::from_code(i64::from(t)))
    }

    pub fn status(&self) -> IdentityStatus {
        IdentityStatus::from_code(i64::from(self.status)).unwrap_or(IdentityStatus::InReview)
    }

    pub fn kind(&self) -> Option<RejectionKind> {
        self.rejection_kind
            .as_deref()
            .and_then(RejectionKind::parse)
    }
}

/// One rejected item, with the operators' note.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Item {
    pub field: String,
    pub reason: String,
    pub message: String,
    pub note: String,
}

/// The newest attempt of `verification`.
pub fn last_attempt(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
) -> QueryResult<Option<AttemptRow>> {
    verification_attempts::table
        .filter(verification_attempts::user_id.eq(user_id))
        .filter(verification_attempts::verification.eq(verification.as_str()))
        .order(verification_attempts::number.desc())
        .select(AttemptRow::as_select())
        .first(conn)
        .optional()
}

/// Attempt `number` of `verification`.
pub fn attempt_numbered(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
    number: i32,
) -> QueryResult<Option<AttemptRow>> {
    verification_attempts::table
        .filter(verification_attempts::user_id.eq(user_id))
        .filter(verification_attempts::verification.eq(verification.as_str()))
        .filter(verification_attempts::number.eq(number))
        .select(AttemptRow::as_select())
        .first(conn)
        .optional()
}

/// The newest approved attempt of `verification`.
pub fn approved_attempt(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
) -> QueryResult<Option<AttemptRow>> {
    verification_attempts::table
        .filter(verification_attempts::user_id.eq(user_id))
        .filter(verification_attempts::verification.eq(verification.as_str()))
        .filter(verification_attempts::status.eq(code(IdentityStatus::Approved)))
        .order(verification_attempts::number.desc())
        .select(AttemptRow::as_select())
        .first(conn)
        .optional()
}

/// The company name of the user's approved certification as a company investor, if it is one.
pub fn company_name(conn: &mut DbConnection, user_id: &str) -> QueryResult<Option<String>> {
    Ok(approved_attempt(conn, user_id, Verification::Investor)?
        .filter(|a| a.investor_type() == Some(InvestorType::Company))
        .and_then(|a| {
            a.answers()
                .get("companyName")
                .and_then(Value::as_str)
                .map(|n| n.trim().to_owned())
        }))
}

/// The verified name accounts are held in: the company's for an approved company investor,
/// else the person's once basic identity is approved; none before.
pub fn account_holder(
    conn: &mut DbConnection,
    profile: &crate::services::accounts::Profile,
) -> QueryResult<Option<String>> {
    let approved = |code: i32| code == self::code(IdentityStatus::Approved);
    if approved(profile.investor_status) {
        if let Some(company) = company_name(conn, &profile.id)? {
            return Ok(Some(company));
        }
    }
    Ok(approved(profile.identity_status).then(|| person_name(profile)))
}

/// The person's verified first and last names, as one.
pub fn person_name(profile: &crate::services::accounts::Profile) -> String {
    [profile.first_name.as_deref(), profile.last_name.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn items(conn: &mut DbConnection, attempt_id: &str) -> QueryResult<Vec<Item>> {
    rejection_items::table
        .filter(rejection_items::attempt_id.eq(attempt_id))
        .order(rejection_items::position.asc())
        .select((
            rejection_items::field,
            rejection_items::reason,
            rejection_items::message,
            rejection_items::note,
        ))
        .load(conn)
}

/// The draft of `verification`: what was saved since the last commit, else the last
/// attempt's answers (a retry starts from them), else nothing.
pub fn draft(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
) -> QueryResult<Answers> {
    let saved: Option<String> = verification_drafts::table
        .find((user_id, verification.as_str()))
        .select(verification_drafts::data)
        .first(conn)
        .optional()?;
    if let Some(saved) = saved {
        return Ok(serde_json::from_str(&saved).unwrap_or_default());
    }
    Ok(last_attempt(conn, user_id, verification)?
        .map(|a| a.answers())
        .unwrap_or_default())
}

/// Adds `fields` to the draft; answers the whole draft.
pub fn save_draft(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
    fields: Answers,
    now: i64,
) -> QueryResult<Answers> {
    let mut answers = draft(conn, user_id, verification)?;
    answers.extend(fields);
    let data = Value::Object(answers.clone()).to_string();
    diesel::delete(verification_drafts::table.find((user_id, verification.as_str())))
        .execute(conn)?;
    diesel::insert_into(verification_drafts::table)
        .values((
            verification_drafts::user_id.eq(user_id),
            verification_drafts::verification.eq(verification.as_str()),
            verification_drafts::data.eq(data),
            verification_drafts::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(answers)
}

/// Why a commit is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommitRefusal {
    InReview,
    Approved,
}

/// What a commit needs besides the answers.
#[derive(Debug, Clone)]
pub struct Commit<'a> {
    pub user_id: &'a str,
    pub verification: Verification,
    pub answers: &'a Answers,
    pub investor_type: Option<InvestorType>,
    /// The screening hits (JSON) that hold the case, if any.
    pub screening: Option<String>,
    /// Whether an approved verification may be answered again (the questionnaires).
    pub editable_when_approved: bool,
    pub now: i64,
}

/// Freezes the answers as the next attempt and puts it in review; the attempt's number.
pub fn commit(conn: &mut DbConnection, c: &Commit<'_>) -> QueryResult<Result<i32, CommitRefusal>> {
    let mut from = vec![IdentityStatus::NotStarted, IdentityStatus::Rejected];
    if c.editable_when_approved {
        from.push(IdentityStatus::Approved);
    }
    let moved = move_status(
        conn,
        c.user_id,
        c.verification,
        &from,
        IdentityStatus::InReview,
        c.now,
    )?;
    if !moved {
        return Ok(Err(match status(conn, c.user_id, c.verification)? {
            IdentityStatus::Approved => CommitRefusal::Approved,
            _ => CommitRefusal::InReview,
        }));
    }
    let last: Option<i32> = verification_attempts::table
        .filter(verification_attempts::user_id.eq(c.user_id))
        .filter(verification_attempts::verification.eq(c.verification.as_str()))
        .select(diesel::dsl::max(verification_attempts::number))
        .first(conn)?;
    let number = last.unwrap_or(0) + 1;
    diesel::insert_into(verification_attempts::table)
        .values((
            verification_attempts::id.eq(new_id()),
            verification_attempts::user_id.eq(c.user_id),
            verification_attempts::verification.eq(c.verification.as_str()),
            verification_attempts::number.eq(number),
            verification_attempts::investor_type.eq(c
                .investor_type
                .map(|t| i32::from(t == InvestorType::Company))),
            verification_attempts::data.eq(Value::Object(c.answers.clone()).to_string()),
            verification_attempts::status.eq(code(IdentityStatus::InReview)),
            verification_attempts::screening.eq(&c.screening),
            verification_attempts::submitted_at.eq(c.now),
        ))
        .execute(conn)?;
    diesel::delete(verification_drafts::table.find((c.user_id, c.verification.as_str())))
        .execute(conn)?;
    Ok(Ok(number))
}

/// An operator's decision on the attempt in review.
#[derive(Debug, Clone)]
pub enum Decision {
    Approve,
    Reject {
        kind: RejectionKind,
        items: Vec<(String, RejectionReason, String, String)>,
    },
}

/// Decides the attempt of `verification` in review; `None` when there is none.
pub fn decide(
    conn: &mut DbConnection,
    user_id: &str,
    verification: Verification,
    decision: &Decision,
    operator: &str,
    now: i64,
) -> QueryResult<Option<AttemptRow>> {
    let Some(attempt) = last_attempt(conn, user_id, verification)?
        .filter(|a| a.status() == IdentityStatus::InReview)
    else {
        return Ok(None);
    };
    let (to, kind) = match decision {
        Decision::Approve => (IdentityStatus::Approved, None),
        Decision::Reject { kind, items } => {
            for (position, (field, reason, message, note)) in items.iter().enumerate() {
                diesel::insert_into(rejection_items::table)
                    .values((
                        rejection_items::attempt_id.eq(&attempt.id),
                        rejection_items::position.eq(i32::try_from(position).unwrap_or(0)),
                        rejection_items::field.eq(field),
                        rejection_items::reason.eq(reason.as_str()),
                        rejection_items::message.eq(message),
                        rejection_items::note.eq(note),
                    ))
                    .execute(conn)?;
            }
            (IdentityStatus::Rejected, Some(kind.as_str()))
        }
    };
    diesel::update(verification_attempts::table.find(&attempt.id))
        .set((
            verification_attempts::status.eq(code(to)),
            verification_attempts::rejection_kind.eq(kind),
            verification_attempts::decided_at.eq(now),
            verification_attempts::decided_by.eq(operator),
        ))
        .execute(conn)?;
    move_status(
        conn,
        user_id,
        verification,
        &[IdentityStatus::InReview],
        to,
        now,
    )?;
    if verification == Verification::Basic && to == IdentityStatus::Approved {
        let answers = attempt.answers();
        let text = |key: &str| answers.get(key).and_then(Value::as_str).map(str::trim);
        diesel::update(users::table.find(user_id))
            .set((
                users::first_name.eq(text("firstName")),
                users::last_name.eq(text("lastName")),
                users::country.eq(text("country")),
            ))
            .execute(conn)?;
    }
    last_attempt(conn, user_id, verification)
}

/// Attempts waiting for a decision, oldest first.
pub fn queue(conn: &mut DbConnection) -> QueryResult<Vec<(AttemptRow, String)>> {
    verification_attempts::table
        .inner_join(users::table.on(users::id.eq(verification_attempts::user_id)))
        .filter(verification_attempts::status.eq(code(IdentityStatus::InReview)))
        .order(verification_attempts::submitted_at.asc())
        .select((AttemptRow::as_select(), users::email))
        .load(conn)
}
