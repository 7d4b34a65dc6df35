//! BINs in the console (admin): the list, a BIN added with standard terms filled in, its terms
//! replaced (cards issued before keep theirs), disabled (no new cards under it) — by the domain
//! form's rules, each action audited.

use serde_json::{Value, json};
use server::services::operators::Role;

use crate::cards::{apply, holder};
use crate::helpers::{EN, spawn_app};
use crate::ops_review::audited;

const FORBIDDEN: &str = "Your operator roles do not allow this";

fn fields(answer: &crate::helpers::Answer) -> Vec<(String, String)> {
    answer
        .content()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap().to_owned(),
                e["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn an_admin_adds_replaces_and_disables_a_bin() {
    let app = spawn_app().await;
    let admin = app.operator("admin@example.com", &[Role::Admin]).await;
    let finance = app
        .operator("fin@example.com", &[Role::Finance, Role::Reviewer])
        .await;
    let t = Some(admin.token.as_str());
    let listed = app.ops_get("/ops/bins", t).await;
    let sandbox = listed.assert_ok().as_array().unwrap().len();
    assert!(sandbox > 0);
    assert_eq!(listed.content()[0]["enabled"], true);
    app.ops_get("/ops/bins", Some(&finance.token))
        .await
        .assert_refused(403, FORBIDDEN);

    let bad = app
        .ops_post(
            "/ops/bins",
            &json!({"bin": "4111", "location": "ZZ", "org": "VISA", "limitDaily": "60000",
                    "utcOffset": "+08:10"}),
            t,
        )
        .await;
    assert_eq!(bad.code(), 102, "{}", bad.text);
    assert_eq!(
        fields(&bad),
        [
            ("bin".to_owned(), "bin_number_invalid".to_owned()),
            ("location".to_owned(), "country_invalid".to_owned()),
            ("limitDaily".to_owned(), "bin_limits_order".to_owned()),
            ("utcOffset".to_owned(), "utc_offset_invalid".to_owned()),
        ]
    );

    let body = json!({"bin": "41111122", "location": "hk", "org": "VISA", "paymentRate": "0.02",
                      "limitPerTransaction": "500", "utcOffset": "+08:00"});
    let added = app.ops_post("/ops/bins", &body, t).await;
    let added = added.assert_ok().clone();
    assert_eq!(
        added,
        json!({"bin": "41111122", "location": "HK", "org": "VISA", "currency": "USD",
               "rechargeRate": "0.01", "paymentRate": "0.02", "exchangeRate": "0.0015",
               "refundRate": "0", "limitPerTransaction": "500.00", "limitDaily": "20000.00",
               "limitMonthly": "50000.00", "utcOffset": "+08:00", "enabled": true})
    );
    // Users see it among the BINs they may apply under.
    let public = app.get_api("/fiscard/bins", EN, None).await;
    assert!(
        public.assert_ok()["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["bin"] == "41111122")
    );

    let replaced = app
        .ops_post(
            "/ops/bins",
            &json!({"bin": "41111122", "location": "HK", "org": "VISA"}),
            t,
        )
        .await;
    assert_eq!(replaced.assert_ok()["paymentRate"], "0.01");
    assert_eq!(audited(&app, "bin.add"), 1);
    assert_eq!(audited(&app, "bin.update"), 1);

    let disabled = app
        .ops_post("/ops/bins/41111122/disable", &json!({}), t)
        .await;
    assert_eq!(disabled.assert_ok()["enabled"], false);
    let all = app.ops_get("/ops/bins", t).await;
    assert_eq!(all.assert_ok().as_array().unwrap().len(), sandbox + 1);
    let public = app.get_api("/fiscard/bins", EN, None).await;
    assert!(
        !public.assert_ok()["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["bin"] == "41111122")
    );
    let missing = app
        .ops_post("/ops/bins/999999/disable", &json!({}), t)
        .await;
    assert_eq!(missing.code(), 404, "{}", missing.text);
    app.ops_post(
        "/ops/bins/41111122/disable",
        &json!({}),
        Some(&finance.token),
    )
    .await
    .assert_refused(403, FORBIDDEN);
    assert_eq!(audited(&app, "bin.disable"), 1);
    assert_eq!(audited(&app, "bin.list"), 2);
}

#[actix_web::test]
async fn a_disabled_bin_keeps_its_cards_working() {
    let app = spawn_app().await;
    let admin = app.operator("admin@example.com", &[Role::Admin]).await;
    let h = holder(&app, "me@example.com", 10_000).await;
    let card = apply(&app, &h).await;
    let disabled = app
        .ops_post("/ops/bins/485932/disable", &json!({}), Some(&admin.token))
        .await;
    assert_eq!(disabled.assert_ok()["enabled"], Value::Bool(false));
    crate::cards::recharge(&app, &h, &card, "10")
        .await
        .assert_ok();
}
