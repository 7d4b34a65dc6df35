//! Withdraw a coin to an address on one of its networks (DESIGN §10). The same rules run in the
//! browser, with the chain's settings and the balance the server sent, and on the server, with
//! them read under the user's lock. The fee is on top: `amount` is what the address receives.

use serde::{Deserialize, Serialize};
use validator::{Validate, ValidationError};

use super::Form;
use super::errors::on;
use super::rules::{self, Rule, fail, fail_with};
use crate::error::ErrorCode;
use crate::input::{Blank, DecimalText, Input};
use crate::wallet::address::{AddressError, check_address};
use crate::wallet::amounts::coin_amount_text;
use crate::wallet::coins::{Coin, Network};

/// Longest memo (tag) accepted.
const MEMO_MAX: usize = 64;
/// Longest client order id accepted.
const CLIENT_ORDER_ID_MAX: usize = 64;

#[derive(Debug, Clone, Default, Deserialize, Validate)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[validate(
    context = CryptoWithdrawalContext,
    nest_all_fields,
    schema(function = memo_when_required, use_context, skip_on_field_errors = false)
)]
pub struct CryptoWithdrawalForm {
    /// The coin (`BTC`, `ETH`, `USDT`).
    #[validate(
        required(code = "required_choice"),
        custom(function = coin_of_context, use_context)
    )]
    pub coin_code: Input<String>,
    /// The network (`BTC`, `ETH`, `TRX`), one of the coin's.
    #[validate(
        required(code = "required_choice"),
        custom(function = network_open, use_context)
    )]
    pub network: Input<String>,
    /// The destination, as typed (any case for hex and bech32 addresses).
    #[validate(
        required(code = "address_required"),
        custom(function = address_of_network, use_context)
    )]
    pub address: Input<String>,
    /// A memo (tag), for networks and destinations that need one.
    #[validate(length(max = MEMO_MAX, code = "text_too_long"))]
    pub memo: Input<String>,
    /// What the address receives, in the coin (decimal text, or a number); the fee is on top.
    #[validate(
        required(code = "withdrawal_amount_required"),
        custom(function = within_limits, use_context)
    )]
    pub amount: Input<DecimalText>,
    /// The browser's id of this withdrawal: a retry with the same id answers the first result.
    #[validate(
        required(code = "client_order_id_invalid"),
        custom(function = client_order_id)
    )]
    pub client_order_id: Input<String>,
}

/// The chosen chain's settings and the user's balance, in the coin's minor units.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CryptoWithdrawalContext {
    pub coin: Coin,
    pub network: Network,
    /// What the wallet holds of the coin and may spend.
    pub available: i64,
    /// Charged on top of the amount.
    pub fee: i64,
    /// The least and the most one withdrawal may send.
    pub minimum: i64,
    pub maximum: i64,
    /// Amounts are whole multiples of this (1: any amount).
    pub multiple: i64,
    /// What the daily limit leaves.
    pub daily_left: i64,
    pub withdraw_enabled: bool,
    pub memo_required: bool,
}

/// A valid crypto withdrawal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CryptoWithdrawal {
    pub coin: Coin,
    pub network: Network,
    /// The address in its canonical spelling.
    pub address: String,
    pub memo: Option<String>,
    /// What the address receives.
    pub amount_minor: i64,
    /// Charged on top: the wallet is debited `amount_minor + fee_minor`.
    pub fee_minor: i64,
    pub client_order_id: String,
}

impl Form for CryptoWithdrawalForm {
    type Context = CryptoWithdrawalContext;
    type Parsed = CryptoWithdrawal;

    fn build(&self, context: &CryptoWithdrawalContext) -> Option<CryptoWithdrawal> {
        Some(CryptoWithdrawal {
            coin: context.coin,
            network: context.network,
            address: check_address(context.network, self.address.text()?).ok()?,
            memo: self.memo.text().map(str::to_owned),
            amount_minor: amount(self.amount.value()?, context.coin).ok()?,
            fee_minor: context.fee,
            client_order_id: self.client_order_id.value()?.clone(),
        })
    }
}

fn amount(text: &DecimalText, coin: Coin) -> Result<i64, ValidationError> {
    rules::positive_amount(text, coin.scale(), ErrorCode::WithdrawalAmountRequired)
}

/// The coin the context describes.
fn coin_of_context(input: &Input<String>, context: &CryptoWithdrawalContext) -> Rule {
    match input.text() {
        Some(code) if Coin::from_code(code) != Some(context.coin) => {
            Err(fail(ErrorCode::OptionInvalid))
        }
        _ => Ok(()),
    }
}

