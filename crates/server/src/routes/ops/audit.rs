//! `GET ops/audit` (admin): the audit trail, newest first, filtered.

use actix_web::web;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::api::{Api, ApiResult, Page, PageQuery, Reply};
use crate::db::schema::audit_trail;
use crate::extract::CurrentOperator;
use crate::services::audit::Row;
use crate::services::operators::Role;
use crate::state::AppState;

/// The trail's filters (each exact; times in UTC milliseconds, `to` excluded).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// An operator's e-mail, or `cli:<user>`.
    operator: Option<String>,
    /// e.g. `review.decide`.
    action: Option<String>,
    /// e.g. `attempt:<id>`.
    subject: Option<String>,
    from: Option<i64>,
    to: Option<i64>,
}

/// One entry of the trail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    seq: i64,
    operator: String,
    action: String,
    subject: String,
    /// What it was (JSON), when the action changed something.
    before: Option<Value>,
    /// What it became, or the action's detail (JSON).
    after: Option<Value>,
    /// Null from the command line.
    ip: Option<String>,
    /// UTC milliseconds since the Unix epoch.
    created_at: i64,
}

fn json_of(text: Option<String>) -> Option<Value> {
    text.map(|t| serde_json::from_str(&t).unwrap_or(Value::String(t)))
}

/// The audit trail
///
/// Every operator action (the console's and the command line's, reads included), newest
/// first. Role `admin`. statusCodes: 200, 101, 403.
#[utoipa::path(
    get,
    path = "/ops/audit",
    tag = "ops",
    params(AuditQuery, PageQuery),
    security(("opsToken" = [])),
    responses((status = 200, body = Reply<Page<AuditEntry>>))
)]
pub async fn list_audit(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    query: web::Query<AuditQuery>,
    page: web::Query<PageQuery>,
) -> ApiResult<Page<AuditEntry>> {
    operator.require(&[Role::Admin])?;
    let (query, page) = (query.into_inner(), page.into_inner());
    let (rows, total) = state
        .db
        .read(move |conn| {
            let filtered = || {
                let mut q = audit_trail::table.into_boxed();
                if let Some(o) = query.operator.as_deref().filter(|o| !o.is_empty()) {
                    q = q.filter(audit_trail::operator.eq(o.trim().to_lowercase()));
                }
                if let Some(a) = query.action.as_deref().filter(|a| !a.is_empty()) {
                    q = q.filter(audit_trail::action.eq(a.trim().to_owned()));
                }
                if let Some(s) = query.subject.as_deref().filter(|s| !s.is_empty()) {
                    q = q.filter(audit_trail::subject.eq(s.trim().to_owned()));
                }
                if let Some(from) = query.from {
                    q = q.filter(audit_trail::created_at.ge(from));
                }
                if let Some(to) = query.to {
                    q = q.filter(audit_trail::created_at.lt(to));
                }
                q
            };
            let total: i64 = filtered().count().get_result(conn)?;
            let rows: Vec<Row> = filtered()
                .order(audit_trail::seq.desc())
                .limit(i64::from(page.size()))
                .offset(page.offset())
                .select(Row::as_select())
                .load(conn)?;
            Ok((rows, total))
        })
        .await?;
    let list = rows
        .into_iter()
        .map(|r| AuditEntry {
            seq: r.seq,
            operator: r.operator,
            action: r.action,
            subject: r.subject,
            before: json_of(r.before),
            after: json_of(r.after),
            ip: r.ip,
            created_at: r.created_at,
        })
        .collect();
    Ok(Api::ok(Page::new(list, total, &page)))
}
