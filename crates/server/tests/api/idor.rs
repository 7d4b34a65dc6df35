//! The IDOR table: every route that names a user's resource by its id, called by another user
//! with that id, answers exactly as it answers an id that does not exist, changes nothing, and
//! leaves the ledger sound (checked at teardown). A route taking an id that the document lists
//! and this table does not fails the table's own test.
//!
//! A new route that takes an id adds a row: its method and path, the resource it names, and
//! where the id goes.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::cards::{PIN, apply, holder};
use crate::helpers::{Answer, EN, TestApp, spawn_app};
use crate::schema_check::DOCUMENT;

/// What a route names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resource {
    Card,
    Session,
    Authenticator,
    /// An uploaded document, by its reference.
    File,
    BankAccount,
    Withdrawal,
    CryptoWithdrawal,
    /// A deposit, withdrawal or transfer of the wallet.
    WalletRecord,
    /// An exchange quote, not yet accepted.
    Quote,
    /// A swap made.
    Swap,
    /// A fixed fund position (its subscription's id).
    FundPosition,
    /// A fund record (an order or a day's interest).
    FundOrder,
}

/// Where the route reads the id.
#[derive(Debug, Clone, Copy)]
enum In {
    Body,
    Query,
    /// The path parameter `{field}`.
    Path,
}

struct Row {
    method: &'static str,
    path: &'static str,
    resource: Resource,
    /// The field or query parameter that carries the id.
    field: &'static str,
    place: In,
    /// The rest of a request that would succeed for the resource's owner.
    rest: fn() -> Value,
}

fn nothing() -> Value {
    json!({})
}

fn pin() -> Value {
    json!({ "securityPassword": PIN })
}

fn withdrawal() -> Value {
    json!({ "amount": "60", "securityPassword": PIN })
}

fn fund_redemption() -> Value {
    json!({ "destination": "FUND", "amount": "50", "securityPassword": PIN })
}

fn recharge() -> Value {
    json!({ "amount": "10", "securityPassword": PIN })
}

const ROWS: &[Row] = &[
    Row {
        method: "post",
        path: "/fiscard/query/cvv",
        resource: Resource::Card,
        field: "cardKey",
        place: In::Body,
        rest: pin,
    },
    Row {
        method: "post",
        path: "/fiscard/recharge",
        resource: Resource::Card,
        field: "cardKey",
        place: In::Body,
        rest: recharge,
    },
    Row {
        method: "post",
        path: "/fiscard/freeze",
        resource: Resource::Card,
        field: "cardKey",
        place: In::Body,
        rest: nothing,
    },
    Row {
        method: "post",
        path: "/fiscard/unfreeze",
        resource: Resource::Card,
        field: "cardKey",
        place: In::Body,
        rest: pin,
    },
    Row {
        method: "post",
        path: "/fiscard/cancel",
        resource: Resource::Card,
        field: "cardKey",
        place: In::Body,
        rest: pin,
    },
    Row {
        method: "get",
        path: "/fiscard/history",
        resource: Resource::Card,
        field: "cardKey",
        place: In::Query,
        rest: nothing,
    },
    Row {
        method: "post",
        path: "/user/sessions/revoke",
        resource: Resource::Session,
        field: "id",
        place: In::Body,
        rest: nothing,
    },
    Row {
        method: "delete",
        path: "/user/config/mfa/key",
        resource: Resource::Authenticator,
        field: "mfaId",
        place: In::Body,
        rest: nothing,
    },
    Row {
        method: "get",
        path: "/user/file/{name}",
        resource: Resource::File,
        field: "name",
        place: In::Path,
        rest: nothing,
    },
    Row {
        method: "post",
        path: "/fund/investor/bankAccount/delete/{id}",
        resource: Resource::BankAccount,
        field: "id",
        place: In::Path,
        rest: pin,
    },
    Row {
        method: "post",
        path: "/fund/investor/withdrawal/create",
        resource: Resource::BankAccount,
        field: "bankAccountId",
        place: In::Body,
        rest: withdrawal,
    },
    Row {
        method: "post",
        path: "/fund/investor/withdrawal/cancel/{id}",
        resource: Resource::Withdrawal,
        field: "id",
        place: In::Path,
        rest: nothing,
    },
    Row {
        method: "post",
        path: "/wallet/withdraw/cancel/{id}",
        resource: Resource::CryptoWithdrawal,
        field: "id",
        place: In::Path,
        rest: nothing,
    },
    Row {
        method: "get",
        path: "/wallet/record/{id}",
        resource: Resource::WalletRecord,
        field: "id",
        place: In::Path,
        rest: nothing,
    },
    Row {
        method: "post",
        path: "/exchange/swap",
        resource: Resource::Quote,
        field: "quoteId",
        place: In::Body,
        rest: nothing,
    },
    Row {
        method: "get",
        path: "/exchange/swaps/{id}",
        resource: Resource::Swap,
        field: "id",
        place: In::Path,
        rest: nothing,
    },
    Row {
        method: "get",
        path: "/config",
        resource: Resource::FundPosition,
        field: "positionId",
        place: In::Query,
        rest: nothing,
    },
    Row {
        method: "post",
        path: "/redeem",
        resource: Resource::FundPosition,
        field: "positionId",
        place: In::Body,
        rest: fund_redemption,
    },
    Row {
        method: "get",
        path: "/fund/v2/order/{id}",
        resource: Resource::FundOrder,
        field: "id",
        place: In::Path,
        rest: nothing,
    },
];