/// The network the context describes, one of the coin's, open for withdrawals.
fn network_open(input: &Input<String>, context: &CryptoWithdrawalContext) -> Rule {
    let Some(code) = input.text() else {
        return Ok(());
    };
    let network = Network::from_code(code).filter(|n| context.coin.on(*n));
    if network != Some(context.network) {
        return Err(fail(ErrorCode::OptionInvalid));
    }
    if !context.withdraw_enabled {
        return Err(fail(ErrorCode::WithdrawDisabled));
    }
    Ok(())
}

/// An address of the network (an address of another network is named).
fn address_of_network(input: &Input<String>, context: &CryptoWithdrawalContext) -> Rule {
    let Some(text) = input.text() else {
        return Ok(());
    };
    match check_address(context.network, text) {
        Ok(_) => Ok(()),
        Err(AddressError::WrongNetwork(other)) => Err(fail_with(
            ErrorCode::AddressWrongNetwork,
            "network",
            other.name(),
        )),
        Err(error) => Err(fail(error.code())),
    }
}

/// A memo where the chain's settings require one; none where the network cannot carry one.
fn memo_when_required(form: &CryptoWithdrawalForm, context: &CryptoWithdrawalContext) -> Rule {
    let check = || {
        if context.memo_required {
            rules::given(&form.memo, ErrorCode::MemoRequired).map(drop)
        } else if form.memo.text().is_some() && !context.network.memo_supported() {
            Err(fail(ErrorCode::MemoNotSupported))
        } else {
            Ok(())
        }
    };
    check().map_err(|e| on("memo", e))
}

/// A positive amount within the coin's scale, between the minimum and the maximum, a whole
/// multiple, within what the daily limit leaves, and covered with the fee by the balance — the
/// first of these it breaks is the error.
fn within_limits(input: &Input<DecimalText>, context: &CryptoWithdrawalContext) -> Rule {
    let Some(text) = input.value().filter(|t| !t.is_blank()) else {
        return Ok(());
    };
    let coin = context.coin;
    let amount = amount(text, coin)?;
    let shown = |minor: i64| coin_amount_text(minor.max(0), coin);
    if amount < context.minimum {
        return Err(fail_with(
            ErrorCode::CryptoWithdrawalBelowMinimum,
            "amount",
            shown(context.minimum),
        ));
    }
    if amount > context.maximum {
        return Err(fail_with(
            ErrorCode::CryptoWithdrawalAboveMaximum,
            "amount",
            shown(context.maximum),
        ));
    }
    if context.multiple > 1 && amount % context.multiple != 0 {
        return Err(fail_with(
            ErrorCode::AmountNotMultiple,
            "multiple",
            shown(context.multiple),
        ));
    }
    if amount > context.daily_left {
        return Err(fail_with(
            ErrorCode::CryptoWithdrawalDailyLimit,
            "amount",
            shown(context.daily_left),
        ));
    }
    let covers = |sent: i64| {
        sent.checked_add(context.fee)
            .is_some_and(|debit| debit <= context.available)
    };
    if !covers(amount) {
        return Err(if covers(context.minimum) {
            fail(ErrorCode::InsufficientBalance)
        } else {
            fail(ErrorCode::CryptoWithdrawalBalanceBelowMinimum)
        });
    }
    Ok(())
}

