//! `spawn_app()`: the real server on a random port with a fresh database (a SQLite file, or a
//! new PostgreSQL database when `TEST_DATABASE_URL` is set), a manual clock, a temporary web
//! folder and outbox; and the calls a browser would make.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use actix_web::dev::ServerHandle;
use base64::Engine;
use diesel::prelude::*;
use diesel::{Connection, PgConnection};
use reqwest::header::HeaderMap;
use reqwest::{RequestBuilder, StatusCode};
use serde_json::{Value, json};
use server::clock::Clock;
use server::config::Config;
use server::db::Db;
use server::db::schema::{security_events, user_security, users};

/// The manual clock starts here (2026-09-21T14:13:20Z); tests move it forward.
pub const START_MS: i64 = 1_790_000_000_000;
pub const MINUTE_MS: i64 = 60_000;

pub const EN: &str = "en-US";
pub const ZH: &str = "zh-HK";

/// A password the domain's rules accept.
pub const PASSWORD: &str = "Correct horse 1";

/// The web app the server serves in tests.
pub const INDEX_HTML: &str = "<!doctype html><title>fiscard test</title>";
pub const APP_JS: &str = "console.log('fiscard');";
/// Stands in for the gzip of `app.js`: the test checks these bytes are what is sent.
pub const APP_JS_GZ: &[u8] = b"\x1f\x8b precompressed app.js";

/// A running server and what a test needs to drive it.
pub struct TestApp {
    /// `http://127.0.0.1:<port>`.
    pub address: String,
    pub port: u16,
    pub client: reqwest::Client,
    /// The app's clock: [`TestApp::advance`] moves it.
    pub clock: Clock,
    /// The app's database, for what the API does not show (security log, switches).
    pub db: Db,
    /// The app's mailer: it says when what it sends in the background has gone out.
    pub mailer: server::mailer::Mailer,
    pub outbox: PathBuf,
    pub data_dir: PathBuf,
    handle: ServerHandle,
    /// Mails already taken by [`TestApp::next_mail`], per address.
    mails_taken: Mutex<HashMap<String, usize>>,
    /// Set by the one test that breaks the ledger on purpose: the teardown check is skipped.
    ledger_broken_on_purpose: std::sync::atomic::AtomicBool,
    /// Dropped after `db`: the PostgreSQL database is dropped last.
    database: Option<PgDatabase>,
    _dir: tempfile::TempDir,
}

impl Drop for TestApp {
    /// Stops the server, then checks the ledger: every test that moved money leaves it sound
    /// (each balance equal to its entries, every transaction and the whole ledger summing to
    /// zero), and every card's spending counters equal to its transactions, whether or not the
    /// test looked.
    fn drop(&mut self) {
        // Sends the stop command at once; the future only waits for it to finish.
        drop(self.handle.stop(false));
        let skip = self
            .ledger_broken_on_purpose
            .load(std::sync::atomic::Ordering::Relaxed);
        if std::thread::panicking() || skip {
            return;
        }
        let report = self
            .db
            .write_blocking(server::services::ledger::check)
            .expect("the ledger check runs at teardown");
        assert!(
            report.problems.is_empty(),
            "the ledger does not add up after this test:\n{}",
            report.problems.join("\n")
        );
        let counters = self
            .db
            .write_blocking(server::services::card_events::spending::check)
            .expect("the counter check runs at teardown");
        assert!(
            counters.problems.is_empty(),
            "the spending counters differ from the transactions after this test:\n{}",
            counters.problems.join("\n")
        );
    }
}

/// A fresh PostgreSQL database for one test, dropped with it.
struct PgDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl PgDatabase {
    fn create(admin_url: &str) -> PgDatabase {
        let name = format!("fiscard_test_{}", uuid::Uuid::now_v7().simple());
        let mut conn = PgConnection::establish(admin_url)
            .unwrap_or_else(|e| panic!("TEST_DATABASE_URL does not connect: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .expect("creating the test database");
        PgDatabase {
            admin_url: admin_url.to_owned(),
            url: with_database(admin_url, &name),
            name,
        }
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        if let Ok(mut conn) = PgConnection::establish(&self.admin_url) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut conn);
        }
    }
}

