//! The step-up matrix: every sensitive action, across the security settings the shared vectors
//! describe (`tests/vectors/gates-and-policy.json`, kind `requiredFactors`), runs the whole loop
//! over HTTP: without codes it asks for exactly the vector's factors (103), wrong codes are
//! refused (104), the right ones pass (200), and a one-time code sent again is spent (104).
//! The expected factors are the vectors', never what the server's policy function says.
//!
//! An action the vectors describe that this file cannot run fails the matrix once its route is
//! in the document: a new sensitive action adds its request here.

use serde_json::{Value, json};
use server::db::schema::{user_security, users};
use server::services::{accounts, authenticators, sessions};

use crate::cards::{PIN, apply, approve, bind_mobile, wire};
use crate::helpers::{Answer, EN, PASSWORD, TestApp, spawn_app};
use crate::schema_check::DOCUMENT;

/// One `requiredFactors` vector.
struct Case {
    name: String,
    action: String,
    config: Value,
    expect: Value,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/gates-and-policy.json"
    );
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("vectors"))
        .expect("vectors are JSON");
    let default_kind = file["kind"].as_str().unwrap_or_default().to_owned();
    file["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .filter(|c| c["kind"].as_str().unwrap_or(&default_kind) == "requiredFactors")
        .map(|c| Case {
            name: c["name"].as_str().expect("name").to_owned(),
            action: c["input"]["action"].as_str().expect("action").to_owned(),
            config: c["input"]["config"].clone(),
            expect: c["expect"].clone(),
        })
        .collect()
}

/// The route each action is served at, once it is.
const ROUTES: &[(&str, &str, &str)] = &[
    ("login", "post", "/user/login"),
    ("recharge", "post", "/fiscard/recharge"),
    ("revealCard", "post", "/fiscard/query/cvv"),
    ("cardUnfreeze", "post", "/fiscard/unfreeze"),
    ("cardCancel", "post", "/fiscard/cancel"),
    ("switchChange", "post", "/user/config/switch"),
    ("authenticatorBind", "get", "/user/config/mfa/key"),
    ("authenticatorRemove", "delete", "/user/config/mfa/key"),
    ("pinSet", "post", "/user/security/password"),
    ("pinChange", "post", "/user/security/password"),
    ("passwordChange", "post", "/user/password"),
    ("mobileBind", "post", "/user/mobile/bind"),
    ("bankAccountAdd", "post", "/fund/investor/bankAccount/add"),
    (
        "bankAccountDelete",
        "post",
        "/fund/investor/bankAccount/delete/{id}",
    ),
    ("withdraw", "post", "/fund/investor/withdrawal/create"),
    ("fundSubscribe", "post", "/subscribe"),
    ("fundRedeem", "post", "/redeem"),
];

/// Money-moving routes that ask for no verification codes, and why (the matrix records them so
/// that leaving them out is a decision, not an oversight): a swap keeps the money in the user's
/// own accounts, and a quote lasts ten seconds, no time to fetch codes.
const WITHOUT_STEP_UP: &[(&str, &str)] = &[("post", "/exchange/quote"), ("post", "/exchange/swap")];

/// Whether the document serves `action`'s route.
fn served(action: &str) -> bool {
    let (_, method, path) = ROUTES
        .iter()
        .find(|(a, ..)| *a == action)
        .unwrap_or_else(|| panic!("the vectors name an action with no route here: {action}"));
    DOCUMENT["paths"][path][method].is_object()
}

/// A user set up as the case's configuration says, straight in the database (the API's own
/// tests cover how each setting is made), with what the action needs.
struct Actor {
    email: String,
    /// A number of its own, for binding.
    mobile: String,
    uid: String,
    token: String,
    secret: Option<String>,
    authenticators: Vec<String>,
    card: Option<String>,
    bank_account: Option<String>,
    /// `withdraw` runs as a crypto withdrawal (`wallet/withdraw`) instead of a USD one.
    crypto: bool,
}

/// Hashes of the test password and PIN, made once through the API.
struct Hashes {
    password: String,
    pin: String,
}

async fn hashes(app: &TestApp) -> Hashes {
    let email = "template@example.com";
    let token = app.register(email, PASSWORD).await;
    let code = app.verify_code(&token, email).await;
    app.post_json(
        "/user/security/password",
        &json!({ "password": PIN, "confirm": PIN, "emailCaptcha": code }),
        EN,
        Some(&token),
    )
    .await
    .assert_ok();
    let uid = app.user_id(email).await;
    app.db
        .read(move |conn| {
            use diesel::prelude::*;
            let password = users::table
                .find(&uid)
                .select(users::password_hash)
                .first(conn)?;
            let pin: Option<String> = user_security::table
                .find(&uid)
                .select(user_security::pin_hash)
                .first(conn)?;
            Ok(Hashes {
                password,
                pin: pin.expect("the template's PIN"),
            })
        })
        .await
        .expect("the template's hashes")
}