/// 1 to 64 letters, digits, `-` and `_` (a UUID, say), exactly as sent.
fn client_order_id(input: &Input<String>) -> Rule {
    match input.value() {
        Some(id)
            if !id.is_blank()
                && (id.len() > CLIENT_ORDER_ID_MAX
                    || !id
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')) =>
        {
            Err(fail(ErrorCode::ClientOrderIdInvalid))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn context() -> CryptoWithdrawalContext {
        CryptoWithdrawalContext {
            coin: Coin::Btc,
            network: Network::Btc,
            available: 100_000_000,
            fee: 50_000,
            minimum: 100_000,
            maximum: 50_000_000,
            multiple: 1_000,
            daily_left: 80_000_000,
            withdraw_enabled: true,
            memo_required: false,
        }
    }

    fn form(amount: &str) -> CryptoWithdrawalForm {
        serde_json::from_value(json!({
            "coinCode": "BTC",
            "network": "BTC",
            "address": "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
            "amount": amount,
            "clientOrderId": "3f1c2a9e-7b44-4f1e-9a51-0c6de2b7a001",
        }))
        .unwrap()
    }

    fn codes(form: &CryptoWithdrawalForm, context: &CryptoWithdrawalContext) -> Vec<String> {
        form.parse(context)
            .err()
            .unwrap_or_default()
            .iter()
            .map(|e| format!("{}:{}", e.field, e.code.as_str()))
            .collect()
    }

    #[test]
    fn a_valid_withdrawal_carries_the_canonical_address_and_the_fee() {
        let parsed = form("0.5").parse(&context()).unwrap();
        assert_eq!(parsed.address, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
        assert_eq!(parsed.amount_minor, 50_000_000);
        assert_eq!(parsed.fee_minor, 50_000);
        assert_eq!(parsed.memo, None);
        assert_eq!(
            parsed.client_order_id,
            "3f1c2a9e-7b44-4f1e-9a51-0c6de2b7a001"
        );
    }

    #[test]
    fn amount_rules_apply_in_order() {
        let c = context();
        let cases = [
            ("0.000000001", "amount_too_many_decimals"),
            ("abc", "amount_invalid"),
            ("0", "amount_not_positive"),
            ("0.00099999", "crypto_withdrawal_below_minimum"),
            ("0.50000001", "crypto_withdrawal_above_maximum"),
            ("0.00100001", "amount_not_multiple"),
        ];
        for (amount, code) in cases {
            assert_eq!(
                codes(&form(amount), &c),
                [format!("amount:{code}")],
                "{amount}"
            );
        }
        let low_daily = CryptoWithdrawalContext {
            daily_left: 10_000_000,
            ..c
        };
        assert_eq!(
            codes(&form("0.2"), &low_daily),
            ["amount:crypto_withdrawal_daily_limit"]
        );
        // The fee is on top: 0.5 + 0.0005 needs more than 0.5.
        let exact = CryptoWithdrawalContext {
            available: 50_000_000,
            ..c
        };
        assert_eq!(codes(&form("0.5"), &exact), ["amount:insufficient_balance"]);
        assert!(codes(&form("0.4995"), &exact).is_empty());
        // A balance that cannot cover the minimum and the fee.
        let poor = CryptoWithdrawalContext {
            available: 149_999,
            ..c
        };
        assert_eq!(
            codes(&form("0.001"), &poor),
            ["amount:crypto_withdrawal_balance_below_minimum"]
        );
    }

    #[test]
    fn limits_are_named_with_the_coin() {
        let errors = form("0.0001").parse(&context()).unwrap_err();
        assert_eq!(errors[0].params["amount"], *"0.001 BTC");
    }

    #[test]
    fn the_address_is_checked_on_the_context_network() {
        let mut f = form("0.5");
        f.address = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".into();
        let errors = f.parse(&context()).unwrap_err();
        assert_eq!(errors[0].code, ErrorCode::AddressWrongNetwork);
        assert_eq!(errors[0].params["network"], *"TRON");
        f.address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5".into();
        assert_eq!(codes(&f, &context()), ["address:address_checksum"]);
        f.address = "  ".into();
        assert_eq!(codes(&f, &context()), ["address:address_required"]);
    }

    #[test]
    fn coin_network_switch_memo_and_client_order_id() {
        let c = context();
        let mut f = form("0.5");
        f.network = "TRX".into();
        assert_eq!(codes(&f, &c), ["network:option_invalid"]);
        f.network = "BTC".into();
        f.coin_code = Input::from("USDT");
        assert_eq!(codes(&f, &c), ["coinCode:option_invalid"]);
        f.coin_code = Input::from("BTC");
        let closed = CryptoWithdrawalContext {
            withdraw_enabled: false,
            ..c
        };
        assert_eq!(codes(&f, &closed), ["network:withdraw_disabled"]);
        let tagged = CryptoWithdrawalContext {
            memo_required: true,
            ..c
        };
        assert_eq!(codes(&f, &tagged), ["memo:memo_required"]);
        f.memo = "12345".into();
        assert_eq!(f.parse(&tagged).unwrap().memo.as_deref(), Some("12345"));
        assert_eq!(codes(&f, &c), ["memo:memo_not_supported"]);
        f.memo = Input::Missing;
        f.client_order_id = "has space".into();
        assert_eq!(codes(&f, &c), ["clientOrderId:client_order_id_invalid"]);
        f.client_order_id = Input::Missing;
        assert_eq!(codes(&f, &c), ["clientOrderId:client_order_id_invalid"]);
    }
}