/// `url` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let authority_start = url.find("://").map_or(0, |i| i + 3);
    let path_start = url[authority_start..]
        .find('/')
        .map_or(url.len(), |i| authority_start + i);
    let query = url[path_start..]
        .find('?')
        .map_or("", |i| &url[path_start + i..]);
    format!("{}/{name}{query}", &url[..path_start])
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// A server whose configuration has `overrides` on top of the test defaults.
pub async fn spawn_app_with(overrides: &[(&str, &str)]) -> TestApp {
    let dir = tempfile::tempdir().expect("temporary folder");
    let data_dir = dir.path().join("data");
    let web_dir = dir.path().join("web");
    write_web_app(&web_dir);
    let database = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
        .map(|url| PgDatabase::create(url.trim()));
    let database_url = database.as_ref().map_or_else(
        || data_dir.join("fiscard.db").to_string_lossy().into_owned(),
        |d| d.url.clone(),
    );
    let mut vars: HashMap<&str, String> = HashMap::from([
        ("FISCARD_DATA_DIR", data_dir.to_string_lossy().into_owned()),
        ("FISCARD_WEB_DIR", web_dir.to_string_lossy().into_owned()),
        ("FISCARD_BIND", "127.0.0.1:0".to_owned()),
        ("FISCARD_CAPTCHA_MAX_NUMBER", "1000".to_owned()),
        ("FISCARD_DB_POOL_SIZE", "4".to_owned()),
        // Decisions wait for their turn as long as they need on a test machine that runs many
        // suites at once; the overload test sets its own.
        ("FISCARD_AUTHORIZATION_WAIT_MS", "60000".to_owned()),
        // Prices move only when a test moves them.
        ("FISCARD_PRICE_FEED", "off".to_owned()),
        ("DATABASE_URL", database_url),
    ]);
    for (name, value) in overrides {
        vars.insert(name, (*value).to_owned());
    }
    let config = Config::from_lookup(|name| vars.get(name).cloned()).expect("test configuration");
    let outbox = config.outbox_dir();
    let clock = Clock::manual(START_MS);
    let state = server::build_state(config, clock.clone()).expect("server state");
    let db = state.db.clone();
    let mailer = state.mailer.clone();
    let running = server::start(state).expect("server start");
    let handle = running.handle.clone();
    let port = running.address.port();
    // The server starts its workers when its future first runs.
    actix_web::rt::spawn(running.server);
    let app = TestApp {
        address: format!("http://127.0.0.1:{port}"),
        port,
        client: reqwest::Client::builder()
            .user_agent("fiscard-tests")
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("HTTP client"),
        clock,
        db,
        mailer,
        outbox,
        data_dir,
        handle,
        mails_taken: Mutex::new(HashMap::new()),
        ledger_broken_on_purpose: std::sync::atomic::AtomicBool::new(false),
        database,
        _dir: dir,
    };
    app.wait_until_ready().await;
    app
}

fn write_web_app(web_dir: &Path) {
    std::fs::create_dir_all(web_dir.join("assets")).expect("web folder");
    std::fs::write(web_dir.join("index.html"), INDEX_HTML).expect("index.html");
    std::fs::write(web_dir.join("assets/app.js"), APP_JS).expect("app.js");
    std::fs::write(web_dir.join("assets/app.js.gz"), APP_JS_GZ).expect("app.js.gz");
}

/// An answer: HTTP status, headers, and the body (JSON when it is JSON).
#[derive(Debug)]
pub struct Answer {
    pub http: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
    pub body: Value,
}

impl Answer {
    /// The envelope's `statusCode`.
    pub fn code(&self) -> i64 {
        self.body["statusCode"]
            .as_i64()
            .unwrap_or_else(|| panic!("no statusCode in {}", self.text))
    }

    pub fn message(&self) -> &str {
        self.body["message"]
            .as_str()
            .unwrap_or_else(|| panic!("no message in {}", self.text))
    }