async fn actor(app: &TestApp, n: usize, case: &Case, hashes: &Hashes) -> Actor {
    let email = format!("user{n}@example.com");
    let (address, password, now) = (email.clone(), hashes.password.clone(), app.clock.now_ms());
    let (uid, token) = app
        .db
        .write(move |conn| {
            let uid = accounts::create(conn, &address, &password, "user", "en-US", now)?;
            let lifetimes = sessions::Lifetimes {
                idle_ms: 30 * 60_000,
                absolute_ms: 12 * 3_600_000,
            };
            let token = sessions::open(conn, &uid, "127.0.0.1", "tests", lifetimes, now)?;
            Ok((uid, token))
        })
        .await
        .expect("a user");
    if case.config["security"] == true {
        let (uid, pin) = (uid.clone(), hashes.pin.clone());
        app.db
            .write(move |conn| Ok(accounts::set_pin(conn, &uid, &pin, now)?))
            .await
            .expect("a PIN");
    }
    let bound = case.config["mfa"].as_array().map_or(0, Vec::len);
    // Removing one needs two bound: the policy reads only whether any is.
    let wanted = if case.action == "authenticatorRemove" {
        bound.max(2)
    } else {
        bound
    };
    let mut actor = Actor {
        email: email.clone(),
        mobile: format!("6{n:07}"),
        uid,
        token,
        secret: None,
        authenticators: Vec::new(),
        card: None,
        bank_account: None,
        crypto: false,
    };
    for i in 0..wanted {
        let (secret, id) = bind(app, &actor.uid, &format!("device {i}")).await;
        actor.secret.get_or_insert(secret);
        actor.authenticators.push(id);
    }
    let switch = |key: &str, name: &str| case.config[key][name] == true;
    app.set_switches(
        &email,
        [switch("login", "email"), switch("login", "mfa")],
        [
            switch("trade", "email"),
            switch("trade", "mfa"),
            switch("trade", "security"),
        ],
    )
    .await;
    if ["recharge", "revealCard", "cardUnfreeze", "cardCancel"].contains(&case.action.as_str()) {
        let holder = crate::cards::Holder {
            token: actor.token.clone(),
            uid: actor.uid.clone(),
        };
        approve(app, &holder).await;
        bind_mobile(app, &holder).await;
        wire(app, &holder, 10_000, &format!("W-{email}")).await;
        let card = apply(app, &holder).await;
        if case.action == "cardUnfreeze" {
            app.post_json(
                "/fiscard/freeze",
                &json!({ "cardKey": card }),
                EN,
                Some(&actor.token),
            )
            .await
            .assert_ok();
        }
        actor.card = Some(card);
    }
    if ["bankAccountAdd", "bankAccountDelete", "withdraw"].contains(&case.action.as_str()) {
        let holder = crate::cards::Holder {
            token: actor.token.clone(),
            uid: actor.uid.clone(),
        };
        approve(app, &holder).await;
        crate::bank_accounts::name(app, &actor.uid, "Ada", "Lovelace").await;
        if case.action == "bankAccountDelete" {
            actor.bank_account = Some(saved_account(app, &actor.uid).await);
        }
        if case.action == "withdraw" {
            wire(app, &holder, 100_000, &format!("W-{email}")).await;
            let account = saved_account(app, &actor.uid).await;
            crate::withdrawals::end_cooling_off(app, &account).await;
            actor.bank_account = Some(account);
        }
    }
    fund_investor(app, &actor, &case.action).await;
    actor
}

/// For the fund's actions: a fund account open, USD to subscribe with, and for a redemption
/// usable current shares.
async fn fund_investor(app: &TestApp, actor: &Actor, action: &str) {
    if !["fundSubscribe", "fundRedeem"].contains(&action) {
        return;
    }
    let holder = crate::cards::Holder {
        token: actor.token.clone(),
        uid: actor.uid.clone(),
    };
    approve(app, &holder).await;
    crate::fund::set_statuses(app, &holder, 1, 1, 1).await;
    wire(app, &holder, 100_000, &format!("W-{}", actor.email)).await;
    if action == "fundRedeem" {
        usable_fund_shares(app, &actor.uid, 10_000).await;
    }
}