/// A field or parameter that names a resource: `id`, `…Id`, `…Key`.
/// (`companyId` is a company's registration number the user types, not a resource of ours;
/// `clientOrderId` is the caller's own retry key for a withdrawal, looked up among the caller's
/// withdrawals only: another user's same key is a new withdrawal of the caller's;
/// `productId` names a fund product, which `GET product` lists to everyone.)
fn names_a_resource(name: &str) -> bool {
    (name == "id" || name.ends_with("Id") || name.ends_with("Key"))
        && name != "companyId"
        && name != "clientOrderId"
        && name != "productId"
}

/// The properties of a schema, `$ref`s and `allOf` followed.
fn properties(schema: &Value, out: &mut BTreeSet<String>) {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let target = DOCUMENT
            .pointer(reference.trim_start_matches('#'))
            .expect("$ref resolves");
        return properties(target, out);
    }
    for part in ["allOf", "oneOf", "anyOf"] {
        for item in schema
            .get(part)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            properties(item, out);
        }
    }
    if let Some(props) = schema.get("properties").and_then(Value::as_object) {
        out.extend(props.keys().cloned());
    }
}

/// Every operation with a user's session that takes an id, as `(method, path, field)`. (The
/// operator console's routes, under the `opsToken` scheme, name any user's resources on
/// purpose: their guard is the operator's role; `ops_roles.rs` holds their table — roles, a
/// user's token refused, unknown ids 404.)
fn documented_id_routes() -> BTreeSet<(String, String, String)> {
    let mut found = BTreeSet::new();
    for (path, item) in DOCUMENT["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let users_session = op["security"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|scheme| scheme.get("accessToken").is_some());
            if !users_session {
                continue;
            }
            let mut names = BTreeSet::new();
            for parameter in op["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap_or_default().to_owned();
                // Every path parameter names a resource.
                if parameter["in"] == "path" {
                    found.insert((method.clone(), path.clone(), name));
                } else if parameter["in"] == "query" {
                    names.insert(name);
                }
            }
            properties(
                &op["requestBody"]["content"]["application/json"]["schema"],
                &mut names,
            );
            for name in names.into_iter().filter(|n| names_a_resource(n)) {
                found.insert((method.clone(), path.clone(), name));
            }
        }
    }
    found
}

#[test]
fn every_documented_route_that_takes_an_id_is_in_the_table() {
    let listed: BTreeSet<(String, String, String)> = ROWS
        .iter()
        .map(|r| (r.method.to_owned(), r.path.to_owned(), r.field.to_owned()))
        .collect();
    let documented = documented_id_routes();
    let missing: Vec<_> = documented.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "routes taking an id that the IDOR table does not cover: {missing:?}"
    );
    let stale: Vec<_> = listed.difference(&documented).collect();
    assert!(
        stale.is_empty(),
        "rows the document does not have: {stale:?}"
    );
}

/// User A's resources, as the owner sees them.
struct Owner {
    holder: crate::cards::Holder,
    card: String,
    session: String,
    authenticator: String,
    file: String,
    bank_account: String,
    withdrawal: String,
    crypto_withdrawal: String,
    wallet_record: String,
    quote: String,
    swap: String,
    fund_position: String,
    fund_order: String,
}

impl Owner {
    fn id(&self, resource: Resource) -> &str {
        match resource {
            Resource::Card => &self.card,
            Resource::Session => &self.session,
            Resource::Authenticator => &self.authenticator,
            Resource::File => &self.file,
            Resource::BankAccount => &self.bank_account,
            Resource::Withdrawal => &self.withdrawal,
            Resource::CryptoWithdrawal => &self.crypto_withdrawal,
            Resource::WalletRecord => &self.wallet_record,
            Resource::Quote => &self.quote,
            Resource::Swap => &self.swap,
            Resource::FundPosition => &self.fund_position,
            Resource::FundOrder => &self.fund_order,
        }
    }

