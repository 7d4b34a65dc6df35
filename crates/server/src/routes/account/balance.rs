//! `GET account/balance`: the user's accounts in the SPEC §3 shape.

use actix_web::web;
use domain::money::{USD, amount_text};
use domain::wallet::Coin;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiResult, Reply};
use crate::extract::CurrentUser;
use crate::services::ledger::{self, Account, AccountKind};
use crate::state::AppState;

/// One of the user's accounts (SPEC §3 "Account balance entry").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceEntry {
    account_type: AccountType,
    /// Exact decimal text, e.g. "1250.00".
    balance: String,
    assets: Vec<AccountAsset>,
}

/// An asset of an account (named apart from the exchange's `Asset`, the code of one).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountAsset {
    /// `USD`, or a coin's code (`BTC`, `ETH`, `USDT`) on the main account.
    coin_code: &'static str,
    #[serde(rename = "type")]
    kind: AssetState,
    /// Exact decimal text.
    amount: String,
}

/// Which account: the main account, or the USD bank account (funded by wires; cards are
/// recharged from it).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum AccountType {
    MainAccount,
    BankAccount,
}

/// What part of an asset the amount is.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AssetState {
    Available,
}

/// The accounts every user has, in the order the app lists them.
const ACCOUNTS: [(AccountType, AccountKind); 2] = [
    (AccountType::MainAccount, AccountKind::Main),
    (AccountType::BankAccount, AccountKind::Bank),
];

/// The user's accounts
///
/// `[{accountType, balance, assets: [{coinCode, type, amount}]}]`, amounts as exact decimal
/// text. `balance` is the USD amount; the main account's assets also list each coin of the
/// wallet (available, in the coin's own scale). statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/account/balance",
    tag = "account",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<Vec<BalanceEntry>>))
)]
pub async fn show_balance(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<Vec<BalanceEntry>> {
    let user_id = user.0.user_id;
    let (balances, coins) = state
        .db
        .read(move |conn| {
            let usd: Vec<Account> = ACCOUNTS
                .iter()
                .map(|(_, kind)| Account::of_user(&user_id, *kind, USD.code))
                .collect();
            let coins: Vec<Account> = Coin::ALL
                .iter()
                .map(|coin| crate::services::wallet::main_account(&user_id, *coin))
                .collect();
            Ok((
                ledger::balances(conn, &usd)?,
                ledger::balances(conn, &coins)?,
            ))
        })
        .await?;
    let entries: Vec<BalanceEntry> = ACCOUNTS
        .iter()
        .zip(balances)
        .map(|((account_type, _), minor)| {
            let amount = amount_text(minor, USD.scale);
            let mut assets = vec![AccountAsset {
                coin_code: USD.code,
                kind: AssetState::Available,
                amount: amount.clone(),
            }];
            if matches!(account_type, AccountType::MainAccount) {
                assets.extend(
                    Coin::ALL
                        .iter()
                        .zip(&coins)
                        .map(|(coin, minor)| AccountAsset {
                            coin_code: coin.code(),
                            kind: AssetState::Available,
                            amount: amount_text(*minor, coin.scale()),
                        }),
                );
            }
            BalanceEntry {
                account_type: *account_type,
                balance: amount,
                assets,
            }
        })
        .collect();
    Ok(Api::ok(entries))
}