/// `amount` current fund shares of the user's, subscribed straight through the service from the
/// USD account and dated yesterday (so they are usable today).
async fn usable_fund_shares(app: &TestApp, uid: &str, amount: i64) {
    use diesel::prelude::*;
    use domain::forms::FundSubscription;
    use domain::fund::{FundSource, subscribe_preview};
    use server::db::schema::fund_moves;
    use server::services::fund::{business_date, orders, products};
    let (uid, now) = (uid.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            let today = business_date(now);
            let product = products::find(conn, "usd-current")?.expect("the current product");
            let asked = FundSubscription {
                product_id: product.id.clone(),
                source: FundSource::Usd,
                amount,
                preview: subscribe_preview(&product.terms, today, amount).expect("a preview"),
            };
            let record = orders::subscribe(conn, &uid, &product, &asked, today, now)?
                .expect("the subscription");
            diesel::update(fund_moves::table.filter(fund_moves::order_id.eq(record.id)))
                .set(fund_moves::business_date.eq(today.add_days(-1).to_string()))
                .execute(conn)?;
            Ok(())
        })
        .await
        .expect("usable fund shares");
}

/// A bank account saved straight through the service; answers its id.
async fn saved_account(app: &TestApp, uid: &str) -> String {
    use domain::forms::{BankAccountForm, Form, NoContext};
    let form: BankAccountForm =
        serde_json::from_value(crate::bank_accounts::us_account()).expect("a bank form");
    let account = form.parse(&NoContext).expect("a valid bank account");
    let payouts = server::config::PayoutConfig::standard();
    let (uid, now) = (uid.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            let saved = server::services::bank_accounts::save(
                conn,
                &uid,
                "Ada Lovelace",
                &account,
                payouts,
                now,
            )?;
            Ok(saved.id)
        })
        .await
        .expect("a saved bank account")
}

/// An authenticator bound straight through the service; answers its secret and id.
async fn bind(app: &TestApp, uid: &str, remark: &str) -> (String, String) {
    let vault = app.vault();
    let (uid, remark, now) = (uid.to_owned(), remark.to_owned(), app.clock.now_ms());
    app.db
        .write(move |conn| {
            let secret = authenticators::issue_key(conn, &vault, &uid, now)?;
            let code = totp::code_at(&secret, totp::step_of(now / 1000));
            let id = authenticators::bind(conn, &vault, &uid, &remark, &code, now)?
                .map_err(|e| anyhow::anyhow!("binding refused: {e:?}"))?;
            Ok((secret.to_base32(), id))
        })
        .await
        .expect("an authenticator")
}

/// The codes a request carries.
#[derive(Clone, Default)]
struct Codes {
    email: Option<String>,
    mfa: Option<String>,
    pin: Option<String>,
}

impl Codes {
    fn put(&self, body: &mut Value) {
        for (key, value) in [
            ("emailCaptcha", &self.email),
            ("mfaCode", &self.mfa),
            ("securityPassword", &self.pin),
        ] {
            if let Some(value) = value {
                body[key] = json!(value);
            }
        }
    }
}

