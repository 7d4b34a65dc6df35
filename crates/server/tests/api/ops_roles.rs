//! The console's role and id table: every operation under the `opsToken` scheme, the roles it
//! accepts, and a body it would take. For each: a user's `Access-Token` is refused (101), an
//! operator holding none of its roles is refused (403), and an id that does not exist answers
//! 404 to an operator who holds them (the console's counterpart of the users' IDOR table: the
//! console names any user's resources on purpose, so what guards them is the role, and what an
//! unknown id must not do is anything but 404). A documented console operation missing from
//! the table fails the table's own test.

use std::collections::BTreeSet;

use serde_json::{Value, json};
use server::services::operators::Role;

use crate::helpers::{Answer, EN, PASSWORD, TestApp, spawn_app};
use crate::ops_helpers::Operator;
use crate::schema_check::DOCUMENT;

const FORBIDDEN: &str = "Your operator roles do not allow this";

/// Any operator with a live session.
const ANYONE: &[Role] = &[];
const ADMIN: &[Role] = &[Role::Admin];
const REVIEWER: &[Role] = &[Role::Reviewer];
const FINANCE: &[Role] = &[Role::Finance];
const READERS: &[Role] = &[Role::Reviewer, Role::Finance, Role::Admin];
const FINANCE_OR_ADMIN: &[Role] = &[Role::Finance, Role::Admin];

struct Row {
    method: &'static str,
    path: &'static str,
    roles: &'static [Role],
    /// A body the operation would take (ids aside).
    body: fn() -> Value,
}

impl Row {
    fn takes_an_id(&self) -> bool {
        self.path.contains('{')
    }
}

fn nothing() -> Value {
    json!({})
}

fn reason_compliance() -> Value {
    json!({"reason": "compliance"})
}

fn freeze() -> Value {
    json!({"reason": "suspected_fraud"})
}

fn sent() -> Value {
    json!({"reference": "FED-1"})
}

fn assign() -> Value {
    json!({"email": "user@example.com"})
}

fn decision() -> Value {
    json!({"items": []})
}

macro_rules! row {
    ($method:literal $path:literal, $roles:expr, $body:expr) => {
        Row {
            method: $method,
            path: $path,
            roles: $roles,
            body: $body,
        }
    };
}

const ROWS: &[Row] = &[
    row!("post" "/ops/logout", ANYONE, nothing),
    row!("get" "/ops/me", ANYONE, nothing),
    row!("get" "/ops/operators", ADMIN, nothing),
    row!("post" "/ops/operators", ADMIN, nothing),
    row!("post" "/ops/operators/{id}/disable", ADMIN, nothing),
    row!("get" "/ops/audit", ADMIN, nothing),
    row!("get" "/ops/review/queue", REVIEWER, nothing),
    row!("post" "/ops/review/cases/{id}/claim", REVIEWER, nothing),
    row!("post" "/ops/review/cases/{id}/release", REVIEWER, nothing),
    row!("get" "/ops/review/cases/{id}", REVIEWER, nothing),
    row!("get" "/ops/review/cases/{id}/documents/{reference}", REVIEWER, nothing),
    row!("post" "/ops/review/cases/{id}/decision", REVIEWER, decision),
    row!("post" "/ops/wires", FINANCE, nothing),
    row!("get" "/ops/wires", FINANCE, nothing),
    row!("post" "/ops/wires/{id}/assign", FINANCE, assign),
    row!("post" "/ops/wires/{id}/approve", FINANCE, nothing),
    row!("post" "/ops/wires/{id}/return", FINANCE, reason_compliance),
    row!("get" "/ops/search", READERS, nothing),
    row!("get" "/ops/users/{id}", READERS, nothing),
    row!("post" "/ops/users/{id}/sessions/{sessionId}/end", FINANCE_OR_ADMIN, nothing),
    row!("post" "/ops/users/{id}/sessions/end", FINANCE_OR_ADMIN, nothing),
    row!("post" "/ops/cards/{cardKey}/freeze", FINANCE, freeze),
    row!("post" "/ops/cards/{cardKey}/unfreeze", FINANCE, freeze),
    row!("get" "/ops/bins", ADMIN, nothing),
    row!("post" "/ops/bins", ADMIN, nothing),
    row!("post" "/ops/bins/{bin}/disable", ADMIN, nothing),
    row!("get" "/ops/withdrawals", FINANCE, nothing),
    row!("post" "/ops/withdrawals/{id}/approve", FINANCE, nothing),
    row!("post" "/ops/withdrawals/{id}/reject", FINANCE, reason_compliance),
    row!("post" "/ops/withdrawals/{id}/send", FINANCE, sent),
    row!("post" "/ops/withdrawals/{id}/complete", FINANCE, nothing),
    row!("post" "/ops/withdrawals/{id}/return", FINANCE, reason_compliance),
];