    /// Everything the routes could change, as the owner reads it.
    async fn state(&self, app: &TestApp) -> Value {
        let token = Some(self.holder.token.as_str());
        let content = |a: Answer| a.assert_ok().clone();
        let history = format!("/fiscard/history?cardKey={}", self.card);
        // (A session's last-seen time moves as the owner reads: its id is what counts.)
        let sessions: Vec<Value> = content(app.get_api("/user/sessions", EN, token).await)
            .as_array()
            .expect("sessions")
            .iter()
            .map(|s| s["id"].clone())
            .collect();
        json!({
            "cards": content(app.get_api("/fiscard/list", EN, token).await),
            "balance": content(app.get_api("/account/balance", EN, token).await),
            "orders": content(app.get_api("/fiscard/order", EN, token).await),
            "sessions": sessions,
            "config": content(app.get_api("/user/config", EN, token).await),
            "history": content(app.get_api(&history, EN, token).await),
            "bankAccounts": content(app.get_api("/fund/investor/bankAccount/select", EN, token).await),
            "withdrawals": content(app.get_api("/fund/investor/withdrawal/select", EN, token).await),
            "withdrawalTerms": content(app.get_api("/fund/investor/withdrawal/config", EN, token).await),
            "wallet": content(app.get_api("/wallet/balance", EN, token).await),
            "walletRecords": content(app.get_api("/wallet/record", EN, token).await),
            "swaps": content(app.get_api("/exchange/swaps", EN, token).await),
            "fund": content(app.get_api("/fund/v2/asset", EN, token).await),
            "fundOrders": content(app.get_api("/fund/v2/order", EN, token).await),
        })
    }
}

/// A card holder with a funded card, a second session, two authenticators, an uploaded file
/// and a saved bank account.
async fn owner(app: &TestApp) -> Owner {
    let email = "owner@example.com";
    let holder = holder(app, email, 100_000).await;
    let card = apply(app, &holder).await;
    crate::cards::recharge(app, &holder, &card, "50")
        .await
        .assert_ok();
    // A second session (the first is the holder's own).
    app.login(email, crate::helpers::PASSWORD).await.token();
    let sessions = app.get_api("/user/sessions", EN, Some(&holder.token)).await;
    let session = sessions
        .assert_ok()
        .as_array()
        .expect("sessions")
        .iter()
        .find(|s| s["current"] == false)
        .expect("a second session")["id"]
        .as_str()
        .expect("session id")
        .to_owned();
    let (first, authenticator) = app
        .bind_authenticator(&holder.token, email, "Phone", None)
        .await;
    app.bind_authenticator(&holder.token, email, "Tablet", Some(&first))
        .await;
    let file = crate::uploads::uploaded(
        app,
        &holder.token,
        "passport.png",
        crate::uploads::png(2000),
    )
    .await;
    crate::bank_accounts::name(app, &holder.uid, "Ada", "Lovelace").await;
    let bank_account = crate::bank_accounts::add(app, &holder, &crate::bank_accounts::us_account())
        .await
        .assert_ok()["id"]
        .as_str()
        .expect("bank account id")
        .to_owned();
    // Past its cooling-off period, with a withdrawal that can still be cancelled.
    crate::withdrawals::end_cooling_off(app, &bank_account).await;
    let withdrawal = crate::withdrawals::withdraw(app, &holder, &bank_account, "60")
        .await
        .assert_ok()["id"]
        .as_str()
        .expect("withdrawal id")
        .to_owned();
    // Coins, and a crypto withdrawal in review (still cancellable).
    let (btc, bitcoin) = (domain::wallet::Coin::Btc, domain::wallet::Network::Btc);
    crate::wallet::fund(app, &holder.token, btc, bitcoin, "2").await;
    let wallet_record = crate::wallet::records(app, &holder.token, "type=DEPOSIT").await[0]["id"]
        .as_str()
        .expect("deposit id")
        .to_owned();
    let asked = crate::wallet_withdrawals::body(
        "BTC",
        "BTC",
        crate::wallet_withdrawals::BTC_OUT,
        "1.5",
        "idor",
    );
    let crypto_withdrawal = crate::wallet_withdrawals::withdraw(app, &holder, &asked)
        .await
        .assert_ok()["id"]
        .as_str()
        .expect("crypto withdrawal id")
        .to_owned();
    // A swap made, and a quote not yet accepted.
    crate::exchange::fresh_prices(app).await;
    let asked = json!({ "fromCoin": "USD", "toCoin": "BTC", "fromAmount": "10" });
    let accepted = crate::exchange::quote_id(app, &holder, &asked).await;
    let swap = crate::exchange::swap(app, &holder, &accepted)
        .await
        .assert_ok()["id"]
        .as_str()
        .expect("swap id")
        .to_owned();
    let quote = crate::exchange::quote_id(app, &holder, &asked).await;
    // Current fund shares, and a fixed position subscribed from them.
    let (fund_order, fund_position) = fund_positions(app, &holder).await;
    Owner {
        holder,
        card,
        session,
        authenticator,
        file,
        bank_account,
        withdrawal,
        crypto_withdrawal,
        wallet_record,
        quote,
        swap,
        fund_position,
        fund_order,
    }
}

