//! `GET wallet/balance` and `GET wallet/overview`: the coins of the wallet and their USD value
//! at the reference prices, now and over the last 30 days.

use actix_web::web;

use super::items::{
    AllocationItem, CoinBalance, ValuePoint, WalletBalance, WalletOverview, WalletOverviewTotals,
    coin_text, usd,
};
use domain::exchange::price_text;

use crate::api::{Api, ApiResult, Reply};
use crate::extract::{CurrentUser, SessionToken};
use crate::services::wallet::valuation::{self, Holding};
use crate::state::AppState;

/// Days the overview's chart covers, today included.
const HISTORY_DAYS: i64 = 30;

fn balance_of(h: &Holding) -> CoinBalance {
    CoinBalance {
        coin_code: h.coin,
        available: coin_text(h.available, h.coin),
        frozen: coin_text(h.frozen, h.coin),
        total: coin_text(h.total(), h.coin),
        price: h.price.map(|p| price_text(p.price)),
        value: usd(h.value),
    }
}

/// The wallet's balances
///
/// Per coin: available, frozen (held by withdrawals under way), total, the reference price and
/// the value in USD; and the total value with the time of the newest price used.
/// statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/wallet/balance",
    tag = "wallet",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WalletBalance>))
)]
pub async fn show_wallet_balance(
    state: web::Data<AppState>,
    session: SessionToken,
) -> ApiResult<WalletBalance> {
    let now = state.clock.now_ms();
    // The session and the balances in one trip to the database, as the card list.
    let holdings = state
        .db
        .read(move |conn| {
            session.read(conn, |conn, user_id| {
                Ok(valuation::holdings(conn, user_id, now)?)
            })
        })
        .await?;
    let overview = WalletOverviewTotals {
        total_value: usd(holdings.iter().map(|h| h.value).sum()),
        price_time: holdings
            .iter()
            .filter_map(|h| h.price)
            .map(|p| p.set_at)
            .max(),
    };
    Ok(Api::ok(WalletBalance {
        overview,
        wallet: holdings.iter().map(balance_of).collect(),
    }))
}

/// Shares of `values` in basis points that sum to 10000 (largest remainders first), or all 0
/// when the total is 0.
fn shares_bps(values: &[i64]) -> Vec<u32> {
    let total: i128 = values.iter().map(|v| i128::from((*v).max(0))).sum();
    if total == 0 {
        return vec![0; values.len()];
    }
    let exact: Vec<(i128, i128)> = values
        .iter()
        .map(|v| {
            let scaled = i128::from((*v).max(0)) * 10_000;
            (scaled / total, scaled % total)
        })
        .collect();
    let mut shares: Vec<i128> = exact.iter().map(|(q, _)| *q).collect();
    let mut left = 10_000 - shares.iter().sum::<i128>();
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|a, b| exact[*b].1.cmp(&exact[*a].1).then(a.cmp(b)));
    for i in order {
        if left == 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
        .into_iter()
        .map(|s| u32::try_from(s).unwrap_or(0))
        .collect()
}

/// The wallet's overview
///
/// The total value in USD, how it is split across the coins, and its value at the end of each
/// of the last 30 UTC days (oldest first; each day at the balances and reference prices of its
/// end). statusCodes: 200, 101.
#[utoipa::path(
    get,
    path = "/wallet/overview",
    tag = "wallet",
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<WalletOverview>))
)]
pub async fn show_wallet_overview(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<WalletOverview> {
    let (user_id, now) = (user.0.user_id, state.clock.now_ms());
    let (holdings, history) = state
        .db
        .read(move |conn| {
            Ok((
                valuation::holdings(conn, &user_id, now)?,
                valuation::history(conn, &user_id, HISTORY_DAYS, now)?,
            ))
        })
        .await?;
    let values: Vec<i64> = holdings.iter().map(|h| h.value).collect();
    let allocation = holdings
        .iter()
        .zip(shares_bps(&values))
        .map(|(h, share_bps)| AllocationItem {
            coin_code: h.coin,
            value: usd(h.value),
            share_bps,
        })
        .collect();
    Ok(Api::ok(WalletOverview {
        total_value: usd(values.iter().sum()),
        allocation,
        history: history
            .into_iter()
            .map(|(date, value)| ValuePoint {
                date: date.to_string(),
                value: usd(value),
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::shares_bps;

    #[test]
    fn shares_sum_to_ten_thousand_by_largest_remainder() {
        assert_eq!(shares_bps(&[1, 1, 1]), [3334, 3333, 3333]);
        assert_eq!(shares_bps(&[0, 5, 15]), [0, 2500, 7500]);
        assert_eq!(shares_bps(&[0, 0]), [0, 0]);
        assert_eq!(shares_bps(&[2, 1]).iter().sum::<u32>(), 10_000);
    }
}