/// The action's request with `codes`, as a browser sends it.
async fn act(app: &TestApp, case: &Case, who: &Actor, codes: &Codes) -> Answer {
    let card = who.card.clone().unwrap_or_default();
    let delete_path = format!(
        "/fund/investor/bankAccount/delete/{}",
        who.bank_account.clone().unwrap_or_default()
    );
    let (method, path, mut body) = match case.action.as_str() {
        "recharge" => (
            "post",
            "/fiscard/recharge",
            json!({ "cardKey": card, "amount": "1" }),
        ),
        "revealCard" => ("post", "/fiscard/query/cvv", json!({ "cardKey": card })),
        "cardUnfreeze" => ("post", "/fiscard/unfreeze", json!({ "cardKey": card })),
        "cardCancel" => ("post", "/fiscard/cancel", json!({ "cardKey": card })),
        "switchChange" => (
            "post",
            "/user/config/switch",
            json!({ "usage": u8::from(case.config["trade"]["email"] != true), "module": "trade", "target": "email" }),
        ),
        "authenticatorBind" => ("get", "/user/config/mfa/key", json!({})),
        "authenticatorRemove" => (
            "delete",
            "/user/config/mfa/key",
            json!({ "mfaId": who.authenticators[0] }),
        ),
        "pinSet" | "pinChange" => (
            "post",
            "/user/security/password",
            json!({ "password": "246801", "confirm": "246801" }),
        ),
        "passwordChange" => (
            "post",
            "/user/password",
            json!({ "oldPassword": PASSWORD, "password": "Another horse 2", "confirm": "Another horse 2" }),
        ),
        "mobileBind" => (
            "post",
            "/user/mobile/bind",
            json!({ "mobileCountry": "HK", "mobileCode": "852", "mobile": who.mobile }),
        ),
        "bankAccountAdd" => (
            "post",
            "/fund/investor/bankAccount/add",
            crate::bank_accounts::us_account(),
        ),
        "bankAccountDelete" => ("post", delete_path.as_str(), json!({})),
        "withdraw" if who.crypto => (
            "post",
            "/wallet/withdraw",
            json!({ "coinCode": "BTC", "network": "BTC", "address": crate::wallet_withdrawals::BTC_OUT,
                    "amount": "0.01", "clientOrderId": uuid::Uuid::now_v7().to_string() }),
        ),
        "withdraw" => (
            "post",
            "/fund/investor/withdrawal/create",
            json!({ "bankAccountId": who.bank_account, "amount": "60" }),
        ),
        "fundSubscribe" => (
            "post",
            "/subscribe",
            json!({ "productId": "usd-current", "source": "USD", "amount": "1" }),
        ),
        "fundRedeem" => (
            "post",
            "/redeem",
            json!({ "productId": "usd-current", "destination": "USD", "amount": "1" }),
        ),
        other => panic!("no request for {other}"),
    };
    codes.put(&mut body);
    let url = app.url(&format!("/api{path}"));
    let request = match method {
        "get" => {
            let query: Vec<(String, String)> = body
                .as_object()
                .expect("fields")
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
                .collect();
            app.client.get(url).query(&query)
        }
        "post" => app.client.post(url).json(&body),
        "delete" => app.client.delete(url).json(&body),
        other => panic!("no method {other}"),
    };
    app.send(
        request
            .header("User-Lang", EN)
            .header("Access-Token", &who.token),
    )
    .await
}

/// Wrong codes for the factors asked for, each of the right shape.
fn wrong_codes(app: &TestApp, factors: &Value, who: &Actor) -> Codes {
    Codes {
        email: (factors["email"] == true).then(|| "000000".to_owned()),
        mfa: (factors["mfa"] == true)
            .then(|| app.totp(who.secret.as_deref().expect("a bound authenticator"), 10)),
        pin: (factors["security"] == true).then(|| "975310".to_owned()),
    }
}

/// The right codes for the factors asked for.
async fn right_codes(app: &TestApp, factors: &Value, who: &Actor) -> Codes {
    let email = if factors["email"] == true {
        Some(app.verify_code(&who.token, &who.email).await)
    } else {
        None
    };
    app.next_step();
    Codes {
        email,
        mfa: (factors["mfa"] == true)
            .then(|| app.totp(who.secret.as_deref().expect("a bound authenticator"), 0)),
        pin: (factors["security"] == true).then(|| PIN.to_owned()),
    }
}

/// The action's whole loop for one vector.
async fn run(app: &TestApp, case: &Case, who: &Actor) {
    let name = &case.name;
    let factors = &case.expect;
    if case.action == "mobileBind" {
        // Its codes are form fields (SPEC §5): a missing one is a field error.
        let answer = act(app, case, who, &Codes::default()).await;
        assert_eq!(answer.code(), 102, "{name}: {}", answer.text);
        let fields: Vec<&str> = answer
            .content()
            .as_array()
            .expect("field errors")
            .iter()
            .map(|e| e["field"].as_str().unwrap_or_default())
            .collect();
        let mut expected = Vec::new();
        if factors["mfa"] == true {
            expected.push("mfaCode");
        }
        if factors["email"] == true {
            expected.push("emailCaptcha");
        }
        assert_eq!(fields, expected, "{name}");
    } else {
        let answer = act(app, case, who, &Codes::default()).await;
        assert_eq!(
            (answer.code(), answer.content()),
            (103, factors),
            "{name}: {}",
            answer.text
        );
    }
    let answer = act(app, case, who, &wrong_codes(app, factors, who)).await;
    assert_eq!(answer.code(), 104, "{name}: wrong codes: {}", answer.text);
    app.advance_minutes(16);
    let codes = right_codes(app, factors, who).await;
    act(app, case, who, &codes).await.assert_ok();
    let one_time = factors["email"] == true || factors["mfa"] == true;
    let repeatable = [
        "recharge",
        "revealCard",
        "switchChange",
        "authenticatorBind",
        "bankAccountAdd",
        "fundSubscribe",
        "fundRedeem",
    ]
    .contains(&case.action.as_str());
    if one_time && repeatable {
        let again = act(app, case, who, &codes).await;
        assert_eq!(
            again.code(),
            104,
            "{name}: the same codes again: {}",
            again.text
        );
    }
}

