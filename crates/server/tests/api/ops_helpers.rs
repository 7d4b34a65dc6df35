//! Operators for the console's tests: invited straight through the service (the command line's
//! own test invites through `fiscard`), enrolled and logged in through the API.

use serde_json::{Value, json};
use server::services::operators::{self, Role};

use crate::helpers::{Answer, EN, PASSWORD, TestApp};

/// An enrolled operator: e-mail, authenticator secret (base32) and a live `Ops-Token`.
pub struct Operator {
    pub email: String,
    pub secret: String,
    pub token: String,
}

impl TestApp {
    /// `POST /api{path}` with `Ops-Token`.
    pub async fn ops_post(&self, path: &str, body: &Value, token: Option<&str>) -> Answer {
        let mut request = self
            .client
            .post(self.url(&format!("/api{path}")))
            .header("User-Lang", EN)
            .json(body);
        if let Some(token) = token {
            request = request.header("Ops-Token", token);
        }
        self.send(request).await
    }

    /// `GET /api{path}` with `Ops-Token`.
    pub async fn ops_get(&self, path: &str, token: Option<&str>) -> Answer {
        let mut request = self
            .client
            .get(self.url(&format!("/api{path}")))
            .header("User-Lang", EN);
        if let Some(token) = token {
            request = request.header("Ops-Token", token);
        }
        self.send(request).await
    }

    /// An invited operator's enrolment token (as the link carries it).
    pub fn invite_operator(&self, email: &str, roles: &[Role]) -> String {
        let (email, roles) = (email.to_owned(), roles.to_vec());
        let now = self.clock.now_ms();
        let (_, token) = self
            .db
            .write_blocking(move |conn| {
                operators::create(conn, &email, &roles, None, 86_400_000, now)
            })
            .expect("invited")
            .expect("a new operator");
        token
    }

    /// Enrols the invitation `link_token` with [`PASSWORD`]: the operator's secret and session.
    pub async fn enrol(&self, link_token: &str) -> (String, String) {
        let started = self
            .ops_post("/ops/enrolment/start", &json!({"token": link_token}), None)
            .await;
        let secret = started.assert_ok()["secret"].as_str().unwrap().to_owned();
        let code = self.totp(&secret, 0);
        let finished = self
            .ops_post(
                "/ops/enrolment/finish",
                &json!({"token": link_token, "password": PASSWORD, "confirm": PASSWORD, "code": code}),
                None,
            )
            .await;
        (secret, finished.token())
    }

    /// An active operator with `roles`, logged in.
    pub async fn operator(&self, email: &str, roles: &[Role]) -> Operator {
        let link = self.invite_operator(email, roles);
        let (secret, token) = self.enrol(&link).await;
        Operator {
            email: email.to_owned(),
            secret,
            token,
        }
    }

    /// `POST ops/login` with the operator's current code (the next step's, so a code used a
    /// moment ago is not reused).
    pub async fn ops_login(&self, email: &str, password: &str, secret: &str) -> Answer {
        self.next_step();
        let code = self.totp(secret, 0);
        self.ops_post(
            "/ops/login",
            &json!({"email": email, "password": password, "code": code}),
            None,
        )
        .await
    }
}