/// The path with every parameter an id nobody has.
fn unknown_ids(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        out.push_str("999999");
        rest = &rest[rest[start..]
            .find('}')
            .map_or(rest.len(), |end| start + end + 1)..];
    }
    out.push_str(rest);
    out
}

async fn call(app: &TestApp, row: &Row, header: &str, token: &str) -> Answer {
    let url = app.url(&format!("/api{}", unknown_ids(row.path)));
    let request = match row.method {
        "get" => app.client.get(url),
        _ => app.client.post(url).json(&(row.body)()),
    };
    app.send(request.header("User-Lang", EN).header(header, token))
        .await
}

#[test]
fn every_documented_console_operation_is_in_the_table() {
    let mut documented = BTreeSet::new();
    for (path, item) in DOCUMENT["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let console = op["security"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|scheme| scheme.get("opsToken").is_some());
            if console {
                documented.insert((method.clone(), path.clone()));
            }
        }
    }
    let listed: BTreeSet<(String, String)> = ROWS
        .iter()
        .map(|r| (r.method.to_owned(), r.path.to_owned()))
        .collect();
    let missing: Vec<_> = documented.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "console operations not in the table: {missing:?}"
    );
    let stale: Vec<_> = listed.difference(&documented).collect();
    assert!(
        stale.is_empty(),
        "rows the document does not have: {stale:?}"
    );
}

#[actix_web::test]
async fn a_users_token_opens_no_console_operation() {
    let app = spawn_app().await;
    let user = app.register("user@example.com", PASSWORD).await;
    for row in ROWS {
        for header in ["Access-Token", "Ops-Token"] {
            let answer = call(&app, row, header, &user).await;
            assert_eq!(
                answer.code(),
                101,
                "{} {} with a user's token as {header}: {}",
                row.method,
                row.path,
                answer.text
            );
        }
    }
}

/// Operators holding every role but those of `roles`, one per distinct set.
async fn outsider(app: &TestApp, roles: &[Role], n: usize) -> Option<Operator> {
    let others: Vec<Role> = [Role::Reviewer, Role::Finance, Role::Admin]
        .into_iter()
        .filter(|r| !roles.contains(r))
        .collect();
    if others.is_empty() || roles.is_empty() {
        return None;
    }
    Some(
        app.operator(&format!("outsider{n}@example.com"), &others)
            .await,
    )
}

#[actix_web::test]
async fn each_console_operation_refuses_an_operator_without_its_roles() {
    let app = spawn_app().await;
    let mut checked = 0;
    for (n, row) in ROWS.iter().enumerate() {
        let Some(op) = outsider(&app, row.roles, n).await else {
            continue;
        };
        let answer = call(&app, row, "Ops-Token", &op.token).await;
        assert_eq!(
            (answer.code(), answer.message()),
            (403, FORBIDDEN),
            "{} {}: {}",
            row.method,
            row.path,
            answer.text
        );
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} rows name roles");
}

#[actix_web::test]
async fn ids_nobody_has_answer_404_to_an_operator_with_the_roles() {
    let app = spawn_app().await;
    // The wire's assignment names a user that exists; only the wire does not.
    app.register("user@example.com", PASSWORD).await;
    let all = app
        .operator(
            "all@example.com",
            &[Role::Reviewer, Role::Finance, Role::Admin],
        )
        .await;
    for row in ROWS.iter().filter(|r| r.takes_an_id()) {
        let answer = call(&app, row, "Ops-Token", &all.token).await;
        assert_eq!(
            answer.code(),
            404,
            "{} {} with unknown ids: {}",
            row.method,
            row.path,
            answer.text
        );
    }
}