/// A subscription of the current product (its order id) and a fixed position (its id),
/// subscribed from those shares straight through the service.
async fn fund_positions(app: &TestApp, holder: &crate::cards::Holder) -> (String, String) {
    use domain::forms::FundSubscription;
    use domain::fund::{FixedTerms, FundSource, ProductTerms, ProductType, subscribe_preview};
    use server::services::fund::{business_date, orders, products};
    crate::fund::set_statuses(app, holder, 1, 1, 1).await;
    let order = crate::fund::subscribe(
        app,
        holder,
        &json!({ "productId": "usd-current", "source": "USD", "amount": "100" }),
    )
    .await
    .assert_ok()["id"]
        .as_str()
        .expect("order id")
        .to_owned();
    let (uid, now) = (holder.uid.clone(), app.clock.now_ms());
    let position = app
        .db
        .write(move |conn| {
            let today = business_date(now);
            let new = products::NewProduct {
                name: "30 days".to_owned(),
                terms: ProductTerms {
                    product_type: ProductType::Fixed,
                    annual_rate: domain::fund::DEFAULT_ANNUAL_RATE,
                    asset: domain::exchange::Asset::Usd,
                    fixed: Some(FixedTerms::new(today, today.add_days(1), 30).expect("terms")),
                },
                minimum: 100,
                maximum: 100_000_000,
            };
            let product = products::create(conn, &new, now)?.expect("a fixed product");
            let asked = FundSubscription {
                product_id: product.id.clone(),
                source: FundSource::Fund,
                amount: 5_000,
                preview: subscribe_preview(&product.terms, today, 5_000).expect("a preview"),
            };
            Ok(orders::subscribe(conn, &uid, &product, &asked, today, now)?
                .expect("a fixed position")
                .id)
        })
        .await
        .expect("the fund positions");
    (order, position)
}

async fn call(app: &TestApp, row: &Row, token: &str, id: &str) -> Answer {
    let url = app.url(&format!("/api{}", row.path));
    let mut body = (row.rest)();
    let request = match row.place {
        In::Body => {
            body[row.field] = json!(id);
            match row.method {
                "post" => app.client.post(url),
                "delete" => app.client.delete(url),
                other => panic!("add a request for {other}"),
            }
            .json(&body)
        }
        In::Query => app.client.get(url).query(&[(row.field, id)]),
        In::Path => {
            let path = row.path.replace(&format!("{{{}}}", row.field), id);
            let url = app.url(&format!("/api{path}"));
            match row.method {
                "get" => app.client.get(url),
                "post" => app.client.post(url).json(&body),
                other => panic!("add a request for {other}"),
            }
        }
    };
    app.send(
        request
            .header("User-Lang", EN)
            .header("Access-Token", token),
    )
    .await
}

#[actix_web::test]
async fn another_users_id_answers_as_an_unknown_one_and_changes_nothing() {
    let app = spawn_app().await;
    let owner = owner(&app).await;
    let intruder = holder(&app, "intruder@example.com", 100_000).await;
    let before = owner.state(&app).await;
    for row in ROWS {
        let theirs = call(&app, row, &intruder.token, owner.id(row.resource)).await;
        let unknown = call(
            &app,
            row,
            &intruder.token,
            "0193a1b2-0000-7000-8000-000000000000",
        )
        .await;
        assert_eq!(
            (theirs.code(), theirs.message(), theirs.content()),
            (unknown.code(), unknown.message(), unknown.content()),
            "{} {} with another user's {}: {}",
            row.method,
            row.path,
            row.field,
            theirs.text
        );
        assert_eq!(
            theirs.code(),
            404,
            "{} {}: {}",
            row.method,
            row.path,
            theirs.text
        );
    }
    assert_eq!(
        owner.state(&app).await,
        before,
        "another user changed the owner's data"
    );
}
