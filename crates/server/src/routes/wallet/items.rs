//! The wallet's wire shapes. Amounts are exact decimal text in their coin (USD values in USD,
//! 2 decimals); times are milliseconds since the epoch.

use domain::money::{USD, amount_text};
use domain::wallet::{
    AddressFormat, Coin, CryptoWithdrawalStatus, DepositStatus, Network, RecordType,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::services::wallet::chains::Chain;
use crate::services::wallet::records::Record;

/// USD cents as text.
pub fn usd(cents: i64) -> String {
    amount_text(cents, USD.scale)
}

/// Minor units of `coin` as text.
pub fn coin_text(minor: i64, coin: Coin) -> String {
    amount_text(minor, coin.scale())
}

/// `GET /coinlist`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoinList {
    pub coin: Vec<CoinItem>,
}

/// A coin and the networks it travels on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoinItem {
    pub coin_code: Coin,
    /// Decimals of its minor unit.
    pub scale: u8,
    pub networks: Vec<ChainItem>,
}

/// A coin on one network, and whether it can be deposited and withdrawn there now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainItem {
    pub network: Network,
    pub deposit_enabled: bool,
    pub withdraw_enabled: bool,
}

/// `GET /wallet/balance`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletBalance {
    pub overview: WalletOverviewTotals,
    pub wallet: Vec<CoinBalance>,
}

/// What the wallet is worth.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletOverviewTotals {
    /// USD, at the reference prices.
    pub total_value: String,
    /// When the newest of the prices used was set; null when no coin has a price.
    #[schema(required = true)]
    pub price_time: Option<i64>,
}

/// One coin of the wallet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoinBalance {
    pub coin_code: Coin,
    /// What can be withdrawn.
    pub available: String,
    /// Held by withdrawals under way (submitted, in review, broadcast and not yet confirmed).
    pub frozen: String,
    /// available + frozen.
    pub total: String,
    /// USD per coin (the reference price); null when the coin has none.
    #[schema(required = true)]
    pub price: Option<String>,
    /// What `total` is worth in USD (0 without a price).
    pub value: String,
}

/// `GET /wallet/overview`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletOverview {
    /// USD, at the reference prices.
    pub total_value: String,
    /// How the value is split across the coins (every coin, in the coin list's order).
    pub allocation: Vec<AllocationItem>,
    /// The value at the end of each of the last 30 UTC days, oldest first (today's: now).
    pub history: Vec<ValuePoint>,
}

/// One coin's part of the wallet's value.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllocationItem {
    pub coin_code: Coin,
    /// USD.
    pub value: String,
    /// Its share of the total value in basis points (the shares sum to 10000, or all are 0).
    pub share_bps: u32,
}

/// The wallet's value at the end of a day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValuePoint {
    /// `YYYY-MM-DD`, UTC.
    pub date: String,
    /// USD.
    pub value: String,
}

/// `GET /wallet/coin/config`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoinConfig {
    pub coin_code: Coin,
    pub scale: u8,
    /// The coin's available balance.
    pub available: String,
    pub networks: Vec<ChainConfig>,
}

/// A coin's terms on one network. Amounts in the coin.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainConfig {
    pub network: Network,
    pub deposit_enabled: bool,
    pub withdraw_enabled: bool,
    /// A deposit below it is not credited.
    pub min_deposit: String,
    pub min_withdraw: String,
    pub max_withdraw: String,
    /// Charged on top of the amount the destination receives (none to another user's deposit
    /// address).
    pub withdraw_fee: String,
    /// Withdrawal amounts are a multiple of it.
    pub multiple: String,
    /// Blocks a deposit waits for before it is credited (a withdrawal before it completes).
    pub confirmations: i64,
    pub memo_required: bool,
    pub address_format: AddressFormat,
    /// What one user's withdrawals on this network may take per UTC day.
    pub daily_limit: String,
    /// What the daily limit leaves today.
    pub daily_left: String,
}

