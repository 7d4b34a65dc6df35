//! `GET account/balance`: the user's accounts in the SPEC §3 shape, `[{accountType, balance,
//! assets: [{coinCode, type, amount}]}]`, amounts as exact decimal text.

use actix_web::web;
use domain::money::{USD, amount_text};
use serde::Serialize;

use crate::api::{Api, ApiResult};
use crate::extract::CurrentUser;
use crate::services::ledger::{self, Account, AccountKind};
use crate::state::AppState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BalanceEntry {
    account_type: &'static str,
    balance: String,
    assets: Vec<Asset>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Asset {
    coin_code: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
    amount: String,
}

/// The accounts every user has, in the order the app lists them.
const ACCOUNTS: [(&str, AccountKind); 2] = [
    ("MainAccount", AccountKind::Main),
    ("BankAccount", AccountKind::Bank),
];

pub async fn show_balance(state: web::Data<AppState>, user: CurrentUser) -> ApiResult {
    let user_id = user.0.user_id;
    let balances = state
        .db
        .read(move |conn| {
            ACCOUNTS
                .iter()
                .map(|(_, kind)| {
                    ledger::balance(conn, &Account::of_user(&user_id, *kind, USD.code))
                })
                .collect::<Result<Vec<i64>, _>>()
                .map_err(Into::into)
        })
        .await?;
    let entries: Vec<BalanceEntry> = ACCOUNTS
        .iter()
        .zip(balances)
        .map(|((name, _), minor)| {
            let amount = amount_text(minor, USD.scale);
            BalanceEntry {
                account_type: name,
                balance: amount.clone(),
                assets: vec![Asset {
                    coin_code: USD.code,
                    kind: "available",
                    amount,
                }],
            }
        })
        .collect();
    Ok(Api::ok(entries))
}