    pub fn content(&self) -> &Value {
        &self.body["content"]
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts HTTP 200 and statusCode 200.
    #[track_caller]
    pub fn assert_ok(&self) -> &Value {
        assert_eq!(
            (self.http, self.code()),
            (StatusCode::OK, 200),
            "{}",
            self.text
        );
        self.content()
    }

    /// Asserts a handled refusal: HTTP 200, this statusCode and this message.
    #[track_caller]
    pub fn assert_refused(&self, code: i64, message: &str) {
        assert_eq!(self.http, StatusCode::OK, "{}", self.text);
        assert_eq!(
            (self.code(), self.message()),
            (code, message),
            "{}",
            self.text
        );
    }

    /// The session token of a completed login or registration.
    #[track_caller]
    pub fn token(&self) -> String {
        self.assert_ok()["token"]
            .as_str()
            .unwrap_or_else(|| panic!("no token in {}", self.text))
            .to_owned()
    }
}

/// Sends `request` and checks its answer against the OpenAPI document (`schema_check`).
async fn send(request: RequestBuilder) -> Answer {
    let (client, request) = request.build_split();
    let request = request.expect("a request");
    let (method, path) = (request.method().clone(), request.url().path().to_owned());
    let response = client.execute(request).await.expect("request sent");
    let http = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.expect("response body");
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    crate::schema_check::check(&method, &path, http, &body, &text);
    Answer {
        http,
        headers,
        text,
        body,
    }
}

/// A mail from the outbox.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mail {
    pub fn has_code(&self) -> bool {
        let digits: Vec<char> = self.subject.chars().collect();
        digits
            .windows(6)
            .any(|w| w.iter().all(char::is_ascii_digit))
    }

    /// The 6-digit code in the subject.
    pub fn code(&self) -> String {
        let digits: Vec<char> = self.subject.chars().collect();
        let code = digits
            .windows(6)
            .find(|w| w.iter().all(char::is_ascii_digit))
            .unwrap_or_else(|| panic!("no code in the subject {:?}", self.subject));
        code.iter().collect()
    }
}