impl ChainConfig {
    pub fn of(chain: &Chain, daily_left: i64) -> ChainConfig {
        let coin = chain.coin;
        ChainConfig {
            network: chain.network,
            deposit_enabled: chain.deposit_enabled,
            withdraw_enabled: chain.withdraw_enabled,
            min_deposit: coin_text(chain.min_deposit, coin),
            min_withdraw: coin_text(chain.min_withdraw, coin),
            max_withdraw: coin_text(chain.max_withdraw, coin),
            withdraw_fee: coin_text(chain.withdraw_fee, coin),
            multiple: coin_text(chain.multiple, coin),
            confirmations: chain.confirmations,
            memo_required: chain.memo_required,
            address_format: chain.network.address_format(),
            daily_limit: coin_text(chain.daily_limit, coin),
            daily_left: coin_text(daily_left, coin),
        }
    }
}

/// `GET /wallet/deposit/address`: where to send a coin on a network.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositAddress {
    pub coin_code: Coin,
    pub network: Network,
    /// The user's own address on the network (the same every time; shared by the network's
    /// coins).
    pub address: String,
    /// The memo a deposit must carry; null on networks without memos.
    #[schema(required = true)]
    pub memo: Option<String>,
    /// A deposit below it is not credited.
    pub min_deposit: String,
    /// Blocks a deposit waits for before it is credited.
    pub confirmations: i64,
}

/// A deposit, withdrawal or transfer of the wallet, or a coin leg of a swap.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletRecord {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: RecordType,
    pub coin_code: Coin,
    /// The chain; null for a swap's leg (settled inside the platform).
    #[schema(required = true)]
    pub network: Option<Network>,
    /// What was deposited, what the destination receives, or what a swap gave (SWAP_OUT) or
    /// received (SWAP_IN).
    pub amount: String,
    /// Charged on top of a withdrawal's amount; a SWAP_OUT's fee, part of its amount; "0" for
    /// the others.
    pub fee: String,
    /// The deposit address, or the destination; null for a swap's leg.
    #[schema(required = true)]
    pub address: Option<String>,
    #[schema(required = true)]
    pub memo: Option<String>,
    /// The chain transaction; null before a withdrawal is broadcast, for transfers inside the
    /// platform and for swaps.
    #[schema(required = true)]
    pub txid: Option<String>,
    pub confirmations: i64,
    pub required_confirmations: i64,
    /// A deposit's `DepositStatus` (PENDING, CONFIRMING, CREDITED, DROPPED), else a
    /// `CryptoWithdrawalStatus` (SUBMITTED, REVIEWING, BROADCASTING, COMPLETED, REJECTED,
    /// FAILED, CANCELLED; a swap's legs are COMPLETED).
    pub status: String,
    /// The status's catalogue key.
    pub status_label_key: String,
    /// A withdrawal the user may still cancel: not yet sent to the network (the domain's
    /// `CryptoWithdrawalStatus::cancellable`).
    pub cancellable: bool,
    /// Why it was dropped (`reorg`, `dust`, `wrong_network`), rejected or failed
    /// (`compliance`, `address_risk`, `user_request`, `broadcast_failed`).
    #[schema(required = true)]
    pub reason: Option<String>,
    /// The swap (`exchange/swaps/{id}`) a SWAP_OUT or SWAP_IN belongs to; null for the others.
    #[schema(required = true)]
    pub swap_id: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl WalletRecord {
    /// `None` for a row of a coin or network this build does not know.
    pub fn of(r: &Record) -> Option<WalletRecord> {
        let coin = Coin::from_code(&r.coin)?;
        let kind = r.record_type();
        let (status_label_key, cancellable) = if kind == RecordType::Deposit {
            (DepositStatus::parse(&r.status)?.label_key(), false)
        } else {
            let status = CryptoWithdrawalStatus::parse(&r.status)?;
            (
                status.label_key(),
                kind == RecordType::Withdraw && status.cancellable(),
            )
        };
        let network = match r.network.as_deref() {
            Some(code) => Some(Network::from_code(code)?),
            None => None,
        };
        Some(WalletRecord {
            id: r.id.clone(),
            kind,
            coin_code: coin,
            network,
            amount: coin_text(r.amount, coin),
            fee: coin_text(r.fee, coin),
            address: r.address.clone(),
            memo: r.memo.clone(),
            txid: r.txid.clone(),
            confirmations: r.confirmations,
            required_confirmations: r.required_confirmations,
            status: r.status.clone(),
            status_label_key,
            cancellable,
            reason: r.reason.clone(),
            swap_id: r.swap_id.clone(),
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    }
}