/// Login's loop: its first step answers the factors (and a ticket) instead of 103.
async fn run_login(app: &TestApp, case: &Case, who: &Actor) {
    let name = &case.name;
    let factors = &case.expect;
    let first = app.login(&who.email, PASSWORD).await;
    let content = first.assert_ok().clone();
    for flag in ["email", "mfa", "security"] {
        assert_eq!(
            content[flag], factors[flag],
            "{name}: {flag}: {}",
            first.text
        );
    }
    let none = factors
        .as_object()
        .expect("flags")
        .values()
        .all(|v| v == false);
    if none {
        assert!(content["token"].is_string(), "{name}: {}", first.text);
        return;
    }
    let ticket = content["accountId"].as_str().expect("a ticket").to_owned();
    let step_two = |codes: &Codes| {
        let mut body = json!({ "accountId": ticket });
        codes.put(&mut body);
        body
    };
    let wrong = app
        .post("/user/login", &step_two(&wrong_codes(app, factors, who)))
        .await;
    assert_eq!(wrong.code(), 104, "{name}: {}", wrong.text);
    app.next_step();
    let email = if factors["email"] == true {
        app.post("/user/captcha", &json!({ "accountId": ticket }))
            .await
            .assert_ok();
        Some(app.read_code(&who.email).await)
    } else {
        None
    };
    let codes = Codes {
        email,
        mfa: (factors["mfa"] == true).then(|| app.totp(who.secret.as_deref().expect("bound"), 0)),
        pin: None,
    };
    assert!(
        app.post("/user/login", &step_two(&codes))
            .await
            .token()
            .len()
            > 10
    );
    let again = app.post("/user/login", &step_two(&codes)).await;
    assert_ne!(
        again.code(),
        200,
        "{name}: the ticket twice: {}",
        again.text
    );
}

#[actix_web::test]
async fn every_sensitive_action_runs_the_whole_loop_across_the_vectors_settings() {
    let app = spawn_app().await;
    let hashes = hashes(&app).await;
    let mut ran = 0;
    for (n, case) in cases().iter().enumerate() {
        if !served(&case.action) {
            continue;
        }
        // Settings no user can act in: removing an authenticator with none bound, setting a
        // first PIN with one set (the route then changes it), changing a PIN with none set.
        let bound = case.config["mfa"].as_array().is_some_and(|m| !m.is_empty());
        let pin = case.config["security"] == true;
        let impossible = match case.action.as_str() {
            "authenticatorRemove" => !bound,
            "pinSet" => pin,
            "pinChange" => !pin,
            _ => false,
        };
        if impossible {
            continue;
        }
        let who = actor(&app, n, case, &hashes).await;
        if case.action == "login" {
            run_login(&app, case, &who).await;
        } else {
            run(&app, case, &who).await;
        }
        ran += 1;
        // A crypto withdrawal is the same action, under the same policy.
        if case.action == "withdraw" {
            use domain::wallet::{Coin, Network};
            let mut who = actor(&app, n + 1000, case, &hashes).await;
            who.crypto = true;
            crate::wallet::fund(&app, &who.token, Coin::Btc, Network::Btc, "1").await;
            run(&app, case, &who).await;
            ran += 1;
        }
    }
    assert!(ran >= 45, "only {ran} cases ran");
}

/// The routes without step-up ask for nothing even with every trade factor switched on (e-mail
/// code, authenticator, PIN), and none of them is an action the policy vectors name.
#[actix_web::test]
async fn swaps_ask_for_no_codes_even_with_every_trade_factor_on() {
    let app = spawn_app().await;
    let email = "trader@example.com";
    let h = crate::cards::holder(&app, email, 10_000).await;
    app.bind_authenticator(&h.token, email, "Phone", None).await;
    app.set_switches(email, [false, false], [true, true, true])
        .await;
    crate::exchange::fresh_prices(&app).await;
    for (method, path) in WITHOUT_STEP_UP {
        assert!(
            DOCUMENT["paths"][path][method].is_object(),
            "{method} {path}"
        );
        assert!(
            ROUTES.iter().all(|(_, m, p)| (m, p) != (method, path)),
            "{method} {path} is in the step-up table"
        );
    }
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "10" });
    let id = crate::exchange::quote_id(&app, &h, &asked).await;
    crate::exchange::swap(&app, &h, &id).await.assert_ok();
    assert_eq!(crate::cards::bank_balance(&app, &h).await, "90.00");
}