fn parse_mail(text: &str) -> Mail {
    let (head, body) = text.split_once("\r\n\r\n").expect("a mail has a head");
    let header = |name: &str| {
        head.split("\r\n")
            .find_map(|line| line.strip_prefix(name))
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let encoded = header("Subject:");
    let subject = encoded
        .strip_prefix("=?UTF-8?B?")
        .and_then(|s| s.strip_suffix("?="))
        .map_or(encoded.clone(), |b64| {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(b64)
                .expect("subject is base64");
            String::from_utf8(bytes).expect("subject is UTF-8")
        });
    Mail {
        to: header("To:"),
        subject,
        body: body.replace("\r\n", "\n"),
    }
}

impl TestApp {
    async fn wait_until_ready(&self) {
        for _ in 0..250 {
            if let Ok(response) = self.client.get(self.url("/healthz")).send().await
                && response.status() == StatusCode::OK
            {
                return;
            }
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the server did not answer /healthz within 5 s");
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Moves the app's clock forward.
    pub fn advance_ms(&self, ms: i64) {
        self.clock.advance(ms).expect("a manual clock moves");
    }

    /// The app's data-at-rest vault (its generated card-data key), for setting up what the API's
    /// own tests cover.
    pub fn vault(&self) -> server::services::vault::Vault {
        let text = std::fs::read_to_string(self.data_dir.join("secrets/card-data.key"))
            .expect("the card-data key");
        server::services::vault::Vault::new(&hex::decode(text.trim()).expect("hex"))
            .expect("a 32-byte key")
    }

    /// For a test that breaks the ledger on purpose: its teardown does not check it.
    pub fn ledger_broken_on_purpose(&self) {
        self.ledger_broken_on_purpose
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn advance_minutes(&self, minutes: i64) {
        self.clock
            .advance(minutes * MINUTE_MS)
            .expect("a manual clock moves");
    }

    /// The database this app uses (for the `fiscard` command run beside it).
    pub fn database_url(&self) -> String {
        self.database.as_ref().map_or_else(
            || {
                self.data_dir
                    .join("fiscard.db")
                    .to_string_lossy()
                    .into_owned()
            },
            |d| d.url.clone(),
        )
    }

    /// Runs `fiscard <args>` on this app's data directory and database; its output.
    pub fn fiscard(&self, args: &[&str]) -> std::process::Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_fiscard"))
            .args(args)
            .env("FISCARD_DATA_DIR", &self.data_dir)
            .env("DATABASE_URL", self.database_url())
            .env("FISCARD_OPERATOR", "cli-test")
            .output()
            .expect("fiscard runs")
    }

    /// `POST /api{path}` with a JSON body, `User-Lang` and (if any) `Access-Token`.
    pub async fn post_json(
        &self,
        path: &str,
        body: &Value,
        lang: &str,
        token: Option<&str>,
    ) -> Answer {
        let mut request = self
            .client
            .post(self.url(&format!("/api{path}")))
            .header("User-Lang", lang)
            .json(body);
        if let Some(token) = token {
            request = request.header("Access-Token", token);
        }
        send(request).await
    }

    /// `POST /api{path}` in English, without a session.
    pub async fn post(&self, path: &str, body: &Value) -> Answer {
        self.post_json(path, body, EN, None).await
    }

    /// `GET /api{path}` with `User-Lang` and (if any) `Access-Token`.
    pub async fn get_api(&self, path: &str, lang: &str, token: Option<&str>) -> Answer {
        let mut request = self
            .client
            .get(self.url(&format!("/api{path}")))
            .header("User-Lang", lang);
        if let Some(token) = token {
            request = request.header("Access-Token", token);
        }
        send(request).await
    }

    /// Any request, sent as built.
    pub async fn send(&self, request: RequestBuilder) -> Answer {
        send(request).await
    }

    /// `GET /api/user/self` with `token`.
    pub async fn user_self(&self, token: &str) -> Answer {
        self.get_api("/user/self", EN, Some(token)).await
    }

    pub async fn challenge(&self) -> altcha::Challenge {
        let answer = send(self.client.get(self.url("/api/captcha/challenge"))).await;
        assert_eq!(answer.http, StatusCode::OK, "{}", answer.text);
        serde_json::from_value(answer.body).expect("an ALTCHA challenge")
    }

    /// A fresh captcha solution (`token`), as an ALTCHA widget would send it.
    pub async fn solve_captcha(&self) -> String {
        altcha::solve(&self.challenge().await).expect("the challenge is solvable")
    }

    /// Every mail in the outbox to `email`, oldest first.
    pub fn mails_to(&self, email: &str) -> Vec<Mail> {
        let Ok(entries) = std::fs::read_dir(&self.outbox) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "eml"))
            .collect();
        // Named by UUIDv7: the names sort by time.
        files.sort();
        files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .filter(|text| text.ends_with("\r\n"))
            .map(|text| parse_mail(&text))
            .filter(|mail| mail.to == email)
            .collect()
    }

    /// Waits for a mail to `email` that no earlier call took, and takes it (the newest).
    pub async fn next_mail(&self, email: &str) -> Mail {
        for _ in 0..250 {
            if let Some(mail) = self.take_new_mail(email) {
                return mail;
            }
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("no new mail to {email} within 5 s");
    }

    /// The newest mail to `email` if one arrived since the last taken.
    fn take_new_mail(&self, email: &str) -> Option<Mail> {
        let mails = self.mails_to(email);
        let mut taken = self.mails_taken.lock().expect("mail counter");
        let seen = taken.entry(email.to_owned()).or_default();
        (mails.len() > *seen).then(|| {
            *seen = mails.len();
            mails.last().cloned().expect("a mail")
        })
    }

    /// The code of the next mail to `email`.
    /// The code of the next mail that carries one, passing over notices (of a binding, a
    /// switch…) sent in between.
    pub async fn read_code(&self, email: &str) -> String {
        loop {
            let mail = self.next_mail(email).await;
            if mail.has_code() {
                return mail.code();
            }
        }
    }

    /// Asserts that no mail to `email` arrived besides those taken: once every mail the app was
    /// sending has gone out.
    pub async fn assert_no_new_mail(&self, email: &str) {
        assert!(
            self.mailer.settled(Duration::from_secs(10)).await,
            "the app is still sending mail"
        );
        let seen = self
            .mails_taken
            .lock()
            .expect("mail counter")
            .get(email)
            .copied()
            .unwrap_or_default();
        assert_eq!(
            self.mails_to(email).len(),
            seen,
            "unexpected mail to {email}"
        );
    }

    /// Register step 1: the e-mail address and a captcha solution.
    pub async fn start_register(&self, email: &str) -> Answer {
        let token = self.solve_captcha().await;
        self.post("/user/register", &json!({ "email": email, "token": token }))
            .await
    }

    /// Register step 2: the code, the password and its confirmation.
    pub async fn finish_register(&self, email: &str, code: &str, password: &str) -> Answer {
        self.post(
            "/user/register",
            &json!({ "email": email, "emailCaptcha": code, "password": password, "confirm": password }),
        )
        .await
    }

    /// A new account; answers its session token.
    pub async fn register(&self, email: &str, password: &str) -> String {
        self.start_register(email).await.assert_ok();
        let code = self.read_code(email).await;
        self.finish_register(email, &code, password).await.token()
    }

    /// Login step 1 with a fresh captcha solution.
    pub async fn login(&self, email: &str, password: &str) -> Answer {
        self.login_in(email, password, EN).await
    }

    pub async fn login_in(&self, email: &str, password: &str, lang: &str) -> Answer {
        let token = self.solve_captcha().await;
        self.post_json(
            "/user/login",
            &json!({ "email": email, "password": password, "token": token }),
            lang,
            None,
        )
        .await
    }

    /// forgetPassword step 1 with a fresh captcha solution.
    pub async fn start_recovery(&self, email: &str) -> Answer {
        let token = self.solve_captcha().await;
        self.post(
            "/user/forgetPassword",
            &json!({ "email": email, "token": token }),
        )
        .await
    }

    /// The id of the account of `email`.
    pub async fn user_id(&self, email: &str) -> String {
        let email = email.to_owned();
        self.db
            .read(move |conn| {
                users::table
                    .filter(users::email.eq(email))
                    .select(users::id)
                    .first::<String>(conn)
                    .map_err(Into::into)
            })
            .await
            .expect("the account exists")
    }

    /// Turns the e-mail code on (or off) for the login of `email`.
    pub async fn set_login_email(&self, email: &str, on: bool) {
        let user_id = self.user_id(email).await;
        self.db
            .write(move |conn| {
                diesel::update(user_security::table.find(user_id))
                    .set(user_security::login_email.eq(on))
                    .execute(conn)
                    .map_err(Into::into)
            })
            .await
            .expect("switch updated");
    }

    /// The kinds of the security events of `user_id`, oldest first.
    pub async fn security_events(&self, user_id: Option<&str>) -> Vec<String> {
        let user_id = user_id.map(str::to_owned);
        self.db
            .read(move |conn| {
                let query = security_events::table
                    .select(security_events::kind)
                    .order((security_events::created_at, security_events::id))
                    .into_boxed();
                let query = match user_id {
                    Some(id) => query.filter(security_events::user_id.eq(id)),
                    None => query.filter(security_events::user_id.is_null()),
                };
                query.load::<String>(conn).map_err(Into::into)
            })
            .await
            .expect("security events")
    }

    /// `DELETE /api{path}` with a JSON body.
    pub async fn delete_json(&self, path: &str, body: &Value, token: &str) -> Answer {
        let request = self
            .client
            .delete(self.url(&format!("/api{path}")))
            .header("User-Lang", EN)
            .header("Access-Token", token)
            .json(body);
        send(request).await
    }

    /// `POST user/captcha {purpose: verify}` and the code it mailed to `email`. Moves the clock
    /// past the resend cooldown afterwards, so the next call may ask again.
    pub async fn verify_code(&self, token: &str, email: &str) -> String {
        self.post_json(
            "/user/captcha",
            &json!({ "purpose": "verify" }),
            EN,
            Some(token),
        )
        .await
        .assert_ok();
        let code = self.read_code(email).await;
        self.advance_ms(61_000);
        code
    }

    /// The code an authenticator app with `secret` (base32) shows now, `offset` steps away.
    pub fn totp(&self, secret: &str, offset: i64) -> String {
        let secret = totp::Secret::from_base32(secret).expect("a base32 secret");
        totp::code_at(&secret, totp::step_of(self.clock.now_secs()) + offset)
    }

    /// Moves the clock to the start of the next 30-second step, so the next code is fresh.
    pub fn next_step(&self) {
        let now = self.clock.now_ms();
        self.advance_ms(30_000 - now.rem_euclid(30_000));
    }

    /// `GET user/config/mfa/key` with the codes the policy asks for (`mfa_secret`: a bound
    /// authenticator's secret); answers the new key's secret.
    pub async fn issue_authenticator_key(
        &self,
        token: &str,
        email: &str,
        mfa_secret: Option<&str>,
    ) -> String {
        let code = self.verify_code(token, email).await;
        let mut query = format!("/user/config/mfa/key?emailCaptcha={code}");
        if let Some(secret) = mfa_secret {
            self.next_step();
            query = format!("{query}&mfaCode={}", self.totp(secret, 0));
        }
        let answer = self.get_api(&query, EN, Some(token)).await;
        answer.assert_ok()["secretKey"]
            .as_str()
            .expect("secretKey")
            .to_owned()
    }

    /// Binds a new authenticator named `remark`; answers its secret (base32) and id.
    pub async fn bind_authenticator(
        &self,
        token: &str,
        email: &str,
        remark: &str,
        mfa_secret: Option<&str>,
    ) -> (String, String) {
        let secret = self.issue_authenticator_key(token, email, mfa_secret).await;
        self.next_step();
        let answer = self
            .post_json(
                "/user/config/mfa/key",
                &json!({ "mfaCode": self.totp(&secret, 0), "remark": remark }),
                EN,
                Some(token),
            )
            .await;
        let id = answer.assert_ok()["id"].as_str().expect("id").to_owned();
        self.next_step();
        (secret, id)
    }

    /// The user's security configuration (`GET user/config`).
    pub async fn security_config(&self, token: &str) -> Value {
        self.get_api("/user/config", EN, Some(token))
            .await
            .assert_ok()
            .clone()
    }

    /// Sets the switches of `email` directly (the switch API has its own tests): login
    /// `[email, mfa]`, trade `[email, mfa, security]`.
    pub async fn set_switches(&self, email: &str, login: [bool; 2], trade: [bool; 3]) {
        let user_id = self.user_id(email).await;
        self.db
            .write(move |conn| {
                diesel::update(user_security::table.find(user_id))
                    .set((
                        user_security::login_email.eq(login[0]),
                        user_security::login_mfa.eq(login[1]),
                        user_security::trade_email.eq(trade[0]),
                        user_security::trade_mfa.eq(trade[1]),
                        user_security::trade_security.eq(trade[2]),
                    ))
                    .execute(conn)
                    .map_err(Into::into)
            })
            .await
            .expect("switches updated");
    }

    /// The IPs and user agents recorded with the security events of `user_id` (none for what
    /// an operator did).
    pub async fn security_event_agents(
        &self,
        user_id: &str,
    ) -> Vec<(Option<String>, Option<String>)> {
        let user_id = user_id.to_owned();
        self.db
            .read(move |conn| {
                security_events::table
                    .filter(security_events::user_id.eq(user_id))
                    .select((security_events::ip, security_events::user_agent))
                    .load(conn)
                    .map_err(Into::into)
            })
            .await
            .expect("security events")
    }
}

/// What the domain crate answers for `body` checked as form `F`: its field errors as the API
/// shows them (without the texts).
pub fn domain_errors<F: domain::forms::Form>(body: &Value, context: &F::Context) -> Value {
    let form = F::deserialize(body).expect("an object");
    match form.parse(context) {
        Ok(_) => Value::Array(Vec::new()),
        Err(errors) => serde_json::to_value(errors).expect("field errors serialize"),
    }
}

/// The factor flags of a 103 (and of `user/verification/factors`).
pub fn flags(email: bool, mfa: bool, security: bool) -> Value {
    json!({ "email": email, "mfa": mfa, "security": security })
}

/// The API's field errors without their texts, to compare with [`domain_errors`].
pub fn without_messages(content: &Value) -> Value {
    let list = content.as_array().expect("a list of field errors");
    Value::Array(
        list.iter()
            .map(|e| json!({ "field": e["field"], "code": e["code"], "params": e["params"] }))
            .collect(),
    )
}

#[test]
fn database_urls_keep_their_options() {
    assert_eq!(
        with_database("postgres://postgres@127.0.0.1:5432/postgres", "x"),
        "postgres://postgres@127.0.0.1:5432/x"
    );
    assert_eq!(
        with_database("postgres://u:p@h/db?sslmode=disable", "x"),
        "postgres://u:p@h/x?sslmode=disable"
    );
    assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
}
